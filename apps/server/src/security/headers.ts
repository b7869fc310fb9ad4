import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Third-party origins the web app really loads (checked against apps/web: useCheckout.ts,
 * youtube-iframe.ts, course/lib/video.ts, blog/lib/youtube.ts; Razorpay's CSP guidance for Checkout).
 */
export const CSP_ORIGINS = {
  /** Razorpay Checkout script, its iframe and its API/telemetry calls. */
  razorpay: {
    script: ["https://checkout.razorpay.com"],
    frame: ["https://api.razorpay.com", "https://checkout.razorpay.com"],
    connect: ["https://api.razorpay.com", "https://lumberjack.razorpay.com"],
    img: ["https://cdn.razorpay.com"],
  },
  /** YouTube IFrame Player API (script and player), thumbnails, and lesson videos (Vimeo, Drive). */
  video: {
    script: ["https://www.youtube.com", "https://s.ytimg.com"],
    frame: [
      "https://www.youtube.com",
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
      "https://drive.google.com",
    ],
    img: ["https://i.ytimg.com", "https://s.ytimg.com"],
  },
  /** Google profile pictures of users who signed in with Google. */
  avatars: ["https://*.googleusercontent.com"],
} as const;

/**
 * `'sha256-…'` sources for the inline `<script>` blocks of the built index.html (the dark-mode snippet
 * that runs before first paint), so CSP can forbid every other inline script.
 * @param html the page's HTML.
 */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = m[1] ?? "";
    if (body.trim() === "") continue;
    out.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return out;
}

/** The Content-Security-Policy directives (helmet's format). */
export function cspDirectives(scriptHashes: readonly string[]): Record<string, string[]> {
  const o = CSP_ORIGINS;
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    // blob: for the vocal recorder's AudioWorklet module (worklets follow script-src);
    // 'wasm-unsafe-eval' lets the analysis Worker compile onnxruntime-web's WebAssembly (our own file):
    // it allows WebAssembly compilation only, never JavaScript eval.
    "script-src": [
      "'self'",
      "blob:",
      "'wasm-unsafe-eval'",
      ...scriptHashes,
      ...o.razorpay.script,
      ...o.video.script,
    ],
    // React style attributes and Razorpay's injected styles.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...o.video.img, ...o.razorpay.img, ...o.avatars],
    "font-src": ["'self'", "data:"],
    "media-src": ["'self'", "blob:", "data:"],
    "connect-src": ["'self'", ...o.razorpay.connect],
    "frame-src": [...o.video.frame, ...o.razorpay.frame],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
  };
}

/**
 * Security headers on every response via `@fastify/helmet`: CSP (above), `X-Content-Type-Options:
 * nosniff`, `X-Frame-Options: DENY` with `frame-ancestors 'none'`, `Referrer-Policy:
 * strict-origin-when-cross-origin` (YouTube's player needs the origin), HSTS only in production
 * (served over HTTPS behind the proxy). Cross-origin embedder/opener policies stay off: they would
 * break the YouTube and Razorpay iframes.
 * @param webDistDir the built web app (its index.html's inline scripts are hashed into the CSP).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { production: boolean; webDistDir?: string },
): Promise<void> {
  let hashes: string[] = [];
  if (opts.webDistDir) {
    try {
      hashes = inlineScriptHashes(readFileSync(path.join(opts.webDistDir, "index.html"), "utf8"));
    } catch {
      // no built web app: API only, nothing inline to allow
    }
  }
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(hashes) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  });
}
