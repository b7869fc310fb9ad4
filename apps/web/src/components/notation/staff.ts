import { displaySwara, isPitchClass, type PitchClass, type ScaleType } from "@tonic/theory";
import { parseSwaras, SwaraError } from "@tonic/theory/indian";
import {
  type SpelledKey,
  spelledAscending,
  spelledChord,
  spelledScale,
  spellKey,
  toAbc,
} from "@tonic/theory/notation";
import { pitchClassName } from "@tonic/theory/units";

/** A staff example of a lesson, ready for abcjs. */
export interface StaffSource {
  /** ABC notation (abc standard 2.1). */
  abc: string;
  /** Caption, e.g. "D Major scale" or "G7 chord"; "" for a free ABC block without a T: line. */
  label: string;
  /** True when the notes play one after another (a scale, a melody); false for one chord. */
  melodic: boolean;
  /** For a sargam example, each note's swara and staff name, in order ("Sa" / "C"). */
  sargam?: { swara: string; note: string }[];
}

const STAFF_LINE = /^\{\{staff (scale|chord)="([^"]+)"((?: (?:key|clef)="[^"]+")*)\}\}$/;
const SARGAM_LINE = /^\{\{sargam swaras="([^"]+)"(?: title="([^"]+)")?\}\}$/;
const ABC_BLOCK = /^```abc\n([\s\S]+)\n```$/;

function parseKey(value: string): { root: PitchClass; type: ScaleType } | null {
  const [root = "", type = ""] = value.split(" ");
  if (!isPitchClass(root) || (type !== "major" && type !== "minor")) return null;
  return { root, type };
}

const flatSign = (s: string) => s.replace(/(?<=[A-G])b/g, "♭").replace(/(?<=[A-G])#/g, "♯");

/** Notes per staff line of a sargam example. */
const SARGAM_LINE_NOTES = 8;

/** How a semitone above Sa = C is written on the staff: komal swaras as flats, tivra Ma (6) as F♯. */
function saCSpelling(semitone: number): string {
  const sharp = pitchClassName(semitone);
  // Each komal swara's sharp name (C#, D#, G#, A#) is a semitone below a natural letter: Db, Eb, Ab, Bb.
  return sharp.endsWith("#") && semitone !== 6 ? `${pitchClassName(semitone + 1)}b` : sharp;
}

/**
 * Parse `{{sargam swaras="S R G m P D N S'" title="Bilawal thaat"}}`: swaras in the Latin spelling of
 * `@tonic/theory/indian` (S r R g G m M P d D n N, `,` mandra, `'` taar), drawn on the treble staff
 * with Sa = C and each swara's sargam name written under its note (PRODUCT §12).
 *
 * Returns
 * -------
 * StaffSource | null
 *     null for any other paragraph or a phrase that is not Hindustani swaras.
 */
export function parseSargamStaff(paragraph: string): StaffSource | null {
  const m = SARGAM_LINE.exec(paragraph.trim());
  if (!m?.[1]) return null;
  let swaras: ReturnType<typeof parseSwaras>;
  try {
    swaras = parseSwaras(m[1], "hindustani");
  } catch (err) {
    if (err instanceof SwaraError) return null;
    throw err;
  }
  if (swaras.length === 0) return null;
  const notes = swaras.map((s) => `${saCSpelling(s.semitone)}${4 + s.octave}`);
  const labels = swaras.map((s) =>
    displaySwara(`${s.name}${s.octave < 0 ? "," : s.octave > 0 ? "'" : ""}`, "hindustani"),
  );
  // At most SARGAM_LINE_NOTES notes a line, so the names under them have room on a phone; each line
  // ends with a bar line, which also resets accidentals as toAbc assumes.
  const lines: string[] = [];
  let head = "";
  for (let i = 0; i < notes.length; i += SARGAM_LINE_NOTES) {
    const chunk = notes.slice(i, i + SARGAM_LINE_NOTES);
    const abc = toAbc({ key: spellKey("C", "major"), clef: "treble", events: chunk.map((n) => [n]) });
    const parts = abc.split("\n");
    head = parts.slice(0, -1).join("\n");
    const last = i + SARGAM_LINE_NOTES >= notes.length;
    const body = (parts.at(-1) ?? "").replace(/ \|\]$/, last ? " |]" : " |");
    lines.push(body, `w:${labels.slice(i, i + SARGAM_LINE_NOTES).join(" ")}`);
  }
  return {
    abc: [head, ...lines].join("\n"),
    label: m[2] ?? "In sargam, Sa = C",
    melodic: true,
    sargam: swaras.map((_, i) => ({
      swara: labels[i] ?? "",
      note: flatSign((notes[i] ?? "").replace(/-?\d+$/, "")),
    })),
  };
}

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
