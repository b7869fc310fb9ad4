import { type Kysely, sql } from "kysely";

/**
 * practice_items (issue 16 "Practice that sticks"): one row per user and practice item (an
 * ear-training answer such as "intervals:M3" or a lesson quiz question "quiz:the-major-scale:2"),
 * holding the learner's counts and the spaced-repetition card the web app schedules with FSRS.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("practice_items")
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("skill", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("correct", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("due", "timestamptz", (c) => c.notNull())
    .addColumn("card", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("practice_items_pkey", ["user_id", "item_id"])
    .execute();
  await db.schema
    .createIndex("practice_items_user_due_idx")
    .on("practice_items")
    .columns(["user_id", "due"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("practice_items").ifExists().execute();
}
