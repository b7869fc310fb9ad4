import { expect, type Page, test } from "@playwright/test";
import {
  fretboardPositions,
  type PitchClass,
  pianoKeys,
  prettyAccidentals,
  progressions,
  relativeScale,
  type ScaleType,
  scaleNotes,
  spellNote,
  spellScale,
} from "@tonic/theory";
import { signUp } from "../support/auth";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** At least four scales, covering both types, sharps and the enharmonic fixes (E#, B#, F##). */
const SCALES: readonly [PitchClass, ScaleType][] = [
  ["C", "major"],
  ["A", "minor"],
  ["F#", "major"],
  ["D#", "minor"],
  ["G#", "major"],
  ["A#", "minor"],
];

/** Note labels as shown with Settings → Note names "By key" (the default): the key's one spelling. */
const shown = (notes: readonly string[], root: string, type: ScaleType) =>
  notes.map((n) => prettyAccidentals(spellNote(n, `${root} ${type}`)));

/** The scale as every screen writes it (title, chords), typeset. */
const spelled = (root: PitchClass, type: ScaleType) => {
  const s = spellScale(root, type);
  return {
    name: prettyAccidentals(s.name),
    chords: s.chords.map((c) => ({
      name: prettyAccidentals(c.name),
      symbol: prettyAccidentals(c.symbol),
      notes: c.notes.map(prettyAccidentals),
    })),
  };
};

const label = (type: ScaleType) => (type === "major" ? "Major" : "Minor");

/** Count AudioContexts the page creates, before any app script runs. */
async function countAudioContexts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __audioContexts: number; AudioContext: typeof AudioContext };
    w.__audioContexts = 0;
    const Native = w.AudioContext;
    w.AudioContext = class extends Native {
      constructor(options?: AudioContextOptions) {
        super(options);
        w.__audioContexts += 1;
      }
    };
  });
}

const audioContexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __audioContexts: number }).__audioContexts);

interface PlayRecord {
  notes: string[];
  instrument: string;
  startTime: number;
  currentTime: number;
  sampleRate: number;
  durationSeconds: number;
  gain: number;
  scheduleMs: number;
}
interface Diagnostics {
  contextCreated: boolean;
  maxPolyphony: number;
  voices: number;
  masterGain: number | null;
  lastPlay: PlayRecord | null;
  plays: number;
}
const audio = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tonicAudio: () => Diagnostics }).__tonicAudio());

/**
 * Run `action` and assert the element lit up (data-active="true") at some point afterwards.
 * The 300 ms highlight can end before a poll on a loaded machine, so a MutationObserver
 * installed beforehand records it.
 */
async function expectFlash(page: Page, selector: string, action: () => Promise<void>) {
  await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`no element ${sel}`);
    const w = window as unknown as { __lit: boolean };
    w.__lit = false;
    new MutationObserver(() => {
      if (el.getAttribute("data-active") === "true") w.__lit = true;
    }).observe(el, { attributes: true, attributeFilter: ["data-active"] });
  }, selector);
  await action();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __lit: boolean }).__lit)).toBe(true);
}

