import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { testAccountsOptions } from "../../test/accounts.js";
import { buildApp } from "../app.js";
import { openDatabase } from "../db/index.js";
import { redactUrlForLog } from "./log-redact.js";

describe("request logging keeps tokens out of URLs", () => {
  it("redacts the verify-email token but keeps callbackURL", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await openDatabase({ kind: "pglite" });
    const app = await buildApp({
      database,
      webDistDir: "/nonexistent",
      accounts: testAccountsOptions(),
      logger: { level: "info", stream },
    });
    try {
      await app.inject({
        method: "GET",
        url: "/api/auth/verify-email?token=eyJSECRET.part&callbackURL=%2Fhome",
      });
    } finally {
      await app.close();
      await database.close();
    }
    const log = lines.join("");
    expect(log).toContain("/api/auth/verify-email?token=[redacted]&callbackURL=%2Fhome");
    expect(log).not.toContain("eyJSECRET");
  });

  it("redacts secret-like parameters and the reset-password path token only", () => {
    expect(redactUrlForLog("/api/auth/callback/google?code=abc&state=s1")).toBe(
      "/api/auth/callback/google?code=[redacted]&state=s1",
    );
    expect(redactUrlForLog("/api/auth/reset-password/T0K3N?callbackURL=%2F")).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=%2F",
    );
    expect(redactUrlForLog("/api/songs?q=token")).toBe("/api/songs?q=token");
    expect(redactUrlForLog("/x?a&b=1")).toBe("/x?a&b=1");
  });
});
