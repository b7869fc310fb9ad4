import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";
import { STATIC_PATHS } from "./service.js";

const webDir = mkdtempSync(path.join(tmpdir(), "tonic-seo-"));
writeFileSync(path.join(webDir, "index.html"), "<!doctype html><div id=root></div>");

/** The <loc> values of a sitemap, parsed with a regular expression over the well-formed output. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? "");
}

describe.each(testDatabases())("sitemap.xml and robots.txt on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    handle = await open();
    await handle.db
      .insertInto("learning_concepts")
      .values(
        [1, 2].map((day) => ({
          slug: `day-${day}-notes&more`,
          title: `Day ${day}`,
          description: "d",
          course_day: day,
          order_index: 3 - day,
          video_provider: null,
          video_provider_id: null,
          content: JSON.stringify({ sections: [] }),
        })),
      )
      .execute();
    await handle.db
      .insertInto("blog_posts")
      .values([
        {
          slug: "old-post",
          title: "Old",
          subject: "s",
          description: "d",
          language: "en",
          created_at: "2026-01-02T10:00:00Z",
        },
        {
          slug: "new-post",
          title: "New",
          subject: "s",
          description: "d",
          language: "hi",
          created_at: "2026-03-04T10:00:00Z",
        },
      ])
      .execute();
    app = await buildApp({ database: handle, webDistDir: webDir, publicUrl: "https://tonic.example/" });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it("lists routes, lessons and posts under the public URL, escaped, not the history fallback", async () => {
    const res = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const urls = locs(res.body);
    for (const p of STATIC_PATHS) expect(urls).toContain(`https://tonic.example${p}`);
    expect(urls).not.toContain("https://tonic.example/settings");
    // Lessons by order_index (day 2 has index 1), slugs percent-encoded then XML-escaped.
    const lessons = urls.filter((u) => u.includes("/learn/"));
    expect(lessons).toEqual([
      "https://tonic.example/learn/day-2-notes%26more",
      "https://tonic.example/learn/day-1-notes%26more",
    ]);
    expect(res.body).toContain(
      "<url><loc>https://tonic.example/blog/new-post</loc><lastmod>2026-03-04</lastmod></url>",
    );
    expect(urls.indexOf("https://tonic.example/blog/new-post")).toBeLessThan(
      urls.indexOf("https://tonic.example/blog/old-post"),
    );
  });

  it("robots.txt allows the site, blocks the API and account screens and names the sitemap", async () => {
    const res = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/plain/);
    const lines = res.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain("Disallow: /settings");
    expect(lines).toContain("Sitemap: https://tonic.example/sitemap.xml");
  });

  it("falls back to the request host without PUBLIC_URL", async () => {
    const other = await buildApp({ database: handle, webDistDir: webDir });
    try {
      const res = await other.inject({
        method: "GET",
        url: "/robots.txt",
        headers: { host: "localhost:3204" },
      });
      expect(res.body).toContain("Sitemap: http://localhost:3204/sitemap.xml");
    } finally {
      await other.close();
    }
  });
});
