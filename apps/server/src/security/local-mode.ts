import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../lib/errors.js";

/** Name of the file in the data folder that keeps the generated local auth secret. */
export const LOCAL_SECRET_FILE = "auth-secret";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback (`::ffff:127.x.x.x`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  return a === "::1" || /^127\.\d+\.\d+\.\d+$/.test(a) || /^::ffff:127\.\d+\.\d+\.\d+$/.test(a);
}

/**
 * Whether a request comes straight from this machine: the TCP peer is a loopback address, no
 * forwarding header says it was relayed (a reverse proxy on the same machine must not make the
 * public look local), and the `Host` is a loopback name (blocks DNS-rebinding pages in a browser).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  const h = request.headers;
  if (h["x-forwarded-for"] !== undefined || h.forwarded !== undefined || h["x-real-ip"] !== undefined)
    return false;
  const host = (h.host ?? "").toLowerCase().replace(/:\d+$/, "");
  return LOOPBACK_HOSTS.has(host);
}

/**
 * Guard of the development tools (the mail outbox, the test checkout): they answer only requests from
 * this machine; anyone else gets the same 404 as an unknown path.
 * @throws {HttpError} 404 when the request is not local.
 */
export function requireLocalRequest(request: FastifyRequest): void {
  if (!isLocalRequest(request)) {
    throw new HttpError(404, `Not found: ${request.method} ${request.url.split("?")[0] ?? "/"}`);
  }
}

/** What a token given in `DEV_TOOLS_TOKEN` must look like: 32 to 128 URL-safe characters. */
export const DEV_TOOLS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** The cookie that lets a browser which opened the development tools' URL find them from the app. */
export const DEV_TOOLS_COOKIE = "tonic_dev_tools";

/**
 * The development tools of one start (opt-in with `DEV_TOOLS=1`, never in production): they live under
 * `prefix`, `/dev/<token>`, a URL nobody can guess, printed to the console at start.
 */
export interface DevTools {
  token: string;
  /** `/dev/<token>`: the outbox is `<prefix>/outbox`, the test checkout `<prefix>/test-checkout/pay`. */
  prefix: string;
}

/** A new random development-tools token: 128 bits, 32 hexadecimal characters. */
export function newDevToolsToken(): string {
  return randomBytes(16).toString("hex");
}

/**
 * The development tools at the URL of `token`.
 * @throws {Error} when the token does not match {@link DEV_TOOLS_TOKEN_PATTERN}.
 */
export function devToolsAt(token: string): DevTools {
  if (!DEV_TOOLS_TOKEN_PATTERN.test(token)) {
    throw new Error("The development tools' token must be 32 to 128 letters, digits, '-' or '_'");
  }
  return { token, prefix: `/dev/${token}` };
}

/** The value of cookie `name` in the request's `Cookie` header, if any. */
function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/**
 * Whether the app may tell this request where the development tools are: the tools are on, the request
 * comes from this machine, and its browser already holds their token ({@link DEV_TOOLS_COOKIE}, set when
 * the URL printed at start was opened). A request relayed by a proxy on this machine looks local, so
 * the URL is only ever told to someone who already knows it.
 */
export function devToolsVisible(request: FastifyRequest, devTools: DevTools | null): boolean {
  if (!devTools || !isLocalRequest(request)) return false;
  const given = Buffer.from(cookieValue(request, DEV_TOOLS_COOKIE) ?? "");
  const token = Buffer.from(devTools.token);
  return given.length === token.length && timingSafeEqual(given, token);
}

/**
 * Sets {@link DEV_TOOLS_COOKIE} (HTTP-only, `SameSite=Strict`, the browser session only) on a reply of
 * the development tools, so the app opened in the same browser links to them.
 */
export function setDevToolsCookie(reply: FastifyReply, devTools: DevTools): void {
  reply.header("set-cookie", `${DEV_TOOLS_COOKIE}=${devTools.token}; Path=/; HttpOnly; SameSite=Strict`);
}

/**
 * The auth secret when none is configured (local mode only): a random 48-byte secret generated on
 * first start and kept in `<dataDir>/auth-secret` (mode 0600), so sessions survive restarts and no
 * secret is ever a constant in the code.
 * @param dataDir the server's data folder (created when missing).
 * @returns the secret (base64url, 64 characters).
 */
export async function loadOrCreateLocalSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, LOCAL_SECRET_FILE);
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if (!(err instanceof Error && "code" in err && err.code === "ENOENT")) throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** What the start-up log says about the mode and what it exposes. */
export interface ModeDescription {
  mode: "local" | "production";
  /** One-line summary for the log. */
  message: string;
  /** What is reachable, for operators. */
  exposes: string[];
}

/**
 * Describes the run mode for the start-up log.
 * @param opts.production `NODE_ENV=production`.
 * @param opts.host       the bind address (`HOST`).
 * @param opts.localSecret true when the auth secret was generated in the data folder.
 * @param opts.devTools   the development tools are on (`DEV_TOOLS=1`).
 */
export function describeMode(opts: {
  production: boolean;
  host: string;
  trustProxy: string | undefined;
  localSecret: boolean;
  devTools: boolean;
}): ModeDescription {
  const loopbackOnly = opts.host === "localhost" || isLoopbackAddress(opts.host);
  const exposes: string[] = [];
  if (opts.production) {
    exposes.push("the site and API; no development tools");
  } else {
    exposes.push(
      opts.devTools
        ? "development tools (mail outbox, test checkout) at a random URL of this start under /dev/, answered only for requests from this machine"
        : "no development tools (DEV_TOOLS is not set)",
    );
    if (opts.localSecret) exposes.push("auth secret generated and kept in the data folder");
  }
  exposes.push(
    loopbackOnly
      ? `listening on loopback only (${opts.host}); set HOST=0.0.0.0 to accept other machines`
      : `listening on ${opts.host}: reachable from other machines`,
  );
  exposes.push(
    opts.trustProxy
      ? `client addresses taken from X-Forwarded-For set by TRUST_PROXY=${opts.trustProxy}`
      : "client addresses are the TCP peer (TRUST_PROXY not set)",
  );
  const mode = opts.production ? "production" : "local";
  return { mode, message: `Tonic runs in ${mode} mode: ${exposes.join("; ")}`, exposes };
}
