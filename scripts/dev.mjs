// `npm run dev`: the web app with hot reload (Vite on :5173, proxying /api and /dev/) and the server in
// watch mode (tsx on :3000) with the development tools (DEV_TOOLS=1: the outbox and the test checkout at
// the URL it prints). Packages are resolved from source by Vite; the server needs them built once
// (tsc -b --watch).
import { spawn } from "node:child_process";

const procs = [
  ["tsc", ["-b", "--watch", "--preserveWatchOutput"]],
  ["tsx", ["watch", "--clear-screen=false", "apps/server/src/main.ts"]],
  ["vite", ["apps/web"]],
].map(([cmd, args]) =>
  spawn("npx", [cmd, ...args], {
    stdio: "inherit",
    env: { DEV_TOOLS: "1", ...process.env, NODE_ENV: "development" },
  }),
);

const stop = () => {
  for (const p of procs) p.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const p of procs) p.on("exit", (code) => code && stop());
