import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { encodeWav } from "@tonic/analysis";
import type { FastifyPluginAsync } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import { DEMO_RATE, DEMO_SONGS, renderDemoSong } from "../seed/demo-songs.js";

/**
 * Serves the demo songs' audio (`GET /api/demo-audio/:videoId`, WAV), rendered from their progression
 * on first request and cached in `dir`. Supports byte ranges so the audio element can seek.
 */
export const demoAudioRoutes: FastifyPluginAsync<{ db: Kysely<Database>; dir: string }> = async (
  app,
  opts,
) => {
  const rendering = new Map<string, Promise<Buffer>>();

  async function audio(videoId: string): Promise<Buffer> {
    const song = DEMO_SONGS.find((s) => s.videoId === videoId);
    if (!song) throw new HttpError(404, "Song not found");
    const file = path.join(opts.dir, `${videoId}.wav`);
    try {
      return await readFile(file);
    } catch {
      // render below
    }
    let p = rendering.get(videoId);
    if (!p) {
      p = (async () => {
        const pcm = renderDemoSong(song);
        const bytes = Buffer.from(encodeWav(pcm, DEMO_RATE));
        try {
          await mkdir(opts.dir, { recursive: true });
          const tmp = `${file}.${process.pid}.tmp`;
          await writeFile(tmp, bytes);
          await rename(tmp, file);
        } catch {
          // an unwritable data folder only costs re-rendering
        }
        return bytes;
      })().finally(() => rendering.delete(videoId));
      rendering.set(videoId, p);
    }
    return p;
  }

  app.get("/api/demo-audio/:videoId", async (request, reply) => {
    const { videoId } = z.object({ videoId: z.string().max(80) }).parse(request.params);
    const bytes = await audio(videoId);
    reply
      .header("Accept-Ranges", "bytes")
      .header("Content-Type", "audio/wav")
      .header("Cache-Control", "public, max-age=86400");
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? "");
    if (range && (range[1] || range[2])) {
      const size = bytes.length;
      let start = range[1] ? Number(range[1]) : size - Number(range[2]);
      let end = range[1] && range[2] ? Number(range[2]) : size - 1;
      start = Math.max(0, start);
      end = Math.min(size - 1, end);
      if (start > end) return reply.status(416).header("Content-Range", `bytes */${size}`).send();
      return reply
        .status(206)
        .header("Content-Range", `bytes ${start}-${end}/${size}`)
        .send(bytes.subarray(start, end + 1));
    }
    return reply.send(bytes);
  });
};
