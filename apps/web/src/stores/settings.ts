import { isScaleId, type NoteNaming, type PitchClass } from "@tonic/theory";
import { isPitchClass } from "@tonic/theory/constants";
import { useLayoutEffect } from "react";
import { create } from "zustand";
import { createJSONStorage, persist, type StateStorage } from "zustand/middleware";

/** localStorage key of the persisted settings (PRODUCT §3 "Settings"). */
export const SETTINGS_STORAGE_KEY = "music-theory-storage";

export type Instrument = "piano" | "guitar";
export type Theme = "system" | "light" | "dark";
/**
 * How note names are written: by the key in view (B♭ in F major), always with the 12 sharp names, or in
 * sargam relative to Sa ("sargam" Hindustani, "carnatic"); chords stay Western under sargam.
 */
export type NoteNamingSetting = NoteNaming;

const NAMINGS: readonly string[] = ["by-key", "sharps", "sargam", "carnatic"];
/** The song analysis screen's chord view: the beat-and-bar grid or the one-second timeline. */
export type SongView = "grid" | "timeline";

/** The nested `settings` object of PRODUCT §3. */
export interface AppSettings {
  /** Master volume, 0–1 in steps of 0.1 (PRODUCT §9). */
  volume: number;
  instrument: Instrument;
  showFretboardLabels: boolean;
  autoPlay: boolean;
  notifications: boolean;
  theme: Theme;
  /** Reference pitch of A4 for the Live tuner and chord recognition, Hz (415–466, default 440). */
  referenceA4: number;
  /**
   * "Note names": by key (default), sharps only, Sargam (Hindustani) or Carnatic; applies to songs (by key
   * under the sargam namings: chords have no sargam spelling), scale explorer, piano, fretboard and the
   * vocal detector.
   */
  noteNaming: NoteNamingSetting;
  /**
   * "Your Sa": the tonic sargam is counted from where no scale is in view (the vocal detector). The scale
   * explorer, piano and fretboard count from the key picked on them. Default C.
   */
  sa: PitchClass;
  /** The song analysis screen's last chosen view. */
  songView: SongView;
}

/** Persisted fields (PRODUCT §3 "Settings"). */
export interface SettingsData {
  currentNote: PitchClass;
  /** The scale tools' scale: a scale id of @tonic/theory ("major", "minor", "thaat-kafi", "mela-22", "raga-yaman"). */
  currentScale: string;
  soundEnabled: boolean;
  darkMode: boolean;
  settings: AppSettings;
}

export interface SettingsActions {
  setNote: (note: PitchClass) => void;
  /** Sets the scale id; an unknown id is ignored. */
  setScale: (scale: string) => void;
  toggleSound: () => void;
  toggleDarkMode: () => void;
  /** Shallow-merge a partial update into `settings` (values are validated and clamped). */
  updateSettings: (partial: Partial<AppSettings>) => void;
  /** Restore `settings` to its defaults; note, scale, sound and dark mode are left untouched. */
  resetSettings: () => void;
}

export type SettingsState = SettingsData & SettingsActions;

export const DEFAULT_APP_SETTINGS: Readonly<AppSettings> = Object.freeze({
  volume: 0.7,
  instrument: "piano",
  showFretboardLabels: true,
  autoPlay: true,
  notifications: false,
  theme: "system",
  referenceA4: 440,
  noteNaming: "by-key",
  sa: "C",
  songView: "grid",
});

