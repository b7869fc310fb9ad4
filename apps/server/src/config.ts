import { fileURLToPath } from "node:url";
import { z } from "zod";

const defaultWebDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** An optional variable where an empty value means "not set". */
function optionalString() {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** The log levels `LOG_LEVEL` accepts (pino's). */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * The level for the logger a command creates before its configuration is read: `LOG_LEVEL` when it
 * is one of {@link LOG_LEVELS}, else "info" (an invalid value is then reported by {@link loadConfig}).
 */
export function startupLogLevel(env: NodeJS.ProcessEnv = process.env): (typeof LOG_LEVELS)[number] {
  const level = env.LOG_LEVEL?.trim();
  return LOG_LEVELS.find((l) => l === level) ?? "info";
}

/** The least length of `AUTH_SECRET` in production: 32 bytes (`openssl rand -hex 32` gives 64 characters). */
export const MIN_PRODUCTION_SECRET_LENGTH = 32;

/**
 * Why a production auth secret is too weak, else null: shorter than
 * {@link MIN_PRODUCTION_SECRET_LENGTH} characters, or a short pattern repeated (`abcabcabc…`, `0000…`).
 */
export function weakSecretReason(secret: string): string | null {
  const advice = "generate one with `openssl rand -hex 32`";
  if (secret.length < MIN_PRODUCTION_SECRET_LENGTH) {
    return `AUTH_SECRET must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters in production (${secret.length} given); ${advice}`;
  }
  if (/^(.{1,8})\1+.{0,8}$/s.test(secret) || new Set(secret).size < 8) {
    return `AUTH_SECRET is a trivially repeated pattern; ${advice}`;
  }
  return null;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Bind address; default loopback only (what `localhost` resolves to). Set 0.0.0.0 to accept other machines. */
  HOST: z.string().min(1).default("localhost"),
  /** Reverse proxies trusted to set X-Forwarded-For: addresses/CIDRs, `loopback`, or a hop count. */
  TRUST_PROXY: optionalString(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: "DATABASE_URL must start with postgres:// or postgresql://",
    }),
  DATA_DIR: z.string().min(1).default("./data"),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDist),
  /** Folder with `course/` and `blog/` Markdown (default: the repository's `content/`). */
  CONTENT_DIR: z.string().trim().min(1).optional(),
  PUBLIC_URL: z.string().url().optional(),
  // Accounts, tiers and payments (issue 5); see .env.example.
  /** Signs sessions and tokens (32+ random characters); required in production. Alias: BETTER_AUTH_SECRET. */
  AUTH_SECRET: optionalString(),
  BETTER_AUTH_SECRET: optionalString(),
  GOOGLE_CLIENT_ID: optionalString(),
  GOOGLE_CLIENT_SECRET: optionalString(),
  GOOGLE_DISCOVERY_URL: optionalString(),
  SMTP_URL: optionalString(),
  MAIL_FROM: z.string().min(3).default("Tonic <no-reply@tonic.local>"),
  RAZORPAY_KEY_ID: optionalString(),
  RAZORPAY_KEY_SECRET: optionalString(),
  RAZORPAY_WEBHOOK_SECRET: optionalString(),
  RAZORPAY_API_URL: optionalString(),
  PLAUSIBLE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url().optional()),
  PLAUSIBLE_DOMAIN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
  // Songs (issue 6): YouTube Data API keys "primary,backup" and the analysis job queue.
  YOUTUBE_API_KEYS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((k) => k.trim())
        .filter((k) => k !== ""),
    ),
  YOUTUBE_API_BASE_URL: z.url().default("https://www.googleapis.com/youtube/v3"),
  YOUTUBE_WATCH_URL_TEMPLATE: z
    .string()
    .refine((v) => v.includes("{id}"), { message: "must contain {id}" })
    .default("https://www.youtube.com/watch?v={id}"),
  YT_DLP_PATH: z.string().min(1).default("yt-dlp"),
  FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
  ANALYSIS_IN_SERVER: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  ANALYSIS_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /**
   * The development tools (mail outbox, test checkout) at a random URL printed at start: "1" to turn
   * them on (`npm start` and `npm run dev` do outside production); refused with NODE_ENV=production.
   */
  DEV_TOOLS: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(["0", "1", "true", "false"], { error: "must be 1 or 0" }).optional())
    .transform((v) => v === "1" || v === "true"),
  /** A fixed token for the development tools' URL (browser tests); default a random one per start. */
  DEV_TOOLS_TOKEN: optionalString().refine((v) => v === undefined || /^[A-Za-z0-9_-]{32,128}$/.test(v), {
    message: "must be 32 to 128 letters, digits, '-' or '_'",
  }),
});

export type Config = z.infer<typeof EnvSchema>;

/** A configuration problem the operator must fix; printed as one line, without a stack trace. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads and validates the server configuration from environment variables (see `.env.example`).
 * @throws {ConfigError} when a variable is present but invalid.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${issues}`);
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.DEV_TOOLS) {
    throw new ConfigError(
      "Invalid configuration: DEV_TOOLS=1 is refused with NODE_ENV=production: the development tools (mail outbox, test checkout) must never run on a public server; unset DEV_TOOLS",
    );
  }
  const secret = parsed.data.AUTH_SECRET ?? parsed.data.BETTER_AUTH_SECRET;
  if (parsed.data.NODE_ENV === "production" && secret !== undefined) {
    const weak = weakSecretReason(secret);
    if (weak) throw new ConfigError(`Invalid configuration: ${weak}`);
  }
  return parsed.data;
}
