import { describe, expect, it } from "vitest";
import { rangeInSwaras, saConfidenceWords, singerSaMidi } from "./sa";

describe("the singer's Sa and range in swaras", () => {
  it("takes the Sa just above the bottom of the range as the singer's middle Sa", () => {
    // Range from G2 (43) with Sa C: the singer's Sa is C3 (48), a fourth above... G2 is Pa below it.
    expect(singerSaMidi(0, 43)).toBe(48);
    // Range from C3 with Sa C: Sa is the bottom note itself.
    expect(singerSaMidi(0, 48)).toBe(48);
    // Range from B2 with Sa C: Sa is a semitone up.
    expect(singerSaMidi(0, 47)).toBe(48);
    // Sa D, range from A3 (57): D4 (62).
    expect(singerSaMidi(2, 57)).toBe(62);
  });

  it("writes a range as Pa of the lower octave to Ga of the upper", () => {
    // Sa D (62 = D4): A3 (57) is Pa below, F#5 (78) is Ga of the upper octave.
    expect(rangeInSwaras(57, 78, 2)).toBe("Pa of the lower octave to Ga of the upper octave");
    expect(rangeInSwaras(48, 67, 0)).toBe("Sa of the middle octave to Pa of the upper octave");
    expect(rangeInSwaras(58, 63, 0)).toBe("ni of the lower octave to ga of the middle octave");
  });

  it("says how sure it is in words", () => {
    expect(saConfidenceWords(0.8)).toBe("confident");
    expect(saConfidenceWords(0.4)).toBe("fairly sure");
    expect(saConfidenceWords(0.2)).toBe("not sure");
  });
});
