import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ContentError, type ParsedLesson, type ParsedPost, parseLesson, parsePost } from "./parse.js";

/** Every lesson and post of a content folder, validated. */
export interface ContentSet {
  lessons: ParsedLesson[];
  posts: ParsedPost[];
}

/**
 * The content folder: `CONTENT_DIR` when set, else the repository's `content/` resolved from
 * this file (works from `src/content` under tsx and from `dist/content` after the build).
 *
 * Parameters
 * ----------
 * env : NodeJS.ProcessEnv
 *     Environment to read `CONTENT_DIR` from.
 *
 * Returns
 * -------
 * string
 *     An absolute path.
 */
export function resolveContentDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CONTENT_DIR?.trim();
  if (fromEnv) return path.resolve(fromEnv);
  return fileURLToPath(new URL("../../../../content", import.meta.url));
}

async function markdownFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    throw new ContentError(dir, `cannot read the folder: ${(err as Error).message}`);
  }
  return names
    .filter((n) => n.endsWith(".md"))
    .sort()
    .map((n) => path.join(dir, n));
}

function ensureUnique<T>(items: T[], key: (t: T) => string | number, file: (t: T) => string, what: string) {
  const seen = new Map<string | number, string>();
  for (const item of items) {
    const k = key(item);
    const first = seen.get(k);
    if (first) throw new ContentError(file(item), `${what} ${k} is already used by ${first}`);
    seen.set(k, file(item));
  }
}

/**
 * Read and validate every `course/*.md` and `blog/*.md` file of a content folder.
 *
 * Parameters
 * ----------
 * contentDir : string
 *     Folder holding `course/` and `blog/`.
 *
 * Returns
 * -------
 * ContentSet
 *     Lessons sorted by order_index, posts by file name.
 *
 * Raises
 * ------
 * ContentError
 *     For the first bad file (its path and the reason), or a slug / course day used twice.
 */
export async function loadContent(contentDir: string): Promise<ContentSet> {
  const lessonFiles = await markdownFiles(path.join(contentDir, "course"));
  const postFiles = await markdownFiles(path.join(contentDir, "blog"));
  const lessons: (ParsedLesson & { file: string })[] = [];
  for (const file of lessonFiles) {
    lessons.push({ ...parseLesson(file, await readFile(file, "utf8")), file });
  }
  const posts: (ParsedPost & { file: string })[] = [];
  for (const file of postFiles) {
    posts.push({ ...parsePost(file, await readFile(file, "utf8")), file });
  }
  ensureUnique(
    lessons,
    (l) => l.meta.slug,
    (l) => l.file,
    "slug",
  );
  ensureUnique(
    lessons,
    (l) => (l.meta.path === "course" ? l.meta.course_day : `${l.meta.course_day} of ${l.meta.path}`),
    (l) => l.file,
    "course_day",
  );
  ensureUnique(
    posts,
    (p) => p.meta.slug,
    (p) => p.file,
    "slug",
  );
  lessons.sort((a, b) => a.meta.order_index - b.meta.order_index);
  return { lessons, posts };
}
