import Fastify, { type FastifyInstance } from "fastify";
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import type { DatabaseHandle } from "../db/index.js";
import { registerErrorHandler } from "../lib/errors.js";
import {
  MAX_PRACTICE_ITEMS_PER_USER,
  PRACTICE_LIMIT_REACHED,
  PRACTICE_LOGIN_REQUIRED,
  practiceRoutes,
} from "./routes.js";

/** Counts the INSERT statements a Kysely instance sends. */
class InsertCounter implements KyselyPlugin {
  inserts = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === "InsertQueryNode") this.inserts++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const item = (over: Record<string, unknown> = {}) => ({
  item_id: "intervals:M3",
  skill: "intervals",
  attempts: 2,
  correct: 1,
  due: "2026-06-16T10:00:00.000Z",
  card: { state: 1, stability: 0.4, due: "2026-06-16T10:00:00.000Z", last_review: null },
  updated_at: "2026-06-15T10:00:00.000Z",
  ...over,
});

describe.each(testDatabases())("practice API on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await open();
    await handle.db
      .insertInto("profiles")
      .values([
        { id: "ana", username: "ana", user_type: "FREE" },
        { id: "ben", username: "ben", user_type: "FREE" },
        { id: "cyd", username: "cyd", user_type: "FREE" },
        { id: "dee", username: "dee", user_type: "FREE" },
      ])
      .execute();
    app = Fastify();
    registerErrorHandler(app);
    await app.register(practiceRoutes, {
      db: handle.db,
      userId: async (req) => (typeof req.headers["x-user"] === "string" ? req.headers["x-user"] : null),
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const as = (user: string) => ({ "x-user": user });

  it("needs a session", async () => {
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const res = await app.inject({ method, url: "/api/practice", payload: { items: [item()] } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(PRACTICE_LOGIN_REQUIRED);
    }
  });

  it("saves and lists a user's items, separately per user", async () => {
    const put = await app.inject({
      method: "PUT",
      url: "/api/practice",
      headers: as("ana"),
      payload: { items: [item(), item({ item_id: "quiz:the-major-scale:2", skill: "quiz" })] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().saved).toBe(2);
    const mine = await app.inject({ method: "GET", url: "/api/practice", headers: as("ana") });
    expect(
      mine
        .json()
        .items.map((i: { item_id: string }) => i.item_id)
        .sort(),
    ).toEqual(["intervals:M3", "quiz:the-major-scale:2"]);
    expect(mine.json().items.find((i: { item_id: string }) => i.item_id === "intervals:M3")).toMatchObject({
      attempts: 2,
      correct: 1,
      due: "2026-06-16T10:00:00.000Z",
      card: { state: 1, stability: 0.4 },
    });
    const other = await app.inject({ method: "GET", url: "/api/practice", headers: as("ben") });
    expect(other.json().items).toEqual([]);
  });

  it("keeps the newer copy of an item", async () => {
    const older = item({ attempts: 1, correct: 0, updated_at: "2026-06-14T10:00:00.000Z" });
    const res = await app.inject({
      method: "PUT",
      url: "/api/practice",
      headers: as("ana"),
      payload: { items: [older] },
    });
    expect(res.json().saved).toBe(0);
    const newer = item({ attempts: 3, correct: 2, updated_at: "2026-06-15T11:00:00.000Z" });
    await app.inject({
      method: "PUT",
      url: "/api/practice",
      headers: as("ana"),
      payload: { items: [newer] },
    });
    const list = await app.inject({ method: "GET", url: "/api/practice", headers: as("ana") });
    expect(list.json().items.find((i: { item_id: string }) => i.item_id === "intervals:M3").attempts).toBe(3);
  });

  it("names the field of a malformed item", async () => {
    const bad = await app.inject({
      method: "PUT",
      url: "/api/practice",
      headers: as("ana"),
      payload: { items: [item({ correct: 5, attempts: 1 })] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/items\.0\.correct/);
    const wrongSkill = await app.inject({
      method: "PUT",
      url: "/api/practice",
      headers: as("ana"),
      payload: { items: [item({ skill: "chords" })] },
    });
    expect(wrongSkill.statusCode).toBe(400);
    expect(wrongSkill.json().error).toMatch(/items\.0\.item_id/);
  });

  it("deletes a user's items (Reset Progress)", async () => {
    const del = await app.inject({ method: "DELETE", url: "/api/practice", headers: as("ana") });
    expect(del.json().deleted).toBe(2);
    const list = await app.inject({ method: "GET", url: "/api/practice", headers: as("ana") });
    expect(list.json().items).toEqual([]);
  });

  it("saves a whole request with one INSERT, the newest copy of a repeated item winning", async () => {
    const counter = new InsertCounter();
    const counted = Fastify();
    registerErrorHandler(counted);
    await counted.register(practiceRoutes, { db: handle.db.withPlugin(counter), userId: async () => "dee" });
    const items = Array.from({ length: 50 }, (_, i) => item({ item_id: `quiz:lesson:${i}`, skill: "quiz" }));
    items.push(
      item({
        item_id: "quiz:lesson:0",
        skill: "quiz",
        attempts: 9,
        correct: 9,
        updated_at: "2026-06-15T12:00:00.000Z",
      }),
    );
    const res = await counted.inject({ method: "PUT", url: "/api/practice", payload: { items } });
    await counted.close();
    expect(res.statusCode).toBe(200);
    expect(res.json().saved).toBe(50);
    expect(counter.inserts).toBe(1);
    const row = await handle.db
      .selectFrom("practice_items")
      .select("attempts")
      .where("user_id", "=", "dee")
      .where("item_id", "=", "quiz:lesson:0")
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(9);
  });

  it(`refuses a save that would take a user past ${MAX_PRACTICE_ITEMS_PER_USER} items, naming the limit`, async () => {
    await handle.db
      .insertInto("practice_items")
      .values(
        Array.from({ length: MAX_PRACTICE_ITEMS_PER_USER - 1 }, (_, i) => ({
          user_id: "cyd",
          item_id: `quiz:seeded:${i}`,
          skill: "quiz",
          attempts: 1,
          correct: 1,
          due: "2026-06-16T10:00:00.000Z",
          card: JSON.stringify({ state: 1 }),
          updated_at: "2026-06-15T10:00:00.000Z",
        })),
      )
      .execute();
    const put = (items: ReturnType<typeof item>[]) =>
      app.inject({ method: "PUT", url: "/api/practice", headers: as("cyd"), payload: { items } });
    const tooMany = await put([item({ item_id: "intervals:M3" }), item({ item_id: "intervals:P5" })]);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ error: PRACTICE_LIMIT_REACHED });
    expect(PRACTICE_LIMIT_REACHED).toContain("2,000");
    // Nothing of the refused request was written; the last free place and updates still work.
    expect((await put([item({ item_id: "intervals:M3" })])).json()).toEqual({ saved: 1 });
    const update = await put([
      item({ item_id: "quiz:seeded:0", skill: "quiz", updated_at: "2026-06-15T11:00:00.000Z" }),
    ]);
    expect(update.json()).toEqual({ saved: 1 });
    expect((await put([item({ item_id: "intervals:P5" })])).statusCode).toBe(413);
    const { total } = await handle.db
      .selectFrom("practice_items")
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .where("user_id", "=", "cyd")
      .executeTakeFirstOrThrow();
    expect(Number(total)).toBe(MAX_PRACTICE_ITEMS_PER_USER);
  });
});
