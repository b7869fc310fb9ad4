import { once } from "node:events";
import type { Writable } from "node:stream";
import type { Kysely } from "kysely";
import type { Database, SheetEditValue } from "../db/schema.js";

/** One line of the edits export: an edit as data, without the user. */
export interface ExportedEdit {
  video_id: string;
  engine_version: string;
  kind: string;
  /** First beat of a `chords` edit, null for key, meter, downbeat and tempo edits. */
  from: number | null;
  /** Last beat (inclusive) of a `chords` edit, null for the other kinds. */
  to: number | null;
  before: SheetEditValue;
  after: SheetEditValue;
  /** ISO time. */
  created_at: string;
}

/** Rows read per query, so an export of millions of edits never holds them all. */
const PAGE = 1000;

/**
 * Writes every kept chord-sheet edit (issue 30) as JSON Lines, oldest first: the song, the engine
 * version, the kind, the beat range, before, after and the time — never the user's id or e-mail.
 * Reads in pages of {@link PAGE} rows and waits for `out` to drain, so memory stays flat.
 * @param db  the database (PGlite or PostgreSQL).
 * @param out where the lines go (stdout, a file stream); not ended here.
 * @returns the number of edits written.
 */
export async function exportEdits(db: Kysely<Database>, out: Writable): Promise<number> {
  let after: string | null = null;
  let written = 0;
  for (;;) {
    let q = db
      .selectFrom("sheet_edits")
      .select([
        "id",
        "video_id",
        "engine_version",
        "kind",
        "beat_from",
        "beat_to",
        "before",
        "after",
        "created_at",
      ])
      .orderBy("id")
      .limit(PAGE);
    if (after !== null) q = q.where("id", ">", after);
    const rows = await q.execute();
    if (rows.length === 0) return written;
    for (const r of rows) {
      const line: ExportedEdit = {
        video_id: r.video_id,
        engine_version: r.engine_version,
        kind: r.kind,
        from: r.beat_from,
        to: r.beat_to,
        // jsonb is parsed by the driver (PGlite and node-postgres); a string here is a JSON string value.
        before: r.before,
        after: r.after,
        created_at: new Date(r.created_at).toISOString(),
      };
      if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, "drain");
      written++;
    }
    after = String(rows[rows.length - 1]?.id);
    if (rows.length < PAGE) return written;
  }
}
