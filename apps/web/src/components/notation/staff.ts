import { isPitchClass, type PitchClass, type ScaleType } from "@tonic/theory";
import {
  type SpelledKey,
  spelledAscending,
  spelledChord,
  spelledScale,
  spellKey,
  toAbc,
} from "@tonic/theory/notation";

/** A staff example of a lesson, ready for abcjs. */
export interface StaffSource {
  /** ABC notation (abc standard 2.1). */
  abc: string;
  /** Caption, e.g. "D Major scale" or "G7 chord"; "" for a free ABC block without a T: line. */
  label: string;
  /** True when the notes play one after another (a scale, a melody); false for one chord. */
  melodic: boolean;
}

const STAFF_LINE = /^\{\{staff (scale|chord)="([^"]+)"((?: (?:key|clef)="[^"]+")*)\}\}$/;
const ABC_BLOCK = /^```abc\n([\s\S]+)\n```$/;

function parseKey(value: string): { root: PitchClass; type: ScaleType } | null {
  const [root = "", type = ""] = value.split(" ");
  if (!isPitchClass(root) || (type !== "major" && type !== "minor")) return null;
  return { root, type };
}

const flatSign = (s: string) => s.replace(/(?<=[A-G])b/g, "♭").replace(/(?<=[A-G])#/g, "♯");

/**
 * Parse a lesson paragraph that is a staff example: a fenced ```abc block, or
 * `{{staff scale="D major"}}` / `{{staff chord="G7" key="C major" clef="bass"}}`, written as ABC
 * with notes spelled by key (`@tonic/theory`).
 *
 * Returns
 * -------
 * StaffSource | null
 *     null for any other paragraph (or an unknown scale/chord, which the server rejects anyway).
 */
export function parseStaff(paragraph: string): StaffSource | null {
  const text = paragraph.trim();
  const block = ABC_BLOCK.exec(text);
  if (block?.[1]) {
    // The T: line becomes the caption above the staff rather than a second title drawn inside it.
    const title = /^T:(.*)$/m.exec(block[1])?.[1]?.trim() ?? "";
    const abc = block[1].replace(/^T:.*\n/gm, "");
    return { abc, label: title, melodic: true };
  }
  const m = STAFF_LINE.exec(text);
  if (!m) return null;
  const [, kind, value = "", attrs = ""] = m;
  const attr = (name: string) => new RegExp(` ${name}="([^"]+)"`).exec(attrs)?.[1];
  const clefAttr = attr("clef");
  const clef = clefAttr === "bass" || clefAttr === "grand" ? clefAttr : "treble";
  const octave = clef === "bass" ? 2 : clef === "grand" ? 3 : 4;
  try {
    if (kind === "scale") {
      const key = parseKey(value);
      if (!key) return null;
      const spelled = spellKey(key.root, key.type);
      const notes = spelledScale(key.root, key.type);
      const events = spelledAscending([...notes, notes[0] ?? ""], octave).map((n) => [n]);
      const label = `${flatSign(spelled.tonic)} ${key.type === "major" ? "Major" : "Minor"} scale`;
      return { abc: toAbc({ key: spelled, clef, events }), label, melodic: true };
    }
    const inKey = attr("key");
    const k = inKey ? parseKey(inKey) : null;
    const key: SpelledKey = k ? spellKey(k.root, k.type) : spellKey("C", "major");
    const chord = spelledAscending(spelledChord(value, key), octave);
    // The notes one by one, then together.
    const events = [...chord.map((n) => [n]), chord];
    return { abc: toAbc({ key, clef, events }), label: `${flatSign(value)} chord`, melodic: true };
  } catch {
    return null;
  }
}
