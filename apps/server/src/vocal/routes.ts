import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import { VocalScaleResult } from "@tonic/api";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../lib/errors.js";
import { serialize } from "../lib/http.js";
import { clientAddress } from "../security/client-address.js";
import { ConcurrencyGate } from "./limits.js";
import { analyzeVocalRecording, MAX_VOCAL_UPLOAD_BYTES } from "./service.js";

/** Limits of the vocal upload route; defaults match link analysis (`ANALYSIS_CONCURRENCY`, `ANALYSIS_TIMEOUT_SECONDS`). */
export interface VocalRoutesOptions {
  /** Vocal analyses running at once, all clients together (default 1). */
  concurrency?: number;
  /** Uploads waiting for a free place beyond those (default 4 × concurrency); more get 503. */
  maxWaiting?: number;
  /** Longest a request may wait and run, seconds (default 300); past it the answer is 503. */
  timeoutSeconds?: number;
  /** Uploads one client address may send per window (default 20). */
  rateLimitMax?: number;
  /** Length of the rate-limit window, ms (default 10 minutes). */
  rateLimitWindowMs?: number;
}

/** Seconds a client is told to wait (Retry-After) when every analysis place is taken. */
const BUSY_RETRY_SECONDS = 30;

/**
 * `POST /api/analyze-vocal-scale` (PRODUCT §7): multipart form with one file field `audio`
 * (a WAV named `recording.wav`) → PRODUCT §3 vocal analysis result. The recording is analysed in
 * memory and never stored. Used by the web app only when the browser cannot run the analysis worker.
 *
 * The analysis runs in a worker thread (`analyzeVocalInThread`), at most `concurrency` at once with a
 * bounded waiting line, and each client address may send `rateLimitMax` uploads per window (counted
 * before the body is read).
 *
 * Errors (JSON `{ error }`): 400 no `audio` file / empty / corrupt / too short; 406 not multipart;
 * 413 larger than 10 MB or longer than 35 s; 415 not a WAV file; 422 "Unable to detect scale";
 * 429 too many uploads from this address (with `Retry-After`, seconds); 503 every analysis place is
 * taken, or the request waited and ran longer than `timeoutSeconds` (with `Retry-After`).
 */
export async function vocalRoutes(app: FastifyInstance, opts: VocalRoutesOptions = {}): Promise<void> {
  const concurrency = opts.concurrency ?? 1;
  const gate = new ConcurrencyGate(concurrency, opts.maxWaiting ?? 4 * concurrency);
  const timeoutSeconds = opts.timeoutSeconds ?? 300;
  // Registered inside this plugin only, so no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_VOCAL_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientAddress,
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, `Too many recordings sent from your address. Please try again in ${ctx.after}.`),
  });

  const rateLimitConfig = {
    max: opts.rateLimitMax ?? 20,
    timeWindow: opts.rateLimitWindowMs ?? 10 * 60_000,
  };
  app.post("/api/analyze-vocal-scale", { config: { rateLimit: rateLimitConfig } }, async (request, reply) => {
    if (!request.isMultipart()) {
      throw new HttpError(406, "Send the recording as multipart/form-data with a file field named audio.");
    }
    let bytes: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (part.fieldname !== "audio" || bytes !== null) {
            await part.toBuffer();
            continue;
          }
          bytes = await part.toBuffer();
        }
      }
    } catch (err) {
      if (err instanceof app.multipartErrors.RequestFileTooLargeError) {
        throw new HttpError(413, "The recording is too large (the limit is 10 MB).");
      }
      if (
        err instanceof app.multipartErrors.FilesLimitError ||
        err instanceof app.multipartErrors.PartsLimitError ||
        err instanceof app.multipartErrors.FieldsLimitError
      ) {
        throw new HttpError(400, "Send exactly one file field named audio.");
      }
      // Anything else while reading the parts is a malformed body (no boundary, cut off, …).
      const reason = err instanceof Error ? err.message.replace(/^Multipart: /, "") : "unreadable";
      throw new HttpError(400, `The upload is not valid multipart/form-data (${reason.toLowerCase()}).`);
    }
    if (bytes === null)
      throw new HttpError(400, "No recording was sent (expected a file field named audio).");
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutSeconds * 1000);
    let release: (() => void) | null = null;
    try {
      const place = gate.acquire(controller.signal);
      if (!place) {
        reply.header("retry-after", String(BUSY_RETRY_SECONDS));
        throw new HttpError(
          503,
          "The server is busy analysing other recordings. Please try again in a minute.",
        );
      }
      release = await place.catch(() => null);
      if (!release) {
        reply.header("retry-after", String(BUSY_RETRY_SECONDS));
        throw new HttpError(
          503,
          "The server is busy analysing other recordings. Please try again in a minute.",
        );
      }
      const bytesView = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      try {
        return serialize(VocalScaleResult, await analyzeVocalRecording(bytesView, controller.signal));
      } catch (err) {
        if (!controller.signal.aborted) throw err;
        reply.header("retry-after", String(BUSY_RETRY_SECONDS));
        throw new HttpError(503, `The analysis took longer than the limit of ${timeoutSeconds} seconds.`);
      }
    } finally {
      clearTimeout(timer);
      release?.();
    }
  });
}
