import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testAccountsOptions } from "../../test/accounts.js";
import { testDatabases } from "../../test/databases.js";
import { fakeToolDir } from "../../test/fake-tools.js";
import { buildApp } from "../app.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";
import { FairInProcessQueue, MAX_ACTIVE_JOBS_PER_USER } from "./fairness.js";
import type { JobQueue } from "./queue.js";
import { claimFairJob, completeJob, createOrJoinJob } from "./store.js";

describe("fair queue (finding 4)", () => {
  it("takes jobs round-robin across users, FIFO within a user", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const first = new Promise<void>((r) => {
      release = r;
    });
    const q = new FairInProcessQueue(async (id) => {
      order.push(id);
      if (id === "a1") await first;
    }, 1);
    for (let i = 1; i <= 5; i++) await q.dispatch(`a${i}`, "v", "alice");
    await q.dispatch("b1", "v", "bob");
    await q.dispatch("c1", "v", "carol");
    await q.dispatch("b2", "v", "bob");
    release();
    await q.idle();
    expect(order).toEqual(["a1", "a2", "b1", "c1", "a3", "b2", "a4", "a5"]);
    await q.close();
  });
});

describe("per-user cap and queue depth (finding 4)", () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const dispatched: { id: string; owner: string | null | undefined }[] = [];
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    const tool = fakeToolDir();
    // jobs stay queued: nothing works them
    const queue: JobQueue = {
      kind: "in-process",
      dispatch: async (id, _videoId, owner) => {
        dispatched.push({ id, owner });
      },
      close: async () => {},
    };
    app = await buildApp({
      database,
      webDistDir: "/nonexistent",
      accounts: testAccountsOptions(),
      songs: {
        seed: false,
        queue,
        settings: { tools: { ytDlp: tool, ffmpeg: tool }, youtubeKeys: [] },
        access: {
          userId: async (req) => (typeof req.headers["x-user"] === "string" ? req.headers["x-user"] : null),
          consume: async () => ({ allowed: true, expired: false, remaining: null }),
          refund: async () => {},
        },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const analyze = (user: string, n: number) =>
    app.inject({
      method: "POST",
      url: "/api/analyze-audio",
      headers: { "x-user": user },
      payload: { youtubeUrl: `https://youtu.be/${`cap${user}${n}`.padEnd(11, "x").slice(0, 11)}` },
    });

  it("lets one user queue at most 3 jobs, even in a burst, and never blocks another user", async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => analyze("heavy", i)));
    const accepted = burst.filter((r) => r.statusCode === 202);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(accepted).toHaveLength(MAX_ACTIVE_JOBS_PER_USER);
    expect(refused).toHaveLength(12 - MAX_ACTIVE_JOBS_PER_USER);
    expect(refused[0]?.json().error).toBe(
      "You already have 3 songs being analysed. Please wait until one of them finishes.",
    );
    const other = await analyze("light", 1);
    expect(other.statusCode).toBe(202);
    expect(dispatched.map((d) => d.owner)).toEqual(["heavy", "heavy", "heavy", "light"]);
  });

  it("reports the queue depth in /api/health", async () => {
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.json().queue).toEqual({ queued: 4, running: 0 });
  });
});

