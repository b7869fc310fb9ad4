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

/** Practice items one user may keep (ear-training answers plus quiz questions are a few hundred). */
export const MAX_PRACTICE_ITEMS_PER_USER = 2000;

/** Message of the 413 answered when a save would take a user past {@link MAX_PRACTICE_ITEMS_PER_USER}. */
export const PRACTICE_LIMIT_REACHED = `You can keep at most ${MAX_PRACTICE_ITEMS_PER_USER.toLocaleString("en")} practice items; reset your progress in Settings to start again.`;

/**
 * Save items in one statement; for each item the newer `updated_at` wins, so a device that practised
 * offline never overwrites newer progress from another device. Items repeated in `items` count once
 * (the newest copy). The user's items are locked for the transaction, so parallel saves cannot pass
 * the cap together.
 *
 * Returns
 * -------
 * number
 *     Items written (older copies are skipped).
 *
 * Raises
 * ------
 * HttpError
 *     413 {@link PRACTICE_LIMIT_REACHED} when the user would then keep more than
 *     {@link MAX_PRACTICE_ITEMS_PER_USER} items; nothing is written.
 */
export async function savePracticeItems(
  db: Kysely<Database>,
  userId: string,
  items: readonly PracticeItem[],
): Promise<number> {
  const newest = new Map<string, PracticeItem>();
  for (const item of items) {
    const seen = newest.get(item.item_id);
    if (!seen || Date.parse(seen.updated_at) < Date.parse(item.updated_at)) newest.set(item.item_id, item);
  }
  const unique = [...newest.values()];
  if (unique.length === 0) return 0;
  return await db.transaction().execute(async (trx) => {
    // One user's saves run one at a time (a transaction-scoped lock on the user id).
    await sql`select pg_advisory_xact_lock(hashtext(${userId}))`.execute(trx);
    const counts = await trx
      .selectFrom("practice_items")
      .select((eb) => [
        eb.fn.countAll<string>().as("total"),
        eb.fn
          .count<string>("item_id")
          .filterWhere(
            "item_id",
            "in",
            unique.map((i) => i.item_id),
          )
          .as("existing"),
      ])
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    const after = Number(counts.total) + unique.length - Number(counts.existing);
    if (after > MAX_PRACTICE_ITEMS_PER_USER) throw new HttpError(413, PRACTICE_LIMIT_REACHED);
    const res = await trx
      .insertInto("practice_items")
      .values(
        unique.map((item) => ({
          user_id: userId,
          item_id: item.item_id,
          skill: item.skill,
          attempts: item.attempts,
          correct: item.correct,
          due: item.due,
          card: JSON.stringify(item.card),
          updated_at: item.updated_at,
        })),
      )
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
    return Number(res.numInsertedOrUpdatedRows ?? 0);
  });
}

/**
 * Practice API (issue 16): signed-in users keep their spaced-repetition items on the server.
 *
 * - `GET /api/practice` → `{ items }`
 * - `PUT /api/practice` with `{ items: PracticeItem[] }` (1–500) → `{ saved }`; newer `updated_at` wins;
 *   413 `{ error }` when the user would keep more than {@link MAX_PRACTICE_ITEMS_PER_USER} (2,000) items.
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
