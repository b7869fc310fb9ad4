import type { FastifyRequest } from "fastify";

/** Query parameters whose values are never logged: one-time tokens, OAuth codes, secrets. */
const SECRET_PARAM = /token|code|secret|password|signature|key/i;

/** What a redacted value is replaced with. */
export const REDACTED = "[redacted]";

/**
 * A request URL fit for the log: values of query parameters named like a secret (`token`, `code`, …)
 * and the token segment of better-auth's `/reset-password/<token>` replaced by `[redacted]`; other
 * parameters (`callbackURL`, …) kept as they came.
 */
export function redactUrlForLog(url: string): string {
  const q = url.indexOf("?");
  const path = (q === -1 ? url : url.slice(0, q)).replace(
    /(\/reset-password\/)[^/?#]+/i,
    (_m, prefix: string) => prefix + REDACTED,
  );
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // keep it encoded
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

/**
 * The `req` log serializer: Fastify's default fields, with the URL passed through {@link redactUrlForLog}
 * (e.g. the verify-email link's `token` never reaches the log).
 */
export function requestLogSerializer(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrlForLog(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
