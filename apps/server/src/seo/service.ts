import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/**
 * The public, indexable paths of PRODUCT §2's route table (account-only screens — /settings, /auth and
 * /auth/callback — are left out) plus the acknowledgments view.
 */
export const STATIC_PATHS: readonly string[] = [
  "/",
  "/scale-explorer",
  "/piano-visualizer",
  "/guitar-visualizer",
  "/search",
  "/vocal-detector",
  "/song-explorer",
  "/learn",
  "/blog",
  "/premium",
  "/about",
  "/contactform",
  "/privacy-policy",
  "/terms",
  "/pricing-policy",
  "/cancellation-policy",
  "/shipping-policy",
  "/acknowledgments",
];

/** Paths crawlers should not fetch. */
export const DISALLOWED_PATHS: readonly string[] = ["/api/", "/settings", "/auth"];

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** yyyy-mm-dd of the last change, when known. */
  lastmod?: string;
}

/** Escapes the five XML special characters. */
export function xmlEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * Lists every URL of the sitemap: the static routes, one `/learn/{slug}` per lesson (ordered by
 * order_index) and one `/blog/{slug}` per post (newest first, lastmod = created_at).
 * @param db the database (tables learning_concepts and blog_posts, PRODUCT §3).
 * @param baseUrl the site origin without a trailing slash, e.g. `https://tonic.example`.
 */
export async function sitemapEntries(db: Kysely<Database>, baseUrl: string): Promise<SitemapEntry[]> {
  const [lessons, posts] = await Promise.all([
    db.selectFrom("learning_concepts").select(["slug"]).orderBy("order_index").execute(),
    db.selectFrom("blog_posts").select(["slug", "created_at"]).orderBy("created_at", "desc").execute(),
  ]);
  const url = (p: string) => `${baseUrl}${p}`;
  return [
    ...STATIC_PATHS.map((p) => ({ loc: url(p) })),
    ...lessons.map((l) => ({ loc: url(`/learn/${encodeURIComponent(l.slug)}`) })),
    ...posts.map((p) => ({
      loc: url(`/blog/${encodeURIComponent(p.slug)}`),
      lastmod: new Date(p.created_at).toISOString().slice(0, 10),
    })),
  ];
}

/**
 * Renders a sitemap per the sitemaps.org 0.9 protocol.
 * @param entries the URLs.
 * @returns the XML document.
 */
export function renderSitemap(entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * Renders robots.txt: everything allowed except the API and account screens, plus the sitemap URL.
 * @param baseUrl the site origin without a trailing slash.
 */
export function renderRobots(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
