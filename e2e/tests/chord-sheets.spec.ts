import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signUp } from "../support/auth";

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-sheets";

const SONG = "demo-c-major-pop";

const grid = (page: Page) => page.getByTestId("chord-grid");
/** The grid cell of a beat ("Bar 3, beat 1: …"). */
const cell = (page: Page, bar: number, beat: number): Locator =>
  grid(page).getByRole("button", { name: new RegExp(`^Bar ${bar}, beat ${beat}:`) });
/** What a cell says (the chord sounding there, or "no chord"). */
async function heard(page: Page, bar: number, beat: number): Promise<string> {
  const label = (await cell(page, bar, beat).getAttribute("aria-label")) ?? "";
  return label.replace(/^Bar \d+, beat \d+: /, "");
}

/** The first bar whose first beat is a whole bar after the pickup (bar numbers are the grid's). */
async function openSong(page: Page) {
  await page.goto(`/search?v=${SONG}`);
  await expect(page.getByTestId("song-key")).toHaveText("C Major");
  await expect(grid(page)).toBeVisible();
}

/** Corrects three chords: bar 2 typed (Dm7/A, the whole bar), bar 3 from the picker (E minor), bar 4 beat 3 no chord. */
async function correctThreeChords(page: Page) {
  await page.getByRole("button", { name: "Edit chords" }).click();
  const editor = page.getByTestId("sheet-editor");
  await expect(editor).toBeVisible();

  await cell(page, 2, 1).click();
  await cell(page, 2, 4).click({ modifiers: ["Shift"] });
  await expect(page.getByTestId("sheet-selection")).toHaveText("Selected: bar 2, beat 1 to bar 2, beat 4");
  await editor.getByLabel("Or type a chord").fill("dm7 / a");
  await editor.getByRole("button", { name: "Set typed chord" }).click();

  await cell(page, 3, 1).click();
  await editor.getByLabel("Root", { exact: true }).selectOption("E");
  await editor.getByLabel("Quality").selectOption({ label: "minor (m)" });
  await editor.getByLabel("Bass").selectOption({ label: "Root" });
  await editor.getByRole("button", { name: "Set Em", exact: true }).click();

  await cell(page, 4, 3).click();
  await editor.getByRole("button", { name: "No chord" }).click();

  for (const beat of [1, 2, 3, 4]) expect(await heard(page, 2, beat)).toBe("Dm7/A");
  expect(await heard(page, 3, 1)).toBe("Em");
  expect(await heard(page, 4, 3)).toBe("no chord");
}

for (const viewport of [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
]) {
  test(`a signed-in user corrects three chords, keeps them, shares them and exports ChordPro at ${viewport.name} px`, async ({
    page,
    browser,
  }) => {
    // One long flow (edit, reload, toggle, export, share, open signed out, revoke) on a busy 2-core machine.
    test.setTimeout(150_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/");
    await signUp(page);
    await openSong(page);
    await expect(page.getByTestId("version-badge")).toHaveText("Tonic's analysis");
    const original = await heard(page, 2, 1);

    await correctThreeChords(page);
    // Undo takes the last correction back, redo does it again.
    await page.getByRole("button", { name: "Undo" }).click();
    expect(await heard(page, 4, 3)).not.toBe("no chord");
    await page.getByRole("button", { name: "Redo" }).click();
    expect(await heard(page, 4, 3)).toBe("no chord");
    await expect(page.getByTestId("save-status")).toHaveText("Saved to your account");
    await page.screenshot({ path: `${SHOTS}/editing-${viewport.name}.png`, fullPage: true });
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("sheet-editor")).toBeHidden();

    // Kept on the server: a reload shows my version.
    await page.reload();
    await expect(page.getByTestId("version-badge")).toHaveText("My version");
    expect(await heard(page, 2, 1)).toBe("Dm7/A");
    expect(await heard(page, 3, 1)).toBe("Em");

    // The toggle goes back to Tonic's analysis and returns.
    const toggle = page.getByRole("radiogroup", { name: "Chords shown" });
    await toggle.getByRole("button", { name: "Tonic's analysis" }).click();
    await expect(page.getByTestId("version-badge")).toHaveText("Tonic's analysis");
    expect(await heard(page, 2, 1)).toBe(original);
    await toggle.getByRole("button", { name: "My version" }).click();
    await expect(page.getByTestId("version-badge")).toHaveText("My version");

    // ChordPro of the version shown.
    await page.getByText("Export", { exact: true }).click();
    const [cho] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "ChordPro (.cho)" }).click(),
    ]);
    expect(cho.suggestedFilename()).toBe("Demo Sunrise Pop.cho");
    const text = readFileSync(await cho.path(), "utf8");
    const lines = text.split("\n");
    expect(lines[0]).toBe("{title: Demo: Sunrise Pop}");
    expect(lines).toContain("{key: C}");
    expect(lines).toContain("{time: 4/4}");
    const bars = lines
      .filter((l) => l.startsWith("|"))
      .flatMap((l) => l.split("|").map((b) => b.trim()))
      .filter(Boolean);
    expect(bars[1]).toBe("Dm7/A . . .");
    expect(bars[2]?.startsWith("Em")).toBe(true);
    expect(bars[3]?.split(" ")[2]).toBe("N.C.");

    // Share: a read-only link that works signed out, with its own title and preview card.
    await page.getByRole("button", { name: "Share" }).click();
    const link = await page.getByLabel("Anyone with this link can view your version:").inputValue();
    expect(link).toMatch(/\/sheet\/[A-Za-z0-9_-]{20,}$/);
    const html = await (await page.request.get(link)).text();
    expect(html).toMatch(/<meta[^>]+og:title[^>]+Demo: Sunrise Pop — chords/);

    const visitor = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
    });
    const other = await visitor.newPage();
    await other.goto(link);
    await expect(other.getByTestId("version-badge")).toHaveText("Shared version");
    expect(await heard(other, 2, 1)).toBe("Dm7/A");
    await expect(other.getByRole("button", { name: "Edit chords" })).toHaveCount(0);
    await expect(other).toHaveTitle(/Demo: Sunrise Pop — chords/);
    await other.screenshot({ path: `${SHOTS}/shared-${viewport.name}.png`, fullPage: true });

    // Revoked: the link stops working.
    await page.getByRole("button", { name: "Stop sharing" }).click();
    await expect(page.getByTestId("share-panel")).toBeHidden();
    await other.reload();
    await expect(
      other.getByRole("heading", { name: "This chord sheet isn't shared any more" }),
    ).toBeVisible();
    await visitor.close();
  });
}

