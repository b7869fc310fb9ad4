import { describe, expect, it } from "vitest";
import type { StateStorage } from "zustand/middleware";
import {
  createSettingsStore,
  DEFAULT_APP_SETTINGS,
  DEFAULT_SETTINGS_DATA,
  normaliseVolume,
  SETTINGS_STORAGE_KEY,
} from "./settings";

/** In-memory synchronous Storage stand-in. */
function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage: StateStorage = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
  };
  return { storage, data };
}

const stored = (data: Map<string, string>) => JSON.parse(data.get(SETTINGS_STORAGE_KEY) ?? "null");

describe("settings store", () => {
  it("starts from its defaults, which its own validation keeps unchanged through a reload", () => {
    const { storage, data } = fakeStorage();
    const store = createSettingsStore(() => storage);
    expect(store.getState()).toMatchObject(DEFAULT_SETTINGS_DATA);
    store.getState().setNote(DEFAULT_SETTINGS_DATA.currentNote);
    expect(stored(data).state).toEqual(DEFAULT_SETTINGS_DATA);
    const reloaded = createSettingsStore(() => fakeStorage(Object.fromEntries(data)).storage);
    expect(reloaded.getState()).toMatchObject(DEFAULT_SETTINGS_DATA);
  });

  it("keeps the sargam namings, a valid Sa and an Indian scale id, and drops others", () => {
    const { storage } = fakeStorage();
    const store = createSettingsStore(() => storage);
    store.getState().updateSettings({ noteNaming: "sargam", sa: "D#" });
    expect([store.getState().settings.noteNaming, store.getState().settings.sa]).toEqual(["sargam", "D#"]);
    store.getState().updateSettings({ noteNaming: "carnatic" });
    expect(store.getState().settings.noteNaming).toBe("carnatic");
    store.getState().updateSettings(JSON.parse('{"noteNaming":"solfege","sa":"H"}'));
    expect([store.getState().settings.noteNaming, store.getState().settings.sa]).toEqual(["carnatic", "D#"]);
    store.getState().setScale("thaat-kafi");
    expect(store.getState().currentScale).toBe("thaat-kafi");
    store.getState().setScale("raga-yaman");
    store.getState().setScale("dorian");
    expect(store.getState().currentScale).toBe("raga-yaman");
  });

  it("keeps valid note naming and song view values and drops others", () => {
    const { storage } = fakeStorage();
    const store = createSettingsStore(() => storage);
    store.getState().updateSettings({ noteNaming: "sharps", songView: "timeline" });
    expect([store.getState().settings.noteNaming, store.getState().settings.songView]).toEqual([
      "sharps",
      "timeline",
    ]);
    store.getState().updateSettings(JSON.parse('{"noteNaming":"flats","songView":"list"}'));
    expect([store.getState().settings.noteNaming, store.getState().settings.songView]).toEqual([
      "sharps",
      "timeline",
    ]);
  });

  it("persists exactly the PRODUCT §3 fields under music-theory-storage", () => {
    const { storage, data } = fakeStorage();
    const store = createSettingsStore(() => storage);
    store.getState().setNote("F#");
    expect(SETTINGS_STORAGE_KEY).toBe("music-theory-storage");
    const json = stored(data);
    expect(Object.keys(json.state).sort()).toEqual([
      "currentNote",
      "currentScale",
      "darkMode",
      "settings",
      "soundEnabled",
    ]);
    expect(json.state.currentNote).toBe("F#");
    expect(json.version).toBe(0);
  });

  it("set note, set scale, toggle sound, toggle dark mode", () => {
    const store = createSettingsStore(() => fakeStorage().storage);
    const s = () => store.getState();
    s().setNote("A#");
    s().setScale("minor");
    s().toggleSound();
    s().toggleDarkMode();
    expect([s().currentNote, s().currentScale, s().soundEnabled, s().darkMode]).toEqual([
      "A#",
      "minor",
      false,
      true,
    ]);
    s().toggleSound();
    s().toggleDarkMode();
    expect([s().soundEnabled, s().darkMode]).toEqual([true, false]);
  });

  it("merges partial updates into settings and clamps volume to 0–1 step 0.1", () => {
    const store = createSettingsStore(() => fakeStorage().storage);
    store.getState().updateSettings({ instrument: "guitar" });
    store.getState().updateSettings({ volume: 0.34 });
    expect(store.getState().settings).toEqual({ ...DEFAULT_APP_SETTINGS, instrument: "guitar", volume: 0.3 });
    store.getState().updateSettings({ volume: 7 });
    expect(store.getState().settings.volume).toBe(1);
    store.getState().updateSettings({ volume: -1 });
    expect(store.getState().settings.volume).toBe(0);
    expect(normaliseVolume(Number.NaN)).toBe(0.7);
  });

  it("keeps the tuner reference A4 within 415–466 Hz, rounded to whole hertz", () => {
    const store = createSettingsStore(() => fakeStorage().storage);
    store.getState().updateSettings({ referenceA4: 442.4 });
    expect(store.getState().settings.referenceA4).toBe(442);
    store.getState().updateSettings({ referenceA4: 300 });
    expect(store.getState().settings.referenceA4).toBe(415);
    store.getState().updateSettings({ referenceA4: Number.NaN });
    expect(store.getState().settings.referenceA4).toBe(415);
  });

  it("reset restores settings but leaves note, scale, sound and dark mode untouched", () => {
    const store = createSettingsStore(() => fakeStorage().storage);
    const s = () => store.getState();
    s().setNote("D");
    s().setScale("minor");
    s().toggleSound();
    s().toggleDarkMode();
    s().updateSettings({ volume: 0.2, instrument: "guitar", showFretboardLabels: false, autoPlay: false });
    s().resetSettings();
    expect(s().settings).toEqual(DEFAULT_APP_SETTINGS);
    expect([s().currentNote, s().currentScale, s().soundEnabled, s().darkMode]).toEqual([
      "D",
      "minor",
      false,
      true,
    ]);
  });

  it("rehydrates from storage (survives a reload)", () => {
    const { storage, data } = fakeStorage();
    const first = createSettingsStore(() => storage);
    first.getState().setNote("G");
    first.getState().toggleDarkMode();
    first.getState().updateSettings({ showFretboardLabels: false, volume: 0.4 });
    const second = createSettingsStore(() => fakeStorage(Object.fromEntries(data)).storage);
    expect(second.getState().currentNote).toBe("G");
    expect(second.getState().darkMode).toBe(true);
    expect(second.getState().settings).toEqual({
      ...DEFAULT_APP_SETTINGS,
      showFretboardLabels: false,
      volume: 0.4,
    });
  });

  it("ignores malformed stored values", () => {
    const bad = JSON.stringify({
      state: {
        currentNote: "H",
        currentScale: "dorian",
        soundEnabled: "yes",
        darkMode: true,
        settings: { volume: 5, instrument: "banjo", autoPlay: false },
      },
      version: 0,
    });
    const store = createSettingsStore(() => fakeStorage({ [SETTINGS_STORAGE_KEY]: bad }).storage);
    const s = store.getState();
    expect([s.currentNote, s.currentScale, s.soundEnabled, s.darkMode]).toEqual(["C", "major", true, true]);
    expect(s.settings).toEqual({ ...DEFAULT_APP_SETTINGS, volume: 1, autoPlay: false });
  });
});
