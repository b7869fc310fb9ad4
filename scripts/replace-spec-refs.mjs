#!/usr/bin/env node
/**
 * Rewrites the citations of the old specification (the word SPEC or SPEC.md before a section sign: "SPEC
 * §9", "SPEC.md §4", "(SPEC §2, §9)", "SPEC §4/§6") as citations of docs/PRODUCT.md ("PRODUCT §9", …). The
 * section numbers stay: PRODUCT.md keeps the spec's numbering for sections 1–9.
 *
 *   node scripts/replace-spec-refs.mjs                 # the repository: apps packages e2e scripts content docs, top-level *.md
 *   node scripts/replace-spec-refs.mjs --dry-run       # count only, write nothing
 *   node scripts/replace-spec-refs.mjs --root DIR      # a copy of the tree laid out like the repository
 *   node scripts/replace-spec-refs.mjs PATH...         # only these folders or files
 *   --no-format                                        # skip `biome format --write` of the changed files
 *
 * Files: .ts .tsx .mts .cts .js .mjs .cjs .md .css .html .json, outside node_modules, dist and other build
 * output (the walk of scripts/check-product-refs.mjs). After rewriting, the changed files Biome formats are
 * passed to `biome format --write`, because "PRODUCT" is three characters longer than "SPEC" and a string
 * on a full line may then need wrapping. Prints each changed file with its count, the total, and the
 * remaining plain mentions of "the SPEC" (without a section sign), which are left for a person to reword.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultFiles, OLD_CITATION, REPO_ROOT, sourceFiles } from "./check-product-refs.mjs";

/** Plain mentions left after the rewrite: the word SPEC not followed by a section sign. */
const PLAIN_MENTION = /\bSPEC\b(?!(?:\.md)?[ \u00a0]?§)/g;
/** Files Biome formats (biome.json leaves Markdown and content/ alone). */
const BIOME_EXT = /\.(?:[cm]?[jt]sx?|json|css)$/;

/**
 * @param {string} text a file's text.
 * @returns {{ text: string, count: number }} the text with every old citation rewritten, and how many.
 */
export function rewrite(text) {
  let count = 0;
  const out = text.replace(OLD_CITATION, (m) => {
    count++;
    // Keep what stood between the word and the section sign (a space, none, a no-break space).
    return `PRODUCT${m.slice(m.startsWith("SPEC.md") ? 7 : 4)}`;
  });
  return { text: out, count };
}

function main(argv) {
  const dryRun = argv.includes("--dry-run");
  const format = !argv.includes("--no-format");
  const rootAt = argv.indexOf("--root");
  const root = rootAt >= 0 ? resolve(argv[rootAt + 1]) : REPO_ROOT;
  const paths = argv.filter((a, i) => !a.startsWith("--") && !(rootAt >= 0 && i === rootAt + 1));
  const files = paths.length > 0 ? sourceFiles(paths.map((p) => resolve(p))) : defaultFiles(root);

  let total = 0;
  const changed = [];
  const plain = [];
  for (const file of files) {
    const before = readFileSync(file, "utf8");
    const { text, count } = rewrite(before);
    if (count > 0) {
      total += count;
      changed.push(file);
      console.log(`${String(count).padStart(4)}  ${relative(root, file)}`);
      if (!dryRun) writeFileSync(file, text);
    }
    for (const m of text.matchAll(PLAIN_MENTION)) {
      const line = text.slice(0, m.index).split("\n").length;
      plain.push(`${relative(root, file)}:${line}`);
    }
  }
  console.log(
    `${dryRun ? "would replace" : "replaced"} ${total} citations in ${changed.length} files of ${files.length} scanned`,
  );
  if (plain.length > 0)
    console.log(
      `plain mentions of "SPEC" without a section, left as they are (${plain.length}):\n  ${plain.join("\n  ")}`,
    );

  const toFormat = changed.filter((f) => BIOME_EXT.test(f));
  if (!dryRun && format && toFormat.length > 0) {
    const biome = join(REPO_ROOT, "node_modules", ".bin", "biome");
    if (!existsSync(biome)) {
      console.error("biome is not installed (npm ci); run `npm run format` yourself");
      return 1;
    }
    const r = spawnSync(biome, ["format", "--write", ...toFormat], { cwd: root, stdio: "inherit" });
    if (r.status !== 0) return r.status ?? 1;
  }
  return 0;
}

// Only when run as a script: importing this module (for `rewrite`) must never touch the tree.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
