import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";
import { testDatabases } from "../test/databases.js";
import { JWKS_ERRORS, type Jwks, verifyServiceToken } from "./jwt.js";
import { signUpVerified, testAccountsOptions } from "./test-helpers.js";

describe.each(testDatabases())("service JWTs on $name", (tdb) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let token = "";
  let jwks: Jwks = { keys: [] };
  let userId = "";
  beforeAll(async () => {
    database = await tdb.open();
    app = await buildApp({ database, webDistDir: "/nonexistent", accounts: testAccountsOptions() });
    const s = await signUpVerified(app, "worker@example.com");
    userId = s.userId;
    token = (await app.inject({ url: "/api/auth/token", headers: { cookie: s.cookie } })).json().token;
    jwks = (await app.inject({ url: "/api/auth/jwks" })).json();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("verifies a token from /api/auth/token against /api/auth/jwks", () => {
    const claims = verifyServiceToken(token, jwks);
    expect(claims.sub).toBe(userId);
  });

  it("gives the three SPEC §8 errors", () => {
    expect(() => verifyServiceToken(token, { keys: [] })).toThrow(JWKS_ERRORS.empty);
    const otherKid = { keys: jwks.keys.map((k) => ({ ...k, kid: "someone-else" })) };
    expect(() => verifyServiceToken(token, otherKid)).toThrow(JWKS_ERRORS.noKey);
    const [h, p, s] = token.split(".") as [string, string, string];
    const flipped = `${s.slice(0, 10)}${s[10] === "A" ? "B" : "A"}${s.slice(11)}`;
    expect(() => verifyServiceToken(`${h}.${p}.${flipped}`, jwks)).toThrow(JWKS_ERRORS.badSignature);
    const forged = Buffer.from(JSON.stringify({ sub: "admin" })).toString("base64url");
    expect(() => verifyServiceToken(`${h}.${forged}.${s}`, jwks)).toThrow(JWKS_ERRORS.badSignature);
  });

  it("refuses an expired token", () => {
    const exp = verifyServiceToken(token, jwks).exp ?? 0;
    expect(() => verifyServiceToken(token, jwks, exp + 1)).toThrow("JWT expired");
  });
});
