import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type DatabaseHandle, openDatabase } from "../src/db/index.js";

export interface TestDatabase {
  name: "pglite" | "postgres";
  open(): Promise<DatabaseHandle>;
}

/**
 * The databases every database test runs on: in-memory PGlite always, and the real PostgreSQL when
 * DATABASE_URL is set (CI sets it). Each PostgreSQL handle gets its own throw-away schema.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: "pglite", open: () => openDatabase({ kind: "pglite" }) }];
  const url = process.env.DATABASE_URL;
  if (url) {
    list.push({
      name: "postgres",
      async open() {
        const schema = `t_${randomBytes(6).toString("hex")}`;
        const handle = await openDatabase({ kind: "postgres", url, schema });
        return {
          ...handle,
          async close() {
            await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
            await handle.close();
          },
        };
      },
    });
  }
  return list;
}
