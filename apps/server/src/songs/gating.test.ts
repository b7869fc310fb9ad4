import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { encodeWav, renderProgression } from "@tonic/analysis/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified, testAccountsOptions } from "../../test/accounts.js";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";
import { FairInProcessQueue } from "../jobs/fairness.js";
import { processJob } from "../jobs/processor.js";
import type { JobQueue } from "../jobs/queue.js";
import { jobDeps } from "../jobs/setup.js";
import { refundAnalysis, usageToday } from "../tiers/gate.js";
import { type SongsSettings, songsSettingsFromEnv } from "./settings.js";

/**
 * `/api/analyze-audio` behind the real session cookie and the real tier gate (accounts issue): a new
 * analysis is counted once, a failed one is refunded, cache hits are never counted, the 6th new video of
 * a FREE user's day gets "limit".
 */
let media: Server;
let mediaBase = "";
beforeAll(async () => {
  const rate = 22_050;
  const wav = Buffer.from(
    encodeWav(
      renderProgression({ chords: ["D", "A", "Bm", "G"], bpm: 120, repeats: 2, sampleRate: rate }),
      rate,
    ),
  );
  media = createServer((req, res) => {
    if (req.url === "/media/gateSongD01.wav") res.writeHead(200, { "Content-Type": "audio/wav" }).end(wav);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => media.listen(0, "127.0.0.1", r));
  mediaBase = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
});
afterAll(async () => {
  media.closeAllConnections();
  await new Promise((r) => media.close(r));
});

describe.each(testDatabases())("analysis gating with real sessions on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let inner: FairInProcessQueue;
  /** While true, dispatched jobs wait in `held` (so counted analyses stay counted). */
  let hold = false;
  const held: Parameters<JobQueue["dispatch"]>[] = [];
  beforeAll(async () => {
    handle = await open();
    const settings: SongsSettings = {
      ...songsSettingsFromEnv({}),
      youtubeKeys: [],
      watchUrlTemplate: `${mediaBase}/media/{id}.wav`,
      // this test holds four of one user's jobs in the queue at once (the per-user cap has its own test)
      maxActiveJobsPerUser: 5,
    };
    const deps = jobDeps(handle.db, settings, (u, v) => refundAnalysis(handle.db, u, v));
    inner = new FairInProcessQueue((id) => processJob(deps, id));
    const queue: JobQueue = {
      kind: "in-process",
      dispatch: async (...job) => {
        if (hold) held.push(job);
        else await inner.dispatch(...job);
      },
      close: () => inner.close(),
    };
    app = await buildApp({
      database: handle,
      webDistDir: "/nonexistent",
      accounts: testAccountsOptions(),
      songs: { settings, queue },
    });
  });
  afterAll(async () => {
    await inner.idle();
    await app.close();
    await handle.close();
  });

  const analyze = (id: string, cookie?: string) =>
    app.inject({
      method: "POST",
      url: "/api/analyze-audio",
      payload: { youtubeUrl: `https://youtu.be/${id}` },
      headers: cookie ? { cookie } : {},
    });
  const waitJob = async (jobId: string) => {
    for (;;) {
      const { job } = (await app.inject(`/api/analysis-jobs/${jobId}`)).json();
      if (job.state === "done" || job.state === "failed")
        return job as { state: string; error: string | null };
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it("counts a new analysis once, refunds a failed one, never counts cache hits, stops at 5", async () => {
    expect((await analyze("gateSongD01")).json()).toMatchObject({ reason: "login" });
    const { cookie, userId } = await signUpVerified(app, "singer@example.com");
    const count = async () => (await usageToday(handle.db, userId))?.count;

    const failed = await analyze("gateMissing", cookie);
    expect(failed.statusCode).toBe(202);
    expect(await waitJob(failed.json().jobId)).toMatchObject({ state: "failed" });
    expect(await count()).toBe(0);

    const ok = await analyze("gateSongD01", cookie);
    expect(ok.json()).toMatchObject({ status: "queued", remaining: 4 });
    expect(await waitJob(ok.json().jobId)).toMatchObject({ state: "done" });
    expect(await count()).toBe(1);
    expect((await analyze("gateSongD01", cookie)).json()).toMatchObject({ cached: true, key: "D Major" });
    expect(await count()).toBe(1);

    // Four more new videos held in the queue (counted, not finished): the sixth is refused.
    hold = true;
    for (const id of ["gateNew0002", "gateNew0003", "gateNew0004", "gateNew0005"]) {
      expect((await analyze(id, cookie)).statusCode).toBe(202);
    }
    expect(await count()).toBe(5);
    const sixth = await analyze("gateNew0006", cookie);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toMatchObject({
      reason: "limit",
      error: expect.stringContaining("Daily Limit Reached"),
    });
    // Cached songs stay available at the limit.
    expect((await analyze("gateSongD01", cookie)).statusCode).toBe(200);
    // The held jobs then fail (no such media) and give their counts back.
    hold = false;
    for (const job of held.splice(0)) await inner.dispatch(...job);
    await inner.idle();
    expect(await count()).toBe(1);
  });
});
