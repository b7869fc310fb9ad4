import type { Kysely } from "kysely";
import type { BlogLanguage } from "../content/schema.js";
import type { Database } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";

/** PRODUCT §8 "Blog". */
export const POST_NOT_FOUND = "Post not found";

/** Longest plain-text excerpt of a card, in characters. */
export const EXCERPT_LENGTH = 180;

/** A blog card (PRODUCT §2 "Latest Blog Posts"). */
export interface BlogPostSummary {
  slug: string;
  title: string;
  subject: string;
  language: BlogLanguage;
  youtube_url: string | null;
  /** ISO timestamp. */
  created_at: string;
  /** The start of the description as plain text, at most {@link EXCERPT_LENGTH} characters. */
  excerpt: string;
}

/** A whole post (PRODUCT §3 blog_posts); `description` is Markdown. */
export interface BlogPost extends Omit<BlogPostSummary, "excerpt"> {
  description: string;
}

/**
 * Plain text of the first paragraph of a Markdown description, for a card.
 *
 * Parameters
 * ----------
 * markdown : string
 * max : number
 *     Maximum length in characters; longer text is cut at a word boundary and ends with "…".
 *
 * Returns
 * -------
 * string
 */
export function excerptOf(markdown: string, max = EXCERPT_LENGTH): string {
  const para =
    markdown
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find((p) => p && !p.startsWith("#") && !p.startsWith("![")) ?? "";
  const plain = para
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`>#]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(plain);
  if (chars.length <= max) return plain;
  const cut = chars.slice(0, max).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Blog posts, newest first (PRODUCT §7 "select all ordered by created_at descending, optionally by
 * language"), filtered by a search over title, subject or description, case-insensitively and
 * combined with the language filter (PRODUCT §5).
 *
 * Parameters
 * ----------
 * db : Kysely<Database>
 * filter : { language?: BlogLanguage; q?: string }
 *     Omitted or empty values do not filter. `q` is matched as a literal substring.
 *
 * Returns
 * -------
 * BlogPostSummary[]
 */
export async function listPosts(
  db: Kysely<Database>,
  filter: { language?: BlogLanguage; q?: string },
): Promise<BlogPostSummary[]> {
  let query = db
    .selectFrom("blog_posts")
    .select(["slug", "title", "subject", "language", "youtube_url", "created_at", "description"])
    .orderBy("created_at", "desc")
    .orderBy("slug");
  if (filter.language) query = query.where("language", "=", filter.language);
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("title", "ilike", pattern),
        eb("subject", "ilike", pattern),
        eb("description", "ilike", pattern),
      ]),
    );
  }
  const rows = await query.execute();
  return rows.map(({ description, ...r }) => ({
    ...r,
    language: r.language as BlogLanguage,
    created_at: new Date(r.created_at).toISOString(),
    excerpt: excerptOf(description),
  }));
}

/**
 * One post by slug (PRODUCT §7 "single by slug").
 *
 * Raises
 * ------
 * HttpError
 *     404 "Post not found".
 */
export async function getPost(db: Kysely<Database>, slug: string): Promise<BlogPost> {
  const row = await db
    .selectFrom("blog_posts")
    .select(["slug", "title", "subject", "language", "youtube_url", "created_at", "description"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, POST_NOT_FOUND);
  return {
    ...row,
    language: row.language as BlogLanguage,
    created_at: new Date(row.created_at).toISOString(),
  };
}
