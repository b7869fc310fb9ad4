import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { ENGINE_VERSION } from "@tonic/analysis";
import {
  type ChordSheet,
  EDIT_LIMIT_MESSAGE,
  MyVersionResponse,
  SaveVersionResponse,
  SharedSheetResponse,
  ShareResponse,
  type SheetEdit,
} from "@tonic/api";
import { scaleTempo } from "@tonic/theory";
import fc from "fast-check";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import type { DatabaseHandle } from "../db/index.js";
import { registerErrorHandler } from "../lib/errors.js";
import { exportEdits } from "./export.js";
import { SHARED_SHEET_MISSING, SHEETS_LOGIN_REQUIRED, sheetsRoutes } from "./routes.js";
import { isLinkId, newLinkId, UNKNOWN_ENGINE_VERSION } from "./service.js";

const SONG = "abcdefghijk";
const OTHER_SONG = "bcdefghijkl";
const OLD_SONG = "cdefghijklm";
const DEMO = "demo-blues-in-a";
const TITLE = `Tom's "Song" <b>&</b>`;

const webDir = mkdtempSync(path.join(tmpdir(), "tonic-sheets-web-"));
writeFileSync(
  path.join(webDir, "index.html"),
  [
    "<!doctype html>",
    '<html lang="en">',
    "  <head>",
    '    <meta charset="UTF-8" />',
    '    <meta property="og:title" content="Tonic — Mastering Music Theory" />',
    '    <meta name="twitter:card" content="summary" />',
    '    <meta name="description" content="Tonic teaches music theory" />',
    "    <title>Tonic — Mastering Music Theory</title>",
    "  </head>",
    '  <body><div id="root"></div></body>',
    "</html>",
  ].join("\n"),
);

/** A valid sheet: `bars` bars of 4/4 at 120 BPM, G then C every bar. */
function sheet(bars = 4, over: Partial<ChordSheet> = {}): ChordSheet {
  const beats = Array.from({ length: bars * 4 }, (_, i) => i * 0.5);
  const changes = Array.from({ length: bars }, (_, b) => ({ beat: b * 4, chord: b % 2 ? "C" : "G" }));
  return {
    key: "G Major",
    meter: "4/4",
    bpm: 120,
    beats,
    downbeat: 0,
    changes,
    durationSeconds: bars * 2,
    ...over,
  };
}

const chordEdit: SheetEdit = {
  kind: "chords",
  from: 4,
  to: 7,
  before: [{ beat: 4, chord: "C" }],
  after: [{ beat: 4, chord: "A#m7/F" }],
};
const keyEdit: SheetEdit = { kind: "key", before: "G Major", after: "E Minor" };

