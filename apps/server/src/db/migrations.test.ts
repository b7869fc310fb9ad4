import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import type { DatabaseHandle } from "./index.js";
import { migrateToLatest } from "./migrate.js";

const tables = [
  "analytics_events",
  "auth_accounts",
  "auth_jwks",
  "auth_sessions",
  "auth_users",
  "auth_verifications",
  "blog_posts",
  "concept_progress",
  "contact_messages",
  "learning_concepts",
  "payment_orders",
  "payments",
  "practice_items",
  "profiles",
  "server_heartbeat",
  "sheet_edit_days",
  "sheet_edits",
  "sheet_links",
  "sheet_versions",
  "song_analysis_usage",
  "song_analysis_videos",
  "song_jobs",
  "songs",
];

/** Postgres error code of a failed query (23505 unique violation, 23503 foreign key, 23514 check). */
async function errorCode(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

describe.each(testDatabases())("migrations on $name", ({ open }) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it("creates every PRODUCT §3 table and is idempotent", async () => {
    handle = await open();
    const rows = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
      order by table_name`.execute(handle.db);
    expect(rows.rows.map((r) => r.table_name)).toEqual(tables);
    expect(await migrateToLatest(handle.db as never)).toEqual([]);
  });

  it("enforces keys, unique constraints and checks", async () => {
    handle = await open();
    const { db } = handle;
    await db.insertInto("profiles").values({ id: "u1", username: "ada" }).execute();
    expect(await errorCode(db.insertInto("profiles").values({ id: "u2", username: "ada" }).execute())).toBe(
      "23505",
    );
    expect(
      await errorCode(
        db
          .insertInto("profiles")
          .values({ id: "u3", username: "bob", user_type: "GOLD" as never })
          .execute(),
      ),
    ).toBe("23514");
    const p = await db.selectFrom("profiles").selectAll().where("id", "=", "u1").executeTakeFirstOrThrow();
    expect(p.user_type).toBe("FREE");

    await db
      .insertInto("song_analysis_usage")
      .values({ user_id: "u1", date: "2026-11-21", count: 1 })
      .execute();
    expect(
      await errorCode(
        db.insertInto("song_analysis_usage").values({ user_id: "u1", date: "2026-11-21" }).execute(),
      ),
    ).toBe("23505");
    expect(
      await errorCode(
        db.insertInto("song_analysis_usage").values({ user_id: "nobody", date: "2026-11-21" }).execute(),
      ),
    ).toBe("23503");

    const song = { video_id: "abc123def45", title: "Demo", key: "C Major", bpm: 120, chords: "[]" };
    await db.insertInto("songs").values(song).execute();
    expect(await errorCode(db.insertInto("songs").values(song).execute())).toBe("23505");

    const concept = await db
      .insertInto("learning_concepts")
      .values({
        slug: "notes",
        title: "Notes",
        description: "d",
        course_day: 1,
        order_index: 1,
        video_provider: null,
        video_provider_id: null,
        content: JSON.stringify({ sections: [] }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("concept_progress").values({ user_id: "u1", concept_id: concept.id }).execute();
    expect(
      await errorCode(
        db.insertInto("concept_progress").values({ user_id: "u1", concept_id: concept.id }).execute(),
      ),
    ).toBe("23505");

    await db
      .insertInto("blog_posts")
      .values({ slug: "s", title: "t", subject: "x", description: "d", language: "en", youtube_url: null })
      .execute();
    expect(
      await errorCode(
        db
          .insertInto("blog_posts")
          .values({
            slug: "s",
            title: "t2",
            subject: "x",
            description: "d",
            language: "hi",
            youtube_url: null,
          })
          .execute(),
      ),
    ).toBe("23505");

    // Chord-sheet edits: the five kinds the editor makes (tempo since migration 0011), nothing else.
    const edit = (kind: string) =>
      sql`insert into sheet_edits (user_id, video_id, engine_version, kind, before, after)
          values ('u1', 'v', '3.0', ${kind}, '120', '240')`.execute(db);
    for (const kind of ["chords", "key", "meter", "downbeat", "tempo"]) await edit(kind);
    expect(await errorCode(edit("transpose"))).toBe("23514");
  });

  it("rolls back a failed transaction without losing earlier data", async () => {
    handle = await open();
    const { db } = handle;
    await db.insertInto("profiles").values({ id: "keep", username: "keep" }).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("profiles").values({ id: "tmp", username: "tmp" }).execute();
        await trx.insertInto("profiles").values({ id: "tmp2", username: "keep" }).execute();
      }),
    ).rejects.toThrow();
    const ids = await db.selectFrom("profiles").select("id").orderBy("id").execute();
    expect(ids.map((r) => r.id)).toEqual(["keep"]);
  });
});
