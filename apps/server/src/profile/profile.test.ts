import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified, TEST_ORIGIN, testAccountsOptions } from "../../test/accounts.js";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";
import { baseUsername } from "./service.js";

describe("baseUsername", () => {
  it("prefers the provider's name, else the e-mail's local part", () => {
    expect(baseUsername({ name: "  Jane   Doe ", email: "jd@x.io" })).toBe("Jane Doe");
    expect(baseUsername({ name: "", email: "riya.s@x.io" })).toBe("riya.s");
    expect(baseUsername({ name: "x".repeat(60), email: "a@b.c" })).toHaveLength(40);
  });
});

describe.each(testDatabases())("username edit on $name", (tdb) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await tdb.open();
    app = await buildApp({ database, webDistDir: "/nonexistent", accounts: testAccountsOptions() });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const patch = (cookie: string, username: unknown, origin = TEST_ORIGIN) =>
    app.inject({ method: "PATCH", url: "/api/profile", headers: { cookie, origin }, payload: { username } });

  it("saves a trimmed name, refuses empty and duplicate names with the product's messages", async () => {
    const a = await signUpVerified(app, "first@example.com");
    const b = await signUpVerified(app, "second@example.com");
    const ok = await patch(a.cookie, "  Melody Maker ");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ username: "Melody Maker" });

    const empty = await patch(b.cookie, "   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("Username cannot be empty");

    const dup = await patch(b.cookie, "Melody Maker");
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe("Username already taken");

    const me = (await app.inject({ url: "/api/me", headers: { cookie: b.cookie } })).json();
    expect(me.profile.username).toBe("second");
  });

  it("needs a session and a trusted origin", async () => {
    const res = await app.inject({ method: "PATCH", url: "/api/profile", payload: { username: "x" } });
    expect(res.statusCode).toBe(401);
    const a = await signUpVerified(app, "third@example.com");
    const evil = await patch(a.cookie, "hacked", "https://evil.example");
    expect(evil.statusCode).toBe(403);
    const me = (await app.inject({ url: "/api/me", headers: { cookie: a.cookie } })).json();
    expect(me.profile.username).toBe("third");
  });
});
