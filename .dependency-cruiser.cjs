/**
 * Import boundaries checked by `npm run lint:deps` (part of `npm run lint`), on resolved paths, so a
 * relative import that climbs out of its folder is caught as well as an `@/` alias.
 *
 *   npx depcruise apps/web/src packages --config .dependency-cruiser.cjs
 */
const path = require("node:path");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "feature-imports-feature",
      comment:
        "A feature folder (apps/web/src/features/<a>) never imports another feature: move what both need to src/components, src/lib or src/stores, or compose them in src/app.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "component-imports-feature",
      comment: "src/components is shared UI: it never imports a feature (src/app composes them).",
      severity: "error",
      from: { path: "^apps/web/src/components/" },
      to: { path: "^apps/web/src/features/" },
    },
    {
      name: "package-imports-app",
      comment: "Imports flow apps/* → packages/*, never back.",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|dev-dist)/" },
    tsPreCompilationDeps: true,
    // The web app's `@/` alias and its paths to the packages' sources.
    tsConfig: { fileName: path.join(__dirname, "apps/web/tsconfig.json") },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
