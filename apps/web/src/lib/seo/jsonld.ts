/**
 * schema.org structured data (JSON-LD) for the page types of PRODUCT §2 "Install and updates": composition
 * (analysed songs), article (blog posts), FAQ, search results and web page. Builders return plain
 * objects; {@link validateJsonLd} checks them against the schema.org shapes Google's rich results use.
 */

export const SCHEMA_CONTEXT = "https://schema.org";

/** A JSON-LD node: `@type` plus schema.org properties. */
export interface JsonLdNode {
  "@context"?: typeof SCHEMA_CONTEXT;
  "@type": string;
  [property: string]: unknown;
}

const ORGANIZATION = { "@type": "Organization", name: "Tonic", url: "/" } as const;

/**
 * A `WebPage` (or subtype such as `AboutPage`, `ContactPage`).
 * @param p.url absolute canonical URL.
 */
export function webPage(p: {
  name: string;
  description: string;
  url: string;
  type?: "WebPage" | "AboutPage" | "ContactPage" | "CollectionPage";
}): JsonLdNode {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": p.type ?? "WebPage",
    name: p.name,
    description: p.description,
    url: p.url,
    isPartOf: { "@type": "WebSite", name: "Tonic", url: new URL("/", p.url).toString() },
  };
}

/**
 * An `Article` for a blog post (PRODUCT §3 blog_posts).
 * @param p.datePublished ISO 8601 date-time.
 * @param p.inLanguage BCP 47 code, e.g. `hi`.
 */
export function article(p: {
  headline: string;
  description: string;
  url: string;
  datePublished: string;
  inLanguage: string;
  image?: string;
  videoUrl?: string;
}): JsonLdNode {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "Article",
    headline: p.headline.slice(0, 110),
    description: p.description,
    url: p.url,
    mainEntityOfPage: p.url,
    datePublished: p.datePublished,
    inLanguage: p.inLanguage,
    author: { ...ORGANIZATION, url: new URL("/", p.url).toString() },
    publisher: { ...ORGANIZATION, url: new URL("/", p.url).toString() },
    ...(p.image ? { image: p.image } : {}),
    ...(p.videoUrl ? { video: { "@type": "VideoObject", embedUrl: p.videoUrl, name: p.headline } } : {}),
  };
}

/**
 * A `MusicComposition` for an analysed song (PRODUCT §3 songs: key such as "C Major", bpm).
 * @param p.bpm tempo in beats per minute.
 * @param p.durationMinutes song length in minutes, written as ISO 8601 (`PT3M30S`).
 */
export function musicComposition(p: {
  name: string;
  url: string;
  musicalKey: string;
  bpm?: number;
  durationMinutes?: number;
  thumbnail?: string;
  inLanguage?: string;
}): JsonLdNode {
  const node: JsonLdNode = {
    "@context": SCHEMA_CONTEXT,
    "@type": "MusicComposition",
    name: p.name,
    url: p.url,
    musicalKey: p.musicalKey,
  };
  if (p.inLanguage) node.inLanguage = p.inLanguage;
  if (p.thumbnail) node.image = p.thumbnail;
  const extra: { name: string; value: number; unitText?: string }[] = [];
  if (p.bpm !== undefined) extra.push({ name: "tempo", value: Math.round(p.bpm), unitText: "BPM" });
  if (extra.length) {
    node.additionalProperty = extra.map((e) => ({ "@type": "PropertyValue", ...e }));
  }
  if (p.durationMinutes !== undefined && p.durationMinutes > 0) {
    const total = Math.round(p.durationMinutes * 60);
    node.timeRequired = `PT${Math.floor(total / 60)}M${total % 60}S`;
  }
  return node;
}

/** An `FAQPage`; each question must also be visible on the page. */
export function faqPage(items: { question: string; answer: string }[]): JsonLdNode {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "FAQPage",
    mainEntity: items.map((i) => ({
      "@type": "Question",
      name: i.question,
      acceptedAnswer: { "@type": "Answer", text: i.answer },
    })),
  };
}

/**
 * A `SearchResultsPage` listing results as an `ItemList`.
 * @param p.results absolute URLs and names, in display order.
 */
export function searchResultsPage(p: {
  name: string;
  url: string;
  query?: string;
  results: { name: string; url: string }[];
}): JsonLdNode {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "SearchResultsPage",
    name: p.name,
    url: p.url,
    ...(p.query ? { about: p.query } : {}),
    mainEntity: {
      "@type": "ItemList",
      numberOfItems: p.results.length,
      itemListElement: p.results.map((r, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: r.name,
        url: r.url,
      })),
    },
  };
}

const isText = (v: unknown): v is string => typeof v === "string" && v.trim().length > 0;
const isAbsoluteUrl = (v: unknown) => {
  if (typeof v !== "string") return false;
  try {
    return /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};
const isIsoDate = (v: unknown) =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v);

/** Required properties per type: a check that returns a problem description or null. */
const RULES: Record<string, Record<string, (v: unknown) => boolean>> = {
  WebPage: { name: isText, url: isAbsoluteUrl },
  AboutPage: { name: isText, url: isAbsoluteUrl },
  ContactPage: { name: isText, url: isAbsoluteUrl },
  CollectionPage: { name: isText, url: isAbsoluteUrl },
  Article: {
    headline: (v) => isText(v) && (v as string).length <= 110,
    datePublished: isIsoDate,
    url: isAbsoluteUrl,
    author: (v) => typeof v === "object" && v !== null && isText((v as { name?: unknown }).name),
  },
  MusicComposition: { name: isText, url: isAbsoluteUrl, musicalKey: isText },
  FAQPage: {
    mainEntity: (v) =>
      Array.isArray(v) &&
      v.length > 0 &&
      v.every(
        (q) =>
          q?.["@type"] === "Question" &&
          isText(q.name) &&
          q.acceptedAnswer?.["@type"] === "Answer" &&
          isText(q.acceptedAnswer.text),
      ),
  },
  SearchResultsPage: {
    name: isText,
    url: isAbsoluteUrl,
    mainEntity: (v) => {
      const list = v as { "@type"?: unknown; itemListElement?: unknown } | null;
      return (
        list?.["@type"] === "ItemList" &&
        Array.isArray(list.itemListElement) &&
        list.itemListElement.every(
          (li: { "@type"?: unknown; position?: unknown; url?: unknown }, i: number) =>
            li["@type"] === "ListItem" && li.position === i + 1 && isAbsoluteUrl(li.url),
        )
      );
    },
  },
};

/** The schema.org types this module knows how to validate. */
export const SUPPORTED_TYPES = Object.keys(RULES);

/**
 * Checks a JSON-LD node against the schema.org shape of its type.
 * @param node a parsed JSON-LD object.
 * @returns a list of problems; empty when valid.
 */
export function validateJsonLd(node: unknown): string[] {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return ["not an object"];
  const n = node as Record<string, unknown>;
  const problems: string[] = [];
  if (n["@context"] !== SCHEMA_CONTEXT) problems.push(`@context must be ${SCHEMA_CONTEXT}`);
  const type = n["@type"];
  if (typeof type !== "string") return [...problems, "@type missing"];
  const rules = RULES[type];
  if (!rules) return [...problems, `unsupported @type ${type}`];
  for (const [prop, ok] of Object.entries(rules)) {
    if (!ok(n[prop])) problems.push(`${type}.${prop} is missing or invalid`);
  }
  return problems;
}
