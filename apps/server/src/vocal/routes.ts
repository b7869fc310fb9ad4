import multipart from "@fastify/multipart";
import { VocalScaleResult } from "@tonic/api";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../lib/errors.js";
import { serialize } from "../lib/http.js";
import { analyzeVocalRecording, MAX_VOCAL_UPLOAD_BYTES } from "./service.js";

/**
 * `POST /api/analyze-vocal-scale` (SPEC §7): multipart form with one file field `audio`
 * (a WAV named `recording.wav`) → SPEC §3 vocal analysis result. The recording is analysed in
 * memory and never stored. Used by the web app only when the browser cannot run the analysis worker.
 *
 * Errors (JSON `{ error }`): 400 no `audio` file / empty / corrupt / too short; 406 not multipart;
 * 413 larger than 10 MB or longer than 35 s; 415 not a WAV file; 422 "Unable to detect scale".
 */
export async function vocalRoutes(app: FastifyInstance): Promise<void> {
  // Registered inside this plugin only, so no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_VOCAL_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });

  app.post("/api/analyze-vocal-scale", async (request) => {
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
    return serialize(
      VocalScaleResult,
      await analyzeVocalRecording(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    );
  });
}
