import type { ChordSheet } from "@tonic/api";

/** What the page of a shared sheet says about it in its head (title, Open Graph, Twitter card). */
export interface SheetPageMeta {
  /** The song's title. */
  title: string;
  sheet: Pick<ChordSheet, "key" | "bpm" | "meter">;
  /** Absolute URL of the page (`{publicUrl}/sheet/{id}`). */
  url: string;
  /** Absolute URL of the preview image: the song's thumbnail, else the app's icon. */
  image: string;
}

/** The page title of a link that was revoked or never existed. */
export const MISSING_SHEET_TITLE = "Chord sheet not found — Tonic";

/** The document served when the web app is not built (API-only runs and tests). */
const BARE_INDEX =
  '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="UTF-8" />\n</head>\n<body><div id="root"></div></body>\n</html>\n';

/** Escapes text for an HTML text node or a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The preview text of a sheet: key, tempo and meter ("A# Minor · 120 BPM · 4/4"). */
export function sheetDescription(sheet: SheetPageMeta["sheet"]): string {
  const parts = [
    sheet.key ? `Key ${sheet.key}` : "No key",
    sheet.bpm !== null ? `${Math.round(sheet.bpm)} BPM` : "free tempo",
    sheet.meter,
  ];
  return `Chords ${parts.join(" · ")}. A chord sheet corrected by a musician on Tonic.`;
}

/** Head tags the web build writes itself and a shared sheet's page replaces. */
const REPLACED_TAGS =
  /[ \t]*(?:<title>[\s\S]*?<\/title>|<meta\s+(?:property|name)="(?:og:[^"]*|twitter:[^"]*|description)"[^>]*>)[ \t]*\r?\n?/g;

/**
 * The web app's `index.html` with the head of a shared sheet's page: `<title>`, description, Open Graph
 * (og:title "{song} — chords", og:description with key, tempo and meter, og:type, og:url, og:image) and
 * the Twitter card; `null` meta gives the generic title of a missing sheet. Every value is HTML-escaped,
 * and the build's own title, description, og: and twitter: tags are removed so each appears once.
 * @param indexHtml the built `index.html`, or null when the web app is not built (a bare document is used).
 */
export function renderSheetPage(indexHtml: string | null, meta: SheetPageMeta | null): string {
  const html = (indexHtml ?? BARE_INDEX).replace(REPLACED_TAGS, "");
  const tags: string[] = [];
  if (meta) {
    const title = `${meta.title} — chords`;
    const description = sheetDescription(meta.sheet);
    tags.push(
      `<title>${escapeHtml(`${title} | Tonic`)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
      `<meta property="og:image" content="${escapeHtml(meta.image)}" />`,
      `<meta name="twitter:card" content="summary" />`,
      `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    );
  } else {
    tags.push(
      `<title>${escapeHtml(MISSING_SHEET_TITLE)}</title>`,
      `<meta name="robots" content="noindex" />`,
    );
  }
  const head = `    ${tags.join("\n    ")}\n  </head>`;
  const at = html.search(/<\/head>/i);
  if (at < 0) return `${head}\n${html}`;
  return `${html.slice(0, at)}${head.trimStart()}${html.slice(at + "</head>".length)}`;
}
