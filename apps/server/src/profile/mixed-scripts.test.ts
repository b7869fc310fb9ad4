import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified, TEST_ORIGIN, testAccountsOptions } from "../../test/accounts.js";
import { buildApp } from "../app.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";
import { baseUsername } from "./service.js";
import { mixedScriptReason, scriptsOf } from "./username.js";

/** "pаypal" with a Cyrillic а (U+0430). */
const FAKE_PAYPAL = "p\u0430ypal";

describe("mixedScriptReason", () => {
  it("refuses Latin mixed with look-alike scripts, naming them", () => {
    expect(scriptsOf(FAKE_PAYPAL)).toEqual(["Latin", "Cyrillic"]);
    expect(mixedScriptReason(FAKE_PAYPAL)).toMatch(/Latin and Cyrillic/);
    expect(mixedScriptReason("\u03bfmar")).toMatch(/Greek and Latin/); // Greek omicron + Latin
    expect(mixedScriptReason("Иван Ivan")).not.toBeNull();
    expect(mixedScriptReason("аdmin٣")).not.toBeNull(); // Cyrillic + Latin + Arabic digit
    expect(mixedScriptReason("राहुल தமிழ்")).toMatch(/Devanagari and Tamil/);
  });

  it("allows one script with digits, spaces, punctuation and marks", () => {
    for (const name of [
      "Mira",
      "José María",
      "राहुल शर्मा",
      "தமிழ்செல்வன்",
      "Иван Петров",
      "Σωκράτης",
      "محمد علي",
      "김민수",
      "guitar_player 42",
      "Zoë-Ann O'Neil",
      "नमस्ते १२३",
    ]) {
      expect(mixedScriptReason(name), name).toBeNull();
    }
  });

  it("allows the mixes of one writing system, and Latin with a script that does not look like it", () => {
    for (const name of [
      "山田たろう",
      "ヤマダ太郎 Taro",
      "王小明 ㄅㄆ",
      "김민수 金 Kim",
      "Rahul राहुल",
      "Arjun அர்ஜுன்",
    ]) {
      expect(mixedScriptReason(name), name).toBeNull();
    }
  });

  it("a provider's mixed-script name does not become a username", () => {
    expect(baseUsername({ name: FAKE_PAYPAL, email: "pay@example.com" })).toBe("pay");
    expect(baseUsername({ name: "Иван Петров", email: "ivan@example.com" })).toBe("Иван Петров");
  });
});

describe("look-alike names are refused with a clear 400", () => {
  const webDir = mkdtempSync(path.join(tmpdir(), "tonic-names-web-"));
  writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Tonic</title>");
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    app = await buildApp({
      database,
      webDistDir: webDir,
      accounts: testAccountsOptions(),
      songs: { seed: false },
    });
    ({ cookie } = await signUpVerified(app, "names@example.com", "secret123", "Names"));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("on sign-up", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: TEST_ORIGIN },
      payload: { email: "fake@example.com", password: "secret123", name: FAKE_PAYPAL },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/mix letters of different alphabets \(here Latin and Cyrillic\)/);
    const ok = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: TEST_ORIGIN },
      payload: { email: "ivan@example.com", password: "secret123", name: "Иван Петров" },
    });
    expect(ok.statusCode).toBe(200);
  });

  it("on update-user and on the username edit", async () => {
    const update = await app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { name: FAKE_PAYPAL },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().error).toMatch(/Latin and Cyrillic/);
    const username = await app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { username: FAKE_PAYPAL },
    });
    expect(username.statusCode).toBe(400);
    expect(username.json().error).toMatch(/Latin and Cyrillic/);
    const devanagari = await app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { username: "राहुल शर्मा" },
    });
    expect(devanagari.statusCode).toBe(200);
    const renamed = await app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { name: "தமிழ்செல்வன்" },
    });
    expect(renamed.statusCode).toBe(200);
  });
});
