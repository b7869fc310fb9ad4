import { type Kysely, sql } from "kysely";

/**
 * Tempo edits of chord sheets: a user halves or doubles a song's tempo in the sheet editor (`scaleTempo`
 * of `@tonic/theory`), kept in `sheet_edits` like the other corrections, with the BPM before and after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sheet_edits drop constraint sheet_edits_kind_check`.execute(db);
  await sql`alter table sheet_edits add constraint sheet_edits_kind_check check (kind in ('chords', 'key', 'meter', 'downbeat', 'tempo'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sheet_edits where kind = 'tempo'`.execute(db);
  await sql`alter table sheet_edits drop constraint sheet_edits_kind_check`.execute(db);
  await sql`alter table sheet_edits add constraint sheet_edits_kind_check check (kind in ('chords', 'key', 'meter', 'downbeat'))`.execute(
    db,
  );
}
