import { describe, expect, it } from "vitest";
import { tanpuraStrings } from "./tanpura";

describe("tanpuraStrings", () => {
  it("tunes the first string to Pa, Ma or Ni of the lower octave, then Sa, Sa and the low Sa", () => {
    expect(tanpuraStrings(60, "Pa")).toEqual([55, 60, 60, 48]);
    expect(tanpuraStrings(62, "Ma")).toEqual([55, 62, 62, 50]);
    expect(tanpuraStrings(57, "Ni")).toEqual([56, 57, 57, 45]);
  });
});
