import { type Kysely, sql } from "kysely";

/**
 * analytics_events (PRODUCT §7 "Other": page views and named events such as `pwa_installed`).
 * Deliberately holds no personal data: no IP address, no user agent, no user id, no cookies;
 * `path` is a pathname plus hash without the query string.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_events")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("referrer_host", "text")
    .addColumn("props", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("analytics_events_name_created_idx")
    .on("analytics_events")
    .columns(["name", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_events").ifExists().execute();
}
