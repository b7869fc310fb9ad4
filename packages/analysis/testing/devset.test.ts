import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { chordToHarte } from "../src/labels.js";
import { analyzeFile } from "../src/node.js";
import { chordWcsr, compareMajmin, keyWeightedScore, type LabeledInterval, tempoAcc2 } from "./metrics.js";

// The annotated eval set lives outside the repo (../shared/eval/dev from the repo root); skip when absent.
const devDir = resolve(import.meta.dirname, "../../../../shared/eval/dev");
const SONGS = ["song_002", "song_013", "song_026"];

describe.runIf(existsSync(devDir))("eval dev songs (sanity lower bounds)", () => {
  it("analyses three songs with sane key, tempo and chord scores", async () => {
    let key = 0;
    let acc2 = 0;
    let majmin = 0;
    for (const song of SONGS) {
      const truth = JSON.parse(readFileSync(join(devDir, song, "truth.json"), "utf8")) as {
        key: string;
        bpm: number;
        chords: LabeledInterval[];
      };
      const r = await analyzeFile(join(devDir, song, "audio.mp3"));
      // No key or no tempo reported scores 0 (as mir_eval scores a missing key).
      if (r.key !== null) key += keyWeightedScore(truth.key, r.key);
      if (r.bpm !== null) acc2 += Number(tempoAcc2(truth.bpm, r.bpm));
      const est = r.segments.map((s) => ({ start: s.start, end: s.end, label: chordToHarte(s.chord) }));
      majmin += chordWcsr(truth.chords, est, compareMajmin) ?? 0;
    }
    expect(key / SONGS.length).toBeGreaterThanOrEqual(0.6);
    expect(acc2 / SONGS.length).toBeGreaterThanOrEqual(0.6);
    expect(majmin / SONGS.length).toBeGreaterThanOrEqual(0.5);
  });
});
