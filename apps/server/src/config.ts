import { fileURLToPath } from "node:url";
import { z } from "zod";

const defaultWebDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
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
  PUBLIC_URL: z.string().url().optional(),
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
  return parsed.data;
}
