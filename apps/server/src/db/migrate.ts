import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as m0001 from "./migrations/0001_initial.js";
import * as m0002 from "./migrations/0002_auth_and_payments.js";
import * as m0003 from "./migrations/0003_song_jobs.js";
import * as m0005 from "./migrations/0005_analytics_events.js";
import * as m0006 from "./migrations/0006_username_key_and_heartbeat.js";
import * as m0007 from "./migrations/0007_practice_items.js";
import * as m0008 from "./migrations/0008_nullable_song_bpm.js";
import * as m0009 from "./migrations/0009_chord_sheets.js";
import * as m0010 from "./migrations/0010_learning_paths.js";
import * as m0011 from "./migrations/0011_tempo_edits.js";

/** Migrations are compiled into the server so PGlite and PostgreSQL run exactly the same ones. */
const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_auth_and_payments": m0002,
  "0003_song_jobs": m0003,
  "0005_analytics_events": m0005,
  "0006_username_key_and_heartbeat": m0006,
  "0007_practice_items": m0007,
  "0008_nullable_song_bpm": m0008,
  "0009_chord_sheets": m0009,
  "0010_learning_paths": m0010,
  "0011_tempo_edits": m0011,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/**
 * Brings the schema to the latest migration.
 * @returns names of the migrations applied by this call.
 * @throws the first migration error; the failing migration runs in a transaction and leaves nothing half-applied.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
