import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { collectLicenses } from "./scripts/gen-licenses.mjs";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Emits `/acknowledgments.json` (the Acknowledgments page's data) at build time from the installed
 * dependencies' package.json licences, and serves it in dev. Nothing is typed by hand or committed.
 */
function acknowledgments(): Plugin {
  const json = () =>
    JSON.stringify({ generatedAt: new Date().toISOString(), libraries: collectLicenses(here(".")) });
  return {
    name: "tonic-acknowledgments",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "acknowledgments.json", source: json() });
    },
    configureServer(server) {
      server.middlewares.use("/acknowledgments.json", (_req, res) => {
        res.setHeader("Content-Type", "application/json");
        res.end(json());
      });
    },
  };
}

/**
 * Writes `.br` and `.gz` siblings of the text assets after the build, so a static server with
 * pre-compressed file support (e.g. @fastify/static `preCompressed: true`) sends them compressed.
 */
function precompress(): Plugin {
  let outDir = "";
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return {
    name: "tonic-precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          // sw.js stays uncompressed-only so an updated worker is never shadowed by a stale copy.
          if (
            !/\.(js|css|html|svg|json|webmanifest|wasm|onnx)$/.test(file) ||
            file.endsWith(`${path.sep}sw.js`)
          )
            continue;
          const data = readFileSync(file);
          if (data.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      },
    },
  };
}

const THEME = "#7c3aed";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    acknowledgments(),
    precompress(),
    // PRODUCT §2 "Install and updates", §7: service worker at /sw.js, prompt-for-update registration.
    VitePWA({
      strategies: "generateSW",
      filename: "sw.js",
      registerType: "prompt",
      injectRegister: false,
      includeAssets: ["favicon.svg", "apple-touch-icon.png", "icons/favicon-48.png"],
      manifest: {
        id: "/",
        name: "Tonic — Music Theory & Song Analysis",
        short_name: "Tonic",
        description:
          "Learn music theory with scales on piano and guitar, and see the key, tempo and chords of any song.",
        lang: "en",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "any",
        theme_color: THEME,
        background_color: "#ffffff",
        categories: ["education", "music"],
        icons: [
          { src: "/icons/favicon-48.png", sizes: "48x48", type: "image/png" },
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // The app shell and every lazy chunk (theory tools, the local-file analysis worker) work offline.
        globPatterns: ["**/*.{js,css,html,svg,png,woff2,wasm,wav}"],
        // The Indic Noto fonts load only for text that needs them (unicode-range); the runtime cache
        // below keeps the ones a reader used instead of precaching every subset for everyone.
        // The ONNX runtime's WebAssembly and the engine's models load only in the analysis Worker, when a
        // file is analysed (runtime cache below), never with the first page.
        globIgnores: ["**/noto-sans-*", "**/ort-wasm-*", "**/*.onnx"],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/dev\//,
          /^\/sitemap\.xml$/,
          /^\/robots\.txt$/,
          /^\/acknowledgments\.json$/,
        ],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Course pages, posts, songs, plans and the session already visited stay readable offline.
            // Network first: the cache only answers when the network fails, and always holds the latest
            // answer (after a sign-out, the signed-out session). Sign-in flows and writes never cached.
            urlPattern: /\/api\/(learn|blog|plans|songs|me|usage)(\/|\?|$)/,
            handler: "NetworkFirst",
            method: "GET",
            options: {
              cacheName: "tonic-api",
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: /\/assets\/noto-sans-[^/]+\.woff2$/,
            handler: "CacheFirst",
            options: {
              cacheName: "tonic-fonts",
              expiration: { maxEntries: 40, maxAgeSeconds: 365 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: /\/assets\/(ort-wasm-[^/]+\.wasm|[^/]+\.onnx)$/,
            handler: "CacheFirst",
            options: {
              cacheName: "tonic-models",
              expiration: { maxEntries: 8 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: /\/acknowledgments\.json$/,
            handler: "StaleWhileRevalidate",
            options: { cacheName: "tonic-static", cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${here("./src")}/` },
      { find: /^@tonic\/youtube$/, replacement: here("../../packages/youtube/src/index.ts") },
      { find: /^@tonic\/api$/, replacement: here("../../packages/api/src/index.ts") },
      { find: /^@tonic\/theory$/, replacement: here("../../packages/theory/src/index.ts") },
      { find: /^@tonic\/theory\/constants$/, replacement: here("../../packages/theory/src/constants.ts") },
      { find: /^@tonic\/theory\/exercises$/, replacement: here("../../packages/theory/src/exercises.ts") },
      { find: /^@tonic\/theory\/notation$/, replacement: here("../../packages/theory/src/notation.ts") },
      { find: /^@tonic\/theory\/units$/, replacement: here("../../packages/theory/src/units.ts") },
      { find: /^@tonic\/analysis$/, replacement: here("../../packages/analysis/src/index.ts") },
      { find: /^@tonic\/analysis\/web$/, replacement: here("../../packages/analysis/src/web.ts") },
      { find: /^@tonic\/analysis\/models\//, replacement: `${here("../../packages/analysis/models")}/` },
    ],
  },
  worker: { format: "es" },
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 800 },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000", "^/dev/": "http://localhost:3000" } },
});
