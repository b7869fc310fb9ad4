import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { barsFromChords } from "@tonic/analysis";
import { type AnalysisResult, analyzeFile } from "@tonic/analysis/node";
import { encodeWav, renderMeter, renderProgression } from "@tonic/analysis/testing";
import { prettyAccidentals, spellChord, spellKey, transposeChordName } from "@tonic/theory";
import { ROUTE_SEO } from "../../apps/web/src/lib/seo/routes";
import { signUp } from "../support/auth";
import { barChanges } from "../support/chord-grid";

/** @tonejs/midi is CommonJS without named ESM exports. */
const { Midi } = createRequire(import.meta.url)("@tonejs/midi") as typeof import("@tonejs/midi");

/** The document title the app writes for a screen title (see apps/web/src/lib/seo/useSeo.ts). */
const formatTitle = (title: string) => (title.includes("Tonic") ? title : `${title} | Tonic`);

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-sheet";

const here = path.dirname(fileURLToPath(import.meta.url));
const evalDev = path.resolve(here, "../../../shared/eval/dev");
/** A song in B♭ minor (truth.json "key": "Bb minor"). */
const FLAT_SONG = path.join(evalDev, "song_001");

const grid = (page: Page) => page.getByTestId("chord-grid");
const audio = (page: Page) => page.getByTestId("audio-player");
const audioTime = (page: Page) => audio(page).evaluate((el) => (el as HTMLAudioElement).currentTime);

async function uploadAndView(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.goto("/search");
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
  await page.getByRole("button", { name: "View Analysis" }).click({ timeout: 90_000 });
  await expect(grid(page)).toBeVisible();
  await expect
    .poll(() => audio(page).evaluate((el) => (el as HTMLAudioElement).readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
}

/** The chord names the grid shows where chords change, in order (ASCII accidentals). */
async function gridChords(page: Page): Promise<string[]> {
  return grid(page)
    .locator("button[data-chord]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-chord") ?? ""));
}

/** Start and end (seconds) of bar `index` from the grid's beat times. */
async function barSpan(page: Page, index: number): Promise<{ start: number; end: number }> {
  const times = async (i: number) =>
    grid(page)
      .locator(`li[data-bar="${i}"] button[data-beat]`)
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-time"))));
  const here = await times(index);
  const next = await times(index + 1);
  return { start: here[0] ?? 0, end: next[0] ?? Number.POSITIVE_INFINITY };
}