test.describe("Scale explorer", () => {
  test("desktop: every panel follows the root and type, checked against @tonic/theory", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/scale-explorer");
    await expect(page.getByRole("heading", { level: 1, name: "Scale Explorer" })).toBeVisible();
    for (const panel of ["Scale Explorer", "Relative Scale", "Time Signatures"]) {
      await expect(page.getByRole("heading", { level: 2, name: panel })).toBeVisible();
    }
    const root = page.getByLabel("Root Note");
    // Both names of a black key; the values stay the 12 sharp names (PRODUCT §3).
    await expect(root.locator("option")).toHaveText([
      "C",
      "C♯ / D♭",
      "D",
      "D♯ / E♭",
      "E",
      "F",
      "F♯ / G♭",
      "G",
      "G♯ / A♭",
      "A",
      "A♯ / B♭",
      "B",
    ]);
    expect(
      await root.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]);
    // Major and Minor lead the picker; the Indian thaats, melakartas and ragas follow in their own groups
    // (issue 29, e2e/tests/indian-music.spec.ts).
    await expect(page.getByLabel("Scale Type").locator('optgroup[label="Western"] option')).toHaveText([
      "Major",
      "Minor",
    ]);

    for (const [note, type] of SCALES) {
      await root.selectOption(note);
      await page.getByLabel("Scale Type").selectOption(type);
      const scale = spelled(note, type);
      const sharpNotes = scaleNotes(note, type);
      const relative = relativeScale(note, type);
      await expect(page.getByTestId("scale-name")).toHaveText(scale.name);
      await expect(page.getByTestId("scale-formula")).toHaveText(
        type === "major" ? "W-W-H-W-W-W-H" : "W-H-W-W-H-W-W",
      );
      await expect(page.getByTestId("scale-notes").locator("li")).toHaveText(shown(sharpNotes, note, type));
      await expect(page.getByTestId("arpeggios").getByRole("heading")).toHaveText(
        scale.chords.map((c) => `${c.name} Arpeggio`),
      );
      await expect(page.getByTestId("arpeggio-notes")).toHaveText(
        scale.chords.map((c) => c.notes.join(" – ")),
      );
      await expect(page.getByTestId("chord-symbol")).toHaveText(scale.chords.map((c) => c.symbol));
      await expect(page.getByTestId("relative-scale-name")).toHaveText(
        spelled(relative.root, relative.type).name,
      );
      await expect(page.getByTestId("relative-selected-notes").locator("li")).toHaveText(
        shown(sharpNotes, note, type),
      );
      await expect(page.getByTestId("relative-scale-notes").locator("li")).toHaveText(
        shown(relative.notes, relative.root, relative.type),
      );
      const expected = progressions(note, type).flatMap((t) =>
        t.progressions.map((p) => p.pattern.map((d) => scale.chords[d]?.symbol).join(" – ")),
      );
      await expect(page.getByTestId("progression-chords")).toHaveText(expected);
    }
    await expect(page.getByTestId("chord-formula")).toHaveText("i - ii° - III - iv - v - VI - VII");
    await page.screenshot({ path: `${SHOTS}/scale-explorer-1280.png`, fullPage: true });
  });

  test("the two buttons open the piano and guitar on the chosen scale", async ({ page }) => {
    await page.goto("/scale-explorer");
    await page.getByLabel("Root Note").selectOption("D");
    await page.getByLabel("Scale Type").selectOption("major");
    await page.getByRole("link", { name: "View Scales on Piano" }).click();
    await expect(page).toHaveURL(/\/piano-visualizer\?key=D&scale=major$/);
    await expect(page.getByTestId("scale-name")).toHaveText("D Major");
    await page.goBack();
    await page.getByRole("link", { name: "View Scales on Guitar" }).click();
    await expect(page).toHaveURL(/\/guitar-visualizer\?key=D&scale=major$/);
    await expect(page.getByTestId("scale-name")).toHaveText("D Major");
  });

  test("phone: panels stack without horizontal overflow", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/scale-explorer");
    await page.getByLabel("Root Note").selectOption("C#");
    await page.getByLabel("Scale Type").selectOption("major");
    // Spelled by key (the default): the stored C♯ major is written D♭ major (5 flats, not 7 sharps).
    await expect(page.getByTestId("scale-name")).toHaveText("D♭ Major");
    await expect(page.getByTestId("scale-notes").locator("li")).toHaveText([
      "D♭",
      "E♭",
      "F",
      "G♭",
      "A♭",
      "B♭",
      "C",
    ]);
    await page.getByLabel("Root Note").selectOption("F#");
    // F♯ major keeps E♯, in its scale and in its vii°.
    await expect(page.getByTestId("scale-notes").locator("li")).toHaveText([
      "F♯",
      "G♯",
      "A♯",
      "B",
      "C♯",
      "D♯",
      "E♯",
    ]);
    await expect(page.getByTestId("chord-symbol").last()).toHaveText("E♯dim");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/scale-explorer-390.png`, fullPage: true });
  });
});

test.describe("Piano", () => {
  test("desktop: defaults, highlighting for four scales, octave bounds", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/piano-visualizer");
    await expect(page.getByRole("heading", { level: 1, name: "Piano Scale Explorer" })).toBeVisible();
    await expect(page.getByLabel("Key")).toHaveValue("C");
    await expect(page.getByLabel("Scale Type")).toHaveValue("minor");
    await expect(page.getByTestId("octave-range")).toHaveText("Octaves 4–5");
    const keys = page.getByTestId("piano").locator("button[data-note]");
    await expect(keys).toHaveCount(24);
    await expect(page.getByRole("button", { name: "C4, root" })).toBeVisible();

    for (const [note, type] of SCALES.slice(0, 4)) {
      await page.getByLabel("Key").selectOption(note);
      await page.getByLabel("Scale Type").selectOption(type);
      const inScale = new Set<string>(scaleNotes(note, type));
      const expected = pianoKeys({ start: 4, end: 5 }).map((k) =>
        k.note === note ? "root" : inScale.has(k.note) ? "scale" : "other",
      );
      await expect
        .poll(() => keys.evaluateAll((els) => els.map((e) => e.getAttribute("data-role"))))
        .toEqual(expected);
      await expect(page.getByTestId("scale-notes").locator("li")).toHaveText(
        shown([...scaleNotes(note, type), note], note, type),
      );
      await expect(page.getByTestId("chord-card-symbol")).toHaveText(
        spelled(note, type).chords.map((c) => c.symbol),
      );
      // Root keys are orange and other scale keys violet (polled: the colour change is animated).
      const scaleKey = pianoKeys({ start: 4, end: 4 }).find((k) => k.note !== note && inScale.has(k.note));
      const background = (fullNote: string | undefined) => () =>
        page.locator(`button[data-note="${fullNote}"]`).evaluate((e) => getComputedStyle(e).backgroundColor);
      await expect.poll(background(`${note}4`)).toMatch(/^oklch\(0\.(6|7)\d* 0\.(1|2)\d* (4\d|5\d|6\d)[.)]/); // orange
      await expect.poll(background(scaleKey?.fullNote)).toMatch(/^oklch\(0\.\d+ 0\.\d+ (29\d|30\d)[.)]/); // violet
    }

    const lower = page.getByRole("button", { name: "Lower Octave" });
    const higher = page.getByRole("button", { name: "Higher Octave" });
    for (const expected of ["3–4", "2–3", "1–2", "0–1"]) {
      await lower.click();
      await expect(page.getByTestId("octave-range")).toHaveText(`Octaves ${expected}`);
    }
    await expect(lower).toBeDisabled();
    await expect(keys.first()).toHaveAttribute("data-note", "C0");
    for (let i = 0; i < 7; i++) await higher.click();
    await expect(page.getByTestId("octave-range")).toHaveText("Octaves 7–8");
    await expect(higher).toBeDisabled();
    await expect(lower).toBeEnabled();
    await expect(keys.last()).toHaveAttribute("data-note", "B8");
    await page.screenshot({ path: `${SHOTS}/piano-1280.png`, fullPage: true });
  });

  test("a tap lights the key for 300 ms and plays it; no audio context before the first gesture", async ({
    page,
  }) => {
    await countAudioContexts(page);
    await page.goto("/piano-visualizer");
    await expect(page.getByTestId("piano")).toBeVisible();
    expect(await audioContexts(page)).toBe(0);
    expect((await audio(page)).contextCreated).toBe(false);

    const key = page.getByRole("button", { name: "E4", exact: true });
    await expectFlash(page, '[data-note="E4"]', () => key.click());
    await expect(key).toHaveAttribute("data-active", "false", { timeout: 1000 });
    expect(await audioContexts(page)).toBe(1);

    let diag = await audio(page);
    expect(diag.maxPolyphony).toBe(32);
    expect(diag.lastPlay?.notes).toEqual(["E4"]);
    expect(diag.lastPlay?.durationSeconds).toBe(0.25); // an eighth note at 120 BPM
    expect(diag.lastPlay?.instrument).toBe("piano");

    // After warm-up a tap is scheduled at the audio clock's current time (no look-ahead).
    await expect.poll(async () => (await audio(page)).voices, { timeout: 10_000 }).toBe(32);
    const timings = await page.evaluate(async () => {
      const out: { lead: number; scheduleMs: number; quantumMs: number }[] = [];
      const read = () => (window as unknown as { __tonicAudio: () => Diagnostics }).__tonicAudio().lastPlay;
      for (const n of ["C4", "D4", "D#4", "F4", "G4", "G#4", "A#4", "C5", "D5"]) {
        document
          .querySelector(`[data-note="${n}"]`)
          ?.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0 }));
        const p = read();
        if (p)
          out.push({
            lead: p.startTime - p.currentTime,
            scheduleMs: p.scheduleMs,
            quantumMs: (128 / p.sampleRate) * 1000,
          });
        await new Promise((r) => setTimeout(r, 80));
      }
      return out;
    });
    expect(timings).toHaveLength(9);
    for (const t of timings) expect(t.lead).toBeLessThanOrEqual(0);

    // A chord card plays its three notes for a half note.
    await page.getByRole("button", { name: /^Play C Minor chord/ }).click();
    diag = await audio(page);
    expect(diag.lastPlay?.notes).toEqual(["C4", "D#4", "G4"]);
    expect(diag.lastPlay?.durationSeconds).toBe(1);
    expect(await audioContexts(page)).toBe(1);
  });

  test("a tap's highlight lasts 300 ms on the page's clock", async ({ page }) => {
    // The page's timers run on Playwright's clock, so the check does not depend on how busy the machine is.
    await page.clock.install();
    await page.goto("/piano-visualizer");
    const key = page.getByRole("button", { name: "E4", exact: true });
    await expect(key).toBeVisible();
    await page.clock.pauseAt(Date.now() + 60_000);
    await key.click();
    await expect(key).toHaveAttribute("data-active", "true");
    await page.clock.runFor(299);
    await expect(key).toHaveAttribute("data-active", "true");
    await page.clock.runFor(2);
    await expect(key).toHaveAttribute("data-active", "false");
  });

  test("keyboard: keys are focusable with a visible focus ring and play on Enter", async ({ page }) => {
    await page.goto("/piano-visualizer");
    await page.getByRole("button", { name: "Higher Octave" }).focus();
    await page.keyboard.press("Tab");
    const c4 = page.getByRole("button", { name: "C4, root" });
    await expect(c4).toBeFocused();
    const outline = await c4.evaluate((e) => {
      const s = getComputedStyle(e);
      return `${s.outlineStyle} ${s.outlineWidth}`;
    });
    expect(outline).toBe("solid 3px");
    await expectFlash(page, '[data-note="C4"]', () => page.keyboard.press("Enter"));
    expect((await audio(page)).lastPlay?.notes).toEqual(["C4"]);
  });

  test("phone: rotated landscape, nav hidden and restored, info overlay, 44 px keys", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/scale-explorer");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await page.getByLabel("Root Note").selectOption("C");
    await page.getByLabel("Scale Type").selectOption("minor");
    await page.getByRole("link", { name: "View Scales on Piano" }).click();

    const stage = page.getByTestId("landscape-stage");
    await expect(stage).toHaveAttribute("data-rotated", "true");
    const transform = await stage.evaluate((e) => getComputedStyle(e).transform);
    expect(transform).toMatch(/^matrix\((-?0(\.0+)?|[\d.e-]+), 1, -1, /); // rotate(90deg)
    await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

    for (const name of ["Back", "Lower Octave", "Higher Octave", "Scale info"]) {
      await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Key")).toBeVisible();
    await expect(page.getByLabel("Scale Type")).toBeVisible();

    const sizes = await page
      .getByTestId("piano")
      .locator("button[data-note]")
      .evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return Math.min(r.width, r.height);
        }),
      );
    expect(sizes).toHaveLength(24);
    for (const s of sizes) expect(s).toBeGreaterThanOrEqual(44);

    await page.getByRole("button", { name: "Lower Octave" }).click();
    await expect(page.getByTestId("octave-range")).toHaveText("Octaves 3–4");
    await expectFlash(page, '[data-note="C3"]', () => page.getByRole("button", { name: "C3, root" }).click());
    expect((await audio(page)).lastPlay?.notes).toEqual(["C3"]);
    await page.screenshot({ path: `${SHOTS}/piano-390.png` });

    await page.getByRole("button", { name: "Scale info" }).click();
    const dialog = page.getByRole("dialog", { name: "C Minor" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("info-root")).toHaveText("C");
    await expect(dialog.getByTestId("info-notes").locator("li")).toHaveText([
      "C",
      "D",
      "E♭",
      "F",
      "G",
      "A♭",
      "B♭",
      "C",
    ]);
    await expect(dialog.getByTestId("chord-card-symbol")).toHaveText([
      "Cm",
      "Ddim",
      "E♭",
      "Fm",
      "Gm",
      "A♭",
      "B♭",
    ]);
    await page.screenshot({ path: `${SHOTS}/piano-390-info.png` });
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/scale-explorer$/);
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  });

  test("resizing across 768 px switches layouts and restores the navigation", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/piano-visualizer");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(page.getByTestId("landscape-stage")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
    await page.setViewportSize(DESKTOP);
    await expect(page.getByTestId("landscape-stage")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
});

test.describe("Guitar fretboard", () => {
  const positions = fretboardPositions();

  test("desktop: 6 strings × 12 frets, scale notes, root and octave colours, labels", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/guitar-visualizer");
    await expect(page.getByRole("heading", { level: 1, name: "Guitar Fretboard" })).toBeVisible();
    const board = page.getByTestId("fretboard");
    await expect(board.getByRole("rowheader")).toHaveText(["E4", "B3", "G3", "D3", "A2", "E2"]);
    await expect(board.getByRole("columnheader")).toHaveCount(13);
    await expect(board.getByRole("columnheader").last()).toHaveText("Fret 11");

    for (const [note, type] of SCALES.slice(0, 4)) {
      await page.getByLabel("Key").selectOption(note);
      await page.getByLabel("Scale Type").selectOption(label(type).toLowerCase());
      const inScale = new Set<string>(scaleNotes(note, type));
      const expected = positions.flatMap((row, s) =>
        row
          .filter((p) => inScale.has(p.note))
          .map(
            (p) => `${p.fullNote}, ${p.note === note ? "root" : "in scale"}, string ${s + 1} fret ${p.fret}`,
          ),
      );
      const buttons = board.locator("button[data-note]");
      await expect
        .poll(() => buttons.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label"))))
        .toEqual(expected);
      // Labels are on by default and show the note name.
      await expect(board.getByTestId("fret-label")).toHaveCount(expected.length);
    }

    // Dot colour depends only on the octave, and each octave has its own colour.
    const colours = await board
      .locator("button[data-note]")
      .evaluateAll((els) =>
        els.map((e) => [
          e.getAttribute("data-octave"),
          getComputedStyle(e.firstElementChild as Element).backgroundColor,
        ]),
      );
    const byOctave = new Map<string, Set<string>>();
    for (const [octave, colour] of colours) {
      if (!byOctave.has(String(octave))) byOctave.set(String(octave), new Set());
      byOctave.get(String(octave))?.add(String(colour));
    }
    expect([...byOctave.keys()].sort()).toEqual(["2", "3", "4", "5"]);
    for (const set of byOctave.values()) expect(set.size).toBe(1);
    expect(new Set([...byOctave.values()].map((s) => [...s][0])).size).toBe(4);

    await page.screenshot({ path: `${SHOTS}/guitar-1280.png`, fullPage: true });
  });

  test("labels follow the Show Fretboard Labels setting; clicks play only with Auto-Play on", async ({
    page,
  }) => {
    await page.goto("/guitar-visualizer?key=G&scale=major");
    const board = page.getByTestId("fretboard");
    const g3 = board.getByRole("button", { name: "G3, root, string 3 fret 0" });
    await expect(board.getByTestId("fret-label").first()).toBeVisible();
    await expect(g3.getByTestId("fret-label")).toHaveText("G");
    await g3.click();
    await expect.poll(async () => (await audio(page)).lastPlay?.notes).toEqual(["G3"]);

    await signUp(page);
    await page.goto("/settings");
    await page.getByRole("switch", { name: "Show Fretboard Labels" }).click();
    await page.getByRole("switch", { name: "Auto-Play Sounds" }).click();
    await page.goto("/guitar-visualizer?key=G&scale=major");
    await expect(board.locator("button[data-note]").first()).toBeVisible();
    await expect(board.getByTestId("fret-label")).toHaveCount(0);
    // Only the tapped spot lights up, not the same pitch elsewhere (G3 is also string 4 fret 5).
    await page.evaluate(() => {
      const w = window as unknown as { __litNotes: string[] };
      w.__litNotes = [];
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target as Element;
          if (el.getAttribute("data-active") === "true")
            w.__litNotes.push(el.getAttribute("aria-label") ?? "");
        }
      }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ["data-active"] });
    });
    await board.getByRole("button", { name: "G3, root, string 3 fret 0" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __litNotes: string[] }).__litNotes))
      .toEqual(["G3, root, string 3 fret 0"]);
    // The page was reloaded, so the engine is fresh: with Auto-Play off nothing was played.
    expect((await audio(page)).plays).toBe(0);
    await page.screenshot({ path: `${SHOTS}/guitar-1280-no-labels.png`, fullPage: true });
  });

  test("phone: rotated layout with the info dialog and 44 px frets", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/guitar-visualizer?key=E&scale=minor");
    await expect(page.getByTestId("landscape-stage")).toHaveAttribute("data-rotated", "true");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
    const sizes = await page
      .getByTestId("fretboard")
      .locator("button[data-note]")
      .evaluateAll((els) =>
        els.map((e) => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height)),
      );
    expect(sizes.length).toBeGreaterThan(30);
    for (const s of sizes) expect(s).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: `${SHOTS}/guitar-390.png` });

    await page.getByRole("button", { name: "Scale info" }).click();
    const dialog = page.getByRole("dialog", { name: "E Minor" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("info-root")).toHaveText("E");
    await expect(dialog.getByTestId("info-notes").locator("li")).toHaveText(
      shown(scaleNotes("E", "minor"), "E", "minor"),
    );
    await page.screenshot({ path: `${SHOTS}/guitar-390-info.png` });
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await page.getByRole("button", { name: "Scale info" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Opened directly, Back stays in the app and the navigation comes back.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/scale-explorer$/);
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  });
});
