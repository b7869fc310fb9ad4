import { BlogListQuery, BlogListResponse, BlogPost } from "@tonic/api";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema.js";
import { serialize } from "../lib/http.js";
import { getPost, listPosts } from "./service.js";

const SlugParams = z.object({ slug: z.string().min(1).max(200) });

/**
 * Blog API (PRODUCT §2 Blog, §5 blog search, §7 blog_posts), open to everyone:
 *
 * - `GET /api/blog?language=&q=` → `{ posts }`, newest first; `language` is one of en, hi, te,
 *   ta, ml, kn (empty or "all" for every language), `q` searches title, subject and description.
 * - `GET /api/blog/:slug` → the post; 404 "Post not found".
 */
export async function blogRoutes(app: FastifyInstance, opts: { db: Kysely<Database> }) {
  app.get("/api/blog", async (request) => {
    const { language, q } = BlogListQuery.parse(request.query);
    return serialize(BlogListResponse, { posts: await listPosts(opts.db, { language, q }) });
  });

  app.get("/api/blog/:slug", async (request) => {
    const { slug } = SlugParams.parse(request.params);
    return serialize(BlogPost, await getPost(opts.db, slug));
  });
}
