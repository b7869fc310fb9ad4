import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import type { DatabaseHandle } from "../db/index.js";
import { consumeAnalysis, currentTier, FREE_DAILY_LIMIT, refundAnalysis, usageToday } from "./gate.js";

const DAY = new Date("2026-03-10T12:00:00Z");

describe.each(testDatabases())("analysis gate on $name", (tdb) => {
  let database: DatabaseHandle;
  let n = 0;
  /** A fresh FREE (or PAID) profile. */
  const makeUser = async (type: "FREE" | "PAID" = "FREE", end: string | null = null) => {
    const id = `user-${++n}`;
    await database.db
      .insertInto("profiles")
      .values({ id, username: id, user_type: type, subscription_end_date: end, profile_picture_url: null })
      .execute();
    return id;
  };
  const count = async (id: string, date = "2026-03-10") =>
    (
      await database.db
        .selectFrom("song_analysis_usage")
        .select("count")
        .where("user_id", "=", id)
        .where("date", "=", date)
        .executeTakeFirst()
    )?.count ?? 0;

  beforeAll(async () => {
    database = await tdb.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it("asks visitors to sign in", async () => {
    expect(await consumeAnalysis(database.db, null, "vid", DAY)).toEqual({
      allowed: false,
      reason: "login",
      expired: false,
    });
  });

  it("lets a FREE user analyse 5 different videos a day, then says limit", async () => {
    const id = await makeUser();
    for (let i = 1; i <= FREE_DAILY_LIMIT; i++) {
      const d = await consumeAnalysis(database.db, id, `v${i}`, DAY);
      expect(d).toEqual({ allowed: true, expired: false, remaining: FREE_DAILY_LIMIT - i });
    }
    expect(await count(id)).toBe(5);
    expect(await consumeAnalysis(database.db, id, "v6", DAY)).toEqual({
      allowed: false,
      reason: "limit",
      expired: false,
    });
    expect(await count(id)).toBe(5);
    // an already counted video stays allowed and is not counted again
    expect(await consumeAnalysis(database.db, id, "v3", DAY)).toEqual({
      allowed: true,
      expired: false,
      remaining: 0,
    });
    expect(await count(id)).toBe(5);
    // the next UTC date starts again
    const next = await consumeAnalysis(database.db, id, "v6", new Date("2026-03-11T00:00:00Z"));
    expect(next).toEqual({ allowed: true, expired: false, remaining: 4 });
  });

  it("counts the same video once per day", async () => {
    const id = await makeUser();
    await consumeAnalysis(database.db, id, "same", DAY);
    await consumeAnalysis(database.db, id, "same", DAY);
    await consumeAnalysis(database.db, id, "same", new Date("2026-03-10T23:59:59Z"));
    expect(await count(id)).toBe(1);
  });

  it("lets exactly one of 20 parallel requests through at count 4", async () => {
    const id = await makeUser();
    for (let i = 0; i < 4; i++) await consumeAnalysis(database.db, id, `pre${i}`, DAY);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => consumeAnalysis(database.db, id, `par${i}`, DAY)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
    expect(results.filter((r) => !r.allowed && r.reason === "limit")).toHaveLength(19);
    expect(await count(id)).toBe(5);
    const videos = await database.db
      .selectFrom("song_analysis_videos")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("user_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(videos.n).toBe(5);
  });

  it("refunds a failed analysis once", async () => {
    const id = await makeUser();
    await consumeAnalysis(database.db, id, "a", DAY);
    await consumeAnalysis(database.db, id, "b", DAY);
    await refundAnalysis(database.db, id, "b", DAY);
    await refundAnalysis(database.db, id, "b", DAY);
    expect(await count(id)).toBe(1);
    // the refunded video counts again when retried
    expect(await consumeAnalysis(database.db, id, "b", DAY)).toMatchObject({ allowed: true, remaining: 3 });
  });

  it("does not count a PAID user with a future end date", async () => {
    const id = await makeUser("PAID", "2026-03-11");
    for (let i = 0; i < 8; i++) {
      expect(await consumeAnalysis(database.db, id, `p${i}`, DAY)).toEqual({
        allowed: true,
        expired: false,
        remaining: null,
      });
    }
    expect(await count(id)).toBe(0);
  });

  it("downgrades a PAID user on the end date itself, once, then applies the FREE limit", async () => {
    const id = await makeUser("PAID", "2026-03-10");
    expect(await consumeAnalysis(database.db, id, "x1", DAY)).toEqual({
      allowed: true,
      expired: true,
      remaining: 4,
    });
    const row = await database.db
      .selectFrom("profiles")
      .select("user_type")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.user_type).toBe("FREE");
    expect(await consumeAnalysis(database.db, id, "x2", DAY)).toEqual({
      allowed: true,
      expired: false,
      remaining: 3,
    });
  });

  it("downgrades a PAID user whose end date has passed, and one without a date", async () => {
    const past = await makeUser("PAID", "2026-01-01");
    expect((await currentTier(database.db, past, DAY))?.expired).toBe(true);
    const none = await makeUser("PAID", null);
    expect((await currentTier(database.db, none, DAY))?.userType).toBe("FREE");
    const usage = await usageToday(database.db, past, DAY);
    expect(usage).toMatchObject({ count: 0, limit: 5, tier: { userType: "FREE", expired: false } });
  });

  it("treats an unknown user id as a visitor", async () => {
    expect(await consumeAnalysis(database.db, "nobody", "v", DAY)).toMatchObject({
      allowed: false,
      reason: "login",
    });
  });
});
