import { midiToHz } from "@tonic/theory/units";
// Deep imports, as in engine.ts: Tone's index module would create an AudioContext before any gesture.
import { Filter } from "tone/build/esm/component/filter/Filter.js";
import { Gain } from "tone/build/esm/core/context/Gain.js";
import { PolySynth } from "tone/build/esm/instrument/PolySynth.js";
import { Synth } from "tone/build/esm/instrument/Synth.js";
import { soundEngine } from "./engine";

/** The tanpura's first string: Pa (most ragas), Ma (ragas without Pa) or Ni (some evening ragas). */
export type TanpuraFirstString = "Pa" | "Ma" | "Ni";

/** Semitones below Sa of the first string, in the lower octave (mandra saptak). */
const FIRST_STRING: Readonly<Record<TanpuraFirstString, number>> = { Pa: -5, Ma: -7, Ni: -1 };

/**
 * A tanpura's four strings as MIDI numbers, in the order they are plucked: the first string (Pa, Ma or
 * Ni of the lower octave), Sa and Sa of the middle octave, and Sa of the lower octave (kharaj).
 * @param saMidi the singer's middle Sa, MIDI number.
 */
export function tanpuraStrings(saMidi: number, first: TanpuraFirstString): number[] {
  return [saMidi + FIRST_STRING[first], saMidi, saMidi, saMidi - 12];
}

/**
 * The time between plucks, seconds, and the pause after the fourth string (a cycle is 3 gaps and the
 * pause), as a tanpura player's unhurried cycle of about five seconds.
 */
export const TANPURA_PLUCK_SECONDS = 1.1;
export const TANPURA_CYCLE_PAUSE_SECONDS = 1.6;

/**
 * A string's sound: a bright, buzzing spectrum (the jawari bridge makes the upper partials swell and
 * ring), a quick pluck and a long decay; partial amplitudes fall slowly, unlike a plucked guitar string.
 */
const PARTIALS = [1, 0.7, 0.6, 0.55, 0.5, 0.42, 0.36, 0.3, 0.25, 0.2, 0.16, 0.12, 0.1, 0.08];

/** The fine tuning a tanpura offers around the equal-tempered Sa, cents (a quarter tone each way). */
export const TANPURA_MAX_CENTS = 50;

/** What the browser tests read: whether the drone runs, its strings, their fine tuning and the plucks played. */
export interface TanpuraState {
  running: boolean;
  strings: number[];
  /** Fine tuning of every string, cents from equal temperament (A4 = 440 Hz). */
  cents: number;
  /** Frequency of the middle Sa as sounded, Hz. */
  saHz: number;
  plucks: number;
}

/**
 * A tanpura drone synthesised with Tone.js (no recorded audio): four strings plucked in turn, each ringing
 * for several seconds, through the app's master volume. Call {@link Tanpura.start} inside a user gesture.
 */
export class Tanpura {
  private synth: PolySynth<Synth> | null = null;
  private timer: number | null = null;
  private state: TanpuraState = { running: false, strings: [], cents: 0, saHz: 0, plucks: 0 };

  /**
   * Starts (or retunes) the drone.
   * @param saMidi the middle Sa as a MIDI number.
   * @param first the first string (Pa, Ma or Ni of the lower octave).
   * @param cents fine tuning of all four strings from equal temperament, −{@link TANPURA_MAX_CENTS} to
   *   +{@link TANPURA_MAX_CENTS} (clamped): a singer whose Sa sits between two keys, or a harmonium tuned off A440.
   */
  start(saMidi: number, first: TanpuraFirstString, cents = 0): void {
    const out = soundEngine.output();
    if (!out) return;
    this.stopTimer();
    if (!this.synth) {
      const trim = new Gain({ context: out.context, gain: 0.35, units: "gain" }).connect(out.master);
      const filter = new Filter({
        context: out.context,
        frequency: 3200,
        type: "lowpass",
        rolloff: -12,
      }).connect(trim);
      this.synth = new PolySynth<Synth>({
        context: out.context,
        voice: Synth,
        maxPolyphony: 8,
        options: {
          oscillator: { type: "custom", partials: PARTIALS },
          envelope: { attack: 0.008, decay: 4.5, sustain: 0.04, release: 1.5 },
        },
      }).connect(filter);
    }
    const strings = tanpuraStrings(saMidi, first);
    const fine = Math.max(
      -TANPURA_MAX_CENTS,
      Math.min(TANPURA_MAX_CENTS, Number.isFinite(cents) ? cents : 0),
    );
    this.state = { running: true, strings, cents: fine, saHz: midiToHz(saMidi + fine / 100), plucks: 0 };
    let k = 0;
    const pluck = () => {
      const synth = this.synth;
      if (!synth || !this.state.running) return;
      const midi = strings[k % strings.length] ?? saMidi;
      const now = out.context.rawContext.currentTime;
      synth.triggerAttackRelease(
        midiToHz(midi + fine / 100),
        4.5,
        now + 0.01,
        k % strings.length === 3 ? 0.9 : 0.7,
      );
      this.state = { ...this.state, plucks: this.state.plucks + 1 };
      k++;
      const wait = k % strings.length === 0 ? TANPURA_CYCLE_PAUSE_SECONDS : TANPURA_PLUCK_SECONDS;
      this.timer = window.setTimeout(pluck, wait * 1000);
    };
    pluck();
  }

  /** Stops plucking; the strings ring out. */
  stop(): void {
    this.stopTimer();
    this.synth?.releaseAll();
    this.state = { ...this.state, running: false };
  }

  /** For the browser tests (through `window.__tonicAudio`). */
  diagnostics(): TanpuraState {
    return { ...this.state, strings: [...this.state.strings] };
  }

  private stopTimer(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The app's one tanpura. */
export const tanpura = new Tanpura();

declare global {
  interface Window {
    /** Read-only tanpura state for the browser tests. */
    __tonicTanpura?: () => TanpuraState;
  }
}

// The browser tests' read-only hook, only in dev and in builds made with VITE_AUDIO_TEST_HOOK=1 (as engine.ts).
if (typeof window !== "undefined" && (import.meta.env.DEV || import.meta.env.VITE_AUDIO_TEST_HOOK === "1")) {
  window.__tonicTanpura = () => tanpura.diagnostics();
}
