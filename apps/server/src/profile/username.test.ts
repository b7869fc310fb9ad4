import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified, TEST_ORIGIN, testAccountsOptions } from "../../test/accounts.js";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";
import { cleanUsername, usernameKey } from "./username.js";

describe("username rules (finding 9)", () => {
  it("folds case and compatibility forms into one key", () => {
    expect(usernameKey("Ana")).toBe(usernameKey("ana"));
    expect(usernameKey("Ａｎａ")).toBe(usernameKey("ana")); // full-width
    expect(usernameKey("ﬁddler")).toBe(usernameKey("FIDDLER")); // ligature
    expect(usernameKey("an\u200Ba")).toBe(usernameKey("ana"));
    expect(usernameKey("Ana")).not.toBe(usernameKey("Anna"));
  });

  it("refuses direction overrides and invisible-only names", () => {
    expect(() => cleanUsername("admin\u202Egnp.exe")).toThrow(/text-direction/);
    expect(() => cleanUsername("\u2067x")).toThrow(/text-direction/);
    expect(() => cleanUsername("\u200B\u200C\u200D\uFEFF")).toThrow("Username cannot be empty");
    expect(() => cleanUsername(" \u2060 ")).toThrow("Username cannot be empty");
    expect(cleanUsername("  Ｍｅｌｏｄｙ ")).toBe("Melody");
  });
});

describe.each(testDatabases())("look-alike usernames on $name", ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await open();
    app = await buildApp({
      database,
      webDistDir: "/nonexistent",
      accounts: testAccountsOptions(),
      songs: { seed: false },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  const patch = (cookie: string, username: string) =>
    app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { username },
    });

  it("treats names equal after NFKC and case folding as taken", async () => {
    const a = await signUpVerified(app, "la1@example.com");
    const b = await signUpVerified(app, "la2@example.com");
    expect((await patch(a.cookie, "Harmony")).statusCode).toBe(200);
    for (const lookAlike of ["harmony", "HARMONY", "Ｈａｒｍｏｎｙ", "Har\u200Bmony"]) {
      const res = await patch(b.cookie, lookAlike);
      expect(res.statusCode, lookAlike).toBe(409);
      expect(res.json().error).toBe("Username already taken");
    }
    const rtl = await patch(b.cookie, "Harmony\u202E");
    expect(rtl.statusCode).toBe(400);
    const invisible = await patch(b.cookie, "\u200B\u200B");
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().error).toBe("Username cannot be empty");
    // the owner may change the case of their own name
    expect((await patch(a.cookie, "HARMONY")).json()).toEqual({ username: "HARMONY" });
  });

  it("new profiles do not take a look-alike of an existing name", async () => {
    const a = await signUpVerified(app, "tempo@example.com");
    expect((await patch(a.cookie, "Beat")).statusCode).toBe(200);
    await signUpVerified(app, "beat@example.com", "secret123", "BEAT");
    const rows = await database.db.selectFrom("profiles").select(["username", "username_key"]).execute();
    const beats = rows.filter((r) => r.username_key?.startsWith("beat"));
    expect(new Set(beats.map((r) => r.username_key)).size).toBe(beats.length);
  });
});
