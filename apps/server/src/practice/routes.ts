import { type PracticeItem, SavePracticeRequest } from "@tonic/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Kysely, sql } from "kysely";
import { getSessionUser } from "../auth/session.js";
import type { Database } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";

/** Message for practice calls without a session. */
export const PRACTICE_LOGIN_REQUIRED = "Please log in to keep your practice progress on your account";
export {
  MAX_PRACTICE_ITEMS_PER_SAVE as MAX_ITEMS_PER_SAVE,
  PRACTICE_SKILLS,
  type PracticeItem,
} from "@tonic/api";

export type UserIdResolver = (request: FastifyRequest) => Promise<string | null>;

export interface PracticeRoutesOptions {
  db: Kysely<Database>;
  /** Default: the session cookie via `getSessionUser`. */
  userId?: UserIdResolver;
}

/**
 * A user's practice items, oldest first.
 *
 * Returns
 * -------
 * PracticeItem[]
 *     Dates as ISO strings.
 */
export async function listPracticeItems(db: Kysely<Database>, userId: string): Promise<PracticeItem[]> {
  const rows = await db
    .selectFrom("practice_items")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("updated_at")
    .execute();
  return rows.map((r) => ({
    item_id: r.item_id,
    skill: r.skill as PracticeItem["skill"],
    attempts: r.attempts,
    correct: r.correct,
    due: new Date(r.due).toISOString(),
    card: (typeof r.card === "string" ? JSON.parse(r.card) : r.card) as PracticeItem["card"],
    updated_at: new Date(r.updated_at).toISOString(),
  }));
}

/**
 * Save items; for each item the newer `updated_at` wins, so a device that practised offline
 * never overwrites newer progress from another device.
 *
 * Returns
 * -------
 * number
 *     Items written (older copies are skipped).
 */
export async function savePracticeItems(
  db: Kysely<Database>,
  userId: string,
  items: readonly PracticeItem[],
): Promise<number> {
  let written = 0;
  for (const item of items) {
    const res = await db
      .insertInto("practice_items")
      .values({
        user_id: userId,
        item_id: item.item_id,
        skill: item.skill,
        attempts: item.attempts,
        correct: item.correct,
        due: item.due,
        card: JSON.stringify(item.card),
        updated_at: item.updated_at,
      })
      .onConflict((oc) =>
        oc
          .columns(["user_id", "item_id"])
          .doUpdateSet((eb) => ({
            skill: eb.ref("excluded.skill"),
            attempts: eb.ref("excluded.attempts"),
            correct: eb.ref("excluded.correct"),
            due: eb.ref("excluded.due"),
            card: eb.ref("excluded.card"),
            updated_at: eb.ref("excluded.updated_at"),
          }))
          .where(sql<boolean>`practice_items.updated_at < excluded.updated_at`),
      )
      .executeTakeFirst();
    written += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

/**
 * Practice API (issue 16): signed-in users keep their spaced-repetition items on the server.
 *
 * - `GET /api/practice` → `{ items }`
 * - `PUT /api/practice` with `{ items: PracticeItem[] }` (1–500) → `{ saved }`; newer `updated_at` wins.
 * - `DELETE /api/practice` → `{ deleted }` (Settings → Reset Progress).
 * All answer 401 without a session; a malformed item is a 400 naming the field.
 */
export async function practiceRoutes(app: FastifyInstance, opts: PracticeRoutesOptions) {
  const { db } = opts;
  const userIdOf: UserIdResolver =
    opts.userId ?? (async (request) => (await getSessionUser(request))?.id ?? null);
  const requireUser = async (request: FastifyRequest) => {
    const id = await userIdOf(request);
    if (!id) throw new HttpError(401, PRACTICE_LOGIN_REQUIRED);
    return id;
  };

  app.get("/api/practice", async (request, reply) => {
    const userId = await requireUser(request);
    reply.header("cache-control", "private, no-store");
    return { items: await listPracticeItems(db, userId) };
  });

  app.put("/api/practice", async (request) => {
    const userId = await requireUser(request);
    const { items } = SavePracticeRequest.parse(request.body);
    return { saved: await savePracticeItems(db, userId, items) };
  });

  app.delete("/api/practice", async (request) => {
    const userId = await requireUser(request);
    const res = await db.deleteFrom("practice_items").where("user_id", "=", userId).executeTakeFirst();
    return { deleted: Number(res.numDeletedRows) };
  });
}
