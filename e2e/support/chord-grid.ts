import type { Locator } from "@playwright/test";

/** A chord named in a bar of the chord grid, and the beat of the bar (from 1) where it starts. */
export interface BarChange {
  chord: string;
  beat: number;
}

/**
 * Per bar of a chord grid (`data-testid="chord-grid"`), the chords named in it and the beat each starts
 * on, bars in order (the first and last may be parts of a bar).
 */
export async function barChanges(grid: Locator): Promise<BarChange[][]> {
  return grid.locator("li[data-bar]").evaluateAll((items) =>
    items.map((li) =>
      Array.from(li.querySelectorAll("button[data-beat]")).flatMap((b, position) => {
        const chord = b.getAttribute("data-chord");
        return chord ? [{ chord, beat: position + 1 }] : [];
      }),
    ),
  );
}
