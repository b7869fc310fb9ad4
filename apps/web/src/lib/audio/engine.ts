import "./silence-tone";
import { CHORD_DURATION, NOTE_DURATION, noteValueToSeconds, POLYPHONY, type Seconds } from "@tonic/theory";
// Deep imports on purpose: Tone's index module creates an AudioContext as soon as it is
// evaluated, which would happen before any user gesture. These modules create nothing until
// `unlock()` runs inside a gesture.
import { Filter } from "tone/build/esm/component/filter/Filter.js";
import { Context } from "tone/build/esm/core/context/Context.js";
import { Gain } from "tone/build/esm/core/context/Gain.js";
import { setContext } from "tone/build/esm/core/context/GlobalContext.js";
import { PolySynth } from "tone/build/esm/instrument/PolySynth.js";
import { Synth } from "tone/build/esm/instrument/Synth.js";
import { type Instrument, type SettingsState, useSettingsStore } from "@/stores/settings";
import { lastFeedbackSound } from "./effects";
import { TIMBRES } from "./timbres";

/** What the last play call scheduled; read by the browser tests through `window.__tonicAudio`. */
export interface PlayRecord {
  notes: string[];
  instrument: Instrument;
  /** Audio-clock time the notes were scheduled to start. */
  startTime: number;
  /** Audio-clock time when the call ran. */
  currentTime: number;
  sampleRate: number;
  durationSeconds: number;
  gain: number;
  /** Main-thread time spent scheduling, in ms (must stay well under one 128-frame quantum). */
  scheduleMs: number;
}

export interface AudioDiagnostics {
  contextCreated: boolean;
  state: AudioContextState | "none";
  maxPolyphony: number;
  /** Current value of the master gain node (volume × sound on/off). */
  masterGain: number | null;
  /** Voices built so far for the current instrument (pre-warmed up to maxPolyphony). */
  voices: number;
  lastPlay: PlayRecord | null;
  plays: number;
  /** Notes of the latest plays, oldest first (at most RECENT_PLAYS). */
  recent: string[][];
  /** The last feedback sound requested ("correct" / "incorrect"), or null. */
  lastEffect: "correct" | "incorrect" | null;
}

/** How many plays `diagnostics().recent` keeps. */
const RECENT_PLAYS = 16;

/**
 * The parts of Tone's PolySynth used to pre-build voices. They are private in Tone's types,
 * so they are checked at run time; if a Tone upgrade changes them, pre-warming is skipped and
 * PolySynth simply builds voices on demand as usual.
 */
interface PolySynthInternals {
  _voices: Synth[];
  _availableVoices: Synth[];
  _getNextAvailableVoice: () => Synth | undefined;
  _gcTimeout?: number;
}

function polySynthInternals(synth: PolySynth<Synth>): PolySynthInternals | null {
  const s = synth as unknown as Partial<PolySynthInternals>;
  return Array.isArray(s._voices) &&
    Array.isArray(s._availableVoices) &&
    typeof s._getNextAvailableVoice === "function"
    ? (s as PolySynthInternals)
    : null;
}

const whenIdle = (fn: () => void) =>
  typeof window.requestIdleCallback === "function"
    ? window.requestIdleCallback(fn, { timeout: 200 })
    : setTimeout(fn, 16);

/**
 * Build all voices ahead of time, one per idle slice, and stop PolySynth from disposing idle
 * voices. Building a Tone voice costs milliseconds; reusing one costs well under one render
 * quantum, so taps after warm-up schedule their note immediately.
 */
function prewarmVoices(synth: PolySynth<Synth>, context: Context): void {
  const inner = polySynthInternals(synth);
  if (!inner) return;
  if (typeof inner._gcTimeout === "number") context.clearInterval(inner._gcTimeout);
  const step = () => {
    if (synth.disposed || inner._voices.length >= POLYPHONY) return;
    // With no voice free, PolySynth builds a new one; put everything back as available.
    const free = inner._availableVoices.splice(0);
    const voice = inner._getNextAvailableVoice();
    inner._availableVoices.push(...free);
    if (voice) inner._availableVoices.push(voice);
    whenIdle(step);
  };
  whenIdle(step);
}

interface Voices {
  synth: PolySynth<Synth>;
  filter: Filter;
  trim: Gain;
}

/**
 * The shared Tone.js sound engine.
 *
 * Nothing audio-related exists until the first user gesture calls `unlock()` (directly or
 * through `playNote`/`playChord`). The context is created with an interactive latency hint
 * and zero look-ahead so a note starts on the next render quantum after the tap.
 */
class SoundEngine {
  private context: Context | null = null;
  private master: Gain<"gain"> | null = null;
  private voices: Partial<Record<Instrument, Voices>> = {};
  private lastPlay: PlayRecord | null = null;
  private plays = 0;
  private recent: string[][] = [];

