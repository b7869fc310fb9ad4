import { chromaFrame } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { ChordScorer } from "./chord-scorer.js";
import { liveChordDefaults } from "./chords.js";
import type { ChromaFrame } from "./chroma.js";
import { FrameHistory, HISTORY } from "./history.js";
import { SegmentDecision } from "./segment-decision.js";
import { LiveVocabulary } from "./vocabulary.js";

const HOP = 1024 / 48000;

/** The segment decision alone, fed scored frames of one segment opened after silence. */
function setup() {
  const o = liveChordDefaults();
  const vocab = new LiveVocabulary(o);
  const history = new FrameHistory(vocab.size);
  const scorer = new ChordScorer(vocab, o);
  const decision = new SegmentDecision(vocab, history, scorer, o);
  let current = -1;
  /** Store and score frame `n`. */
  const store = (n: number, f: ChromaFrame) => {
    history.store(n, f, true);
    history.setWindows(f);
    const slot = n % HISTORY;
    scorer.score(
      f,
      history.short[slot] as Float64Array,
      history.longPlain[slot] as Float64Array,
      history.long[slot] as Float64Array,
    );
  };
  /** Decide at frame `n`: the chord to display ("N" for none). */
  const decide = (n: number) => {
    current = decision.decide(n, current, true);
    return current < 0 ? "N" : vocab.state(current).name;
  };
  /** Store, score, hear, accumulate and decide frame `n` of the current segment. */
  const feed = (n: number, f: ChromaFrame) => {
    store(n, f);
    decision.hear(n);
    decision.accumulate(n);
    return decide(n);
  };
  return { vocab, decision, feed, store, decide };
}

describe("SegmentDecision", () => {
  it("decides a frame of C-major chroma is C, once confirmFrames have been heard after silence", () => {
    const { feed, decision, vocab } = setup();
    const shown = Array.from({ length: 10 }, (_, n) => feed(n, chromaFrame(n * HOP, [0, 4, 7], 0)));
    const confirm = liveChordDefaults().confirmFrames;
    expect(shown.slice(0, confirm - 1)).toEqual(new Array(confirm - 1).fill("N"));
    expect(shown.slice(confirm - 1)).toEqual(new Array(10 - confirm + 1).fill("C"));
    expect(decision.chord).toBe(vocab.indexOf("C"));
    expect(decision.chromaCount).toBe(10);
  });

  it("reads the variant within the family from the long window: C with a B is Cmaj7", () => {
    const { feed } = setup();
    let last = "";
    for (let n = 0; n < 20; n++) last = feed(n, chromaFrame(n * HOP, [0, 4, 7, 11], 0));
    expect(last).toBe("Cmaj7");
  });

  it("starts a segment at a change, rebuilt from the history, and shows the new chord while it settles", () => {
    const { feed, store, decision, vocab, decide } = setup();
    for (let n = 0; n < 30; n++) feed(n, chromaFrame(n * HOP, [0, 4, 7], 0));
    // Am from frame 30; the change detector (not part of this test) declares it at frame 39, from frame 30.
    for (let n = 30; n < 40; n++) expect(feed(n, chromaFrame(n * HOP, [9, 0, 4], 9))).toBe("C");
    const c = vocab.indexOf("C");
    decision.end();
    expect(decision.chord).toBe(-1);
    expect(decision.chromaCount).toBe(0);
    decision.restart(vocab.indexOf("Am"), 30, c, null, 39);
    expect(decision.start).toBe(30);
    expect(decision.chromaCount).toBeGreaterThan(0);
    expect(decide(39)).toBe("Am");
    store(40, chromaFrame(40 * HOP, [9, 0, 4], 9));
    decision.accumulate(40);
    expect(decide(40)).toBe("Am");
  });
});
