import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import type { DatabaseHandle } from "../db/index.js";
import { registerErrorHandler } from "../lib/errors.js";
import { blogRoutes } from "./routes.js";
import { excerptOf } from "./service.js";

const POSTS = [
  {
    slug: "old-en",
    title: "Circle of Fifths",
    subject: "Keys",
    description: "All **twelve** keys.",
    language: "en",
    created_at: "2026-01-01T00:00:00Z",
  },
  {
    slug: "new-en",
    title: "Four Chords",
    subject: "Progressions",
    description: "I–V–vi–IV and the 100% rule_",
    language: "en",
    created_at: "2026-03-01T00:00:00Z",
    youtube_url: "https://youtu.be/oOlDewpCfZQ",
  },
  {
    slug: "te-post",
    title: "శంకరాభరణం",
    subject: "రాగాలు",
    description: "C Major స్కేల్ ఇదే.",
    language: "te",
    created_at: "2026-02-01T00:00:00Z",
  },
  {
    slug: "hi-post",
    title: "सरगम",
    subject: "Solfege basics",
    description: "सा रे ग म",
    language: "hi",
    created_at: "2026-02-15T00:00:00Z",
  },
];

describe.each(testDatabases())("blog API on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    handle = await open();
    await handle.db.insertInto("blog_posts").values(POSTS).execute();
    app = Fastify();
    registerErrorHandler(app);
    await app.register(blogRoutes, { db: handle.db });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const slugs = async (query: string) => {
    const res = await app.inject({ method: "GET", url: `/api/blog${query}` });
    expect(res.statusCode, query).toBe(200);
    return res.json().posts.map((p: { slug: string }) => p.slug);
  };

  it("lists posts newest first with card fields", async () => {
    expect(await slugs("")).toEqual(["new-en", "hi-post", "te-post", "old-en"]);
    const res = await app.inject({ method: "GET", url: "/api/blog" });
    expect(res.json().posts[3]).toEqual({
      slug: "old-en",
      title: "Circle of Fifths",
      subject: "Keys",
      language: "en",
      youtube_url: null,
      created_at: "2026-01-01T00:00:00.000Z",
      excerpt: "All twelve keys.",
    });
  });

  it("filters by language, empty or all meaning every language", async () => {
    expect(await slugs("?language=te")).toEqual(["te-post"]);
    expect(await slugs("?language=en")).toEqual(["new-en", "old-en"]);
    expect(await slugs("?language=")).toHaveLength(4);
    expect(await slugs("?language=all")).toHaveLength(4);
    expect(await slugs("?language=kn")).toEqual([]);
    const bad = await app.inject({ method: "GET", url: "/api/blog?language=fr" });
    expect(bad.statusCode).toBe(400);
  });

  it("searches title, subject and description case-insensitively, combined with the language", async () => {
    expect(await slugs("?q=circle")).toEqual(["old-en"]);
    expect(await slugs("?q=PROGRESSIONS")).toEqual(["new-en"]);
    expect(await slugs("?q=twelve")).toEqual(["old-en"]);
    expect(await slugs(`?q=${encodeURIComponent("c major")}`)).toEqual(["te-post"]);
    expect(await slugs(`?q=${encodeURIComponent("రాగాలు")}`)).toEqual(["te-post"]);
    expect(await slugs("?q=s&language=hi")).toEqual(["hi-post"]);
    expect(await slugs("?q=solfege&language=en")).toEqual([]);
    expect(await slugs("?q=%20%20")).toHaveLength(4);
  });

  it("treats % and _ in the search as plain characters", async () => {
    expect(await slugs(`?q=${encodeURIComponent("100%")}`)).toEqual(["new-en"]);
    expect(await slugs(`?q=${encodeURIComponent("%")}`)).toEqual(["new-en"]);
    expect(await slugs(`?q=${encodeURIComponent("_")}`)).toEqual(["new-en"]);
  });

  it("returns one post with its Markdown, or Post not found", async () => {
    const res = await app.inject({ method: "GET", url: "/api/blog/new-en" });
    expect(res.json()).toEqual({
      slug: "new-en",
      title: "Four Chords",
      subject: "Progressions",
      description: "I–V–vi–IV and the 100% rule_",
      language: "en",
      youtube_url: "https://youtu.be/oOlDewpCfZQ",
      created_at: "2026-03-01T00:00:00.000Z",
    });
    const missing = await app.inject({ method: "GET", url: "/api/blog/nope" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "Post not found" });
  });
});

describe("excerptOf", () => {
  it("takes the first text paragraph as plain text", () => {
    expect(excerptOf("## Heading\n\nSome **bold** and [a link](https://x.y).\n\nSecond.")).toBe(
      "Some bold and a link.",
    );
  });
  it("cuts long text at a word boundary", () => {
    const out = excerptOf("word ".repeat(100), 30);
    expect(out.endsWith("…")).toBe(true);
    expect(Array.from(out).length).toBeLessThanOrEqual(31);
    expect(out).not.toMatch(/wor…$/);
  });
});
