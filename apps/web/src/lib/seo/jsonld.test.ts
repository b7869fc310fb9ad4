import { describe, expect, it } from "vitest";
import {
  article,
  faqPage,
  musicComposition,
  SUPPORTED_TYPES,
  searchResultsPage,
  validateJsonLd,
  webPage,
} from "./jsonld";

const base = "https://tonic.example";

describe("JSON-LD builders produce valid schema.org shapes", () => {
  it("WebPage and its subtypes link the site", () => {
    const node = webPage({ name: "About Tonic", description: "d", url: `${base}/about`, type: "AboutPage" });
    expect(validateJsonLd(node)).toEqual([]);
    expect(node["@type"]).toBe("AboutPage");
    expect(node.isPartOf).toEqual({ "@type": "WebSite", name: "Tonic", url: `${base}/` });
  });

  it("Article carries headline, date, language and an organization author", () => {
    const node = article({
      headline: "Why the V chord pulls home",
      description: "Dominant function explained.",
      url: `${base}/blog/dominant`,
      datePublished: "2026-03-04T10:00:00.000Z",
      inLanguage: "hi",
      videoUrl: "https://www.youtube.com/embed/abcdefghijk",
    });
    expect(validateJsonLd(node)).toEqual([]);
    expect(node.author).toMatchObject({ "@type": "Organization", name: "Tonic" });
    expect(node.video).toMatchObject({ "@type": "VideoObject" });
  });

  it("Article headlines are cut to Google's 110 characters", () => {
    const node = article({
      headline: "x".repeat(200),
      description: "d",
      url: `${base}/blog/x`,
      datePublished: "2026-01-01",
      inLanguage: "en",
    });
    expect((node.headline as string).length).toBe(110);
    expect(validateJsonLd(node)).toEqual([]);
  });

  it("MusicComposition has the key, the tempo and an ISO 8601 duration", () => {
    const node = musicComposition({
      name: "Song",
      url: `${base}/search?v=abc`,
      musicalKey: "A Minor",
      bpm: 119.6,
      durationMinutes: 3.5,
    });
    expect(validateJsonLd(node)).toEqual([]);
    expect(node.timeRequired).toBe("PT3M30S");
    expect(node.additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "tempo", value: 120, unitText: "BPM" },
    ]);
  });

  it("FAQPage nests Question and Answer", () => {
    const node = faqPage([{ question: "Can I cancel?", answer: "Yes, any time." }]);
    expect(validateJsonLd(node)).toEqual([]);
    expect(validateJsonLd(faqPage([]))).toEqual(["FAQPage.mainEntity is missing or invalid"]);
  });

  it("SearchResultsPage numbers its ItemList from 1", () => {
    const node = searchResultsPage({
      name: "Search",
      url: `${base}/search`,
      query: "let it be",
      results: [
        { name: "A", url: `${base}/search?v=a` },
        { name: "B", url: `${base}/search?v=b` },
      ],
    });
    expect(validateJsonLd(node)).toEqual([]);
    expect(node.mainEntity).toMatchObject({
      numberOfItems: 2,
      itemListElement: [{ position: 1 }, { position: 2 }],
    });
  });
});

describe("validateJsonLd rejects wrong shapes", () => {
  it("reports missing context, unknown types and bad properties", () => {
    expect(validateJsonLd(null)).toEqual(["not an object"]);
    expect(validateJsonLd({ "@type": "WebPage", name: "x", url: `${base}/` })).toEqual([
      "@context must be https://schema.org",
    ]);
    expect(validateJsonLd({ "@context": "https://schema.org", "@type": "Thing" })).toEqual([
      "unsupported @type Thing",
    ]);
    expect(
      validateJsonLd({ "@context": "https://schema.org", "@type": "WebPage", name: "", url: "/relative" }),
    ).toEqual(["WebPage.name is missing or invalid", "WebPage.url is missing or invalid"]);
    expect(
      validateJsonLd({
        "@context": "https://schema.org",
        "@type": "Article",
        headline: "h",
        datePublished: "yesterday",
        url: `${base}/b`,
        author: { name: "T" },
      }),
    ).toEqual(["Article.datePublished is missing or invalid"]);
  });

  it("knows the five page types of PRODUCT.md", () => {
    for (const t of ["MusicComposition", "Article", "FAQPage", "SearchResultsPage", "WebPage"]) {
      expect(SUPPORTED_TYPES).toContain(t);
    }
  });
});
