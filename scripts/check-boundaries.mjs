#!/usr/bin/env node
/**
 * Import boundaries that Biome cannot express, run by `npm run lint` (exit 1 on any finding).
 *
 * 1. Test tools stay out of production: no non-test file under apps/ or packages/\*\/src may import
 *    `@tonic/analysis/testing` or any file of packages/analysis/testing (the test-signal, voice and
 *    instrument synthesisers and the evaluation metrics). Tests (`*.test.ts(x)`, apps/server/test/,
 *    apps/web/src/test/), the benches, training scripts and browser tests may.
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

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(`check-boundaries: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`check-boundaries: ${production.length} production files checked, no boundary crossed`);
