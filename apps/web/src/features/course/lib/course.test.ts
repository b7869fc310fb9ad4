import { afterEach, describe, expect, it, vi } from "vitest";
import { CONFETTI, celebrate } from "./celebrate";
import { lessonVideoUrl, splitParagraphs } from "./video";

describe("lessonVideoUrl", () => {
  it("builds the PRODUCT §7 embed urls", () => {
    expect(lessonVideoUrl("youtube", "abcDEF12345")).toBe("https://www.youtube.com/embed/abcDEF12345");
    expect(lessonVideoUrl("vimeo", "76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(lessonVideoUrl("drive", "1AbC_d-E")).toBe("https://drive.google.com/file/d/1AbC_d-E/preview");
  });
  it("gives null without a video and escapes odd ids", () => {
    expect(lessonVideoUrl(null, null)).toBeNull();
    expect(lessonVideoUrl("youtube", null)).toBeNull();
    expect(lessonVideoUrl("vimeo", "a/b?c")).toBe("https://player.vimeo.com/video/a%2Fb%3Fc");
  });
});

describe("splitParagraphs", () => {
  it("splits on blank lines, also ones with spaces", () => {
    expect(splitParagraphs("One\nstill one\n\nTwo\n   \nThree\n\n\n")).toEqual([
      "One\nstill one",
      "Two",
      "Three",
    ]);
  });
});

describe("celebrate", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fires 100 particles with spread 70, then 50 from each side after 250 ms", () => {
    vi.useFakeTimers();
    const fire = vi.fn();
    celebrate(fire, false);
    expect(fire).toHaveBeenCalledTimes(1);
    expect(fire.mock.calls[0]?.[0]).toMatchObject({ particleCount: 100, spread: 70 });
    vi.advanceTimersByTime(CONFETTI.sideDelayMs - 1);
    expect(fire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledTimes(3);
    const sides = fire.mock.calls.slice(1).map((c) => c[0]);
    expect(sides.map((o) => o.particleCount)).toEqual([50, 50]);
    expect(sides.map((o) => o.origin.x).sort()).toEqual([0, 1]);
  });

  it("shows nothing for reduced motion, and can be cancelled", () => {
    vi.useFakeTimers();
    const fire = vi.fn();
    celebrate(fire, true);
    vi.runAllTimers();
    expect(fire).not.toHaveBeenCalled();
    const reset = vi.fn();
    const cancel = celebrate(Object.assign(fire, { reset }), false);
    cancel();
    vi.runAllTimers();
    expect(fire).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledTimes(1);
  });
});
