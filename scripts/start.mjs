// `npm start`: the built server in local mode with the development tools (mail outbox, test checkout at
// a random URL printed at start): DEV_TOOLS=1 unless NODE_ENV=production or DEV_TOOLS is already set.
// Deployments run `node apps/server/dist/main.js` (or `NODE_ENV=production npm start`): no tools.
if (process.env.DEV_TOOLS === undefined && process.env.NODE_ENV !== "production") process.env.DEV_TOOLS = "1";
await import("../apps/server/dist/main.js");
