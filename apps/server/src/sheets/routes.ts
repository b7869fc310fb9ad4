import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  DEMO_PREFIX,
  EDIT_LIMIT_MESSAGE,
  EditLimitRefusal,
  MyVersionResponse,
  SaveVersionRequest,
  SaveVersionResponse,
  SharedSheetResponse,
  ShareResponse,
} from "@tonic/api";
import { VIDEO_ID_PATTERN } from "@tonic/youtube";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import * as z from "zod/mini";
import * as z4 from "zod/v4/core";
import { getSessionUser } from "../auth/session.js";
import type { Database } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import { serialize } from "../lib/http.js";
import { renderSheetPage } from "./og.js";
import {
  canEditSong,
  deleteVersion,
  findSong,
  readSharedSheet,
  readVersion,
  revokeLink,
  saveVersion,
  shareVersion,
} from "./service.js";

/** What a signed-out visitor reads on the routes of their own versions. */
export const SHEETS_LOGIN_REQUIRED = "Please sign in to keep your version of this song's chords";
/** What anyone reads for a shared link that was revoked or never existed. */
export const SHARED_SHEET_MISSING = "This shared sheet was removed or never existed.";
/** The 404 of a version route for a song that is not in the song store. */
export const SHEET_SONG_NOT_FOUND = "Song not found";
/** The 404 of sharing a song the user has no version of. */
export const NO_VERSION_TO_SHARE = "Save your version of this song before sharing it";

/** Largest save body: a 2,000-bar sheet and up to 500 edits (the app-wide limit is 1 MiB). */
const SAVE_BODY_LIMIT = 4 * 1024 * 1024;
/** Issues a 400 names at most (a sheet of 12,000 bad beats would otherwise answer 12,000 lines). */
const MAX_REPORTED_ISSUES = 3;

export interface SheetsRoutesOptions {
  db: Kysely<Database>;
  /** The built web app (`index.html` is the page of `/sheet/:id`). */
  webDistDir: string;
  /** Canonical site origin (env PUBLIC_URL) for og:url; default the request's own. */
  publicUrl?: string;
  /** Clock of the FREE daily limit (UTC dates) and of the saved times; default the system clock. */
  now?: () => Date;
  /** Who asks (default: the session cookie via `getSessionUser`); tests pass a header reader. */
  userId?: (request: FastifyRequest) => Promise<string | null>;
}

/** A video id: YouTube's 11 characters, or a local demo id (as the songs routes accept). */
const VideoParams = z.object({
  videoId: z.string().check(
    z.refine((v) => VIDEO_ID_PATTERN.test(v) || /^demo-[a-z0-9-]{1,60}$/.test(v), {
      error: "invalid video id",
    }),
  ),
});
/** A shared link id; one that does not look like a token is answered 404 like a revoked one. */
const LinkParams = z.object({ id: z.string() });

/** A zod issue path as a field name: `sheet.changes[3].chord`. */
function fieldName(issuePath: readonly PropertyKey[]): string {
  let out = "";
  for (const part of issuePath) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/**
 * Parses request input with a contract schema.
 * @throws {HttpError} 400 "Invalid request: {field}: {problem}" naming the first bad fields.
 */
export function parseInput<S extends z4.$ZodType>(schema: S, value: unknown): z4.output<S> {
  const parsed = z4.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, MAX_REPORTED_ISSUES).map((i) => {
    const field = fieldName(i.path);
    return field ? `${field}: ${i.message}` : i.message;
  });
  const more = parsed.error.issues.length - issues.length;
  throw new HttpError(400, `Invalid request: ${issues.join("; ")}${more > 0 ? ` (and ${more} more)` : ""}`);
}

/**
 * Chord sheets (issue 30): a signed-in user's version of a song (`/api/songs/:videoId/my-version`: read,
 * save, delete, share), shared read-only links (`/api/sheets/:id`: read by anyone, revoked by the owner)
 * and the page of a shared link (`/sheet/:id`: the web app with the sheet's title and preview card).
 * Register before the web routes: `/sheet/:id` then answers instead of the history fallback.
 */
