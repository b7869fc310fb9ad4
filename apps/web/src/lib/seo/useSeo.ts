import { useEffect } from "react";
import type { JsonLdNode } from "./jsonld";

/** What one screen tells search engines and link previews (PRODUCT §2 "Install and updates"). */
export interface SeoInput {
  /** Page title without the site name; " | Tonic" is appended. */
  title: string;
  /** Meta description, ideally 50–160 characters. */
  description: string;
  /** Canonical path (default: the current pathname, without query or hash). */
  path?: string;
  /** Open Graph type. */
  type?: "website" | "article";
  /** Absolute or root-relative image URL for link previews (default: the 512 px icon). */
  image?: string;
  /** Structured data; builders in `./jsonld`. */
  jsonLd?: JsonLdNode | JsonLdNode[];
  /** Ask crawlers not to index this page (e.g. account screens). */
  noindex?: boolean;
}

export const SITE_NAME = "Tonic";
const DEFAULT_IMAGE = "/icons/icon-512.png";
const JSONLD_ID = "seo-jsonld";

/** The canonical origin: `VITE_PUBLIC_URL` when built with one, else the page's own origin. */
export function siteOrigin(): string {
  const env = import.meta.env.VITE_PUBLIC_URL as string | undefined;
  return (env || window.location.origin).replace(/\/+$/, "");
}

/**
 * Absolute canonical URL of a path.
 * @param path a root-relative path such as `/blog/hello`.
 */
export function canonicalUrl(path: string): string {
  return `${siteOrigin()}${path.startsWith("/") ? path : `/${path}`}`;
}

/** Formats the document title: "About Tonic" stays; "Terms" becomes "Terms | Tonic". */
export function formatTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

function setMeta(attr: "name" | "property", key: string, content: string | null) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(href: string | null) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement("link");
    el.rel = "canonical";
    document.head.appendChild(el);
  }
  el.href = href;
}

function setJsonLd(data: JsonLdNode | JsonLdNode[] | undefined) {
  let el = document.getElementById(JSONLD_ID) as HTMLScriptElement | null;
  if (!data) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement("script");
    el.id = JSONLD_ID;
    el.type = "application/ld+json";
    document.head.appendChild(el);
  }
  el.textContent = JSON.stringify(data);
}

/**
 * Applies a screen's title, description, canonical link, Open Graph/Twitter tags and JSON-LD to the
 * document head. Restores the site defaults when the screen unmounts, so screens that do not call it
 * never show a stale title.
 * @param input the screen's SEO data; pass a stable object or memoise, changes re-apply.
 */
export function useSeo(input: SeoInput): void {
  const { title, description, path, type, image, jsonLd, noindex } = input;
  const jsonKey = jsonLd ? JSON.stringify(jsonLd) : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: jsonKey stands for jsonLd's content.
  useEffect(() => {
    const defaults = {
      title: document.title,
      description: document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? "",
    };
    const url = canonicalUrl(path ?? window.location.pathname);
    const fullTitle = formatTitle(title);
    const img = new URL(image ?? DEFAULT_IMAGE, `${siteOrigin()}/`).toString();
    document.title = fullTitle;
    setMeta("name", "description", description);
    setMeta("name", "robots", noindex ? "noindex, nofollow" : null);
    setCanonical(url);
    setMeta("property", "og:title", fullTitle);
    setMeta("property", "og:description", description);
    setMeta("property", "og:url", url);
    setMeta("property", "og:type", type ?? "website");
    setMeta("property", "og:image", img);
    setMeta("name", "twitter:title", fullTitle);
    setMeta("name", "twitter:description", description);
    setJsonLd(jsonLd);
    return () => {
      document.title = defaults.title;
      setMeta("name", "description", defaults.description);
      setMeta("name", "robots", null);
      setCanonical(null);
      setMeta("property", "og:title", defaults.title);
      setMeta("property", "og:description", defaults.description);
      setMeta("property", "og:url", null);
      setMeta("property", "og:type", "website");
      setJsonLd(undefined);
    };
  }, [title, description, path, type, image, jsonKey, noindex]);
}
