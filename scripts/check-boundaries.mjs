#!/usr/bin/env node
/**
 * Import boundaries that Biome cannot express, run by `npm run lint` (exit 1 on any finding).
 *
 * 1. Test tools stay out of production: no non-test file under apps/ or packages/\*\/src may import
 *    `@tonic/analysis/testing` or any file of packages/analysis/testing (the test-signal, voice and
 *    instrument synthesisers and the evaluation metrics). Tests (`*.test.ts(x)`, apps/server/test/,
 *    apps/web/src/test/), the benches, training scripts and browser tests may.
 * 2. Music primitives live once: outside packages/theory/src, no non-test source file (apps/, packages/,
 *    scripts/) may spell out the 12 pitch names as a list, or write Hz → MIDI (`69 + 12 * Math.log2`),
 *    MIDI → Hz (`2 ** ((m - 69) / 12)`) or cents (`1200 * Math.log2`) by hand: import PITCH_CLASSES from
 *    `@tonic/theory/constants` and hzToMidi, midiToHz, centsBetween, pitchClassName, midiNoteName from
 *    `@tonic/theory/units`. Tests may write the values out, as independent expectations.
 *
 *   node scripts/check-boundaries.mjs
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const TESTING_DIR = join(root, "packages/analysis/testing");
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** Every source file below `dir` (relative to the repository root), skipping build output and modules. */
function walk(dir) {
  const abs = join(root, dir);
  let entries;
  try {
    entries = readdirSync(abs);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    if (name === "node_modules" || name === "dist" || name === "dev-dist" || name.startsWith(".")) return [];
    const rel = join(dir, name);
    if (statSync(join(root, rel)).isDirectory()) return walk(rel);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [rel] : [];
  });
}

/** Test code: unit tests and the folders of test helpers. */
function isTest(rel) {
  const p = rel.split(sep).join("/");
  return (
    /\.(test|spec)\.(ts|tsx|mts|js|mjs)$/.test(p) ||
    p.startsWith("apps/server/test/") ||
    p.startsWith("apps/web/src/test/")
  );
}

/** The module specifiers of `import … from`, `export … from`, `import("…")` and `import "…"`. */
function specifiers(text) {
  const out = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1]);
  return out;
}

function intoTesting(file, spec) {
  if (spec === "@tonic/analysis/testing" || spec.startsWith("@tonic/analysis/testing/")) return true;
  if (!spec.startsWith(".")) return false;
  const target = resolve(root, dirname(file), spec);
  return target === TESTING_DIR || target.startsWith(TESTING_DIR + sep);
}

const production = [
  ...walk("apps"),
  ...readdirSync(join(root, "packages")).flatMap((p) => walk(join("packages", p, "src"))),
].filter((f) => !isTest(f));

const problems = [];
for (const file of production) {
  const text = readFileSync(join(root, file), "utf8");
  for (const spec of specifiers(text)) {
    if (intoTesting(file, spec)) {
      problems.push(
        `${relative(root, join(root, file))}: imports "${spec}" — test tools (packages/analysis/testing) are for tests, benches and training only`,
      );
    }
  }
}

/** Hand-written music primitives and where their one home is. */
const PRIMITIVES = [
  {
    re: /["']C["']\s*,\s*["']C#["']\s*,\s*["']D["']\s*,\s*["']D#["']|["']C["']\s*,\s*["']Db["']\s*,\s*["']D["']\s*,\s*["']Eb["']/,
    what: "a list of the 12 pitch names",
    use: "PITCH_CLASSES from @tonic/theory/constants, pitchClassName or midiNoteName from @tonic/theory/units",
  },
  {
    re: /\b69\s*\+\s*12\s*\*\s*Math\.log2/,
    what: "Hz → MIDI by hand",
    use: "hzToMidi from @tonic/theory/units",
  },
  {
    re: /2\s*\*\*\s*\(\([^()]*-\s*69\)\s*\/\s*12\)|Math\.pow\(\s*2\s*,\s*\([^()]*-\s*69\)\s*\/\s*12\s*\)/,
    what: "MIDI → Hz by hand",
    use: "midiToHz from @tonic/theory/units",
  },
  { re: /\b1200\s*\*\s*Math\.log2/, what: "cents by hand", use: "centsBetween from @tonic/theory/units" },
];
/**
 * Known copies in files this check may not change yet (features other work owns); each is listed in
 * issue 28. Remove a line when its copy is gone.
 */
const KNOWN_COPIES = new Set([]);
const primitiveFiles = [
  ...walk("apps"),
  ...walk("packages").filter((f) => !f.split(sep).join("/").startsWith("packages/theory/src/")),
  ...walk("scripts").filter((f) => f !== join("scripts", "check-boundaries.mjs")),
].filter((f) => !isTest(f) && !KNOWN_COPIES.has(f.split(sep).join("/")));
for (const file of primitiveFiles) {
  const lines = readFileSync(join(root, file), "utf8").split("\n");
  lines.forEach((line, i) => {
    for (const p of PRIMITIVES) {
      if (p.re.test(line)) problems.push(`${file}:${i + 1}: ${p.what} — use ${p.use}`);
    }
  });
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(`check-boundaries: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  `check-boundaries: ${production.length} production files free of test tools, ${primitiveFiles.length} files free of hand-written music primitives`,
);
