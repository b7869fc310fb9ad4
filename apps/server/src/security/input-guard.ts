import type { FastifyRequest } from "fastify";
import { HttpError } from "../lib/errors.js";

/** Deepest JSON nesting accepted (our bodies are at most 4 levels; 32 leaves room for clients). */
export const MAX_JSON_DEPTH = 32;

/**
 * Rejects input no route can use, before any handler sees it: a NUL character in any string of the
 * JSON body, query string or path parameters (PostgreSQL cannot store it in text), and JSON nested
 * deeper than {@link MAX_JSON_DEPTH} (re-serialising 100,000 levels overflows the stack). Walks
 * iteratively, so the check itself cannot overflow.
 * @throws {HttpError} 400 naming the field, e.g. `Invalid request: name must not contain a NUL character`.
 */
export function guardInput(request: FastifyRequest): void {
  check(request.params, "path");
  check(request.query, "query");
  const body = request.body;
  if (body !== null && typeof body === "object" && !Buffer.isBuffer(body)) check(body, "body");
  else if (typeof body === "string" && body.includes("\0")) fail("body");
}

function check(root: unknown, where: string): void {
  if (root === null || root === undefined || typeof root !== "object") return;
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value: root, path: [], depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string[]; depth: number };
    if (typeof value === "string") {
      if (value.includes("\0")) fail(path.length ? path.join(".") : where);
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH)
      throw new HttpError(
        400,
        `Invalid request: the ${where} is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
      );
    for (const [k, v] of Object.entries(value)) {
      if (k.includes("\0")) fail(path.length ? path.join(".") : where);
      stack.push({ value: v, path: [...path, k], depth: depth + 1 });
    }
  }
}

function fail(field: string): never {
  throw new HttpError(400, `Invalid request: ${field} must not contain a NUL character`);
}
