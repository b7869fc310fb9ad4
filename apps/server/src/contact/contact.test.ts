import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";

const webDir = mkdtempSync(path.join(tmpdir(), "tonic-contact-"));
const valid = {
  name: "Asha Rao",
  email: "asha@example.com",
  subject: "Course question",
  message: "When does day 2 unlock?\n\nThanks!",
};

describe.each(testDatabases())("POST /api/contact on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    handle = await open();
    app = await buildApp({ database: handle, webDistDir: webDir, contactRateLimit: { max: 3 } });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("contact_messages").execute();
  });

  let nextIp = 0;
  /** Each call comes from its own client unless an address is given, so the limiter stays out of the way. */
  const post = (payload: unknown, ip = `10.1.${Math.floor(++nextIp / 250)}.${nextIp % 250}`) =>
    app.inject({ method: "POST", url: "/api/contact", payload: payload as object, remoteAddress: ip });
  const rows = () => handle.db.selectFrom("contact_messages").selectAll().execute();

  it("stores a valid message with trimmed fields and answers 201", async () => {
    const res = await post({ ...valid, name: "  Asha Rao  " });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers["set-cookie"]).toBeUndefined();
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(valid);
  });

  it.each([
    "name",
    "email",
    "subject",
    "message",
  ] as const)("rejects a missing or blank %s", async (field) => {
    for (const value of [undefined, "   "]) {
      const res = await post({ ...valid, [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(new RegExp(field, "i"));
    }
    expect(await rows()).toHaveLength(0);
  });

  it("rejects an invalid e-mail address", async () => {
    for (const email of ["not-an-email", "a@", "@b.com", "a b@c.com"]) {
      const res = await post({ ...valid, email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error).toMatch(/valid e-mail/);
    }
    expect(await rows()).toHaveLength(0);
  });

  it("answers a filled honeypot like a success but stores nothing", async () => {
    const res = await post({ ...valid, website: "https://spam.example" });
    expect(res.statusCode).toBe(201);
    expect(await rows()).toHaveLength(0);
  });

  it("rate-limits per client on this route only", async () => {
    for (let i = 0; i < 3; i++) expect((await post(valid, "10.0.0.9")).statusCode).toBe(201);
    const limited = await post(valid, "10.0.0.9");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many messages/);
    expect(await rows()).toHaveLength(3);
    // Another client is not affected, and other routes are not limited.
    expect((await post(valid, "10.0.0.10")).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) {
      const health = await app.inject({ method: "GET", url: "/api/health", remoteAddress: "10.0.0.9" });
      expect(health.statusCode).toBe(200);
    }
  });
});
