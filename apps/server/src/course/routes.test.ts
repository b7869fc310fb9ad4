import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import { resolveContentDir } from "../content/load.js";
import { seedContent } from "../content/seed.js";
import type { DatabaseHandle } from "../db/index.js";
import { registerErrorHandler } from "../lib/errors.js";
import { courseRoutes } from "./routes.js";

/** Fixed "today" for subscription checks: 2026-06-15 (UTC). */
const NOW = new Date("2026-06-15T10:00:00Z");
const SLUG = "the-major-scale";
const INDIAN = "indian-swaras-and-saptak";

describe.each(testDatabases())("course API on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await open();
    await seedContent(handle.db, resolveContentDir({}));
    await handle.db
      .insertInto("profiles")
      .values([
        { id: "free", username: "free", user_type: "FREE" },
        { id: "paid", username: "paid", user_type: "PAID", subscription_end_date: "2026-07-15" },
        { id: "paid-open", username: "paid-open", user_type: "PAID" },
        { id: "expired", username: "expired", user_type: "PAID", subscription_end_date: "2026-06-15" },
        {
          id: "expired-old",
          username: "expired-old",
          user_type: "PAID",
          subscription_end_date: "2025-01-01",
        },
        {
          id: "paid-tomorrow",
          username: "paid-tomorrow",
          user_type: "PAID",
          subscription_end_date: "2026-06-16",
        },
      ])
      .execute();
    app = Fastify();
    registerErrorHandler(app);
    await app.register(courseRoutes, {
      db: handle.db,
      userId: async (req) => (typeof req.headers["x-user"] === "string" ? req.headers["x-user"] : null),
      now: () => NOW,
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const as = (user: string | null) => (user ? { "x-user": user } : {});

  it("lists the 20 days in order with section titles, for everyone, without lesson text", async () => {
    const res = await app.inject({ method: "GET", url: "/api/learn" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access).toBe("visitor");
    const course = body.lessons.filter((l: { path: string }) => l.path === "course");
    expect(course).toHaveLength(20);
    expect(course.map((l: { course_day: number }) => l.course_day)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const day1 = body.lessons[0];
    expect(day1).toMatchObject({ slug: "musical-notes-and-the-staff", course_day: 1, last_viewed: null });
    expect(day1.sections).toEqual([
      "The musical alphabet",
      "Finding the notes on the piano",
      "Octaves and pitch",
      "Reading notes on the staff",
      "Practice for today",
    ]);
    expect(res.body).not.toContain("Every Good Boy Does Fine");
  });

  it.each([
    ["free", "free"],
    ["paid", "paid"],
    ["paid-open", "free"],
    ["paid-tomorrow", "paid"],
    ["expired", "free"],
    ["expired-old", "free"],
    ["no-profile", "free"],
  ])("reports access for %s as %s", async (user, access) => {
    const res = await app.inject({ method: "GET", url: "/api/learn", headers: as(user) });
    expect(res.json().access).toBe(access);
  });

  it("downgrades an expired PAID profile to FREE, as PRODUCT §4 says", async () => {
    await app.inject({ method: "GET", url: `/api/learn/${SLUG}`, headers: as("expired-old") });
    const row = await handle.db
      .selectFrom("profiles")
      .select("user_type")
      .where("id", "=", "expired-old")
      .executeTakeFirstOrThrow();
    expect(row.user_type).toBe("FREE");
  });

  it("never sends lesson content to a visitor (401) or a FREE or expired user (403)", async () => {
    const visitor = await app.inject({ method: "GET", url: `/api/learn/${SLUG}` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: "Please log in to access learning content" });
    for (const user of ["free", "expired", "expired-old", "no-profile"]) {
      const res = await app.inject({ method: "GET", url: `/api/learn/${SLUG}`, headers: as(user) });
      expect(res.statusCode, user).toBe(403);
      expect(res.json(), user).toEqual({ error: "Please upgrade to Premium to access learning content" });
    }
  });

  it("sends the whole lesson to a PAID user", async () => {
    const res = await app.inject({ method: "GET", url: `/api/learn/${SLUG}`, headers: as("paid") });
    expect(res.statusCode).toBe(200);
    const lesson = res.json();
    expect(lesson).toMatchObject({
      slug: SLUG,
      course_day: 3,
      video_provider: null,
      video_provider_id: null,
    });
    expect(lesson.sections.length).toBeGreaterThanOrEqual(3);
    expect(lesson.sections[0]).toEqual({
      title: expect.any(String),
      type: "text",
      content: expect.stringContaining("\n\n"),
      images: [],
    });
    expect(lesson.quiz.length).toBeGreaterThan(0);
    expect(lesson.quiz[0]).not.toHaveProperty("check");
  });

  it("answers Topic not found for an unknown slug, only after the gate", async () => {
    const paid = await app.inject({ method: "GET", url: "/api/learn/no-such-day", headers: as("paid") });
    expect(paid.statusCode).toBe(404);
    expect(paid.json()).toEqual({ error: "Topic not found" });
    const free = await app.inject({ method: "GET", url: "/api/learn/no-such-day", headers: as("free") });
    expect(free.statusCode).toBe(403);
  });

  it("saves progress with one row per user and lesson, shows it in the list, and resets it", async () => {
    const put = () => app.inject({ method: "PUT", url: `/api/learn/${SLUG}/progress`, headers: as("paid") });
    const first = await put();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ last_viewed: NOW.toISOString() });
    expect((await put()).statusCode).toBe(200);
    await app.inject({ method: "PUT", url: "/api/learn/intervals/progress", headers: as("paid") });
    const rows = await handle.db
      .selectFrom("concept_progress")
      .selectAll()
      .where("user_id", "=", "paid")
      .execute();
    expect(rows).toHaveLength(2);

    const list = (await app.inject({ method: "GET", url: "/api/learn", headers: as("paid") })).json();
    const done = list.lessons.filter((l: { last_viewed: string | null }) => l.last_viewed !== null);
    expect(done.map((l: { slug: string }) => l.slug).sort()).toEqual(["intervals", SLUG]);
    expect(done[0].last_viewed).toBe(NOW.toISOString());
    // Another user's list does not show it.
    const other = (await app.inject({ method: "GET", url: "/api/learn", headers: as("paid-open") })).json();
    expect(other.lessons.every((l: { last_viewed: string | null }) => l.last_viewed === null)).toBe(true);

    const reset = await app.inject({ method: "DELETE", url: "/api/learn/progress", headers: as("paid") });
    expect(reset.json()).toEqual({ deleted: 2 });
    expect(
      await handle.db.selectFrom("concept_progress").selectAll().where("user_id", "=", "paid").execute(),
    ).toEqual([]);
  });

  it("gates progress saving like the content", async () => {
    const visitor = await app.inject({ method: "PUT", url: `/api/learn/${SLUG}/progress` });
    expect(visitor.statusCode).toBe(401);
    const free = await app.inject({ method: "PUT", url: `/api/learn/${SLUG}/progress`, headers: as("free") });
    expect(free.statusCode).toBe(403);
    const missing = await app.inject({ method: "PUT", url: "/api/learn/nope/progress", headers: as("paid") });
    expect(missing.statusCode).toBe(404);
    expect(await handle.db.selectFrom("concept_progress").selectAll().execute()).toEqual([]);
  });

  it("lists the free Indian music basics path after the course", async () => {
    const body = (await app.inject({ method: "GET", url: "/api/learn" })).json();
    const indian = body.lessons.filter((l: { path: string }) => l.path === "indian-basics");
    expect(indian.length).toBeGreaterThanOrEqual(6);
    expect(indian[0]).toMatchObject({ slug: INDIAN, course_day: 1, last_viewed: null });
    expect(body.lessons.findIndex((l: { path: string }) => l.path === "indian-basics")).toBe(20);
  });

  it("sends a lesson of the free path to everyone, visitors included", async () => {
    for (const user of [null, "free", "expired", "paid"]) {
      const res = await app.inject({ method: "GET", url: `/api/learn/${INDIAN}`, headers: as(user) });
      expect(res.statusCode, String(user)).toBe(200);
      expect(res.json()).toMatchObject({ slug: INDIAN, path: "indian-basics", course_day: 1 });
      expect(res.json().sections[0].content).toContain("{{sargam ");
    }
  });

  it("stores a FREE user's progress on the free path, not a visitor's", async () => {
    const visitor = await app.inject({ method: "PUT", url: `/api/learn/${INDIAN}/progress` });
    expect(visitor.statusCode).toBe(401);
    const free = await app.inject({
      method: "PUT",
      url: `/api/learn/${INDIAN}/progress`,
      headers: as("free"),
    });
    expect(free.statusCode).toBe(200);
    const list = (await app.inject({ method: "GET", url: "/api/learn", headers: as("free") })).json();
    expect(list.lessons.find((l: { slug: string }) => l.slug === INDIAN).last_viewed).toBe(NOW.toISOString());
    await app.inject({ method: "DELETE", url: "/api/learn/progress", headers: as("free") });
  });

  it("lets any signed-in user reset progress, not a visitor", async () => {
    expect((await app.inject({ method: "DELETE", url: "/api/learn/progress" })).statusCode).toBe(401);
    const free = await app.inject({ method: "DELETE", url: "/api/learn/progress", headers: as("free") });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ deleted: 0 });
  });
});