export async function sheetsRoutes(app: FastifyInstance, opts: SheetsRoutesOptions): Promise<void> {
  const { db } = opts;
  const now = () => opts.now?.() ?? new Date();
  const userIdOf = opts.userId ?? (async (req: FastifyRequest) => (await getSessionUser(req))?.id ?? null);
  const requireUser = async (request: FastifyRequest): Promise<string> => {
    const id = await userIdOf(request);
    if (!id) throw new HttpError(401, SHEETS_LOGIN_REQUIRED);
    return id;
  };
  const noStore = { "Cache-Control": "private, no-store" };

  app.get("/api/songs/:videoId/my-version", async (request, reply) => {
    const { videoId } = parseInput(VideoParams, request.params);
    const userId = await requireUser(request);
    const [version, canEdit] = await Promise.all([
      readVersion(db, userId, videoId),
      canEditSong(db, userId, videoId, now()),
    ]);
    return reply.headers(noStore).send(serialize(MyVersionResponse, { version, canEdit }));
  });

  app.put("/api/songs/:videoId/my-version", { bodyLimit: SAVE_BODY_LIMIT }, async (request, reply) => {
    const { videoId } = parseInput(VideoParams, request.params);
    const userId = await requireUser(request);
    const body = parseInput(SaveVersionRequest, request.body);
    const song = await findSong(db, videoId);
    if (!song) throw new HttpError(404, SHEET_SONG_NOT_FOUND);
    const result = await saveVersion(db, {
      userId,
      song,
      sheet: body.sheet,
      baseRevision: body.baseRevision,
      edits: body.edits,
      now: now(),
    });
    if (!result.saved) {
      if (result.reason === "no-user") throw new HttpError(401, SHEETS_LOGIN_REQUIRED);
      return reply
        .status(403)
        .send(serialize(EditLimitRefusal, { error: EDIT_LIMIT_MESSAGE, reason: "edit-limit" }));
    }
    return reply
      .headers(noStore)
      .send(serialize(SaveVersionResponse, { version: result.version, replaced: result.replaced }));
  });

  app.delete("/api/songs/:videoId/my-version", async (request, reply) => {
    const { videoId } = parseInput(VideoParams, request.params);
    const userId = await requireUser(request);
    await deleteVersion(db, userId, videoId);
    return reply.status(204).send();
  });

  app.post("/api/songs/:videoId/my-version/share", async (request, reply) => {
    const { videoId } = parseInput(VideoParams, request.params);
    const userId = await requireUser(request);
    const share = await shareVersion(db, userId, videoId, now());
    if (!share) throw new HttpError(404, NO_VERSION_TO_SHARE);
    return reply.headers(noStore).send(serialize(ShareResponse, { share }));
  });

  app.get("/api/sheets/:id", async (request, reply) => {
    const { id } = parseInput(LinkParams, request.params);
    const shared = await readSharedSheet(db, id);
    if (!shared) throw new HttpError(404, SHARED_SHEET_MISSING);
    return reply.header("Cache-Control", "no-cache").send(
      serialize(SharedSheetResponse, {
        sheet: {
          ...shared,
          audioUrl: shared.videoId.startsWith(DEMO_PREFIX) ? `/api/demo-audio/${shared.videoId}` : null,
        },
      }),
    );
  });

  app.delete("/api/sheets/:id", async (request, reply) => {
    const { id } = parseInput(LinkParams, request.params);
    const userId = await requireUser(request);
    // Someone else's link answers as a missing one: link ids cannot be probed.
    if (!(await revokeLink(db, userId, id))) throw new HttpError(404, SHARED_SHEET_MISSING);
    return reply.status(204).send();
  });

  // The page of a shared link: the web app (its router shows the sheet) with the sheet's own title and
  // preview card, so chat apps that read only the HTML show the song.
  let indexHtml: Promise<string | null> | undefined;
  const readIndex = () => {
    indexHtml ??= readFile(path.join(opts.webDistDir, "index.html"), "utf8").catch(() => null);
    return indexHtml;
  };
  const base = (req: FastifyRequest) =>
    (opts.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, "");

  app.get("/sheet/:id", async (request, reply) => {
    const { id } = parseInput(LinkParams, request.params);
    const shared = await readSharedSheet(db, id);
    const html = await readIndex();
    const origin = base(request);
    const page = renderSheetPage(
      html,
      shared
        ? {
            title: shared.title,
            sheet: shared.sheet,
            url: `${origin}/sheet/${shared.id}`,
            image: shared.thumbnail ?? `${origin}/icons/icon-512.png`,
          }
        : null,
    );
    return reply
      .status(shared ? 200 : 404)
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(page);
  });
}