export const DEFAULT_SETTINGS_DATA: Readonly<SettingsData> = Object.freeze({
  currentNote: "C",
  currentScale: "major",
  soundEnabled: true,
  darkMode: false,
  settings: DEFAULT_APP_SETTINGS,
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** Clamp to 0–1 and snap to the 0.1 grid of the slider (PRODUCT §9). */
export function normaliseVolume(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_APP_SETTINGS.volume;
  return Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
}

/** Keep only valid values from an untrusted partial (stored JSON or a caller's update). */
function sanitiseSettings(input: unknown, base: AppSettings): AppSettings {
  if (!isRecord(input)) return base;
  const out: AppSettings = { ...base };
  if (typeof input.volume === "number") out.volume = normaliseVolume(input.volume);
  if (input.instrument === "piano" || input.instrument === "guitar") out.instrument = input.instrument;
  if (typeof input.showFretboardLabels === "boolean") out.showFretboardLabels = input.showFretboardLabels;
  if (typeof input.autoPlay === "boolean") out.autoPlay = input.autoPlay;
  if (typeof input.notifications === "boolean") out.notifications = input.notifications;
  if (input.theme === "system" || input.theme === "light" || input.theme === "dark") out.theme = input.theme;
  if (typeof input.referenceA4 === "number" && Number.isFinite(input.referenceA4)) {
    out.referenceA4 = Math.round(Math.min(466, Math.max(415, input.referenceA4)));
  }
  if (typeof input.noteNaming === "string" && NAMINGS.includes(input.noteNaming))
    out.noteNaming = input.noteNaming as NoteNamingSetting;
  if (typeof input.sa === "string" && isPitchClass(input.sa)) out.sa = input.sa;
  if (input.songView === "grid" || input.songView === "timeline") out.songView = input.songView;
  return out;
}

/** Merge persisted JSON into the current state, ignoring anything malformed. */
export function mergePersisted(persisted: unknown, current: SettingsState): SettingsState {
  if (!isRecord(persisted)) return current;
  return {
    ...current,
    currentNote:
      typeof persisted.currentNote === "string" && isPitchClass(persisted.currentNote)
        ? persisted.currentNote
        : current.currentNote,
    currentScale:
      typeof persisted.currentScale === "string" && isScaleId(persisted.currentScale)
        ? persisted.currentScale
        : current.currentScale,
    soundEnabled: typeof persisted.soundEnabled === "boolean" ? persisted.soundEnabled : current.soundEnabled,
    darkMode: typeof persisted.darkMode === "boolean" ? persisted.darkMode : current.darkMode,
    settings: sanitiseSettings(persisted.settings, current.settings),
  };
}

const browserStorage = (): StateStorage => window.localStorage;

/**
 * Create a settings store persisted under `music-theory-storage`.
 * The app uses the `useSettingsStore` singleton; tests pass a fake storage.
 */
export function createSettingsStore(getStorage: () => StateStorage = browserStorage) {
  return create<SettingsState>()(
    persist(
      (set) => ({
        ...DEFAULT_SETTINGS_DATA,
        settings: { ...DEFAULT_APP_SETTINGS },
        setNote: (currentNote) => set({ currentNote }),
        setScale: (currentScale) => {
          if (isScaleId(currentScale)) set({ currentScale });
        },
        toggleSound: () => set((s) => ({ soundEnabled: !s.soundEnabled })),
        toggleDarkMode: () => set((s) => ({ darkMode: !s.darkMode })),
        updateSettings: (partial) => set((s) => ({ settings: sanitiseSettings(partial, s.settings) })),
        resetSettings: () => set({ settings: { ...DEFAULT_APP_SETTINGS } }),
      }),
      {
        name: SETTINGS_STORAGE_KEY,
        version: 0,
        storage: createJSONStorage(getStorage),
        partialize: ({ currentNote, currentScale, soundEnabled, darkMode, settings }): SettingsData => ({
          currentNote,
          currentScale,
          soundEnabled,
          darkMode,
          settings,
        }),
        merge: mergePersisted,
      },
    ),
  );
}

/** The app-wide settings store (works signed out; localStorage only). */
export const useSettingsStore = createSettingsStore();

function applyDarkClass(darkMode: boolean): void {
  const root = document.documentElement;
  root.classList.toggle("dark", darkMode);
  root.style.colorScheme = darkMode ? "dark" : "light";
}

// Apply as soon as the store exists (localStorage hydration is synchronous) and on every change,
// so any screen that loads the store gets the right theme even before React renders.
if (typeof document !== "undefined") {
  applyDarkClass(useSettingsStore.getState().darkMode);
  useSettingsStore.subscribe((s, prev) => {
    if (s.darkMode !== prev.darkMode) applyDarkClass(s.darkMode);
  });
}

/** Toggle the `dark` class on <html> from `darkMode` (Tailwind's class-based dark variant). Call once in the App root. */
export function useApplyDarkMode(): void {
  const darkMode = useSettingsStore((s) => s.darkMode);
  useLayoutEffect(() => applyDarkClass(darkMode), [darkMode]);
}
