import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app from `webDistDir` with history fallback (PRODUCT §2: any unknown path renders the
 * app, whose router shows Home). Unknown `/api/*` and `/dev/*` paths get a JSON 404 instead.
 */
export async function webRoutes(app: FastifyInstance, opts: { webDistDir: string }) {
  const hasWeb = existsSync(path.join(opts.webDistDir, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of every asset; serve them to clients that accept them.
      preCompressed: true,
      // Our setHeaders decides Cache-Control; send's own default (max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        } else {
          res.setHeader("Cache-Control", "no-cache");
        }
      },
    });
  } else {
    app.log.warn({ webDistDir: opts.webDistDir }, "web app not built; run `npm run build` to serve it");
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    // unknown API and development-tools paths (`/dev/...`: a wrong or old token) are plain 404s
    if (url.startsWith("/api/") || url === "/api" || url.startsWith("/dev/") || url === "/dev") {
      return reply.status(404).send({ error: `Not found: ${request.method} ${url}` });
    }
    if ((request.method === "GET" || request.method === "HEAD") && hasWeb) {
      return reply.header("Cache-Control", "no-cache").type("text/html").sendFile("index.html");
    }
    return reply.status(404).send({ error: "Not found" });
  });
}
