import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chordNotes, scaleNotes } from "@tonic/theory";
import { describe, expect, it } from "vitest";
import { checkQuizAnswer, choiceSatisfies } from "./checks.js";
import { loadContent, resolveContentDir } from "./load.js";
import { ContentError, parseLesson, parsePost, parseSections } from "./parse.js";
import { BLOG_LANGUAGES, COURSE_DAYS } from "./schema.js";

const realDir = resolveContentDir({});

const LESSON = `---
slug: test-lesson
title: Test Lesson
description: A lesson for tests.
course_day: 3
order_index: 3
quiz:
  - question: "Which notes make up G7?"
    choices: ["G, B, D, F#", "G, B, D, F", "G, A#, D, F"]
    answer: 1
    explanation: "G major triad plus F."
    check: { kind: chord-notes, chord: "G7" }
---
## One

First paragraph.

Second paragraph.

{{piano chord="G7"}}

![A staff](/images/staff.png)

## Two

Text.

## Three

{{fretboard scale="E minor"}}

More text.
`;

function expectContentError(fn: () => unknown, file: string, reason: RegExp) {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ContentError);
  const err = caught as ContentError;
  expect(err.file).toBe(file);
  expect(err.message.startsWith(`${file}: `)).toBe(true);
  expect(err.reason).toMatch(reason);
}

