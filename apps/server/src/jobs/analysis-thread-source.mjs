// The analysis thread when the server runs from its TypeScript source (tests, tsx): loads
// analysis-thread.ts through tsx's public API. (Node 20 ignores `--import tsx` in a worker's execArgv.)
// The built server starts dist/jobs/analysis-thread.js directly.
import { register } from "tsx/esm/api";

register();
await import("./analysis-thread.ts");
