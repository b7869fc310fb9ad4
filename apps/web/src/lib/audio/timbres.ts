import type { Instrument } from "@/stores/settings";

/** Synth voice settings per instrument: a short attack (no click), different spectra and envelopes. */
export interface Timbre {
  /** Relative amplitudes of harmonics 1, 2, 3, … */
  partials: number[];
  envelope: { attack: number; decay: number; sustain: number; release: number };
  /** Low-pass cutoff in Hz applied after the voices. */
  cutoffHz: number;
  /** Per-instrument trim so both instruments sound equally loud at the same volume. */
  trim: number;
}

export const TIMBRES: Readonly<Record<Instrument, Timbre>> = {
  // Bright attack that decays to a soft sustain: an electric-piano-like tone.
  piano: {
    partials: [1, 0.5, 0.3, 0.12, 0.08, 0.04],
    envelope: { attack: 0.004, decay: 0.9, sustain: 0.15, release: 0.9 },
    cutoffHz: 5000,
    trim: 0.35,
  },
  // Rich harmonics that die away quickly with no sustain: a plucked-string tone.
  guitar: {
    partials: [1, 0.8, 0.55, 0.4, 0.28, 0.2, 0.12, 0.08, 0.05],
    envelope: { attack: 0.003, decay: 0.45, sustain: 0, release: 0.35 },
    cutoffHz: 2800,
    trim: 0.3,
  },
};
