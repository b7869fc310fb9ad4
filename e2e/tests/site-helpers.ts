import type { Page } from "@playwright/test";
import { validateJsonLd } from "../../apps/web/src/lib/seo/jsonld";

export const SHOTS = "/tmp/shots-site";

/** Serves a tiny page instead of the OpenStreetMap embed, so tests never need the internet. */
export async function stubMap(page: Page): Promise<void> {
  await page.route(/openstreetmap\.org/, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title><p>map</p>" }),
  );
}

/** Everything search engines read from the head, after the app has set it. */
export async function readSeo(page: Page) {
  return page.evaluate(() => {
    const meta = (sel: string) => document.head.querySelector<HTMLMetaElement>(sel)?.content ?? null;
    const scripts = Array.from(
      document.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"]'),
    );
    return {
      title: document.title,
      description: meta('meta[name="description"]'),
      canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
      ogTitle: meta('meta[property="og:title"]'),
      ogDescription: meta('meta[property="og:description"]'),
      ogUrl: meta('meta[property="og:url"]'),
      ogImage: meta('meta[property="og:image"]'),
      jsonLd: scripts.flatMap((s) => {
        const parsed = JSON.parse(s.textContent ?? "null");
        return Array.isArray(parsed) ? parsed : [parsed];
      }) as Record<string, unknown>[],
    };
  });
}

/** Problems of every JSON-LD node, keyed by type. */
export function jsonLdProblems(nodes: Record<string, unknown>[]): string[] {
  return nodes.flatMap((n) => validateJsonLd(n).map((p) => `${String(n["@type"])}: ${p}`));
}
