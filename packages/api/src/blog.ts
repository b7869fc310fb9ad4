import * as z from "zod/mini";
import { IsoTime } from "./common.js";
import { BLOG_LANGUAGES } from "./constants.js";

/** `GET /api/blog` query: `language` ("" or "all" = every language) and a search text. */
export const BlogListQuery = z.object({
  language: z.pipe(
    z.optional(z.union([z.enum(BLOG_LANGUAGES), z.literal(""), z.literal("all")])),
    z.transform((v) => (v === "" || v === "all" ? undefined : v)),
  ),
  q: z.optional(z.string().check(z.maxLength(200))),
});
export type BlogListQuery = z.infer<typeof BlogListQuery>;

/** A blog card. */
export const BlogPostSummary = z.object({
  slug: z.string(),
  title: z.string(),
  subject: z.string(),
  language: z.enum(BLOG_LANGUAGES),
  youtube_url: z.nullable(z.string()),
  created_at: IsoTime,
  /** Plain-text start of the description. */
  excerpt: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;

/** `GET /api/blog` response, newest first. */
export const BlogListResponse = z.object({ posts: z.array(BlogPostSummary) });
export type BlogListResponse = z.infer<typeof BlogListResponse>;

/** `GET /api/blog/:slug`: a whole post; `description` is Markdown. */
export const BlogPost = z.extend(z.omit(BlogPostSummary, { excerpt: true }), { description: z.string() });
export type BlogPost = z.infer<typeof BlogPost>;
