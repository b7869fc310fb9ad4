import { randomInt } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database, UserType } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import { cleanUsername, mixedScriptReason, sanitizeProvidedName, usernameKey } from "./username.js";

/** A profile as the API returns it (PRODUCT §3 profiles); dates as `yyyy-mm-dd` / ISO strings. */
export interface ProfileView {
  username: string;
  user_type: UserType;
  subscription_end_date: string | null;
  created_at: string;
  profile_picture_url: string | null;
}

/** The fields of an auth user a profile is made from. */
export interface ProfileSource {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

const MAX_USERNAME = 40;

/**
 * The preferred username of a new profile: the provider's display name, else the e-mail's local part
 * (either only when it does not mix look-alike scripts), else "user".
 * @returns a trimmed, non-empty name of at most 40 characters.
 */
export function baseUsername(user: Pick<ProfileSource, "email" | "name">): string {
  // a provider's name that mixes look-alike scripts is not shown as a username (see mixedScriptReason)
  const usable = (name: string) => (mixedScriptReason(name) ? "" : name);
  const fromName = usable(sanitizeProvidedName(user.name).replace(/\s+/g, " "));
  const local = usable(sanitizeProvidedName(user.email.split("@")[0] ?? ""));
  const base = fromName || local || "user";
  return base.slice(0, MAX_USERNAME);
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && "code" in err && err.code === "23505";
}

/**
 * Creates the user's profile if it does not exist yet (PRODUCT §3 profiles; issue 5 "A profile row is
 * created on first sign-in"). The username is {@link baseUsername}, made unique by appending a number
 * when it is taken. Safe to call concurrently and repeatedly.
 * @param db   the database.
 * @param user the auth user.
 */
export async function ensureProfile(db: Kysely<Database>, user: ProfileSource): Promise<void> {
  const existing = await db.selectFrom("profiles").select("id").where("id", "=", user.id).executeTakeFirst();
  if (existing) return;
  const base = baseUsername(user);
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix =
      attempt === 0 ? "" : attempt < 10 ? String(attempt + 1) : String(randomInt(1000, 1_000_000));
    const username = `${base.slice(0, MAX_USERNAME - suffix.length)}${suffix}`;
    try {
      const inserted = await db
        .insertInto("profiles")
        .values({
          id: user.id,
          username,
          username_key: usernameKey(username),
          profile_picture_url: user.image,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) return; // created concurrently by another request
      return;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // username taken: try the next candidate
    }
  }
  throw new Error(`Could not find a free username for ${user.id}`);
}

/**
 * Reads a profile.
 * @returns the profile or null when the user has none.
 */
export async function getProfile(db: Kysely<Database>, userId: string): Promise<ProfileView | null> {
  const row = await db
    .selectFrom("profiles")
    .select([
      "username",
      "user_type",
      sql<string | null>`to_char(subscription_end_date, 'YYYY-MM-DD')`.as("subscription_end_date"),
      "created_at",
      "profile_picture_url",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    username: row.username,
    user_type: row.user_type,
    subscription_end_date: row.subscription_end_date,
    created_at: new Date(row.created_at).toISOString(),
    profile_picture_url: row.profile_picture_url,
  };
}

/**
 * Changes a user's username (PRODUCT §4 "Username edit", §5, §8 "Username").
 * @param username the new name; cleaned by {@link cleanUsername} (NFKC, invisible characters removed,
 *   trimmed). Unique case-insensitively after NFKC (`username_key`).
 * @throws {HttpError} 400 "Username cannot be empty" (also for zero-width-only names), 400 for
 *   text-direction or control characters; 409 "Username already taken" (unique violation,
 *   code 23505); 500 "Error updating username" for any other failure (including a missing profile).
 */
export async function updateUsername(
  db: Kysely<Database>,
  userId: string,
  username: string,
): Promise<string> {
  const name = cleanUsername(username);
  if (name.length > MAX_USERNAME)
    throw new HttpError(400, `Username must be at most ${MAX_USERNAME} characters`);
  try {
    const res = await db
      .updateTable("profiles")
      .set({ username: name, username_key: usernameKey(name) })
      .where("id", "=", userId)
      .returning("username")
      .executeTakeFirst();
    if (!res) throw new HttpError(500, "Error updating username");
    return res.username;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (isUniqueViolation(err)) throw new HttpError(409, "Username already taken");
    throw new HttpError(500, "Error updating username");
  }
}
