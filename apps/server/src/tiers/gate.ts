import { FREE_DAILY_LIMIT } from "@tonic/api";
import { type Kysely, sql } from "kysely";
import type { Database, UserType } from "../db/schema.js";
import { ensureProfile } from "../profile/service.js";

export { FREE_DAILY_LIMIT };

/**
 * The answer of {@link consumeAnalysis}.
 * - allowed: `remaining` is the FREE user's analyses left today after this one, `null` for PAID.
 * - not allowed: `"login"` for visitors (PRODUCT §6: the 10-second preview and a login prompt),
 *   `"limit"` for a FREE user at the daily limit ("Daily Limit Reached").
 * - `expired` is true when this very call downgraded an expired PAID user to FREE (the "expired" prompt).
 */
export type GateDecision =
  | { allowed: true; expired: boolean; remaining: number | null }
  | { allowed: false; reason: "login" | "limit"; expired: boolean };

/** The user's effective tier after applying expiry. */
export interface TierState {
  userType: UserType;
  /** `yyyy-mm-dd` or null. */
  subscriptionEndDate: string | null;
  /** True when this call downgraded an expired PAID user to FREE. */
  expired: boolean;
}

/**
 * The UTC calendar date of an instant.
 * @returns `yyyy-mm-dd`.
 */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

class LimitReached extends Error {}

/**
 * Reads a user's tier and applies PRODUCT §4/§6 expiry: a PAID user whose `subscription_end_date` is
 * today (UTC) or earlier, or missing, is set to FREE in the database.
 * Creates the profile first when a signed-in user has none yet.
 * @param db     the database.
 * @param userId the auth user id.
 * @param now    the current instant (tests pass a fixed one).
 * @returns the tier, or null when no such user exists.
 */
export async function currentTier(
  db: Kysely<Database>,
  userId: string,
  now: Date = new Date(),
): Promise<TierState | null> {
  const today = utcDate(now);
  const read = () =>
    db
      .selectFrom("profiles")
      .select(["user_type", sql<string | null>`to_char(subscription_end_date, 'YYYY-MM-DD')`.as("end_date")])
      .where("id", "=", userId)
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    const user = await db
      .selectFrom("auth_users")
      .select(["id", "email", "name", "image"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) return null;
    await ensureProfile(db, user);
    row = await read();
    if (!row) return null;
  }
  if (row.user_type === "PAID" && row.end_date !== null && row.end_date > today) {
    return { userType: "PAID", subscriptionEndDate: row.end_date, expired: false };
  }
  if (row.user_type === "PAID") {
    const downgraded = await db
      .updateTable("profiles")
      .set({ user_type: "FREE" })
      .where("id", "=", userId)
      .where("user_type", "=", "PAID")
      .where((eb) =>
        eb.or([eb("subscription_end_date", "is", null), eb("subscription_end_date", "<=", today)]),
      )
      .returning("id")
      .executeTakeFirst();
    return { userType: "FREE", subscriptionEndDate: row.end_date, expired: downgraded !== undefined };
  }
  return { userType: "FREE", subscriptionEndDate: row.end_date, expired: false };
}

/**
 * The one gate of PRODUCT §4 "Song analysis gating" / §6, called for every NEW analysis (cached songs are
 * not gated; the caller checks the cache first).
 *
 * - visitor (`userId` null) → not allowed, reason `"login"`;
 * - PAID with an end date after today (UTC) → allowed, not counted;
 * - PAID with an end date today or earlier → downgraded to FREE in the database (`expired: true`),
 *   then treated as FREE;
 * - FREE → at most {@link FREE_DAILY_LIMIT} different videos per UTC date. The same video again on the
 *   same date is allowed and not counted again. The count is incremented with a single conditional
 *   upsert inside a transaction, so parallel requests at count 4 let exactly one through.
 *
 * @param db      the database.
 * @param userId  the signed-in user's id, or null for a visitor.
 * @param videoId the video to analyse (any stable id).
 * @param now     the current instant (default: now); its UTC date is the counting day.
 * @returns the decision; call {@link refundAnalysis} if the analysis then fails.
 */
export async function consumeAnalysis(
  db: Kysely<Database>,
  userId: string | null,
  videoId: string,
  now: Date = new Date(),
): Promise<GateDecision> {
  if (!userId) return { allowed: false, reason: "login", expired: false };
  const tier = await currentTier(db, userId, now);
  if (!tier) return { allowed: false, reason: "login", expired: false };
  const expired = tier.expired;
  if (tier.userType === "PAID") return { allowed: true, expired, remaining: null };

  const today = utcDate(now);
  try {
    return await db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto("song_analysis_videos")
        .values({ user_id: userId, date: today, video_id: videoId })
        .onConflict((oc) => oc.columns(["user_id", "date", "video_id"]).doNothing())
        .returning("video_id")
        .executeTakeFirst();
      if (!fresh) {
        const usage = await trx
          .selectFrom("song_analysis_usage")
          .select("count")
          .where("user_id", "=", userId)
          .where("date", "=", today)
          .executeTakeFirst();
        return {
          allowed: true as const,
          expired,
          remaining: Math.max(0, FREE_DAILY_LIMIT - (usage?.count ?? 0)),
        };
      }
      const res = await sql<{ count: number }>`
        insert into song_analysis_usage (user_id, date, count) values (${userId}, ${today}, 1)
        on conflict (user_id, date) do update set count = song_analysis_usage.count + 1
        where song_analysis_usage.count < ${FREE_DAILY_LIMIT}
        returning count`.execute(trx);
      const row = res.rows[0];
      if (!row) throw new LimitReached(); // rolls the video row back
      return { allowed: true as const, expired, remaining: FREE_DAILY_LIMIT - Number(row.count) };
    });
  } catch (err) {
    if (err instanceof LimitReached) return { allowed: false, reason: "limit", expired };
    throw err;
  }
}

/**
 * Gives back the count taken by {@link consumeAnalysis} for a video whose analysis then failed.
 * Does nothing when the video was not counted for that UTC date (e.g. PAID users, or already refunded).
 * @param now must fall on the same UTC date as the consuming call.
 */
export async function refundAnalysis(
  db: Kysely<Database>,
  userId: string,
  videoId: string,
  now: Date = new Date(),
): Promise<void> {
  const today = utcDate(now);
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("song_analysis_videos")
      .where("user_id", "=", userId)
      .where("date", "=", today)
      .where("video_id", "=", videoId)
      .returning("video_id")
      .executeTakeFirst();
    if (!removed) return;
    await trx
      .updateTable("song_analysis_usage")
      .set({ count: sql<number>`greatest(count - 1, 0)` })
      .where("user_id", "=", userId)
      .where("date", "=", today)
      .execute();
  });
}

/**
 * Today's usage of a user, for display (no side effects apart from the expiry downgrade).
 * @returns the tier, today's count and the limit (null for PAID), or null for an unknown user.
 */
export async function usageToday(
  db: Kysely<Database>,
  userId: string,
  now: Date = new Date(),
): Promise<{ tier: TierState; count: number; limit: number | null } | null> {
  const tier = await currentTier(db, userId, now);
  if (!tier) return null;
  const usage = await db
    .selectFrom("song_analysis_usage")
    .select("count")
    .where("user_id", "=", userId)
    .where("date", "=", utcDate(now))
    .executeTakeFirst();
  return { tier, count: usage?.count ?? 0, limit: tier.userType === "PAID" ? null : FREE_DAILY_LIMIT };
}
