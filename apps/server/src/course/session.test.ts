import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified, testAccountsOptions } from "../../test/accounts.js";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import { resolveContentDir } from "../content/load.js";
import { seedContent } from "../content/seed.js";
import type { DatabaseHandle } from "../db/index.js";

/** The course API behind the real session cookie (accounts plugin), not a test resolver. */
describe.each(testDatabases())("course gating with real sessions on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    handle = await open();
    await seedContent(handle.db, resolveContentDir({}));
    app = await buildApp({
      database: handle,
      webDistDir: "/nonexistent",
      accounts: testAccountsOptions(),
      // A fixed clock: the subscription dates below are relative to it, never to the wall clock.
      now: () => new Date("2026-06-10T12:00:00Z"),
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it("visitor 401, new FREE user 403, PAID 200 with progress, expired 403", async () => {
    const url = "/api/learn/intervals";
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);

    const { cookie, userId } = await signUpVerified(app, "learner@example.com");
    const free = await app.inject({ method: "GET", url, headers: { cookie } });
    expect(free.statusCode).toBe(403);
    expect(free.json()).toEqual({ error: "Please upgrade to Premium to access learning content" });
    const list = await app.inject({ method: "GET", url: "/api/learn", headers: { cookie } });
    expect(list.json().access).toBe("free");

    const future = "2026-07-10";
    await handle.db
      .updateTable("profiles")
      .set({ user_type: "PAID", subscription_end_date: future })
      .where("id", "=", userId)
      .execute();
    const paid = await app.inject({ method: "GET", url, headers: { cookie } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().title).toBe("Intervals");
    const saved = await app.inject({ method: "PUT", url: `${url}/progress`, headers: { cookie } });
    expect(saved.statusCode).toBe(200);
    const after = (await app.inject({ method: "GET", url: "/api/learn", headers: { cookie } })).json();
    expect(after.access).toBe("paid");
    expect(after.lessons.find((l: { slug: string }) => l.slug === "intervals").last_viewed).toBe(
      saved.json().last_viewed,
    );

    const today = "2026-06-10";
    await handle.db
      .updateTable("profiles")
      .set({ subscription_end_date: today })
      .where("id", "=", userId)
      .execute();
    expect((await app.inject({ method: "GET", url, headers: { cookie } })).statusCode).toBe(403);

    const reset = await app.inject({ method: "DELETE", url: "/api/learn/progress", headers: { cookie } });
    expect(reset.json()).toEqual({ deleted: 1 });
  });
});
