import { type Kysely, sql } from "kysely";

/**
 * Chord sheets (issue 30):
 * - sheet_versions: a user's corrected chord sheet of a song, one per user and video; `revision` counts
 *   saves, `engine_version` names the engine whose analysis it corrects.
 * - sheet_links: read-only shared links to a version; the id is a random token (128 bits, base64url).
 *   Deleting the version deletes its links.
 * - sheet_edits: every edit as data (song, engine version, beat range, before, after), kept until the
 *   account is deleted, for measuring the engine against musicians' corrections.
 * - sheet_edit_days: the songs a user edited on a UTC date (the FREE tier's one song a day).
 * Every row belongs to a profile and goes with it (on delete cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sheet_versions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("video_id", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull().check(sql`revision > 0`))
    .addColumn("engine_version", "text", (c) => c.notNull())
    .addColumn("sheet", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("sheet_versions_user_video_key", ["user_id", "video_id"])
    .execute();

  await db.schema
    .createTable("sheet_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("version_id", "uuid", (c) =>
      c.notNull().unique().references("sheet_versions.id").onDelete("cascade"),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("sheet_edits")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("video_id", "text", (c) => c.notNull())
    .addColumn("engine_version", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('chords', 'key', 'meter', 'downbeat')`))
    .addColumn("beat_from", "integer")
    .addColumn("beat_to", "integer")
    .addColumn("before", "jsonb", (c) => c.notNull())
    .addColumn("after", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("sheet_edits_user_idx").on("sheet_edits").column("user_id").execute();

  await db.schema
    .createTable("sheet_edit_days")
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("date", "date", (c) => c.notNull())
    .addColumn("video_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("sheet_edit_days_pkey", ["user_id", "date", "video_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sheet_edit_days").ifExists().execute();
  await db.schema.dropTable("sheet_edits").ifExists().execute();
  await db.schema.dropTable("sheet_links").ifExists().execute();
  await db.schema.dropTable("sheet_versions").ifExists().execute();
}
