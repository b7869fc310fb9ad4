import { readdirSync, readFileSync } from "node:fs";
import abcjs from "abcjs";
import { describe, expect, it } from "vitest";
import { parseSargamStaff, parseStaff } from "./staff";

const dir = new URL("../../../../../content/course/", import.meta.url);
const lessons = readdirSync(dir).filter((f) => f.endsWith(".md"));

/** Note heads abcjs parses from a tune (rests and invisible rests excluded). */
function noteCount(abc: string): { notes: number; warnings: string[] } {
  const [tune] = abcjs.parseOnly(abc);
  let notes = 0;
  for (const line of tune?.lines ?? []) {
    for (const staff of line.staff ?? []) {
      for (const voice of staff.voices ?? []) {
        for (const el of voice)
          if (el.el_type === "note" && "pitches" in el && el.pitches) notes += el.pitches.length;
      }
    }
  }
  return { notes, warnings: (tune?.warnings ?? []).map(String) };
}

describe("staff examples of the course", () => {
  const examples = lessons.flatMap((file) =>
    readFileSync(new URL(file, dir), "utf8")
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter((p) => p.startsWith("{{staff ") || p.startsWith("```abc"))
      .map((p) => ({ file, p })),
  );

  it("every lesson that teaches the staff, intervals, scales, chords or progressions has one", () => {
    const withStaff = new Set(examples.map((e) => e.file));
    for (const day of [
      "01",
      "02",
      "03",
      "04",
      "05",
      "06",
      "07",
      "08",
      "09",
      "10",
      "11",
      "12",
      "13",
      "14",
      "15",
      "16",
    ]) {
      expect(
        [...withStaff].some((f) => f.startsWith(`day-${day}-`)),
        `day ${day}`,
      ).toBe(true);
    }
  });

  it.each(
    examples.map((e) => [e.file, e.p.split("\n")[0] ?? "", e.p] as const),
  )("%s: %s parses without warnings and has notes", (_file, _first, paragraph) => {
    const source = parseStaff(paragraph);
    expect(source).not.toBeNull();
    const { notes, warnings } = noteCount(source?.abc ?? "");
    expect(warnings).toEqual([]);
    expect(notes).toBeGreaterThan(0);
  });

  it("writes a C major scale as eight notes and a G7 chord note by note then together", () => {
    expect(noteCount(parseStaff('{{staff scale="C major"}}')?.abc ?? "").notes).toBe(8);
    expect(noteCount(parseStaff('{{staff chord="G7"}}')?.abc ?? "").notes).toBe(8);
    expect(parseStaff('{{staff scale="A# major"}}')?.label).toBe("B♭ Major scale");
    expect(parseStaff("plain text")).toBeNull();
  });
});

describe("sargam staff examples (PRODUCT §12)", () => {
  it("writes Kafi thaat on the staff from Sa = C with the sargam names under the notes", () => {
    const s = parseSargamStaff(`{{sargam swaras="S R g m P D n S'" title="Kafi thaat"}}`);
    expect(s?.label).toBe("Kafi thaat");
    expect(s?.sargam?.map((x) => x.swara)).toEqual(["Sa", "Re", "ga", "Ma", "Pa", "Dha", "ni", "S\u0307a"]);
    expect(s?.sargam?.map((x) => x.note)).toEqual(["C", "D", "E♭", "F", "G", "A", "B♭", "C"]);
    expect(s?.abc).toMatch(/\nw:Sa Re ga Ma Pa Dha ni S\u0307a$/);
    const { notes, warnings } = noteCount(s?.abc ?? "");
    expect(notes).toBe(8);
    expect(warnings).toEqual([]);
  });

  it("writes tivra Ma as F♯ and mandra swaras an octave lower", () => {
    const s = parseSargamStaff(`{{sargam swaras="n, S M P"}}`);
    expect(s?.sargam).toEqual([
      { swara: "n\u0323i", note: "B♭" },
      { swara: "Sa", note: "C" },
      { swara: "Ma′", note: "F♯" },
      { swara: "Pa", note: "G" },
    ]);
    expect(s?.abc).toContain("_B, C ^F G |]");
  });

  it("breaks a long phrase into lines of eight notes, each with its names under it", () => {
    const s = parseSargamStaff(`{{sargam swaras="S r R g G m M P d D n N S'"}}`);
    const lines = (s?.abc ?? "").split("\n");
    expect(lines.filter((l) => l.startsWith("w:"))).toEqual([
      "w:Sa re Re ga Ga Ma Ma′ Pa",
      "w:dha Dha ni Ni S\u0307a",
    ]);
    expect(lines.filter((l) => / \|\]?$/.test(l))).toHaveLength(2);
    const { notes, warnings } = noteCount(s?.abc ?? "");
    expect(notes).toBe(13);
    expect(warnings).toEqual([]);
  });

  it("rejects other paragraphs and unknown swaras", () => {
    expect(parseSargamStaff(`{{staff scale="C major"}}`)).toBeNull();
    expect(parseSargamStaff(`{{sargam swaras="S X P"}}`)).toBeNull();
  });
});

describe("sargam examples of the lessons", () => {
  const examples = lessons.flatMap((file) =>
    readFileSync(new URL(file, dir), "utf8")
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter((p) => p.startsWith("{{sargam "))
      .map((p) => ({ file, p })),
  );
  it.each(examples)("$file: $p parses", ({ p }) => {
    const s = parseSargamStaff(p);
    expect(s).not.toBeNull();
    expect(noteCount(s?.abc ?? "").warnings).toEqual([]);
  });
});
