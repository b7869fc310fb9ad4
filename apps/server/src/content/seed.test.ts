import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import type { DatabaseHandle } from "../db/index.js";
import { resolveContentDir } from "./load.js";
import { ContentError } from "./parse.js";
import { seedContent } from "./seed.js";

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
