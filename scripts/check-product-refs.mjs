#!/usr/bin/env node
/**
 * Citations of the product rules must point at docs/PRODUCT.md, and at a section it has.
 *
 *   node scripts/check-product-refs.mjs                # exit 1 on a citation of the old spec or of a missing section
 *   node scripts/check-product-refs.mjs --allow-spec   # the same, but only counts citations of the old spec
 *   node scripts/check-product-refs.mjs --root DIR     # check another tree (DIR/docs/PRODUCT.md and its sources)
 *
 * A citation is `PRODUCT §9`, `PRODUCT §4.2` or a list after it (`PRODUCT §2, §9`, `PRODUCT §4/§6`); each
 * number must be a section heading of docs/PRODUCT.md (`## 9. …`, `### 4.2 …`). The old form is the word
 * SPEC (or SPEC.md) followed by a section sign, from the specification that is not in the repository;
 * `scripts/replace-spec-refs.mjs` rewrites it. Both scripts share the file walk below.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Folders whose files may cite the product rules (plus the top-level Markdown files). */
export const SOURCE_ROOTS = ["apps", "packages", "e2e", "scripts", "content", "docs"];
/** Text files that carry citations. */
export const EXTENSIONS = new Set([
  ".ts",
  ".tsx",
  ".mts",
  ".cts",
  ".js",
  ".mjs",
  ".cjs",
  ".md",
  ".css",
  ".html",
  ".json",
]);
/** Build outputs, dependencies and data: never sources. */
const SKIP_DIRS = new Set([
  "node_modules",
  "dist",
  "dev-dist",
  ".git",
  "coverage",
  "test-results",
  "playwright-report",
  ".artifacts",
  "data",
]);
/** These two scripts spell the old form in their patterns; they are neither checked nor rewritten. */
export const SELF = new Set(["check-product-refs.mjs", "replace-spec-refs.mjs"]);

/** The old citation: SPEC or SPEC.md, optional space, the section sign. Global, for replace and count. */
export const OLD_CITATION = /\bSPEC(?:\.md)?[ \u00a0]?§/g;
/** A citation of PRODUCT.md: the first number and the list of further `§N` joined by `,`, `/`, `and`, `–`. */
const NEW_CITATION =
  /\bPRODUCT(?:\.md)?[ \u00a0]?§ ?(\d+(?:\.\d+)*)((?:\s*(?:,|\/|and|&|–|-)\s*§ ?\d+(?:\.\d+)*)*)/g;

/**
 * Every source file under `paths` (folders walked, files taken as they are).
 * @param {string[]} paths absolute folders or files.
 * @returns {string[]} absolute file paths, sorted.
 */
export function sourceFiles(paths) {
  const out = [];
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      if (SKIP_DIRS.has(basename(p))) return;
      for (const name of readdirSync(p)) visit(join(p, name));
    } else if (st.isFile() && EXTENSIONS.has(extname(p)) && !SELF.has(basename(p))) {
      out.push(p);
    }
  };
  for (const p of paths) visit(p);
  return out.sort();
}

/**
 * The default file set of a tree: its source roots and its top-level Markdown files.
 * @param {string} root the repository (or a copy of it).
 */
export function defaultFiles(root) {
  const top = readdirSync(root)
    .filter((n) => n.endsWith(".md"))
    .map((n) => join(root, n));
  return sourceFiles([...SOURCE_ROOTS.map((d) => join(root, d)), ...top]);
}

/**
 * Section numbers of docs/PRODUCT.md: `## 9. Title` gives "9", `### 4.2 Title` gives "4.2".
 * @param {string} text the Markdown.
 * @returns {Set<string>}
 */
export function productSections(text) {
  const ids = new Set();
  for (const m of text.matchAll(/^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s/gm)) ids.add(m[1]);
  return ids;
}

/**
 * The problems of one file's text.
 * @returns {{ line: number, message: string, old: boolean }[]}
 */
export function problemsOf(text, sections) {
  const problems = [];
  const lineOf = (index) => text.slice(0, index).split("\n").length;
  for (const m of text.matchAll(OLD_CITATION)) {
    problems.push({
      line: lineOf(m.index),
      old: true,
      message: "cites the old spec; cite docs/PRODUCT.md (PRODUCT + section sign + number)",
    });
  }
  for (const m of text.matchAll(NEW_CITATION)) {
    const ids = [m[1], ...[...(m[2] ?? "").matchAll(/§ ?(\d+(?:\.\d+)*)/g)].map((x) => x[1])];
    for (const id of ids) {
      if (!sections.has(id))
        problems.push({
          line: lineOf(m.index),
          old: false,
          message: `cites PRODUCT §${id}, which docs/PRODUCT.md does not have`,
        });
    }
  }
  return problems;
}

function main(argv) {
  const allowSpec = argv.includes("--allow-spec");
  const rootAt = argv.indexOf("--root");
  const root = rootAt >= 0 ? resolve(argv[rootAt + 1]) : REPO_ROOT;
  const productPath = join(root, "docs", "PRODUCT.md");
  let sections;
  try {
    sections = productSections(readFileSync(productPath, "utf8"));
  } catch {
    console.error(`check-product-refs: ${relative(process.cwd(), productPath)} is missing`);
    return 1;
  }
  let errors = 0;
  let oldCount = 0;
  for (const file of defaultFiles(root)) {
    const text = readFileSync(file, "utf8");
    if (!text.includes("§")) continue;
    for (const p of problemsOf(text, sections)) {
      if (p.old) oldCount++;
      if (p.old && allowSpec) continue;
      errors++;
      console.error(`${relative(root, file)}:${p.line}: ${p.message}`);
    }
  }
  if (allowSpec && oldCount > 0)
    console.log(
      `check-product-refs: ${oldCount} citations of the old spec left (allowed by --allow-spec; node scripts/replace-spec-refs.mjs rewrites them)`,
    );
  if (errors > 0) {
    console.error(`check-product-refs: ${errors} problem(s)`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
