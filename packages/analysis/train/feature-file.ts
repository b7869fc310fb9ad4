/**
 * One song's training features as written by `render-pop909.ts`: beat-synchronous harmonic chroma
 * (`[S × 12]` treble and bass), the silent flags and the labels (`[root, quality]`, root −1 = no chord,
 * null = a chord outside the recogniser's vocabulary).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface FeatureFile {
  segments: number;
  treble: Float64Array;
  bass: Float64Array;
  silent: Uint8Array;
  labels: ([number, number] | null)[];
}

/** Read `dir/file` (JSON) into typed arrays. */
export function readFeatureFile(dir: string, file: string): FeatureFile {
  const d = JSON.parse(readFileSync(join(dir, file), "utf8")) as {
    treble: number[];
    bass: number[];
    silent: number[];
    labels: ([number, number] | null)[];
  };
  return {
    segments: d.labels.length,
    treble: Float64Array.from(d.treble),
    bass: Float64Array.from(d.bass),
    silent: Uint8Array.from(d.silent),
    labels: d.labels,
  };
}
