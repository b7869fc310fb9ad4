import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import type { DatabaseHandle } from "../db/index.js";
import { registerErrorHandler } from "../lib/errors.js";
import { PRACTICE_LOGIN_REQUIRED, practiceRoutes } from "./routes.js";

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
});
