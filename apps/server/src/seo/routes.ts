import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { renderRobots, renderSitemap, sitemapEntries } from "./service.js";

export interface SeoRoutesOptions {
  db: Kysely<Database>;
  /** Canonical origin (env PUBLIC_URL); when absent the request's own protocol and host are used. */
  publicUrl?: string;
}

/**
 * `GET /sitemap.xml` and `GET /robots.txt`, generated from the routes and the lessons and posts in the
 * database. Register before the web routes so the history fallback does not answer them.
 */
export async function seoRoutes(app: FastifyInstance, opts: SeoRoutesOptions) {
  const base = (req: FastifyRequest) =>
    (opts.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, "");

  app.get("/sitemap.xml", async (request, reply) => {
    const xml = renderSitemap(await sitemapEntries(opts.db, base(request)));
    return reply
      .type("application/xml; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(xml);
  });

  app.get("/robots.txt", async (request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(renderRobots(base(request))),
  );
}