test.describe("The chord sheet of a song in B♭ minor", () => {
  // The annotated set lives beside the repository (../shared/eval); it exists in CI, not necessarily elsewhere.
  if (!existsSync(FLAT_SONG)) return;
  test.describe.configure({ timeout: 180_000 });

  let node: AnalysisResult;
  let truth: { downbeats: number[]; duration: number };
  test.beforeAll(async () => {
    node = await analyzeFile(path.join(FLAT_SONG, "audio.mp3"));
    truth = JSON.parse(readFileSync(path.join(FLAT_SONG, "truth.json"), "utf8"));
  });

  for (const viewport of [
    { name: "1280", width: 1280, height: 900 },
    { name: "390", width: 390, height: 844 },
  ]) {
    test(`spelling, bars, seeking, loop, speed, capo and diagrams at ${viewport.name} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await uploadAndView(
        page,
        "song_001.mp3",
        "audio/mpeg",
        readFileSync(path.join(FLAT_SONG, "audio.mp3")),
      );

      // Spelled the way the key is written: B♭ minor, flats, never A#m7.
      await expect(page.getByTestId("song-key")).toHaveText(prettyAccidentals(spellKey(node.key) ?? ""));
      const names = await gridChords(page);
      expect(names.length).toBeGreaterThan(4);
      if (node.key === "A# Minor") {
        await expect(page.getByTestId("song-key")).toHaveText("B♭ Minor");
        for (const n of names) expect(n).not.toMatch(/#/);
        const first = grid(page).locator('button[data-chord="Bbm7"]').first();
        await expect(first.getByTestId("numeral")).toHaveText("i7");
      }
      await expect(grid(page)).not.toContainText(/\bN\b/);

      // One bar per downbeat (plus a pickup bar for beats before the first one).
      const bars = await grid(page).locator("> li").count();
      const pickup = node.beats.some((b) => b < (node.downbeats[0] ?? 0) - 0.03) ? 1 : 0;
      expect(Math.abs(bars - (node.downbeats.length + pickup))).toBeLessThanOrEqual(1);
      expect(Math.abs(bars - truth.downbeats.length)).toBeLessThanOrEqual(2);

      // Nothing overflows the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // Click a beat to seek there.
      const beat = grid(page).locator('li[data-bar="6"] button[data-beat]').nth(1);
      const beatTime = Number(await beat.getAttribute("data-time"));
      await beat.click();
      await expect.poll(() => audioTime(page)).toBeCloseTo(beatTime, 1);
      await expect(beat).toHaveAttribute("aria-current", "true");

      // → moves one bar on, ← one back.
      await page.keyboard.press("ArrowRight");
      const bar7 = await barSpan(page, 7);
      await expect.poll(() => audioTime(page)).toBeCloseTo(bar7.start, 1);
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => audioTime(page)).toBeCloseTo((await barSpan(page, 6)).start, 1);

      await page.screenshot({ path: `${SHOTS}/sheet-top-${viewport.name}.png` });
      await page
        .getByTestId("practice-controls")
        .screenshot({ path: `${SHOTS}/controls-${viewport.name}.png` });

      // Loop bar 3 with A and B; it stays inside the bar for 3 passes.
      const loopBar = 3;
      await grid(page).locator(`li[data-bar="${loopBar}"] button[data-beat]`).first().click();
      await page.getByRole("button", { name: "Loop start (A) at the current bar" }).click();
      await page.getByRole("button", { name: "Loop end (B) at the current bar" }).click();
      await expect(page.getByTestId("loop-status")).toContainText(`Looping bar ${loopBar + 1}`);
      const span = await barSpan(page, loopBar);
      await audio(page).evaluate((el) => {
        const a = el as HTMLAudioElement;
        const w = window as unknown as { __samples: number[] };
        w.__samples = [];
        const f = () => {
          if (!a.paused) w.__samples.push(a.currentTime);
          requestAnimationFrame(f);
        };
        requestAnimationFrame(f);
        void a.play();
      });
      await expect
        .poll(async () => Number(await page.getByTestId("loop-status").getAttribute("data-passes")), {
          timeout: 60_000,
        })
        .toBeGreaterThanOrEqual(3);
      const samples = await page.evaluate(() => (window as unknown as { __samples: number[] }).__samples);
      expect(samples.length).toBeGreaterThan(10);
      expect(Math.min(...samples)).toBeGreaterThanOrEqual(span.start - 0.05);
      expect(Math.max(...samples)).toBeLessThanOrEqual(span.end + 0.1);
      await expect(grid(page).locator(`li[data-bar="${loopBar}"]`)).toHaveAttribute("data-in-loop", "true");
      await page.getByRole("button", { name: "Loop", exact: true }).click();
      await expect(page.getByTestId("loop-status")).toContainText("Drag across bars");

      // Speed 75 %: pitch kept, the position carries on from where it was.
      const before = await audioTime(page);
      await page.getByTestId("speed").selectOption("0.75");
      const after = await audio(page).evaluate((el) => {
        const a = el as HTMLAudioElement;
        return { t: a.currentTime, rate: a.playbackRate, pitch: a.preservesPitch, paused: a.paused };
      });
      expect(after.rate).toBe(0.75);
      expect(after.pitch).toBe(true);
      expect(after.paused).toBe(false);
      expect(after.t).toBeGreaterThanOrEqual(before - 0.05);
      expect(after.t - before).toBeLessThan(1);
      await audio(page).evaluate((el) => (el as HTMLAudioElement).pause());

      // Diagrams: one for every chord of the song, on every instrument.
      const songChords = [...new Set(names)].sort();
      const chordSet = page.getByRole("list", { name: "Chord set" }).getByTestId("chord-diagram");
      for (const instrument of ["Guitar", "Ukulele", "Piano"]) {
        await page.getByRole("button", { name: instrument, exact: true }).click();
        await expect(chordSet).toHaveCount(songChords.length);
        const shown = await chordSet.evaluateAll((els) => els.map((e) => e.getAttribute("data-chord") ?? ""));
        expect([...shown].sort()).toEqual(songChords);
        await expect(chordSet.locator("svg")).toHaveCount(songChords.length);
        await expect(page.getByTestId("chord-diagrams")).not.toContainText("No diagram");
        if (instrument === "Guitar")
          await page
            .getByTestId("chord-diagrams")
            .screenshot({ path: `${SHOTS}/diagrams-guitar-${viewport.name}.png` });
      }

      // Capo 1: the chords become the shapes played (B♭m7 → Am7), spelled in the shapes' key.
      const [tonic = "C", mode = "Major"] = (node.key ?? "C Major").split(" ");
      const shapeKey = `${transposeChordName(tonic, -1)} ${mode}`;
      await page.getByLabel("Capo").selectOption("1");
      await expect(page.getByTestId("capo-note")).toBeVisible();
      const capoNames = await gridChords(page);
      expect(capoNames).toEqual(names.map((n) => spellChord(transposeChordName(n, -1), shapeKey)));
      await page.getByLabel("Capo").selectOption("0");

      await grid(page).screenshot({ path: `${SHOTS}/grid-${viewport.name}.png` });
      await page.screenshot({ path: `${SHOTS}/sheet-full-${viewport.name}.png`, fullPage: true });
    });
  }

  test("exports: .lab and MIDI files parse, printing gives the chord chart; My songs re-opens it and Live play-along offers it", async ({
    page,
  }) => {
    await uploadAndView(page, "song_001.mp3", "audio/mpeg", readFileSync(path.join(FLAT_SONG, "audio.mp3")));

    await page.getByText("Export", { exact: true }).click();
    const [lab] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Chord labels (.lab)" }).click(),
    ]);
    expect(lab.suggestedFilename()).toBe("song_001.lab");
    const lines = readFileSync(await lab.path(), "utf8")
      .trim()
      .split("\n");
    let t = 0;
    for (const line of lines) {
      const m = /^(\d+\.\d{3})\t(\d+\.\d{3})\t(N|[A-G][#b]?:[a-z0-9()]+(\/[b#]?\d+)?)$/.exec(line);
      expect(m, line).not.toBeNull();
      expect(Number(m?.[1])).toBeCloseTo(t, 3);
      t = Number(m?.[2]);
    }
    expect(t).toBeCloseTo(node.durationSeconds, 0);

    await page.getByText("Export", { exact: true }).click();
    const [mid] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "MIDI file (.mid)" }).click(),
    ]);
    expect(mid.suggestedFilename()).toBe("song_001.mid");
    const midi = new Midi(readFileSync(await mid.path()));
    expect(midi.header.tempos[0]?.bpm).toBeCloseTo(node.bpm ?? 120, 0);
    const notes = midi.tracks[0]?.notes ?? [];
    expect(notes.length).toBeGreaterThan(20);
    for (const n of notes) {
      expect(n.time).toBeGreaterThanOrEqual(0);
      expect(n.time + n.duration).toBeLessThanOrEqual(node.durationSeconds + 0.01);
    }

    // Printing gives the one-page chord chart: every bar with its chords, key and tempo; no controls.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("practice-controls")).toBeHidden();
    await expect(audio(page)).toBeHidden();
    await expect(grid(page)).toBeHidden();
    const chart = page.getByTestId("print-chart");
    await expect(chart).toBeVisible();
    await expect(chart).toContainText(`Key: ${prettyAccidentals(spellKey(node.key) ?? "")}`);
    await expect(chart.getByRole("listitem")).toHaveCount(await grid(page).locator("li[data-bar]").count());
    // Nothing else of the page is printed (one page).
    await expect(page.getByRole("region", { name: "My songs" })).toBeHidden();
    const pdf = await page.pdf({ format: "A4" });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    await page.emulateMedia({ media: "screen" });

    // Kept on the device: a reload lists it under My songs and it opens without analysing again.
    await page.goto("/search");
    const mySongs = page.getByRole("region", { name: "My songs" });
    await mySongs.getByRole("button", { name: /^song_001\.mp3/ }).click();
    await expect(page.getByTestId("song-key")).toHaveText(prettyAccidentals(spellKey(node.key) ?? ""));
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect
      .poll(() => audio(page).evaluate((el) => (el as HTMLAudioElement).readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);

    // Live → Play along lists it under My songs, with its own chords and audio.
    await page.goto("/live");
    await page.getByRole("tab", { name: "Play along" }).click();
    const songSelect = page.getByLabel("Song");
    await expect(songSelect.locator('optgroup[label="My songs"] option')).toHaveText(["song_001.mp3"]);
    await songSelect.selectOption({ label: "song_001.mp3" });
    // The bars are the song's chords, bar by bar, as the engine found them.
    // Spelled by the song's key, as every screen writes chords (B♭m7, never A#m7).
    const expected = barsFromChords(node.chords, node.durationSeconds, node.bpm).map((b) =>
      prettyAccidentals(spellChord(b.chord, node.key)),
    );
    await expect(page.getByTestId("playalong-bars").getByRole("listitem")).toHaveText(expected);
    await expect(page.getByTestId("playalong-audio")).toHaveAttribute("src", /^blob:/);
    await expect
      .poll(() => page.getByTestId("playalong-audio").evaluate((el) => (el as HTMLAudioElement).duration))
      .toBeCloseTo(node.durationSeconds, 0);
  });
});

test("a rest in a song shows a rest mark, never N (a silent file: first-steps.spec.ts)", async ({ page }) => {
  const rate = 22_050;
  const pcm = renderProgression({ chords: ["C", "G", "N", "N", "C", "G"], bpm: 120, sampleRate: rate });
  const wav = Buffer.from(encodeWav(pcm, rate));
  await uploadAndView(page, "with-rest.wav", "audio/wav", wav);
  await expect(grid(page).locator("button[data-chord]").first()).toBeVisible();
  await expect(grid(page)).not.toContainText(/\bN\b/);
  await page.getByRole("button", { name: "Timeline", exact: true }).click();
  await expect(page.getByTestId("chord-timeline")).not.toContainText(/\bN\b/);
  // The chosen view is remembered.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("music-theory-storage") ?? ""))
    .toContain('"songView":"timeline"');
});

for (const viewport of [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
]) {
  test(`a song in 6/8 keeps its bars and its dotted-quarter tempo when its chords are corrected at ${viewport.name} px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // Two dotted-quarter beats a bar at 92 BPM, one chord a bar (D G A D), as the engine reads it: 6/8.
    const rate = 22_050;
    const pcm = renderMeter({
      meter: "6/8",
      bpm: 92,
      chords: ["D", "G", "A", "D"],
      bars: 24,
      sampleRate: rate,
    });
    await uploadAndView(page, "jig-in-six-eight.wav", "audio/wav", Buffer.from(encodeWav(pcm, rate)));
    const bpmCard = page.getByTestId("song-bpm").locator("xpath=..");
    await expect(bpmCard).toContainText("6/8");
    const bpm = Number(await page.getByTestId("song-bpm").textContent());
    expect(Math.abs(bpm - 92)).toBeLessThanOrEqual(2);

    // Correct bar 3's chord: the sheet's bars are the song's bars, six eighths each.
    await page.getByRole("button", { name: "Edit chords" }).click();
    const editor = page.getByTestId("sheet-editor");
    const tempo = (await editor.getByTestId("sheet-tempo").textContent()) ?? "";
    expect(tempo).toMatch(/^\d+ BPM \(eighth notes\)$/);
    expect(Math.abs(Number.parseInt(tempo, 10) - 3 * bpm)).toBeLessThanOrEqual(3);
    const barCell = (bar: number, beat: number) =>
      grid(page).getByRole("button", { name: new RegExp(`^Bar ${bar}, beat ${beat}:`) });
    await barCell(3, 1).click();
    await barCell(3, 6).click({ modifiers: ["Shift"] });
    await editor.getByLabel("Or type a chord").fill("Bm");
    await editor.getByRole("button", { name: "Set typed chord" }).click();
    await expect(page.getByTestId("save-status")).toHaveText("Saved on this device");
    await expect(grid(page)).toHaveAttribute("data-beats-per-bar", "6");

    // Per bar: the chords named in it and the beat (1-based) each starts on. Every change still falls
    // on a bar's first beat, and the corrected bar is one bar of the song.
    const bars = await barChanges(grid(page));
    const inner = bars.slice(1, -1);
    expect(inner.length).toBeGreaterThanOrEqual(18);
    expect(inner.flat().filter((c) => c.beat !== 1)).toEqual([]);
    const bm = bars.findIndex((b) => b.some((c) => c.chord === "Bm"));
    expect(bm).toBeGreaterThan(0);
    expect(bars[bm + 1]?.[0]?.chord).not.toBe("Bm");
    // The tempo a musician counts stays the dotted quarter's.
    await expect(page.getByTestId("song-bpm")).toHaveText(String(bpm));
    await expect(bpmCard).toContainText("6/8");
    await page.screenshot({ path: `${SHOTS}/six-eight-${viewport.name}.png`, fullPage: true });
  });
}

test("the chord sheet of a demo song has no serious accessibility problems", async ({ page }) => {
  await page.goto("/search?v=demo-c-major-pop");
  await expect(grid(page)).toBeVisible();
  await expect(page.getByRole("list", { name: "Chord set" }).locator("svg").first()).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(bad).toEqual([]);
});

test("/search never shows the operator's set-up text; one plain message per failure", async ({ page }) => {
  const caps = await (await page.request.get("/api/songs/capabilities")).json();
  expect(Object.keys(caps).sort()).toEqual(["linkAnalysis", "search"]);

  await page.route("**/api/songs/capabilities", (route) =>
    route.fulfill({ json: { search: false, linkAnalysis: false } }),
  );
  await page.route("**/api/analyze-audio", (route) =>
    route.fulfill({
      status: 503,
      json: {
        error:
          "Analysing YouTube links isn't available right now. You can upload the song's audio file instead.",
      },
    }),
  );
  const operatorText = /yt-dlp|ffmpeg|apt-get|YOUTUBE_API_KEYS|not installed|server/i;

  await page.goto("/search");
  await expect(page.getByRole("heading", { name: "Analyze your own audio file" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(operatorText);

  await page.goto("/search?q=sunrise");
  await expect(page.getByRole("status").filter({ hasText: "aren't available here" })).toHaveCount(1);
  await expect(page.locator("main")).not.toContainText(operatorText);

  await page.goto("/search?q=https%3A%2F%2Fyoutu.be%2Fe2eNoTools1");
  await expect(page.getByRole("alert")).toHaveCount(1);
  await expect(page.getByRole("alert")).toContainText("Analysing YouTube links isn't available right now");
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText(operatorText);
  await page.screenshot({ path: `${SHOTS}/search-unavailable.png` });
});

test("every route sets its own title and description", async ({ page }) => {
  const routes: [string, string][] = [
    ["/search", ROUTE_SEO.search.title],
    ["/scale-explorer", ROUTE_SEO.scaleExplorer.title],
    ["/piano-visualizer", ROUTE_SEO.piano.title],
    ["/guitar-visualizer", ROUTE_SEO.guitar.title],
    ["/vocal-detector", ROUTE_SEO.vocal.title],
    ["/learn", ROUTE_SEO.learn.title],
    ["/blog", ROUTE_SEO.blog.title],
    ["/premium", ROUTE_SEO.premium.title],
    ["/song-explorer", ROUTE_SEO.songExplorer.title],
    ["/auth", ROUTE_SEO.auth.title],
    ["/settings", ROUTE_SEO.settings.title],
  ];
  const seen = new Set<string>();
  const description = () =>
    page.evaluate(
      () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? "",
    );
  for (const [route, title] of routes) {
    await page.goto(route);
    await expect(page).toHaveTitle(formatTitle(title));
    expect((await description()).length).toBeGreaterThan(40);
    seen.add(await description());
  }
  expect(seen.size).toBe(routes.length);

  // A blog post has its own title.
  await page.goto("/blog");
  const post = page.locator('main a[href^="/blog/"]').first();
  const href = await post.getAttribute("href");
  await page.goto(href ?? "/blog");
  const heading = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  await expect(page).toHaveTitle(formatTitle(heading));
  expect(await description()).not.toBe(ROUTE_SEO.blogPost.description);
});

test("Settings → Note names: by key on the scale explorer, sharps only when chosen", async ({ page }) => {
  await page.goto("/scale-explorer");
  await page.getByLabel("Root Note").selectOption("F");
  await page.getByLabel("Scale Type").selectOption("major");
  const chips = page.getByTestId("scale-notes").locator("li");
  await expect(chips).toHaveText(["F", "G", "A", "B♭", "C", "D", "E"]);

  await signUp(page);
  await page.goto("/settings");
  await page.getByText("Sharps only", { exact: true }).click();
  await page.goto("/scale-explorer");
  await expect(chips).toHaveText(["F", "G", "A", "A♯", "C", "D", "E"]);
});
