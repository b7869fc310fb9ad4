import { type Kysely, sql } from "kysely";

/**
 * Analysis engine v2 (issue 12): a song with harmony but no steady beat (free-time playing) has no BPM,
 * so `songs.bpm` may be null. A song without a key is never stored (the job fails as "not music").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table songs alter column bpm drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update songs set bpm = 0 where bpm is null`.execute(db);
  await sql`alter table songs alter column bpm set not null`.execute(db);
}