test("a visitor's corrections stay on the device, and a free account edits one song a day", async ({
  page,
}) => {
  await openSong(page);
  await page.getByRole("button", { name: "Edit chords" }).click();
  await cell(page, 2, 1).click();
  const editor = page.getByTestId("sheet-editor");
  await editor.getByLabel("Or type a chord").fill("F/C");
  await editor.getByRole("button", { name: "Set typed chord" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved on this device");
  await page.reload();
  await expect(page.getByTestId("version-badge")).toHaveText("My version");
  expect(await heard(page, 2, 1)).toBe("F/C");
  // A typo is answered in words, and nothing changes.
  await page.getByRole("button", { name: "Edit my version" }).click();
  await cell(page, 2, 1).click();
  await editor.getByLabel("Or type a chord").fill("H7");
  await editor.getByRole("button", { name: "Set typed chord" }).click();
  await expect(editor.getByRole("alert")).toContainText(`"H7" isn't a chord Tonic knows`);
  expect(await heard(page, 2, 1)).toBe("F/C");

  // A free account: one song a day on the server.
  await signUp(page);
  await openSong(page);
  await correctThreeChords(page);
  await expect(page.getByTestId("save-status")).toHaveText("Saved to your account");

  // Two tabs: the later save is kept and the earlier tab is told, then shows it.
  const second = await page.context().newPage();
  await openSong(second);
  await expect(second.getByTestId("version-badge")).toHaveText("My version");
  await second.getByRole("button", { name: "Edit my version" }).click();
  await cell(second, 3, 1).click();
  await second.getByTestId("sheet-editor").getByLabel("Or type a chord").fill("G7");
  await second.getByTestId("sheet-editor").getByRole("button", { name: "Set typed chord" }).click();
  await expect(second.getByTestId("save-status")).toHaveText("Saved to your account");
  await expect(page.getByTestId("toast")).toContainText("changed in another tab");
  await expect.poll(() => heard(page, 3, 1)).toBe("G7");
  await second.close();

  await page.goto("/search?v=demo-g-major-folk");
  await expect(grid(page)).toBeVisible();
  await page.getByRole("button", { name: "Edit chords" }).click();
  await expect(page.getByTestId("edit-refusal")).toContainText("one song a day");
  await expect(page.getByTestId("sheet-editor")).toHaveCount(0);
});

for (const viewport of [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
]) {
  test(`a song counted at twice its pulse is set to half time, undone and kept at ${viewport.name} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await openSong(page);
    const bpm = Number(await page.getByTestId("song-bpm").textContent());
    expect(bpm).toBeGreaterThan(0);
    const bars = grid(page).getByRole("button", { name: /^Bar \d+, beat 1:/ });
    const barCount = await bars.count();
    const before = [await heard(page, 3, 1), await heard(page, 4, 1)];

    await page.getByRole("button", { name: "Edit chords" }).click();
    const editor = page.getByTestId("sheet-editor");
    await expect(editor.getByTestId("sheet-tempo")).toHaveText(`${bpm} BPM`);
    await editor.getByRole("button", { name: /^Half time: count every other beat/ }).click();

    // Half the tempo, and each bar now holds two of the old ones.
    const half = Number(await page.getByTestId("song-bpm").textContent());
    expect(Math.abs(half - bpm / 2)).toBeLessThanOrEqual(1);
    await expect(editor.getByTestId("sheet-tempo")).toHaveText(`${half} BPM`);
    await expect.poll(() => bars.count()).toBeLessThanOrEqual(Math.ceil(barCount / 2) + 1);
    expect(await bars.count()).toBeGreaterThanOrEqual(Math.floor(barCount / 2));
    await expect(page.getByTestId("save-status")).toHaveText("Saved on this device");
    await page.screenshot({ path: `${SHOTS}/half-time-${viewport.name}.png`, fullPage: true });

    // Undo brings the beats and chords back as they were; redo halves again.
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByTestId("song-bpm")).toHaveText(String(bpm));
    await expect(bars).toHaveCount(barCount);
    expect([await heard(page, 3, 1), await heard(page, 4, 1)]).toEqual(before);
    await page.getByRole("button", { name: "Redo" }).click();
    await expect(page.getByTestId("song-bpm")).toHaveText(String(half));

    // Kept on this device: a reload shows the version at half time.
    await page.getByRole("button", { name: "Done" }).click();
    await page.reload();
    await expect(page.getByTestId("version-badge")).toHaveText("My version");
    await expect(page.getByTestId("song-bpm")).toHaveText(String(half));
  });
}
