import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import type { DatabaseHandle } from "../db/index.js";
import { resolveContentDir } from "./load.js";
import { ContentError } from "./parse.js";
import { CONTENT_SEED_LOCK, seedContent } from "./seed.js";

function contentCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "tonic-seed-"));
  cpSync(resolveContentDir({}), dir, { recursive: true });
  return dir;
}

describe.each(testDatabases())("seedContent on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle.close();
  });

  const counts = async () => ({
    lessons: Number(
      (
        await handle.db
          .selectFrom("learning_concepts")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    posts: Number(
      (
        await handle.db
          .selectFrom("blog_posts")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it("stores every lesson and post, and re-running updates instead of duplicating", async () => {
    const dir = contentCopy();
    const first = await seedContent(handle.db, dir);
    expect(first.lessons).toBe(26);
    expect(await counts()).toEqual(first);

    const day3 = path.join(dir, "course", "day-03-the-major-scale.md");
    writeFileSync(
      day3,
      readFileSync(day3, "utf8").replace(/^title: .*$/m, "title: The Major Scale, revised"),
    );
    const second = await seedContent(handle.db, dir);
    expect(second).toEqual(first);
    expect(await counts()).toEqual(first);
    const row = await handle.db
      .selectFrom("learning_concepts")
      .select(["title", "course_day", "content"])
      .where("slug", "=", "the-major-scale")
      .executeTakeFirstOrThrow();
    expect(row.title).toBe("The Major Scale, revised");
    expect(row.course_day).toBe(3);
    const content = typeof row.content === "string" ? JSON.parse(row.content) : row.content;
    expect(content.sections.length).toBeGreaterThanOrEqual(3);
    expect(content.quiz[0]).toEqual({
      question: expect.any(String),
      choices: expect.any(Array),
      answer: expect.any(Number),
      explanation: expect.any(String),
    });

    const post = await handle.db
      .selectFrom("blog_posts")
      .select(["language", "created_at"])
      .where("slug", "=", "shankarabharanam-and-the-major-scale")
      .executeTakeFirstOrThrow();
    expect(post.language).toBe("te");
    expect(new Date(post.created_at).toISOString()).toBe("2026-10-20T00:00:00.000Z");
  });

  it("fails on a bad file with its path and writes nothing", async () => {
    const dir = contentCopy();
    const before = await counts();
    const bad = path.join(dir, "blog", "tuning-to-a440.md");
    writeFileSync(bad, readFileSync(bad, "utf8").replace(/^language: en$/m, "language: xx"));
    writeFileSync(
      path.join(dir, "blog", "aaa-new-post.md"),
      "---\nslug: aaa-new-post\ntitle: New\nsubject: S\nlanguage: en\ncreated_at: 2026-01-01\n---\nText\n",
    );
    const err = await seedContent(handle.db, dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContentError);
    expect((err as Error).message).toMatch(
      new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: language`),
    );
    expect(await counts()).toEqual(before);
  });
});

describe.each(
  testDatabases().filter((d) => d.name === "postgres"),
)("seedContent from two servers at once on $name", ({ open }) => {
  it("waits for a run in progress elsewhere (the advisory lock), then stores every lesson once", async () => {
    // Two servers starting together on one database each seed the content (main.ts): their inserts of
    // the same lessons must not interleave. Another session holds the seed's lock, as a run in
    // progress does; the seed must wait for it, not write beside it.
    const handle = await open();
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock(hashtext($1))", [CONTENT_SEED_LOCK]);
      let done = false;
      const seeding = seedContent(handle.db, contentCopy()).finally(() => {
        done = true;
      });
      // Wait on state: until the seed's session is seen waiting for the lock (or the seed ended,
      // which would mean it did not wait).
      for (;;) {
        if (done) break;
        const waiting = await other.query(
          `select count(*)::int as n from pg_locks
           where locktype = 'advisory' and not granted and objid::bigint = (hashtext($1)::bigint & 4294967295)`,
          [CONTENT_SEED_LOCK],
        );
        if (((waiting.rows[0] as { n: number } | undefined)?.n ?? 0) >= 1) break;
        await new Promise((r) => setImmediate(r));
      }
      expect(done).toBe(false);
      const before = await handle.db
        .selectFrom("learning_concepts")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(before.n)).toBe(0);
      await other.query("select pg_advisory_unlock(hashtext($1))", [CONTENT_SEED_LOCK]);
      const result = await seeding;
      const n = await handle.db
        .selectFrom("learning_concepts")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(result.lessons);
    } finally {
      await other.end();
      await handle.close();
    }
  });
});
