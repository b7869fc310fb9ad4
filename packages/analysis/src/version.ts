/**
 * The version of the analysis engine, kept with every stored analysis and every chord-sheet edit
 * (issue 30), so corrections can later be matched to the engine that made the mistake.
 *
 * Bump it whenever a stage's output can change or a learned model is replaced: the minor number for a
 * changed stage or retrained model, the major number for a new pipeline. History: 1 (hand-written
 * stages), 2 (v2 contract: nullable key and BPM, content gate), 3.0 (learned key model), 3.1 (learned
 * chord model, harmonic-only HPSS for the chords), 3.2 (learned beat model), 3.3 (the key read again from the chord model's output).
 */
export const ENGINE_VERSION = "3.3";
