#!/usr/bin/env node
// `npm run bench:load`: a bounded load test of the built server on loopback (issue 15).
// Starts `apps/server/dist/main.js` on 127.0.0.1 with a throw-away data folder, runs autocannon for
// BENCH_SECONDS (default 30) per route with BENCH_CONNECTIONS (default 10) connections, prints
// requests/s, p99 latency and errors per route, then stops the server. Run `npm run build` first.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = fileURLToPath(new URL("..", import.meta.url));
const main = path.join(root, "apps/server/dist/main.js");
if (!existsSync(main)) {
  console.error("apps/server/dist/main.js is missing: run `npm run build` first.");
  process.exit(1);
}
const seconds = Math.min(120, Math.max(1, Number(process.env.BENCH_SECONDS ?? 30)));
const connections = Math.min(100, Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 10)));

const port = await new Promise((resolve, reject) => {
  const s = createServer();
  s.once("error", reject);
  s.listen(0, "127.0.0.1", () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), "tonic-bench-load-"));
const server = spawn(process.execPath, [main], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
    CONTACT_RATE_LIMIT_MAX: "100000000",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
const stop = () => {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

const deadline = Date.now() + 120_000;
for (;;) {
  const ok = await fetch(`${base}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);
  if (ok) break;
  if (Date.now() > deadline || server.exitCode !== null) {
    console.error("server did not become healthy");
    stop();
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 200));
}

const routes = [
  { name: "health", method: "GET", path: "/api/health" },
  { name: "songs list", method: "GET", path: "/api/songs" },
  { name: "home", method: "GET", path: "/" },
  {
    name: "contact",
    method: "POST",
    path: "/api/contact",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Load", email: "load@example.com", subject: "Bench", message: "Hello" }),
  },
];

console.log(
  `Load test: ${seconds} s per route, ${connections} connections, loopback ${base}; load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const rows = [];
for (const r of routes) {
  const result = await autocannon({
    url: base + r.path,
    method: r.method,
    headers: r.headers,
    body: r.body,
    connections,
    duration: seconds,
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  rows.push({
    route: `${r.method} ${r.path} (${r.name})`,
    "requests/s": Math.round(result.requests.average),
    "p99 ms": result.latency.p99,
    errors: bad,
  });
}
console.table(rows);
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
stop();
process.exit(rows.some((r) => r.errors > 0) ? 1 : 0);
