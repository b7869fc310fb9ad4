import fp from "fastify-plugin";
import { registerSecurityHeaders } from "./headers.js";
import { guardInput } from "./input-guard.js";
import { originCheckHook } from "./origin.js";

/** Options of {@link securityPlugin}. */
export interface SecurityOptions {
  /** Production: HSTS on. Default: `NODE_ENV === "production"`. */
  production?: boolean;
  /** The built web app, whose inline scripts the CSP allows by hash. */
  webDistDir?: string;
}

/**
 * Security headers (CSP, HSTS, nosniff, frame and referrer policies), the origin check of every
 * unsafe method (`originCheckHook`) and the input guard, app-wide (`fastify-plugin`: not
 * encapsulated, so they apply to every route of the app).
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app, opts) => {
    await registerSecurityHeaders(app, {
      production: opts.production ?? process.env.NODE_ENV === "production",
      webDistDir: opts.webDistDir,
    });
    app.addHook("onRequest", async (request) => originCheckHook(request));
    app.addHook("preValidation", async (request) => guardInput(request));
  },
  { name: "tonic-security", fastify: "5.x" },
);
