import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Tests run against the packages' TypeScript sources, so no build is needed first. */
export const sourceAliases = [
  { find: /^@tonic\/theory$/, replacement: src("./packages/theory/src/index.ts") },
  { find: /^@tonic\/api$/, replacement: src("./packages/api/src/index.ts") },
  { find: /^@tonic\/theory\/constants$/, replacement: src("./packages/theory/src/constants.ts") },
  { find: /^@tonic\/theory\/exercises$/, replacement: src("./packages/theory/src/exercises.ts") },
  { find: /^@tonic\/theory\/notation$/, replacement: src("./packages/theory/src/notation.ts") },
  { find: /^@tonic\/theory\/units$/, replacement: src("./packages/theory/src/units.ts") },
  { find: /^@tonic\/youtube$/, replacement: src("./packages/youtube/src/index.ts") },
  { find: /^@tonic\/analysis$/, replacement: src("./packages/analysis/src/index.ts") },
  { find: /^@tonic\/analysis\/node$/, replacement: src("./packages/analysis/src/node.ts") },
  { find: /^@tonic\/analysis\/synth$/, replacement: src("./packages/analysis/src/synth.ts") },
  { find: /^@tonic\/analysis\/testing$/, replacement: src("./packages/analysis/testing/index.ts") },
];

export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    projects: [
      { extends: true, test: { name: "theory", include: ["packages/theory/src/**/*.test.ts"] } },
      { extends: true, test: { name: "api", include: ["packages/api/src/**/*.test.ts"] } },
      { extends: true, test: { name: "youtube", include: ["packages/youtube/src/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "analysis",
          include: [
            "packages/analysis/src/**/*.test.ts",
            "packages/analysis/bench/**/*.test.ts",
            "packages/analysis/testing/**/*.test.ts",
            "packages/analysis/train/**/*.test.ts",
          ],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        resolve: { alias: [{ find: /^@\//, replacement: `${src("./apps/web/src")}/` }] },
        test: { name: "web", include: ["apps/web/src/**/*.test.{ts,tsx}"] },
      },
    ],
  },
});
