import { type Kysely, sql } from "kysely";

/** Creates every entity of PRODUCT §3 with its keys and unique constraints. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("profiles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("user_type", "text", (c) =>
      c.notNull().defaultTo("FREE").check(sql`user_type in ('FREE', 'PAID')`),
    )
    .addColumn("subscription_end_date", "date")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("profile_picture_url", "text")
    .execute();

  await db.schema
    .createTable("song_analysis_usage")
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("date", "date", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0).check(sql`count >= 0`))
    .addPrimaryKeyConstraint("song_analysis_usage_pk", ["user_id", "date"])
    .execute();

  await db.schema
    .createTable("songs")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("video_id", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("thumbnail", "text")
    .addColumn("duration", "real")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("bpm", "real", (c) => c.notNull())
    .addColumn("chords", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("last_accessed", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("songs_key_idx").on("songs").column("key").execute();

  await db.schema
    .createTable("learning_concepts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("course_day", "integer", (c) => c.notNull().unique().check(sql`course_day between 1 and 20`))
    .addColumn("order_index", "integer", (c) => c.notNull())
    .addColumn("video_provider", "text", (c) => c.check(sql`video_provider in ('youtube', 'vimeo', 'drive')`))
    .addColumn("video_provider_id", "text")
    .addColumn("content", "jsonb", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("concept_progress")
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("concept_id", "uuid", (c) =>
      c.notNull().references("learning_concepts.id").onDelete("cascade"),
    )
    .addColumn("last_viewed", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("concept_progress_user_concept_unique", ["user_id", "concept_id"])
    .execute();

  await db.schema
    .createTable("blog_posts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("youtube_url", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("blog_posts_language_idx").on("blog_posts").column("language").execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "contact_messages",
    "blog_posts",
    "concept_progress",
    "learning_concepts",
    "songs",
    "song_analysis_usage",
    "profiles",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
