import { randomBytes } from "node:crypto";
import {
  type ChordSheet,
  FREE_DAILY_EDITED_SONGS,
  type SheetEdit,
  type SheetShare,
  type SheetVersion,
} from "@tonic/api";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database, SheetEditValue, SongAnalysisExtra } from "../db/schema.js";
import { currentTier, utcDate } from "../tiers/gate.js";

/** Engine version of a version whose song was analysed before engine versions were recorded. */
export const UNKNOWN_ENGINE_VERSION = "unknown";

/** Random bytes of a shared link's id: 128 bits, 22 base64url characters. */
const LINK_ID_BYTES = 16;
/** What a shared link's id looks like; anything else is answered 404 without a database read. */
const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** True when `id` has the shape of a shared link's id (22 base64url characters). */
export function isLinkId(id: string): boolean {
  return LINK_ID_PATTERN.test(id);
}

/** A new shared link id: 128 random bits from the system's CSPRNG, base64url. */
export function newLinkId(): string {
  return randomBytes(LINK_ID_BYTES).toString("base64url");
}

/** The public path of a shared link. */
export function sharePath(id: string): string {
  return `/sheet/${id}`;
}

function shareOf(linkId: string | null): SheetShare | null {
  return linkId ? { id: linkId, url: sharePath(linkId) } : null;
}

/** A jsonb column as read: PGlite and node-postgres parse it; a string (older drivers) is parsed here. */
function fromJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/** The song a version belongs to, as the sheets area needs it. */
export interface SheetSong {
  videoId: string;
  title: string;
  thumbnail: string | null;
  /** The engine that analysed it (`analysis.engineVersion`), {@link UNKNOWN_ENGINE_VERSION} for older rows. */
  engineVersion: string;
}

/**
 * Reads a song of the song store by video id (without touching `last_accessed`).
 * @returns the song, or null when it is not in the store.
 */
export async function findSong(db: Kysely<Database>, videoId: string): Promise<SheetSong | null> {
  const row = await db
    .selectFrom("songs")
    .select(["video_id", "title", "thumbnail", "analysis"])
    .where("video_id", "=", videoId)
    .executeTakeFirst();
  if (!row) return null;
  const extra = row.analysis ? fromJson<SongAnalysisExtra>(row.analysis) : null;
  const engineVersion =
    typeof extra?.engineVersion === "string" && extra.engineVersion !== ""
      ? extra.engineVersion
      : UNKNOWN_ENGINE_VERSION;
  return { videoId: row.video_id, title: row.title, thumbnail: row.thumbnail, engineVersion };
}

/**
 * A user's version of a song with its shared link, as the API returns it.
 * @returns the version, or null when the user has none for this video.
 */
export async function readVersion(
  db: Kysely<Database>,
  userId: string,
  videoId: string,
): Promise<SheetVersion | null> {
  const row = await db
    .selectFrom("sheet_versions as v")
    .leftJoin("sheet_links as l", "l.version_id", "v.id")
    .select(["v.video_id", "v.revision", "v.updated_at", "v.engine_version", "v.sheet", "l.id as link_id"])
    .where("v.user_id", "=", userId)
    .where("v.video_id", "=", videoId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    videoId: row.video_id,
    revision: row.revision,
    updatedAt: new Date(row.updated_at).toISOString(),
    engineVersion: row.engine_version,
    sheet: fromJson<ChordSheet>(row.sheet),
    share: shareOf(row.link_id),
  };
}

/**
 * Whether a user may save a version of `videoId` now: PAID always (after applying expiry, as
 * `currentTier`), FREE when the songs they edited this UTC day, this one included, stay within
 * {@link FREE_DAILY_EDITED_SONGS} (editing the same song again the same day is fine).
 * @returns false for an unknown user.
 */
export async function canEditSong(
  db: Kysely<Database>,
  userId: string,
  videoId: string,
  now: Date,
): Promise<boolean> {
  const tier = await currentTier(db, userId, now);
  if (!tier) return false;
  if (tier.userType === "PAID") return true;
  return (await otherSongsEditedOn(db, userId, videoId, utcDate(now))) < FREE_DAILY_EDITED_SONGS;
}

