/**
 * Instrument tuner on the vocal pitch tracker's single-frame YIN ({@link detectPitch}).
 * Pure module (no Node or DOM APIs).
 */
import { centsBetween, hzToMidi, midiNoteName, midiToHz } from "@tonic/theory/units";
import { detectPitch } from "../vocal/index.js";

/** Tuner presets. */
export type TunerInstrument = "guitar" | "guitar-drop-d" | "ukulele" | "bass" | "chromatic";

/** Open strings (MIDI numbers, lowest string first) of each preset; chromatic has none. */
export const TUNER_STRINGS: Readonly<Record<TunerInstrument, readonly number[]>> = {
  guitar: [40, 45, 50, 55, 59, 64],
  "guitar-drop-d": [38, 45, 50, 55, 59, 64],
  // Re-entrant GCEA: G4 C4 E4 A4.
  ukulele: [67, 60, 64, 69],
  bass: [28, 33, 38, 43],
  chromatic: [],
};

/** Pitch search range of each preset, Hz. */
const RANGE: Readonly<Record<TunerInstrument, [number, number]>> = {
  guitar: [65, 1400],
  "guitar-drop-d": [60, 1400],
  ukulele: [220, 1400],
  bass: [35, 420],
  chromatic: [35, 2000],
};

/** Note name with octave of a MIDI number ("A4" for 69): `@tonic/theory/units`' `midiNoteName`. */
export const midiName: (midi: number) => string = midiNoteName;

/** A tuner reading. */
export interface TunerReading {
  /** Detected fundamental, Hz (median of the last few frames). */
  hz: number;
  /** Target MIDI number: the nearest open string of the preset, or the nearest note for chromatic. */
  targetMidi: number;
  /** Target note with octave, e.g. "E2". */
  target: string;
  /** Target frequency at the reference A4, Hz. */
  targetHz: number;
  /** Deviation from the target, cents (positive = sharp); beyond ±50 when far from every open string. */
  cents: number;
  /** 1-based string number counted from the lowest string (0 for chromatic). */
  string: number;
  /** 0..1 YIN clarity of the newest frame. */
  clarity: number;
  /**
   * The chromatic reading: the nearest equal-tempered note (MIDI number and name) and the deviation
   * from it, cents (−50..50). The same as the target for the chromatic preset.
   */
  noteMidi: number;
  note: string;
  noteCents: number;
  /**
   * Whether the pitch is within {@link NEAR_STRING_SEMITONES} of the target string (always true for
   * chromatic). When false the player is not tuning a string: show the chromatic reading and say so,
   * rather than "+500 cents: loosen the string".
   */
  nearString: boolean;
}

/**
 * How far from an open string a pitch may be and still count as that string being tuned, semitones: a
 * string more than a semitone and a half off is a different note, not a string out of tune (issue 25).
 */
export const NEAR_STRING_SEMITONES = 1.5;

/**
 * Streaming tuner: keeps the last `windowSeconds` of audio, runs YIN every `hop` samples and reports the
 * median of the last five estimates (robust to a stray octave error) against the nearest open string of
 * the preset (or the nearest equal-tempered note for chromatic) at the reference A4.
 *
 * @throws {RangeError} when `sampleRate` is not within 8–192 kHz.
 */
export class LiveTuner {
  readonly sampleRate: number;
  private readonly ring: Float32Array;
  private readonly frame: Float32Array;
  private write = 0;
  private filled = 0;
  private since = 0;
  private readonly hop: number;
  private readonly recent: number[] = [];
  private instrument: TunerInstrument = "guitar";
  private a4 = 440;

  constructor(sampleRate: number, windowSeconds = 0.085, hopSeconds = 0.04) {
    if (!(sampleRate >= 8000 && sampleRate <= 192000)) {
      throw new RangeError(`sampleRate must be 8000–192000 Hz, got ${sampleRate}`);
    }
    this.sampleRate = sampleRate;
    const n = Math.round(windowSeconds * sampleRate);
    this.ring = new Float32Array(n);
    this.frame = new Float32Array(n);
    this.hop = Math.max(128, Math.round(hopSeconds * sampleRate));
  }

  /** Choose the preset and the reference A4 (Hz, clamped to 415–466). */
  configure(instrument: TunerInstrument, a4Hz = 440): void {
    this.instrument = instrument;
    this.a4 = Math.max(415, Math.min(466, a4Hz));
    this.recent.length = 0;
  }

  /** Append samples; returns the reading of the newest frame completed (undefined: no new frame; null: no pitch). */
  push(block: Float32Array): TunerReading | null | undefined {
    let result: TunerReading | null | undefined;
    const n = this.ring.length;
    for (let i = 0; i < block.length; i++) {
      this.ring[this.write] = block[i] as number;
      this.write = (this.write + 1) % n;
      if (this.filled < n) this.filled++;
      if (++this.since >= this.hop && this.filled === n) {
        this.since = 0;
        result = this.analyze();
      }
    }
    return result;
  }

  private analyze(): TunerReading | null {
    const n = this.ring.length;
    for (let i = 0; i < n; i++) this.frame[i] = this.ring[(this.write + i) % n] as number;
    const [fmin, fmax] = RANGE[this.instrument];
    const p = detectPitch(this.frame, this.sampleRate, { fmin, fmax, threshold: 0.12, minRms: 0.003 });
    if (!p) {
      this.recent.length = 0;
      return null;
    }
    this.recent.push(p.hz);
    if (this.recent.length > 5) this.recent.shift();
    const sorted = [...this.recent].sort((a, b) => a - b);
    const hz = sorted[sorted.length >> 1] as number;
    return this.reading(hz, p.clarity);
  }

  /**
   * Reading for a frequency under the current preset and reference.
   * @param hz fundamental, Hz (> 0).
   * @param clarity 0..1 YIN clarity to report.
   */
  reading(hz: number, clarity = 1): TunerReading {
    const midi = hzToMidi(hz, this.a4);
    const strings = TUNER_STRINGS[this.instrument];
    let target = Math.round(midi);
    let string = 0;
    if (strings.length > 0) {
      let best = 0;
      for (let s = 1; s < strings.length; s++) {
        if (Math.abs(midi - (strings[s] as number)) < Math.abs(midi - (strings[best] as number))) best = s;
      }
      target = strings[best] as number;
      // Strings are numbered from the lowest pitch, as players count them on a tuner display.
      const order = [...strings].sort((a, b) => a - b);
      string = order.indexOf(target) + 1;
    }
    const targetHz = midiToHz(target, this.a4);
    const noteMidi = Math.round(midi);
    return {
      hz,
      targetMidi: target,
      target: midiName(target),
      targetHz,
      cents: centsBetween(hz, targetHz),
      string,
      clarity,
      noteMidi,
      note: midiName(noteMidi),
      noteCents: 100 * (midi - noteMidi),
      nearString: strings.length === 0 || Math.abs(midi - target) <= NEAR_STRING_SEMITONES,
    };
  }
}