  /** Create and resume the audio context. Safe to call many times; must first run inside a gesture. */
  unlock(): void {
    if (this.context) {
      if (this.context.state !== "running") void this.context.resume().catch(() => {});
      return;
    }
    const context = new Context({ latencyHint: "interactive", lookAhead: 0 });
    // Tone computes node defaults from the global context; make it ours so no second context is created.
    setContext(context);
    this.context = context;
    this.master = new Gain({ context, gain: this.targetGain(useSettingsStore.getState()), units: "gain" });
    this.master.connect(context.rawContext.destination);
    void context.resume().catch(() => {
      // Not allowed yet (no activation); the next gesture calls unlock() again.
    });
    // Build the current instrument now so the first tap does not pay for voice construction,
    // and run one silent note through it so the scheduling path is compiled before a real tap.
    const { synth } = this.voicesFor(useSettingsStore.getState().settings.instrument);
    synth.triggerAttackRelease("C4", 0.01, context.rawContext.currentTime, 0);
    useSettingsStore.subscribe((state) => this.applySettings(state));
  }

  /**
   * The context and master gain (volume and sound on/off apply), for other sound sources such as the
   * tanpura; unlocks audio first (call inside a gesture). Null when the context could not be created.
   */
  output(): { context: Context; master: Gain<"gain"> } | null {
    this.unlock();
    return this.context && this.master ? { context: this.context, master: this.master } : null;
  }

  /** True once the context exists and is running. */
  get running(): boolean {
    return this.context !== null && this.context.state === "running";
  }

  /**
   * Play one note.
   * @param note scientific pitch, e.g. "C#4"
   * @param duration Tone note value (default an eighth note, PRODUCT §9) or seconds
   */
  playNote(note: string, duration: string | number = NOTE_DURATION): void {
    this.play([note], duration);
  }

  /**
   * Play several notes together.
   * @param notes scientific pitches, e.g. ["C4", "E4", "G4"]
   * @param duration Tone note value (default a half note, PRODUCT §9) or seconds
   */
  playChord(notes: readonly string[], duration: string | number = CHORD_DURATION): void {
    this.play(notes, duration);
  }

  diagnostics(): AudioDiagnostics {
    return {
      contextCreated: this.context !== null,
      state: this.context ? this.context.state : "none",
      maxPolyphony: POLYPHONY,
      voices: this.voiceCount(),
      masterGain: this.master ? this.master.gain.value : null,
      lastPlay: this.lastPlay,
      plays: this.plays,
      recent: this.recent.map((r) => [...r]),
      lastEffect: lastFeedbackSound(),
    };
  }

  private voiceCount(): number {
    const current = this.voices[useSettingsStore.getState().settings.instrument];
    if (!current) return 0;
    return polySynthInternals(current.synth)?._voices.length ?? 0;
  }

  private play(notes: readonly string[], duration: string | number): void {
    this.unlock();
    const context = this.context;
    if (!context || notes.length === 0) return;
    const state = useSettingsStore.getState();
    const instrument = state.settings.instrument;
    const seconds: Seconds =
      typeof duration === "number" ? (duration as Seconds) : noteValueToSeconds(duration);
    const { synth } = this.voicesFor(instrument);
    const t0 = performance.now();
    const now = context.rawContext.currentTime;
    synth.triggerAttackRelease([...notes], seconds, now);
    const scheduleMs = performance.now() - t0;
    this.plays += 1;
    this.recent = [...this.recent.slice(1 - RECENT_PLAYS), [...notes]];
    this.lastPlay = {
      notes: [...notes],
      instrument,
      startTime: now,
      currentTime: context.rawContext.currentTime,
      sampleRate: context.rawContext.sampleRate,
      durationSeconds: seconds,
      gain: this.targetGain(state),
      scheduleMs,
    };
  }

  private targetGain(state: SettingsState): number {
    return state.soundEnabled ? state.settings.volume : 0;
  }

  private applySettings(state: SettingsState): void {
    if (!this.master || !this.context) return;
    // A short ramp avoids zipper noise while the slider moves.
    this.master.gain.rampTo(this.targetGain(state), 0.03);
  }

  private voicesFor(instrument: Instrument): Voices {
    const existing = this.voices[instrument];
    if (existing) return existing;
    const context = this.context;
    const master = this.master;
    if (!context || !master) throw new Error("Audio is not unlocked yet");
    const timbre = TIMBRES[instrument];
    const trim = new Gain({ context, gain: timbre.trim, units: "gain" }).connect(master);
    const filter = new Filter({ context, frequency: timbre.cutoffHz, type: "lowpass", rolloff: -12 }).connect(
      trim,
    );
    const synth = new PolySynth<Synth>({
      context,
      voice: Synth,
      maxPolyphony: POLYPHONY,
      options: {
        oscillator: { type: "custom", partials: timbre.partials },
        envelope: timbre.envelope,
      },
    }).connect(filter);
    prewarmVoices(synth, context);
    const voices = { synth, filter, trim };
    this.voices[instrument] = voices;
    return voices;
  }
}

export const soundEngine = new SoundEngine();

declare global {
  interface Window {
    /** Read-only audio diagnostics for the browser tests. */
    __tonicAudio?: () => AudioDiagnostics;
  }
}

// The browser tests' read-only hook. Only in dev and in builds made with VITE_AUDIO_TEST_HOOK=1
// (`npm run build:e2e`); Vite replaces the condition at build time, so production bundles drop it.
if (typeof window !== "undefined" && (import.meta.env.DEV || import.meta.env.VITE_AUDIO_TEST_HOOK === "1")) {
  window.__tonicAudio = () => soundEngine.diagnostics();
}