async function otherSongsEditedOn(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  videoId: string,
  date: string,
): Promise<number> {
  const row = await db
    .selectFrom("sheet_edit_days")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("date", "=", date)
    .where("video_id", "<>", videoId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The answer of {@link saveVersion}. */
export type SaveResult =
  | { saved: true; version: SheetVersion; replaced: boolean }
  | { saved: false; reason: "edit-limit" | "no-user" };

/** What {@link saveVersion} stores. */
export interface SaveInput {
  userId: string;
  song: SheetSong;
  sheet: ChordSheet;
  /** The revision the saving tab last saw; null when it saw none. */
  baseRevision: number | null;
  edits: readonly SheetEdit[];
  now: Date;
}

/** The edit-limit refusal, thrown inside the transaction so it rolls back. */
class EditLimit extends Error {}

/**
 * Saves a user's version of a song: the later save always wins (revision = the stored one + 1), and the
 * edits are kept as data with the song's engine version, in the same transaction. A FREE user's first
 * save of a song on a UTC day counts that song; a save of another song past
 * {@link FREE_DAILY_EDITED_SONGS} is refused and writes nothing. One user's saves run one at a time (a
 * transaction-scoped advisory lock), so two tabs cannot pass the limit together or lose a revision.
 * @returns the stored version and `replaced`: true when another save came in after the revision the tab
 *   last saw (`baseRevision` lower than the stored revision).
 */
export async function saveVersion(db: Kysely<Database>, input: SaveInput): Promise<SaveResult> {
  const { userId, song, now } = input;
  const tier = await currentTier(db, userId, now);
  if (!tier) return { saved: false, reason: "no-user" };
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('sheet_versions'), hashtext(${userId}))`.execute(trx);
      if (tier.userType === "FREE") {
        const date = utcDate(now);
        if ((await otherSongsEditedOn(trx, userId, song.videoId, date)) >= FREE_DAILY_EDITED_SONGS) {
          throw new EditLimit();
        }
        await trx
          .insertInto("sheet_edit_days")
          .values({ user_id: userId, date, video_id: song.videoId })
          .onConflict((oc) => oc.columns(["user_id", "date", "video_id"]).doNothing())
          .execute();
      }
      const stored = await trx
        .insertInto("sheet_versions")
        .values({
          user_id: userId,
          video_id: song.videoId,
          revision: 1,
          engine_version: song.engineVersion,
          sheet: JSON.stringify(input.sheet),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(["user_id", "video_id"]).doUpdateSet((eb) => ({
            revision: sql<number>`${eb.ref("sheet_versions.revision")} + 1`,
            engine_version: eb.ref("excluded.engine_version"),
            sheet: eb.ref("excluded.sheet"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .returning(["id", "revision"])
        .executeTakeFirstOrThrow();
      if (input.edits.length > 0) {
        await trx
          .insertInto("sheet_edits")
          .values(input.edits.map((e) => editRow(userId, song, e, now)))
          .execute();
      }
      const link = await trx
        .selectFrom("sheet_links")
        .select("id")
        .where("version_id", "=", stored.id)
        .executeTakeFirst();
      const previous = stored.revision - 1;
      return {
        saved: true as const,
        replaced: previous > 0 && (input.baseRevision ?? 0) < previous,
        version: {
          videoId: song.videoId,
          revision: stored.revision,
          updatedAt: now.toISOString(),
          engineVersion: song.engineVersion,
          sheet: input.sheet,
          share: shareOf(link?.id ?? null),
        },
      };
    });
  } catch (err) {
    if (err instanceof EditLimit) return { saved: false, reason: "edit-limit" };
    throw err;
  }
}

function editRow(userId: string, song: SheetSong, edit: SheetEdit, now: Date) {
  const range = edit.kind === "chords" ? { from: edit.from, to: edit.to } : { from: null, to: null };
  const before: SheetEditValue = edit.before;
  const after: SheetEditValue = edit.after;
  return {
    user_id: userId,
    video_id: song.videoId,
    engine_version: song.engineVersion,
    kind: edit.kind,
    beat_from: range.from,
    beat_to: range.to,
    before: JSON.stringify(before),
    after: JSON.stringify(after),
    created_at: now,
  };
}

/**
 * Deletes a user's version of a song and its shared link (the edits stay, as data, until the account
 * is deleted).
 * @returns true when there was one.
 */
export async function deleteVersion(db: Kysely<Database>, userId: string, videoId: string): Promise<boolean> {
  const res = await db
    .deleteFrom("sheet_versions")
    .where("user_id", "=", userId)
    .where("video_id", "=", videoId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * The shared link of a user's version of a song, created when there is none yet.
 * @returns the link, or null when the user has no version of this song.
 */
export async function shareVersion(
  db: Kysely<Database>,
  userId: string,
  videoId: string,
  now: Date,
): Promise<SheetShare | null> {
  const version = await db
    .selectFrom("sheet_versions")
    .select("id")
    .where("user_id", "=", userId)
    .where("video_id", "=", videoId)
    .executeTakeFirst();
  if (!version) return null;
  await db
    .insertInto("sheet_links")
    .values({ id: newLinkId(), version_id: version.id, created_at: now })
    .onConflict((oc) => oc.column("version_id").doNothing())
    .execute();
  const link = await db
    .selectFrom("sheet_links")
    .select("id")
    .where("version_id", "=", version.id)
    .executeTakeFirst();
  return link ? shareOf(link.id) : null;
}

/**
 * Revokes a shared link, only when `userId` owns its version.
 * @returns false when the link does not exist or belongs to someone else (the caller answers 404 for
 *   both, so ids cannot be probed).
 */
export async function revokeLink(db: Kysely<Database>, userId: string, linkId: string): Promise<boolean> {
  if (!isLinkId(linkId)) return false;
  const res = await db
    .deleteFrom("sheet_links")
    .where("id", "=", linkId)
    .where("version_id", "in", (eb) =>
      eb.selectFrom("sheet_versions").select("id").where("user_id", "=", userId),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** A shared version as anyone may see it: the song and the sheet, nothing about the owner. */
export interface SharedSheetRow {
  id: string;
  videoId: string;
  title: string;
  thumbnail: string | null;
  updatedAt: string;
  sheet: ChordSheet;
}

/**
 * Reads a shared link with its version and song.
 * @returns null for an id that does not look like a link id, or a link that was revoked or never existed.
 */
export async function readSharedSheet(db: Kysely<Database>, linkId: string): Promise<SharedSheetRow | null> {
  if (!isLinkId(linkId)) return null;
  const row = await db
    .selectFrom("sheet_links as l")
    .innerJoin("sheet_versions as v", "v.id", "l.version_id")
    .leftJoin("songs as s", "s.video_id", "v.video_id")
    .select(["l.id", "v.video_id", "v.updated_at", "v.sheet", "s.title", "s.thumbnail"])
    .where("l.id", "=", linkId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    videoId: row.video_id,
    title: row.title ?? row.video_id,
    thumbnail: row.thumbnail ?? null,
    updatedAt: new Date(row.updated_at).toISOString(),
    sheet: fromJson<ChordSheet>(row.sheet),
  };
}
