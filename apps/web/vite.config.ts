import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${here("./src")}/` },
      { find: /^@tonic\/theory$/, replacement: here("../../packages/theory/src/index.ts") },
      { find: /^@tonic\/analysis$/, replacement: here("../../packages/analysis/src/index.ts") },
    ],
  },
  worker: { format: "es" },
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 800 },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
