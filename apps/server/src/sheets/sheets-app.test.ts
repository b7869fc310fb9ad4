import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MyVersionResponse, ShareResponse } from "@tonic/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified, TEST_ORIGIN, testAccountsOptions } from "../../test/accounts.js";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";

const webDir = mkdtempSync(path.join(tmpdir(), "tonic-sheets-app-"));
writeFileSync(
  path.join(webDir, "index.html"),
  "<!doctype html><html><head><title>Tonic</title></head><body><div id=root></div></body></html>",
);

/** The chord sheets routes inside the whole app: real sessions, the origin check, the history fallback. */
describe.each(testDatabases())("chord sheets in the app on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    handle = await open();
    app = await buildApp({
      database: handle,
      webDistDir: webDir,
      accounts: testAccountsOptions(),
      songs: { settings: { youtubeKeys: [] } },
    });
    await handle.db
      .insertInto("songs")
      .values({ video_id: "abcdefghijk", title: "A song", key: "C Major", bpm: 100, chords: "[]" })
      .execute();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const sheet = {
    key: "C Major",
    meter: "3/4",
    bpm: 100,
    beats: [0, 0.6, 1.2, 1.8, 2.4, 3],
    downbeat: 0,
    changes: [
      { beat: 0, chord: "C" },
      { beat: 3, chord: "G7/B" },
    ],
    durationSeconds: 3.6,
  };

  it("saves and shares with a session; the page of the link wins over the history fallback", async () => {
    const { cookie } = await signUpVerified(app, "sheets@example.com");
    expect((await app.inject("/api/songs/abcdefghijk/my-version")).statusCode).toBe(401);
    const mine = await app.inject({ url: "/api/songs/abcdefghijk/my-version", headers: { cookie } });
    expect(MyVersionResponse.parse(mine.json())).toEqual({ version: null, canEdit: true });

    const foreign = await app.inject({
      method: "PUT",
      url: "/api/songs/abcdefghijk/my-version",
      headers: { cookie, origin: "https://evil.example" },
      payload: { sheet, baseRevision: null, edits: [] },
    });
    expect(foreign.statusCode).toBe(403);

    const saved = await app.inject({
      method: "PUT",
      url: "/api/songs/abcdefghijk/my-version",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { sheet, baseRevision: null, edits: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version.engineVersion).toBe("unknown");

    const shared = await app.inject({
      method: "POST",
      url: "/api/songs/abcdefghijk/my-version/share",
      headers: { cookie, origin: TEST_ORIGIN },
    });
    const { share } = ShareResponse.parse(shared.json());
    const pub = await app.inject(`/api/sheets/${share.id}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.body).not.toContain("sheets@example.com");

    const page = await app.inject(share.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>A song — chords | Tonic</title>");
    expect(page.body).toContain(`content="http://localhost:80/sheet/${share.id}"`);
    // other paths still get the app
    const other = await app.inject("/sheet");
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain("<title>Tonic</title>");
  });
});
