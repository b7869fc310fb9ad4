import { chordNotes, isPitchClass } from "@tonic/theory";
import { parseSwaras } from "@tonic/theory/indian";
import { parse as parseYaml } from "yaml";
import type { ZodError } from "zod";
import type { LessonSection } from "../db/schema.js";
import { checkQuizAnswer } from "./checks.js";
import {
  type BlogFrontMatter,
  BlogFrontMatterSchema,
  type LessonFrontMatter,
  LessonFrontMatterSchema,
  type QuizQuestion,
} from "./schema.js";

/** A content file that cannot be seeded; the message names the file and the reason. */
export class ContentError extends Error {
  override name = "ContentError";
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

/** A parsed lesson, ready to store in learning_concepts (PRODUCT §3). */
export interface ParsedLesson {
  meta: Omit<LessonFrontMatter, "quiz">;
  sections: LessonSection[];
  quiz: QuizQuestion[];
}

/** A parsed blog post, ready to store in blog_posts (PRODUCT §3). */
export interface ParsedPost {
  meta: BlogFrontMatter;
  /** The Markdown body (blog_posts.description). */
  description: string;
}

/** Lessons have 3–6 sections (issue 7 "Content"). */
export const MIN_SECTIONS = 3;
export const MAX_SECTIONS = 6;

/** `{{piano scale="C major"}}`, `{{piano chord="G7"}}`, `{{fretboard scale="E minor"}}`. */
const WIDGET_LINE = /^\{\{(piano|fretboard) (scale|chord)="([^"]+)"\}\}$/;
/**
 * Staff examples: `{{staff scale="D major"}}`, `{{staff chord="G7" key="C major"}}`, each with an
 * optional `clef="treble|bass|grand"`; the web app writes them as notation spelled by key.
 */
const STAFF_LINE = /^\{\{staff (scale|chord)="([^"]+)"((?: (?:key|clef)="[^"]+")*)\}\}$/;
/**
 * Sargam examples: `{{sargam swaras="S R G m P D N S'"}}` with an optional `title="…"`: Hindustani
 * swaras (`@tonic/theory/indian` spelling) drawn on the staff from Sa = C with their sargam names
 * under the notes (PRODUCT §12).
 */
const SARGAM_LINE = /^\{\{sargam swaras="([^"]+)"(?: title="([^"]+)")?\}\}$/;
/** A fenced ABC notation block (abc standard 2.1): "```abc" … "```". */
const ABC_BLOCK = /^```abc\n([\s\S]+)\n```$/;
/** Longest ABC block accepted, in characters (a lesson example, not a whole score). */
export const MAX_ABC_CHARS = 2000;
/** A paragraph that is only a Markdown image: `![alt](url)`. */
const IMAGE_LINE = /^!\[[^\]]*\]\((\S+?)\)$/;

function zodReason(err: ZodError): string {
  return err.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
}

/**
 * Split a Markdown file into its YAML front matter and body.
 *
 * Parameters
 * ----------
 * file : string
 *     Path shown in errors.
 * source : string
 *     The file's text; must start with a `---` line and close the front matter with another.
 *
 * Returns
 * -------
 * { data: unknown; body: string }
 *     The parsed YAML value and the trimmed body.
 *
 * Raises
 * ------
 * ContentError
 *     When the front matter is missing, unterminated or not valid YAML.
 */
export function splitFrontMatter(file: string, source: string): { data: unknown; body: string } {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!text.startsWith("---\n")) throw new ContentError(file, "must start with a --- front matter block");
  const end = text.indexOf("\n---\n", 3);
  const endAtEof = text.endsWith("\n---") ? text.length - 4 : -1;
  const close = end >= 0 ? end : endAtEof;
  if (close < 0) throw new ContentError(file, "the front matter block is not closed with ---");
  let data: unknown;
  try {
    data = parseYaml(text.slice(4, close + 1));
  } catch (err) {
    throw new ContentError(file, `invalid YAML front matter: ${(err as Error).message.split("\n")[0]}`);
  }
  return { data, body: text.slice(close + 5).trim() };
}

function checkKeyName(value: string, line: string): void {
  const [root = "", type] = value.split(" ");
  if (!isPitchClass(root) || (type !== "major" && type !== "minor")) {
    throw new Error(`bad scale "${value}" in ${line}: use a sharp root and major or minor, e.g. "D major"`);
  }
}

/** Throws a reason when a staff example line is malformed or names an unknown scale, chord, key or clef. */
function checkStaff(line: string): void {
  const m = STAFF_LINE.exec(line);
  if (!m) {
    throw new Error(
      `bad staff example "${line}": write {{staff scale="D major"}} or {{staff chord="G7" key="C major"}}, optionally with clef="bass"`,
    );
  }
  const [, kind, value = "", attrs = ""] = m;
  if (kind === "scale") checkKeyName(value, line);
  else {
    try {
      chordNotes(value);
    } catch {
      throw new Error(`unknown chord "${value}" in ${line}`);
    }
  }
  for (const [, name, v = ""] of attrs.matchAll(/ (key|clef)="([^"]+)"/g)) {
    if (name === "key") checkKeyName(v, line);
    else if (!["treble", "bass", "grand"].includes(v)) {
      throw new Error(`bad clef "${v}" in ${line}: use treble, bass or grand`);
    }
  }
}

