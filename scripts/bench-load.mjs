#!/usr/bin/env node
// `npm run bench:load`: a bounded load test of the built server on loopback (issue 15).
// Starts `apps/server/dist/main.js` on 127.0.0.1 with a throw-away data folder, runs autocannon for
// BENCH_SECONDS (default 30) per route with BENCH_CONNECTIONS (default 10) connections, prints
// requests/s, p99 latency and errors per route; then sends VOCAL_UPLOADS (default 20) voice recordings
// (30 s, 48 kHz stereo WAV, 5.8 MB each) at once to POST /api/analyze-vocal-scale while autocannon measures
// GET /api/health (target: health p99 <= 200 ms while the uploads run), and stops the server.
// Run `npm run build` first.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { midiToHz } from "@tonic/theory/units";
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

/**
 * A 30 s sung-like C major scale (up and down, 0.5 s per note, vibrato and a few harmonics) as a
 * 48 kHz, 16-bit stereo WAV: 5.8 MB, the size of a phone's uncompressed recording.
 */
function voiceWav(seconds = 30, rate = 48_000) {
  const n = seconds * rate;
  const data = Buffer.alloc(n * 4);
  const scale = [60, 62, 64, 65, 67, 69, 71, 72, 71, 69, 67, 65, 64, 62];
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const note = scale[Math.floor(t / 0.5) % scale.length];
    const f = midiToHz(note) * (1 + 0.006 * Math.sin(2 * Math.PI * 5.5 * t));
    phase += (2 * Math.PI * f) / rate;
    const within = (t % 0.5) / 0.5;
    const env = Math.min(1, within * 20) * Math.min(1, (1 - within) * 10);
    const v = env * (0.5 * Math.sin(phase) + 0.2 * Math.sin(2 * phase) + 0.1 * Math.sin(3 * phase));
    const s = Math.round(Math.max(-1, Math.min(1, v)) * 20_000);
    data.writeInt16LE(s, i * 4);
    data.writeInt16LE(s, i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const uploads = Math.min(20, Math.max(1, Number(process.env.VOCAL_UPLOADS ?? 20)));
const wav = voiceWav();
console.log(
  `Voice uploads: ${uploads} at once to POST /api/analyze-vocal-scale (${(wav.length / 1e6).toFixed(1)} MB WAV each), GET /api/health measured meanwhile with 2 connections`,
);
let stopHealth;
const health = new Promise((resolve, reject) => {
  const instance = autocannon({ url: `${base}/api/health`, connections: 2, duration: 600 }, (err, result) =>
    err ? reject(err) : resolve(result),
  );
  stopHealth = () => instance.stop();
});
const uploadStart = performance.now();
const answers = await Promise.all(
  Array.from({ length: uploads }, async () => {
    const t0 = performance.now();
    const form = new FormData();
    form.append("audio", new Blob([wav], { type: "audio/wav" }), "scale.wav");
    try {
      const res = await fetch(`${base}/api/analyze-vocal-scale`, { method: "POST", body: form });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - t0 };
    } catch {
      return { status: 0, ms: performance.now() - t0 };
    }
  }),
);
const uploadWall = performance.now() - uploadStart;
stopHealth();
const healthResult = await health;
const byStatus = {};
for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
const pct = (p) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]);
const healthP99 = healthResult.latency.p99;
console.table([
  {
    route: `POST /api/analyze-vocal-scale (${uploads} parallel)`,
    answers: Object.entries(byStatus)
      .map(([status, count]) => `${count}× ${status}`)
      .join(", "),
    "p50 ms": pct(50),
    "max ms": pct(100),
    "wall s": (uploadWall / 1000).toFixed(1),
  },
  {
    route: "GET /api/health meanwhile",
    answers: `${healthResult.requests.total} requests, ${healthResult.non2xx + healthResult.errors + healthResult.timeouts} errors`,
    "p50 ms": healthResult.latency.p50,
    "max ms": healthResult.latency.max,
    "wall s": (healthResult.duration ?? 0).toFixed?.(1) ?? "",
  },
]);
console.log(
  `health p99 while the uploads ran: ${healthP99} ms (target <= 200 ms): ${healthP99 <= 200 ? "met" : "NOT met"}; ${healthResult.requests.average} requests/s`,
);
// Accepted uploads answer 200; the rest are refused by the concurrency gate (503) or the rate limit (429).
const unexpected = answers.filter((a) => ![200, 503, 429].includes(a.status)).length;
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
stop();
process.exit(rows.some((r) => r.errors > 0) || unexpected > 0 || healthP99 > 200 ? 1 : 0);