describe.each(testDatabases())("chord sheets API on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let clock = new Date("2026-11-27T10:00:00Z");

  beforeAll(async () => {
    handle = await open();
    app = Fastify();
    registerErrorHandler(app);
    await app.register(sheetsRoutes, {
      db: handle.db,
      webDistDir: webDir,
      publicUrl: "https://tonic.example/",
      now: () => clock,
      userId: async (req) => (typeof req.headers["x-user"] === "string" ? req.headers["x-user"] : null),
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  beforeEach(async () => {
    clock = new Date("2026-11-27T10:00:00Z");
    const { db } = handle;
    await db.deleteFrom("profiles").execute();
    await db.deleteFrom("songs").execute();
    await db
      .insertInto("auth_users")
      .values(
        ["ana", "ben", "pat"].map((id) => ({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: true,
          createdAt: clock,
          updatedAt: clock,
        })),
      )
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    await db
      .insertInto("profiles")
      .values([
        { id: "ana", username: "ana", user_type: "FREE" },
        { id: "ben", username: "ben", user_type: "FREE" },
        { id: "pat", username: "pat", user_type: "PAID", subscription_end_date: "2027-01-01" },
      ])
      .execute();
    const extra = (engineVersion?: string) =>
      JSON.stringify({
        beats: [],
        downbeats: [],
        segments: [],
        timeSignature: "4/4",
        durationSeconds: 8,
        keyConfidence: 0.9,
        ...(engineVersion ? { engineVersion } : {}),
      });
    const song = (videoId: string, title: string, thumbnail: string | null, analysis: string | null) => ({
      video_id: videoId,
      title,
      thumbnail,
      duration: 3,
      key: "G Major",
      bpm: 120,
      chords: "[]",
      analysis,
    });
    await db
      .insertInto("songs")
      .values([
        song(SONG, TITLE, "https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg", extra(ENGINE_VERSION)),
        song(OTHER_SONG, "Other", null, extra(ENGINE_VERSION)),
        song(OLD_SONG, "Old", null, null),
        song(DEMO, "Blues in A", null, extra("2.9")),
      ])
      .execute();
  });

  const as = (user: string) => ({ "x-user": user });
  const get = (user: string | null, videoId = SONG) =>
    app.inject({ method: "GET", url: `/api/songs/${videoId}/my-version`, headers: user ? as(user) : {} });
  const save = (user: string | null, body: object, videoId = SONG) =>
    app.inject({
      method: "PUT",
      url: `/api/songs/${videoId}/my-version`,
      headers: user ? as(user) : {},
      payload: body,
    });
  const body = (over: Record<string, unknown> = {}) => ({
    sheet: sheet(),
    baseRevision: null,
    edits: [chordEdit],
    ...over,
  });
  const share = (user: string, videoId = SONG) =>
    app.inject({ method: "POST", url: `/api/songs/${videoId}/my-version/share`, headers: as(user) });

  it("needs a session for a user's own version", async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(null)).json().error).toBe(SHEETS_LOGIN_REQUIRED);
    expect((await save(null, body())).statusCode).toBe(401);
    const del = await app.inject({ method: "DELETE", url: `/api/songs/${SONG}/my-version` });
    expect(del.statusCode).toBe(401);
    const post = await app.inject({ method: "POST", url: `/api/songs/${SONG}/my-version/share` });
    expect(post.statusCode).toBe(401);
  });

  it("saves, reads back and deletes a version with the song's engine version", async () => {
    const none = MyVersionResponse.parse((await get("ana")).json());
    expect(none).toEqual({ version: null, canEdit: true });

    const res = await save("ana", body({ edits: [chordEdit, keyEdit] }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = SaveVersionResponse.parse(res.json());
    expect(saved.replaced).toBe(false);
    expect(saved.version).toMatchObject({
      videoId: SONG,
      revision: 1,
      engineVersion: ENGINE_VERSION,
      sheet: sheet(),
      share: null,
    });
    const read = MyVersionResponse.parse((await get("ana")).json());
    expect(read.version).toEqual(saved.version);
    expect(read.canEdit).toBe(true);

    const edits = await handle.db.selectFrom("sheet_edits").selectAll().orderBy("id").execute();
    expect(
      edits.map((e) => [e.user_id, e.video_id, e.engine_version, e.kind, e.beat_from, e.beat_to]),
    ).toEqual([
      ["ana", SONG, ENGINE_VERSION, "chords", 4, 7],
      ["ana", SONG, ENGINE_VERSION, "key", null, null],
    ]);
    expect(edits[0]?.before).toEqual(chordEdit.before);
    expect(edits[0]?.after).toEqual(chordEdit.after);
    expect(edits[1]?.after).toBe("E Minor");

    await share("ana");
    const del = await app.inject({
      method: "DELETE",
      url: `/api/songs/${SONG}/my-version`,
      headers: as("ana"),
    });
    expect(del.statusCode).toBe(204);
    expect(MyVersionResponse.parse((await get("ana")).json()).version).toBeNull();
    expect(await handle.db.selectFrom("sheet_links").selectAll().execute()).toEqual([]);
    // The edits stay as data.
    expect(await handle.db.selectFrom("sheet_edits").selectAll().execute()).toHaveLength(2);
  });

  it("keeps a tempo edit (the sheet halved or doubled) with the BPM before and after", async () => {
    const doubled = scaleTempo(sheet(), 2);
    expect(doubled.edit).not.toBeNull();
    const res = await save("ana", body({ sheet: doubled.sheet, edits: doubled.edit ? [doubled.edit] : [] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(SaveVersionResponse.parse(res.json()).version.sheet).toEqual(doubled.sheet);
    const edits = await handle.db.selectFrom("sheet_edits").selectAll().execute();
    expect(edits.map((e) => [e.kind, e.beat_from, e.beat_to, e.before, e.after])).toEqual([
      ["tempo", null, null, sheet().bpm, (sheet().bpm ?? 0) * 2],
    ]);
  });

  it("records 'unknown' for songs analysed before engine versions were kept, and the demo's own", async () => {
    const old = SaveVersionResponse.parse((await save("pat", body(), OLD_SONG)).json());
    expect(old.version.engineVersion).toBe(UNKNOWN_ENGINE_VERSION);
    const demo = SaveVersionResponse.parse((await save("pat", body(), DEMO)).json());
    expect(demo.version.engineVersion).toBe("2.9");
    const kinds = await handle.db.selectFrom("sheet_edits").select(["video_id", "engine_version"]).execute();
    expect(kinds).toContainEqual({ video_id: OLD_SONG, engine_version: UNKNOWN_ENGINE_VERSION });
  });

  it("answers 404 for a song that is not in the song store, and 400 for a bad video id", async () => {
    const res = await save("ana", body(), "zzzzzzzzzzz");
    expect(res.statusCode).toBe(404);
    expect(await handle.db.selectFrom("sheet_edit_days").selectAll().execute()).toEqual([]);
    const bad = await get("ana", "not a video");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/videoId/);
  });

  it("keeps each user's version to themselves", async () => {
    await save("ana", body());
    expect(MyVersionResponse.parse((await get("ben")).json()).version).toBeNull();
    // ben's save is his own version; ana's stays as it was
    const bens = SaveVersionResponse.parse(
      (await save("ben", body({ sheet: sheet(2), baseRevision: 1 }))).json(),
    );
    expect(bens.version.revision).toBe(1);
    expect(bens.replaced).toBe(false);
    const anas = MyVersionResponse.parse((await get("ana")).json()).version;
    expect(anas?.sheet).toEqual(sheet());
    expect(anas?.revision).toBe(1);
    // ben deleting "his" version does not touch ana's
    await app.inject({ method: "DELETE", url: `/api/songs/${SONG}/my-version`, headers: as("ben") });
    expect(MyVersionResponse.parse((await get("ana")).json()).version?.revision).toBe(1);
    // ben cannot share ana's version (he has none now) nor revoke her link
    expect((await share("ben")).statusCode).toBe(404);
    const link = ShareResponse.parse((await share("ana")).json()).share;
    const revoke = await app.inject({ method: "DELETE", url: `/api/sheets/${link.id}`, headers: as("ben") });
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json().error).toBe(SHARED_SHEET_MISSING);
    expect((await app.inject(`/api/sheets/${link.id}`)).statusCode).toBe(200);
  });

  it("shares a version by an unguessable link anyone can read, without the owner", async () => {
    expect((await share("ana")).statusCode).toBe(404);
    await save("ana", body());
    const first = ShareResponse.parse((await share("ana")).json()).share;
    expect(isLinkId(first.id)).toBe(true);
    expect(Buffer.from(first.id, "base64url")).toHaveLength(16);
    expect(first.url).toBe(`/sheet/${first.id}`);
    // the existing link again
    expect(ShareResponse.parse((await share("ana")).json()).share).toEqual(first);
    // the version carries its link everywhere
    expect(MyVersionResponse.parse((await get("ana")).json()).version?.share).toEqual(first);
    const resaved = SaveVersionResponse.parse((await save("ana", body({ baseRevision: 1 }))).json());
    expect(resaved.version.share).toEqual(first);

    const pub = await app.inject({ method: "GET", url: `/api/sheets/${first.id}` });
    expect(pub.statusCode).toBe(200);
    const shared = SharedSheetResponse.parse(pub.json()).sheet;
    expect(shared).toMatchObject({
      id: first.id,
      videoId: SONG,
      title: TITLE,
      thumbnail: "https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg",
      audioUrl: null,
      sheet: sheet(),
    });
    expect(pub.body).not.toContain("ana@example.com");
    expect(pub.body).not.toContain('"ana"');
    expect(Object.keys(pub.json().sheet).sort()).toEqual(
      ["audioUrl", "id", "sheet", "thumbnail", "title", "updatedAt", "videoId"].sort(),
    );

    // a demo song plays its local audio
    await save("pat", body(), DEMO);
    const demoLink = ShareResponse.parse((await share("pat", DEMO)).json()).share;
    const demo = SharedSheetResponse.parse((await app.inject(`/api/sheets/${demoLink.id}`)).json());
    expect(demo.sheet.audioUrl).toBe(`/api/demo-audio/${DEMO}`);
  });

  it("revokes a link: then it answers 404, and so do ids that never existed", async () => {
    await save("ana", body());
    const link = ShareResponse.parse((await share("ana")).json()).share;
    const revoke = await app.inject({ method: "DELETE", url: `/api/sheets/${link.id}`, headers: as("ana") });
    expect(revoke.statusCode).toBe(204);
    for (const id of [link.id, newLinkId(), "short", "x".repeat(80), "'; drop table sheet_links; --"]) {
      const res = await app.inject(`/api/sheets/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: SHARED_SHEET_MISSING });
    }
    expect(MyVersionResponse.parse((await get("ana")).json()).version?.share).toBeNull();
    // a new share makes a new link
    const again = ShareResponse.parse((await share("ana")).json()).share;
    expect(again.id).not.toBe(link.id);
    const unsigned = await app.inject({ method: "DELETE", url: `/api/sheets/${again.id}` });
    expect(unsigned.statusCode).toBe(401);
  });

  it("lets a FREE user edit one song a UTC day; PAID users any number", async () => {
    expect((await save("ana", body())).statusCode).toBe(200);
    // the same song again the same day
    expect((await save("ana", body({ baseRevision: 1 }))).statusCode).toBe(200);
    expect(MyVersionResponse.parse((await get("ana", OTHER_SONG)).json()).canEdit).toBe(false);
    expect(MyVersionResponse.parse((await get("ana", SONG)).json()).canEdit).toBe(true);
    const refused = await save("ana", body(), OTHER_SONG);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: EDIT_LIMIT_MESSAGE, reason: "edit-limit" });
    expect(MyVersionResponse.parse((await get("ana", OTHER_SONG)).json()).version).toBeNull();
    const otherEdits = await handle.db
      .selectFrom("sheet_edits")
      .selectAll()
      .where("video_id", "=", OTHER_SONG)
      .execute();
    expect(otherEdits).toEqual([]);

    // the next UTC day
    clock = new Date("2026-11-28T00:00:01Z");
    expect(MyVersionResponse.parse((await get("ana", OTHER_SONG)).json()).canEdit).toBe(true);
    expect((await save("ana", body(), OTHER_SONG)).statusCode).toBe(200);
    expect((await save("ana", body({ baseRevision: 1 }), SONG)).statusCode).toBe(403);

    for (const id of [SONG, OTHER_SONG, OLD_SONG, DEMO]) {
      expect(MyVersionResponse.parse((await get("pat", id)).json()).canEdit).toBe(true);
      expect((await save("pat", body(), id)).statusCode, id).toBe(200);
    }
  });

  it("treats an expired subscription as FREE", async () => {
    clock = new Date("2027-01-01T09:00:00Z");
    expect((await save("pat", body(), SONG)).statusCode).toBe(200);
    expect((await save("pat", body(), OTHER_SONG)).statusCode).toBe(403);
  });

  it("keeps the later of two saves from the same revision and tells the earlier tab", async () => {
    await save("ana", body());
    const tabA = SaveVersionResponse.parse(
      (await save("ana", body({ sheet: sheet(2), baseRevision: 1 }))).json(),
    );
    expect(tabA).toMatchObject({ replaced: false, version: { revision: 2 } });
    const tabB = SaveVersionResponse.parse(
      (await save("ana", body({ sheet: sheet(3), baseRevision: 1 }))).json(),
    );
    expect(tabB).toMatchObject({ replaced: true, version: { revision: 3, sheet: sheet(3) } });
    const read = MyVersionResponse.parse((await get("ana")).json()).version;
    expect(read?.revision).toBe(3);
    expect(read?.sheet).toEqual(sheet(3));

    // at once: both are kept in turn, neither is lost, the last revision is 5
    const [x, y] = await Promise.all([
      save("ana", body({ sheet: sheet(4), baseRevision: 3 })),
      save("ana", body({ sheet: sheet(5), baseRevision: 3 })),
    ]);
    const answers = [x, y].map((r) => SaveVersionResponse.parse(r?.json()));
    expect(answers.map((a) => a.version.revision).sort()).toEqual([4, 5]);
    expect(answers.filter((a) => a.replaced)).toHaveLength(1);
    const last = answers.find((a) => a.version.revision === 5);
    expect(MyVersionResponse.parse((await get("ana")).json()).version?.sheet).toEqual(last?.version.sheet);
  });

  describe("refuses bad input with a 400 naming the field", () => {
    const expect400 = async (payload: object, pattern: RegExp) => {
      const res = await save("ana", payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(pattern);
      return res;
    };

    it("a chord that is not a chord", async () => {
      const bad = sheet();
      bad.changes[2] = { beat: 8, chord: "Hm7" };
      await expect400(body({ sheet: bad }), /changes\[2\]\.chord/);
      const unnormalised = sheet();
      unnormalised.changes[1] = { beat: 4, chord: "Bbm7" };
      await expect400(body({ sheet: unnormalised }), /changes\[1\]\.chord/);
    });

    it("more than 2,000 bars", async () => {
      await expect400(body({ sheet: sheet(2001) }), /2000 bars/);
    });

    it("an unknown meter, and broken sheets", async () => {
      await expect400(body({ sheet: sheet(4, { meter: "7/8" as ChordSheet["meter"] }) }), /sheet\.meter/);
      await expect400(body({ sheet: { ...sheet(), beats: [1, 0.5, 2] } }), /beats\[1\]/);
      await expect400(body({ sheet: { ...sheet(), changes: [{ beat: 1, chord: "C" }] } }), /changes/);
      await expect400(body({ sheet: { ...sheet(), key: "H Major" } }), /sheet\.key/);
      await expect400(body({ baseRevision: -1 }), /baseRevision/);
      await expect400(body({ edits: [{ kind: "transpose", before: 1, after: 2 }] }), /edits\[0\]/);
      await expect400(body({ edits: [{ kind: "tempo", before: 120, after: 0 }] }), /edits\[0\]/);
      await expect400(body({ edits: Array.from({ length: 501 }, () => keyEdit) }), /edits/);
      await expect400({}, /sheet/);
    });

    it("any value in any field of a sheet or an edit: 200 or 400, never 5xx", async () => {
      const fields = fc.constantFrom(
        "key",
        "meter",
        "bpm",
        "beats",
        "downbeat",
        "changes",
        "durationSeconds",
      );
      const editFields = fc.constantFrom("kind", "from", "to", "before", "after");
      const value = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.array(fc.record({ beat: fc.integer(), chord: fc.string({ maxLength: 8 }) }), { maxLength: 5 }),
        fc.double(),
      );
      await fc.assert(
        fc.asyncProperty(fields, editFields, value, value, async (field, editField, v, w) => {
          const res = await save("pat", {
            sheet: { ...sheet(), [field]: v },
            baseRevision: null,
            edits: [{ ...chordEdit, [editField]: w }],
          });
          expect([200, 400], res.body).toContain(res.statusCode);
          expect(res.body).not.toMatch(/\n\s+at /);
        }),
        { numRuns: 60, seed: 30 },
      );
    });

    it("malformed JSON", async () => {
      const res = await app.inject({
        method: "PUT",
        url: `/api/songs/${SONG}/my-version`,
        headers: { ...as("ana"), "content-type": "application/json" },
        payload: '{"sheet": {',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBeTruthy();
      expect(await handle.db.selectFrom("sheet_versions").selectAll().execute()).toEqual([]);
    });
  });

  it("deletes versions, links, edits and edit days with the account", async () => {
    await save("ana", body());
    await share("ana");
    await save("ben", body());
    await handle.db.deleteFrom("profiles").where("id", "=", "ana").execute();
    const owners = async (table: "sheet_versions" | "sheet_edits" | "sheet_edit_days") =>
      (await handle.db.selectFrom(table).select("user_id").execute()).map((r) => r.user_id);
    expect(await owners("sheet_versions")).toEqual(["ben"]);
    expect(await owners("sheet_edits")).toEqual(["ben"]);
    expect(await owners("sheet_edit_days")).toEqual(["ben"]);
    expect(await handle.db.selectFrom("sheet_links").selectAll().execute()).toEqual([]);
  });

  it("serves the shared sheet's page with its title and preview card, escaped", async () => {
    await save("ana", body());
    const link = ShareResponse.parse((await share("ana")).json()).share;
    const res = await app.inject(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    const html = res.body;
    const escaped = "Tom&#39;s &quot;Song&quot; &lt;b&gt;&amp;&lt;/b&gt;";
    expect(html).toContain(`<title>${escaped} — chords | Tonic</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped} — chords" />`);
    expect(html).toContain(`<meta property="og:url" content="https://tonic.example/sheet/${link.id}" />`);
    expect(html).toContain(
      '<meta property="og:image" content="https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg" />',
    );
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toMatch(/<meta property="og:description" content="[^"]*G Major[^"]*120 BPM[^"]*4\/4/);
    expect(html).not.toContain(TITLE);
    expect(html).not.toContain("Mastering Music Theory");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html.match(/twitter:card/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("ana@example.com");

    await app.inject({ method: "DELETE", url: `/api/sheets/${link.id}`, headers: as("ana") });
    for (const url of [link.url, "/sheet/nope", `/sheet/${newLinkId()}`]) {
      const gone = await app.inject(url);
      expect(gone.statusCode, url).toBe(404);
      expect(gone.headers["content-type"]).toMatch(/text\/html/);
      expect(gone.body).toContain("<title>Chord sheet not found — Tonic</title>");
      expect(gone.body).not.toContain("og:title");
      expect(gone.body).toContain('<div id="root"></div>');
    }
  });

  it("exports every edit as JSON Lines without the user", async () => {
    await save("ana", body({ edits: [chordEdit, keyEdit] }));
    clock = new Date("2026-11-27T11:00:00Z");
    await save("pat", body({ edits: [{ kind: "meter", before: "4/4", after: "3/4" }] }), OLD_SONG);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c: Buffer) => chunks.push(c));
    expect(await exportEdits(handle.db, out)).toBe(3);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(text.endsWith("\n")).toBe(true);
    const lines = text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      {
        video_id: SONG,
        engine_version: ENGINE_VERSION,
        kind: "chords",
        from: 4,
        to: 7,
        before: chordEdit.before,
        after: chordEdit.after,
        created_at: "2026-11-27T10:00:00.000Z",
      },
      {
        video_id: SONG,
        engine_version: ENGINE_VERSION,
        kind: "key",
        from: null,
        to: null,
        before: "G Major",
        after: "E Minor",
        created_at: "2026-11-27T10:00:00.000Z",
      },
      {
        video_id: OLD_SONG,
        engine_version: UNKNOWN_ENGINE_VERSION,
        kind: "meter",
        from: null,
        to: null,
        before: "4/4",
        after: "3/4",
        created_at: "2026-11-27T11:00:00.000Z",
      },
    ]);
    expect(text).not.toMatch(/ana|pat|example\.com|user/);
  });
});

describe("link ids", () => {
  it("are 128 random bits in base64url", () => {
    const ids = new Set(Array.from({ length: 1000 }, newLinkId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(isLinkId(id)).toBe(true);
    expect(isLinkId("abc")).toBe(false);
    expect(isLinkId("a".repeat(21) + "=")).toBe(false);
  });
});