describe.each(testDatabases())("per-user cap across two servers on one $name database (issue 27)", ({
  open,
}) => {
  let database: DatabaseHandle;
  const servers: FastifyInstance[] = [];
  let consumed = 0;
  let refunded = 0;
  beforeAll(async () => {
    database = await open();
    const tool = fakeToolDir();
    for (let i = 0; i < 2; i++) {
      // jobs stay queued (nothing works them); each app has its own per-process lock, as two servers do
      const queue: JobQueue = { kind: "pg-boss", dispatch: async () => {}, close: async () => {} };
      servers.push(
        await buildApp({
          database,
          webDistDir: "/nonexistent",
          accounts: testAccountsOptions(),
          songs: {
            seed: false,
            queue,
            settings: { tools: { ytDlp: tool, ffmpeg: tool }, youtubeKeys: [] },
            access: {
              userId: async (req) =>
                typeof req.headers["x-user"] === "string" ? req.headers["x-user"] : null,
              consume: async () => {
                consumed++;
                return { allowed: true, expired: false, remaining: null };
              },
              refund: async () => {
                refunded++;
              },
            },
          },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await database.close();
  });

  it("admits exactly 3 of a burst spread over both servers and gives back the count of the others", async () => {
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (servers[i % 2] as FastifyInstance).inject({
          method: "POST",
          url: "/api/analyze-audio",
          headers: { "x-user": "twoservers" },
          payload: { youtubeUrl: `https://youtu.be/${`two${i}`.padEnd(11, "y")}` },
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(MAX_ACTIVE_JOBS_PER_USER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - MAX_ACTIVE_JOBS_PER_USER);
    // every request that took a daily count and was then refused by the cap gave it back
    expect(consumed - refunded).toBe(MAX_ACTIVE_JOBS_PER_USER);
    const rows = await database.db
      .selectFrom("song_jobs")
      .select("id")
      .where("state", "=", "queued")
      .execute();
    expect(rows).toHaveLength(MAX_ACTIVE_JOBS_PER_USER);
  });
});

describe.each(testDatabases())("fair claims of the shared queue on $name (issue 27)", ({ open }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database.close();
  });

  /** Queues one job per [owner, video], one second apart in that order. */
  async function enqueue(jobs: [string, string][]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    const base = Date.UTC(2026, 10, 27, 3);
    for (const [i, [owner, video]] of jobs.entries()) {
      const { job } = await createOrJoinJob(database.db, video, owner);
      await database.db
        .updateTable("song_jobs")
        .set({ created_at: new Date(base + i * 1000) })
        .where("id", "=", job.id)
        .execute();
      ids.set(job.id, video);
    }
    return ids;
  }

  it("serves users in turn, not first in first out, across any number of workers", async () => {
    const ids = await enqueue([
      ["alice", "fairA1"],
      ["alice", "fairA2"],
      ["alice", "fairA3"],
      ["bob", "fairB1"],
      ["carol", "fairC1"],
    ]);
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      const job = await claimFairJob(database.db, `worker-${i % 2}`);
      order.push(ids.get(job?.id ?? "") ?? "none");
    }
    expect(order).toEqual(["fairA1", "fairB1", "fairC1", "fairA2"]);
    // alice's first job finished; her last one is still the only one waiting
    await completeJob(database.db, [...ids.keys()][0] as string);
    const last = await claimFairJob(database.db, "worker-0");
    expect(ids.get(last?.id ?? "")).toBe("fairA3");
    expect(await claimFairJob(database.db, "worker-1")).toBeNull();
  });

  it("never gives one job to two workers claiming at once", async () => {
    const ids = await enqueue(
      Array.from({ length: 6 }, (_, i): [string, string] => [`u${i % 3}`, `par${i}`]),
    );
    const claimed = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimFairJob(database.db, `worker-${i}`)),
    );
    const got = claimed.filter((j) => j !== null).map((j) => j.id);
    expect(new Set(got).size).toBe(got.length);
    expect(got.filter((id) => ids.has(id))).toHaveLength(6);
  });

  it("lets a requester with a job running wait for one without, however long ago that job started", async () => {
    await database.db.deleteFrom("song_jobs").execute();
    const ids = await enqueue([
      ["ann", "runA1"],
      ["ann", "runA2"],
      ["ben", "runB1"],
      ["ben", "runB2"],
    ]);
    const name = (job: { id: string } | null) => ids.get(job?.id ?? "") ?? "none";
    expect(name(await claimFairJob(database.db, "worker-0"))).toBe("runA1");
    const b1 = await claimFairJob(database.db, "worker-1");
    expect(name(b1)).toBe("runB1");
    // ben's job ends after ann's started; ann's still runs (no progress written since its start)
    await completeJob(database.db, b1?.id as string);
    expect(name(await claimFairJob(database.db, "worker-1"))).toBe("runB2");
    expect(name(await claimFairJob(database.db, "worker-2"))).toBe("runA2");
  });

  it("gives two workers claiming at the same instant two different requesters' jobs", async () => {
    for (let round = 0; round < 12; round++) {
      await database.db.deleteFrom("song_jobs").execute();
      const ids = await enqueue([
        [`x${round}`, `raceX1r${round}`],
        [`x${round}`, `raceX2r${round}`],
        [`y${round}`, `raceY1r${round}`],
      ]);
      const claimed = await Promise.all([
        claimFairJob(database.db, "worker-0"),
        claimFairJob(database.db, "worker-1"),
      ]);
      expect(claimed.map((j) => ids.get(j?.id ?? "")).sort()).toEqual([`raceX1r${round}`, `raceY1r${round}`]);
    }
  });
});
