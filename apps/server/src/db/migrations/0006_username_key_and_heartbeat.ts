import { type Kysely, sql } from "kysely";

/**
 * Issue 15:
 * - `profiles.username_key`: the username folded for comparison (NFKC, lower case, invisible
 *   characters removed; computed by the server, see `profile/username.ts`) with a unique index, so
 *   "Ana", "ana" and "Ａｎａ" cannot all exist. Existing rows get `lower(username)` where that is
 *   already unique; clashing old rows keep null (allowed) until their owner renames.
 * - `server_heartbeat`: one row that `/api/health` writes to prove the database accepts writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("profiles").addColumn("username_key", "text").execute();
  await sql`
    update profiles p set username_key = lower(p.username)
     where (select count(*) from profiles q where lower(q.username) = lower(p.username)) = 1`.execute(db);
  await db.schema
    .createIndex("profiles_username_key_idx")
    .unique()
    .on("profiles")
    .column("username_key")
    .execute();
  await db.schema
    .createTable("server_heartbeat")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("at", "timestamptz", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("server_heartbeat").ifExists().execute();
  await db.schema.dropIndex("profiles_username_key_idx").ifExists().execute();
  await db.schema.alterTable("profiles").dropColumn("username_key").execute();
}
