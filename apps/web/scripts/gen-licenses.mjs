// Collects the open-source libraries the Tonic web app ships, with their licences, from the installed
// dependencies' package.json files (the production dependency closure of @tonic/web and of the workspace
// packages it bundles, plus the Workbox runtime inside the service worker).
// Used by the `tonic-acknowledgments` Vite plugin (vite.config.ts), which emits /acknowledgments.json at
// build time; also runnable on its own: `node apps/web/scripts/gen-licenses.mjs [out.json]`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Runtime libraries bundled by the build although declared as dev dependencies (PWA runtime). */
const SHIPPED_BUILD_DEPS = [
  "workbox-window",
  "workbox-core",
  "workbox-precaching",
  "workbox-routing",
  "workbox-strategies",
  "workbox-expiration",
  "workbox-cacheable-response",
];

/**
 * Dependencies of bundled workspace packages that only their Node entry points use, so they never reach
 * the browser: `audio-decode` serves `@tonic/analysis/node` (the CLI); the web app decodes with Web Audio.
 */
const NODE_ONLY = new Set(["audio-decode"]);

/**
 * Finds a package's folder the way Node resolves it: node_modules of `fromDir` and its parents.
 * @param {string} name package name
 * @param {string} fromDir folder of the depending package
 * @returns {string | undefined}
 */
function resolvePackageDir(name, fromDir) {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/**
 * Normalises package.json `license` / legacy `licenses` into an SPDX-like string.
 * @param {Record<string, unknown>} pkg
 */
function licenseOf(pkg) {
  const l = pkg.license;
  if (typeof l === "string") return l;
  if (l && typeof l === "object" && "type" in l) return String(l.type);
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((x) => x.type ?? String(x)).join(" OR ");
  return "UNKNOWN";
}

/** @param {Record<string, unknown>} pkg */
function homepageOf(pkg) {
  if (typeof pkg.homepage === "string") return pkg.homepage;
  const repo = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  if (typeof repo !== "string") return undefined;
  if (/^[\w.-]+\/[\w.-]+$/.test(repo)) return `https://github.com/${repo}`;
  return repo
    .replace(/^git\+/, "")
    .replace(/^git:\/\//, "https://")
    .replace(/\.git$/, "");
}

/** @param {Record<string, unknown>} pkg */
function authorOf(pkg) {
  const a = pkg.author;
  if (typeof a === "string") return a.replace(/\s*[<(].*$/, "").trim() || undefined;
  if (a && typeof a === "object" && typeof a.name === "string") return a.name;
  return undefined;
}

/**
 * The first lines of the package's LICENSE file (the copyright notice), at most 1,200 characters.
 * @param {string} dir
 */
function licenseNotice(dir) {
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f));
  if (!file) return undefined;
  const text = readFileSync(path.join(dir, file), "utf8").trim();
  return text.length > 1200 ? `${text.slice(0, 1200)}…` : text;
}

/**
 * @typedef {{ name: string, version: string, license: string, homepage?: string, author?: string,
 *   description?: string, notice?: string }} LibraryLicense
 */

/**
 * Walks the production dependency closure starting at the web app.
 * @param {string} webDir the apps/web folder
 * @returns {LibraryLicense[]} one entry per package name@version, sorted by name; workspace packages excluded.
 */
export function collectLicenses(webDir) {
  const rootPkg = readJson(path.join(webDir, "package.json"));
  /** @type {Map<string, LibraryLicense>} */
  const seen = new Map();
  /** @type {Set<string>} */
  const visitedDirs = new Set();
  /** @type {Array<{ name: string, from: string }>} */
  const queue = [
    ...Object.keys(rootPkg.dependencies ?? {}).map((name) => ({ name, from: webDir })),
    ...SHIPPED_BUILD_DEPS.map((name) => ({ name, from: webDir })),
  ];
  while (queue.length) {
    const next = queue.shift();
    if (!next) break;
    if (NODE_ONLY.has(next.name) || next.name.startsWith("@types/")) continue;
    const dir = resolvePackageDir(next.name, next.from);
    if (!dir) continue;
    if (visitedDirs.has(dir)) continue;
    visitedDirs.add(dir);
    const pkg = readJson(path.join(dir, "package.json"));
    const isWorkspace = next.name.startsWith("@tonic/");
    if (!isWorkspace) {
      const key = `${pkg.name}@${pkg.version}`;
      seen.set(key, {
        name: pkg.name,
        version: pkg.version,
        license: licenseOf(pkg),
        homepage: homepageOf(pkg),
        author: authorOf(pkg),
        description: typeof pkg.description === "string" ? pkg.description : undefined,
        notice: licenseNotice(dir),
      });
    }
    for (const dep of Object.keys(pkg.dependencies ?? {})) queue.push({ name: dep, from: dir });
  }
  return [...seen.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const webDir = fileURLToPath(new URL("..", import.meta.url));
  const list = collectLicenses(webDir);
  const out = process.argv[2];
  const json = `${JSON.stringify({ generatedAt: new Date().toISOString(), libraries: list }, null, 2)}\n`;
  if (out) writeFileSync(out, json);
  else process.stdout.write(json);
  console.error(`${list.length} libraries`);
}