describe("the real content folder", async () => {
  const content = await loadContent(realDir);

  it(`has the ${COURSE_DAYS}-day course, one lesson per day, each with 3–6 sections`, () => {
    expect(
      content.lessons
        .filter((l) => l.meta.path === "course")
        .map((l) => l.meta.course_day)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: COURSE_DAYS }, (_, i) => i + 1));
    for (const l of content.lessons) {
      expect(l.sections.length, l.meta.slug).toBeGreaterThanOrEqual(3);
      expect(l.sections.length, l.meta.slug).toBeLessThanOrEqual(6);
      for (const s of l.sections)
        expect(s.content.trim().length, `${l.meta.slug} ${s.title}`).toBeGreaterThan(0);
    }
  });

  it("has the free Indian music basics path: six or more lessons, each with staff and sargam and a quiz", () => {
    const indian = content.lessons.filter((l) => l.meta.path === "indian-basics");
    expect(indian.length).toBeGreaterThanOrEqual(6);
    expect(indian.map((l) => l.meta.course_day)).toEqual(indian.map((_, i) => i + 1));
    for (const l of indian) {
      const body = l.sections.map((s) => s.content).join("\n\n");
      expect(body, l.meta.slug).toMatch(/^\{\{sargam swaras="[^"]+"( title="[^"]+")?\}\}$/m);
      expect(l.quiz.length, l.meta.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it("gives every course lesson an interactive piano or fretboard example and a quiz", () => {
    for (const l of content.lessons.filter((x) => x.meta.path === "course")) {
      const body = l.sections.map((s) => s.content).join("\n\n");
      expect(body, l.meta.slug).toMatch(/^\{\{(piano|fretboard) (scale|chord)="[^"]+"\}\}$/m);
      expect(l.quiz.length, l.meta.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it("verifies every quiz answer about notes, chords or keys with @tonic/theory", () => {
    let checked = 0;
    for (const l of content.lessons) {
      for (const q of l.quiz) {
        if (!q.check) continue;
        checked++;
        expect(checkQuizAnswer(q), `${l.meta.slug}: ${q.question}`).toBeNull();
        expect(choiceSatisfies(q.check, q.choices[q.answer] ?? ""), q.question).toBe(true);
      }
    }
    // Most of the course is about notes, chords and keys; the checks must cover a good share of it.
    expect(checked).toBeGreaterThanOrEqual(30);
  });

  it("has at least 12 blog posts covering every blog language", () => {
    expect(content.posts.length).toBeGreaterThanOrEqual(12);
    const langs = new Set(content.posts.map((p) => p.meta.language));
    for (const lang of BLOG_LANGUAGES) expect(langs.has(lang), lang).toBe(true);
  });

  it("writes non-English posts in their own script, not transliterated", () => {
    const script: Record<string, RegExp> = {
      hi: /[\u0900-\u097F]/g,
      te: /[\u0C00-\u0C7F]/g,
      ta: /[\u0B80-\u0BFF]/g,
      ml: /[\u0D00-\u0D7F]/g,
      kn: /[\u0C80-\u0CFF]/g,
    };
    for (const p of content.posts) {
      const re = script[p.meta.language];
      if (!re) continue;
      const letters = p.description.replace(/[^\p{L}]/gu, "");
      const native = p.description.match(re)?.length ?? 0;
      expect(native / letters.length, p.meta.slug).toBeGreaterThan(0.6);
      expect(p.meta.title.match(re)?.length ?? 0, p.meta.slug).toBeGreaterThan(0);
    }
  });
});

describe("parseLesson", () => {
  it("splits sections on ## headings, paragraphs on blank lines, and lifts images out", () => {
    const lesson = parseLesson("day.md", LESSON);
    expect(lesson.meta).toMatchObject({ slug: "test-lesson", path: "course", course_day: 3, order_index: 3 });
    expect(lesson.sections.map((s) => s.title)).toEqual(["One", "Two", "Three"]);
    expect(lesson.sections[0]).toEqual({
      title: "One",
      type: "text",
      content: 'First paragraph.\n\nSecond paragraph.\n\n{{piano chord="G7"}}',
      images: ["/images/staff.png"],
    });
    expect(lesson.quiz[0]?.answer).toBe(1);
  });

  it("rejects a file without front matter", () => {
    expectContentError(() => parseLesson("a.md", "## Hi\n\ntext"), "a.md", /front matter/);
  });

  it("rejects an answer index outside the choices", () => {
    expectContentError(
      () => parseLesson("b.md", LESSON.replace("answer: 1", "answer: 3")),
      "b.md",
      /quiz\.0\.answer: answer must be the index/,
    );
  });

  it("rejects a quiz answer the theory package disagrees with", () => {
    expectContentError(
      () => parseLesson("c.md", LESSON.replace("answer: 1", "answer: 0")),
      "c.md",
      /quiz\.0: answer 0 "G, B, D, F#" is not correct .*choice 1 "G, B, D, F" is/,
    );
  });

  it("rejects a malformed or unplayable interactive example", () => {
    expectContentError(
      () => parseLesson("d.md", LESSON.replace('{{piano chord="G7"}}', "{{piano chord=G7}}")),
      "d.md",
      /bad interactive example/,
    );
    expectContentError(
      () => parseLesson("e.md", LESSON.replace('{{piano chord="G7"}}', '{{piano chord="H9"}}')),
      "e.md",
      /unknown chord "H9"/,
    );
    expectContentError(
      () => parseLesson("f.md", LESSON.replace('scale="E minor"', 'scale="E dorian"')),
      "f.md",
      /bad scale "E dorian"/,
    );
  });

  it("keeps staff examples and ABC blocks as paragraphs of their section", () => {
    const abc = "```abc\nT:Thirds\nM:none\nL:1/4\nK:F\nF A c |]\n```";
    const lesson = parseLesson(
      "s.md",
      LESSON.replace("Second paragraph.", `{{staff scale="F major" clef="bass"}}\n\n${abc}`).replace(
        "More text.",
        '{{staff chord="A#m" key="F major"}}',
      ),
    );
    expect(lesson.sections[0]?.content).toContain('{{staff scale="F major" clef="bass"}}');
    expect(lesson.sections[0]?.content).toContain(abc);
    expect(lesson.sections[2]?.content).toContain('{{staff chord="A#m" key="F major"}}');
  });

  it("rejects a malformed staff example or ABC block", () => {
    const withPara = (p: string) => LESSON.replace("Second paragraph.", p);
    expectContentError(
      () => parseLesson("g.md", withPara('{{staff scale="F major" clef="alto"}}')),
      "g.md",
      /bad clef "alto"/,
    );
    expectContentError(
      () => parseLesson("h.md", withPara('{{staff chord="H9"}}')),
      "h.md",
      /unknown chord "H9"/,
    );
    expectContentError(
      () => parseLesson("i.md", withPara('{{staff scale="F lydian"}}')),
      "i.md",
      /bad scale "F lydian"/,
    );
    expectContentError(() => parseLesson("j.md", withPara("{{staff notes=C}}")), "j.md", /bad staff example/);
    expectContentError(
      () => parseLesson("k.md", withPara("```abc\nX:1\nC D E |]\n```")),
      "k.md",
      /needs a "K:" \(key\) line/,
    );
    expectContentError(
      () => parseLesson("l.md", withPara("```abc\nK:C\nC D E")),
      "l.md",
      /must start with a line/,
    );
  });

  it("rejects too few sections, text before the first heading and unknown fields", () => {
    expectContentError(() => parseLesson("g.md", LESSON.replace("## Three", "### Three")), "g.md", /3–6/);
    expectContentError(
      () => parseLesson("h.md", LESSON.replace("---\n## One", "---\nIntro\n\n## One")),
      "h.md",
      /text before the first/,
    );
    expectContentError(
      () => parseLesson("i.md", LESSON.replace("course_day: 3", "course_day: 3\nauthor: me")),
      "i.md",
      /author/,
    );
    expectContentError(
      () => parseLesson("j.md", LESSON.replace("course_day: 3", "course_day: 21")),
      "j.md",
      /course_day/,
    );
  });

  it("reads the learning path: the course by default, indian-basics when given, nothing else", () => {
    expect(parseLesson("p.md", LESSON).meta.path).toBe("course");
    const indian = parseLesson(
      "p.md",
      LESSON.replace("course_day: 3", "path: indian-basics\ncourse_day: 3").replace(
        "## Two\n",
        '## Two\n\n{{sargam swaras="N, S r G M P d N S\'" title="Purvi thaat"}}\n',
      ),
    );
    expect(indian.meta.path).toBe("indian-basics");
    expect(indian.sections[1]?.content).toContain(
      '{{sargam swaras="N, S r G M P d N S\'" title="Purvi thaat"}}',
    );
    expectContentError(
      () => parseLesson("q.md", LESSON.replace("course_day: 3", "path: carnatic\ncourse_day: 3")),
      "q.md",
      /path/,
    );
  });

  it("rejects a sargam example with a swara that is not Hindustani or a bad attribute", () => {
    const withPara = (p: string) => LESSON.replace("## Two\n", `## Two\n\n${p}\n`);
    expectContentError(
      () => parseLesson("s.md", withPara('{{sargam swaras="S R2 G"}}')),
      "s.md",
      /"R2" is not a hindustani swara/,
    );
    expectContentError(
      () => parseLesson("t.md", withPara('{{sargam notes="S R G"}}')),
      "t.md",
      /bad sargam example/,
    );
  });

  it("needs video_provider and video_provider_id together", () => {
    expectContentError(
      () => parseLesson("k.md", LESSON.replace("order_index: 3", "order_index: 3\nvideo_provider: vimeo")),
      "k.md",
      /video_provider_id: video_provider and video_provider_id must be given together/,
    );
    const ok = parseLesson(
      "l.md",
      LESSON.replace(
        "order_index: 3",
        "order_index: 3\nvideo_provider: vimeo\nvideo_provider_id: '76979871'",
      ),
    );
    expect(ok.meta).toMatchObject({ video_provider: "vimeo", video_provider_id: "76979871" });
  });

  it("keeps empty sections out", () => {
    expect(() => parseSections("## A\n\n## B\n\ntext")).toThrow(/section "A" has no text/);
  });
});

describe("quiz checks", () => {
  it("compare scales in order and chords as sets, accepting flats", () => {
    const d = scaleNotes("D", "major").join(", ");
    expect(choiceSatisfies({ kind: "scale-notes", scale: "D major" }, d)).toBe(true);
    expect(
      choiceSatisfies({ kind: "scale-notes", scale: "D major" }, [...d.split(", ")].reverse().join(", ")),
    ).toBe(false);
    expect(choiceSatisfies({ kind: "chord-notes", chord: "Bdim7" }, "B, D, F, Ab")).toBe(true);
    expect(choiceSatisfies({ kind: "chord-notes", chord: "C/E" }, chordNotes("C").join(", "))).toBe(true);
    expect(choiceSatisfies({ kind: "relative-key", key: "A major" }, "F# minor")).toBe(true);
    expect(choiceSatisfies({ kind: "relative-key", key: "A major" }, "Gb minor")).toBe(true);
    expect(choiceSatisfies({ kind: "relative-key", key: "A major" }, "F# major")).toBe(false);
    expect(choiceSatisfies({ kind: "diatonic-chord", key: "A minor", degree: 2 }, "Bdim")).toBe(true);
    expect(choiceSatisfies({ kind: "diatonic-chord", key: "A minor", degree: 2 }, "Bm")).toBe(false);
    expect(choiceSatisfies({ kind: "diatonic-chord", key: "C major", degree: 5 }, "G7")).toBe(false);
  });

  it("rejects a question with two correct choices", () => {
    expect(
      checkQuizAnswer({
        question: "Relative minor of C?",
        choices: ["A minor", "Am minor", "A  minor"],
        answer: 0,
        explanation: "x",
        check: { kind: "relative-key", key: "C major" },
      }),
    ).toMatch(/more than one choice is correct/);
  });
});

describe("parsePost", () => {
  const POST = `---
slug: my-post
title: My Post
subject: Scales
language: te
created_at: 2026-10-20
youtube_url: https://www.youtube.com/watch?v=oOlDewpCfZQ
---
Body **text**.
`;
  it("reads the front matter and keeps the body as Markdown", () => {
    expect(parsePost("p.md", POST)).toEqual({
      meta: {
        slug: "my-post",
        title: "My Post",
        subject: "Scales",
        language: "te",
        created_at: "2026-10-20",
        youtube_url: "https://www.youtube.com/watch?v=oOlDewpCfZQ",
      },
      description: "Body **text**.",
    });
  });

  it("rejects an unknown language, a bad date, a bad url and an empty body", () => {
    expectContentError(
      () => parsePost("q.md", POST.replace("language: te", "language: fr")),
      "q.md",
      /language/,
    );
    expectContentError(
      () => parsePost("r.md", POST.replace("2026-10-20", "2026-13-45")),
      "r.md",
      /created_at/,
    );
    expectContentError(
      () => parsePost("s.md", POST.replace(/youtube_url: .*/, "youtube_url: javascript:alert(1)")),
      "s.md",
      /youtube_url/,
    );
    expectContentError(() => parsePost("t.md", POST.replace("Body **text**.\n", "")), "t.md", /no text/);
  });
});

describe("loadContent", () => {
  function emptyContentDir(): string {
    const dir = mkdtempSync(path.join(tmpdir(), "tonic-content-"));
    for (const sub of ["course", "blog"]) {
      mkdirSync(path.join(dir, sub));
    }
    return dir;
  }

  it("lets two paths each have their own day 3", async () => {
    const dir = emptyContentDir();
    writeFileSync(path.join(dir, "course", "a.md"), LESSON);
    writeFileSync(
      path.join(dir, "course", "b.md"),
      LESSON.replace("slug: test-lesson", "slug: other").replace(
        "course_day: 3",
        "path: indian-basics\ncourse_day: 3",
      ),
    );
    const { lessons } = await loadContent(dir);
    expect(lessons.map((l) => [l.meta.path, l.meta.course_day])).toEqual([
      ["course", 3],
      ["indian-basics", 3],
    ]);
  });

  it("names the bad file when two lessons share a day", async () => {
    const dir = emptyContentDir();
    writeFileSync(path.join(dir, "course", "a.md"), LESSON);
    writeFileSync(path.join(dir, "course", "b.md"), LESSON.replace("slug: test-lesson", "slug: other"));
    const err = await loadContent(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContentError);
    expect((err as ContentError).file).toBe(path.join(dir, "course", "b.md"));
    expect((err as ContentError).reason).toMatch(/course_day 3 is already used by .*a\.md/);
  });

  it("reports a missing folder", async () => {
    const err = await loadContent(path.join(tmpdir(), "no-such-tonic-content")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContentError);
    expect((err as ContentError).reason).toMatch(/cannot read the folder/);
  });

  it("reads the real day-1 file the same way as parseLesson", async () => {
    const file = path.join(realDir, "course", "day-01-musical-notes-and-the-staff.md");
    const direct = parseLesson(file, readFileSync(file, "utf8"));
    const all = await loadContent(realDir);
    expect(all.lessons[0]?.meta).toEqual(direct.meta);
  });
});