/** Throws a reason when a fenced ABC block is empty, too long or has no K: (key) line. */
function checkAbc(block: string): void {
  const m = ABC_BLOCK.exec(block);
  if (!m?.[1]) throw new Error('an ABC block must start with a line "```abc" and end with a line "```"');
  if (m[1].length > MAX_ABC_CHARS) throw new Error(`an ABC block is limited to ${MAX_ABC_CHARS} characters`);
  if (!/^K:/m.test(m[1])) throw new Error('an ABC block needs a "K:" (key) line, e.g. "K:C"');
}

/** Throws a reason string when a widget line names a scale or chord the theory tools cannot play. */
function checkWidget(line: string): void {
  if (line.startsWith("{{staff ")) {
    checkStaff(line);
    return;
  }
  if (line.startsWith("{{sargam ")) {
    const m = SARGAM_LINE.exec(line);
    if (!m?.[1]) throw new Error(`bad sargam example "${line}": write {{sargam swaras="S R G m P"}}`);
    try {
      parseSwaras(m[1], "hindustani");
    } catch (err) {
      throw new Error(`${(err as Error).message} in ${line}`);
    }
    return;
  }
  const m = WIDGET_LINE.exec(line);
  if (!m) {
    throw new Error(
      `bad interactive example "${line}": write {{piano scale="C major"}}, {{piano chord="G7"}} or {{fretboard scale="E minor"}}`,
    );
  }
  const [, instrument, kind, value = ""] = m;
  if (kind === "scale") {
    const [root = "", type] = value.split(" ");
    if (!isPitchClass(root) || (type !== "major" && type !== "minor")) {
      throw new Error(`bad scale "${value}" in ${line}: use a sharp root and major or minor, e.g. "D major"`);
    }
  } else {
    if (instrument === "fretboard") throw new Error(`the fretboard example shows scales only: ${line}`);
    try {
      chordNotes(value);
    } catch {
      throw new Error(`unknown chord "${value}" in ${line}`);
    }
  }
}

/**
 * Split a lesson body into sections at its `## ` headings.
 *
 * Each section's content keeps its paragraphs (separated by blank lines) and its interactive
 * example lines; paragraphs that are only a Markdown image move to `images`.
 *
 * Raises
 * ------
 * Error
 *     With a reason when there is text before the first heading, a section is empty, a heading
 *     is deeper than `##` is used as a section, or an example line is malformed.
 */
export function parseSections(body: string): LessonSection[] {
  const sections: LessonSection[] = [];
  let current: { title: string; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const paragraphs = current.lines
      .join("\n")
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    const images: string[] = [];
    const kept: string[] = [];
    for (const p of paragraphs) {
      const img = IMAGE_LINE.exec(p);
      if (img?.[1]) images.push(img[1]);
      else {
        if (p.startsWith("```")) checkAbc(p);
        else if (p.startsWith("{{") || p.includes("{{")) checkWidget(p);
        kept.push(p);
      }
    }
    if (kept.length === 0) throw new Error(`section "${current.title}" has no text`);
    sections.push({ title: current.title, type: "text", content: kept.join("\n\n"), images });
  };
  for (const line of body.split("\n")) {
    const heading = /^## (.+)$/.exec(line);
    if (heading?.[1]) {
      flush();
      current = { title: heading[1].trim(), lines: [] };
    } else if (current) {
      current.lines.push(line);
    } else if (line.trim()) {
      throw new Error(`text before the first "## " section heading: "${line.slice(0, 60)}"`);
    }
  }
  flush();
  return sections;
}

/**
 * Parse and validate one lesson file of `content/course/`.
 *
 * Parameters
 * ----------
 * file : string
 *     Path shown in errors.
 * source : string
 *     The file's text.
 *
 * Returns
 * -------
 * ParsedLesson
 *
 * Raises
 * ------
 * ContentError
 *     When the front matter breaks the schema, the body has fewer than 3 or more than 6
 *     sections, an interactive example is malformed, or a quiz `check` disagrees with the
 *     theory package.
 */
export function parseLesson(file: string, source: string): ParsedLesson {
  const { data, body } = splitFrontMatter(file, source);
  const parsed = LessonFrontMatterSchema.safeParse(data);
  if (!parsed.success) throw new ContentError(file, zodReason(parsed.error));
  const { quiz, ...meta } = parsed.data;
  let sections: LessonSection[];
  try {
    sections = parseSections(body);
  } catch (err) {
    throw new ContentError(file, (err as Error).message);
  }
  if (sections.length < MIN_SECTIONS || sections.length > MAX_SECTIONS) {
    throw new ContentError(
      file,
      `a lesson needs ${MIN_SECTIONS}–${MAX_SECTIONS} "## " sections, found ${sections.length}`,
    );
  }
  quiz.forEach((q, i) => {
    const problem = checkQuizAnswer(q);
    if (problem) throw new ContentError(file, `quiz.${i}: ${problem}`);
  });
  return { meta, sections, quiz };
}

/**
 * Parse and validate one post of `content/blog/`.
 *
 * Returns
 * -------
 * ParsedPost
 *
 * Raises
 * ------
 * ContentError
 *     When the front matter breaks the schema or the body (the post's description) is empty.
 */
export function parsePost(file: string, source: string): ParsedPost {
  const { data, body } = splitFrontMatter(file, source);
  const parsed = BlogFrontMatterSchema.safeParse(data);
  if (!parsed.success) throw new ContentError(file, zodReason(parsed.error));
  if (!body) throw new ContentError(file, "the post has no text after the front matter");
  return { meta: parsed.data, description: body };
}
