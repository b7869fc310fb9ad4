import { Lesson, LessonListResponse, ResetProgressResponse, SaveProgressResponse } from "@tonic/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import { getSessionUser } from "../auth/session.js";
import type { Database } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import { serialize } from "../lib/http.js";
import {
  assertMayRead,
  courseAccess,
  getLesson,
  LOGIN_REQUIRED,
  listLessons,
  resetProgress,
  saveProgress,
} from "./service.js";

/** Resolves the signed-in user's id for a request (tests may pass their own). */
export type UserIdResolver = (request: FastifyRequest) => Promise<string | null>;

export interface CourseRoutesOptions {
  db: Kysely<Database>;
  /** Default: the better-auth session cookie via `getSessionUser`. */
  userId?: UserIdResolver;
  /** Clock for subscription checks (tests). */
  now?: () => Date;
}

const SlugParams = z.object({ slug: z.string().min(1).max(200) });

/**
 * Course API (PRODUCT §2 course screens, §6 gating, §7 learning_concepts / concept_progress):
 *
 * - `GET /api/learn` → `{ access, lessons }`: every day (title, description, section titles) and
 *   the user's progress; open to everyone, no lesson content.
 * - `GET /api/learn/:slug` → the lesson; 401 visitor, 403 FREE, 404 "Topic not found"; a lesson of
 *   a free path (Indian music basics, PRODUCT §1) is open to everyone.
 * - `PUT /api/learn/:slug/progress` → `{ last_viewed }`; the PRODUCT §7 upsert; same gating, and a visitor's
 *   progress is not stored (401).
 * - `DELETE /api/learn/progress` → `{ deleted }`; any signed-in user (Reset Progress).
 */
export async function courseRoutes(app: FastifyInstance, opts: CourseRoutesOptions) {
  const { db } = opts;
  const userIdOf: UserIdResolver =
    opts.userId ?? (async (request) => (await getSessionUser(request))?.id ?? null);
  const now = opts.now ?? (() => new Date());

  app.get("/api/learn", async (request, reply) => {
    const userId = await userIdOf(request);
    const access = await courseAccess(db, userId, now());
    const lessons = await listLessons(db, userId);
    reply.header("cache-control", "private, no-store");
    return serialize(LessonListResponse, { access, lessons });
  });

  app.get("/api/learn/:slug", async (request, reply) => {
    const { slug } = SlugParams.parse(request.params);
    await assertMayRead(db, await courseAccess(db, await userIdOf(request), now()), slug);
    reply.header("cache-control", "private, no-store");
    return serialize(Lesson, await getLesson(db, slug));
  });

  app.put("/api/learn/:slug/progress", async (request) => {
    const { slug } = SlugParams.parse(request.params);
    const userId = await userIdOf(request);
    await assertMayRead(db, await courseAccess(db, userId, now()), slug);
    if (!userId) throw new HttpError(401, LOGIN_REQUIRED);
    return serialize(SaveProgressResponse, await saveProgress(db, userId, slug, now()));
  });

  app.delete("/api/learn/progress", async (request) => {
    const userId = await userIdOf(request);
    if (!userId) throw new HttpError(401, LOGIN_REQUIRED);
    return serialize(ResetProgressResponse, { deleted: await resetProgress(db, userId) });
  });
}
