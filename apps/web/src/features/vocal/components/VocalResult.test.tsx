// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { useSettingsStore } from "@/stores/settings";
import type { VocalView } from "../lib/result";
import { VocalResult } from "./VocalResult";

/** What the engine answers for a tune in B♭ minor: sharp names throughout. */
const bFlatMinor: VocalView = {
  key: "A# Minor",
  keyUncertain: false,
  keyAlternative: "C# Major",
  bpm: 96,
  timeSignature: "4/4",
  chords: ["A#m", "D#m", "F#", "C#", "G#", "Fm", "Cdim"],
  range: { min: "A#3", max: "D#5", minHz: 233.1, maxHz: 622.3, minMidi: 58, maxMidi: 75 },
  source: "device",
  sa: {
    pitchClass: 10,
    confidence: 0.7,
    runnerUp: { pitchClass: 3, confidence: 0.1 },
    // Bhupali on B♭ (S R G P D: B♭ C D F G), Ga and Dha held longest.
    pitchClassSeconds: [2, 0, 3, 0, 0, 1.5, 0, 2.5, 0, 0, 3, 0],
  },
};

const texts = (testId: string, role: "listitem" | "button") =>
  within(screen.getByTestId(testId))
    .getAllByRole(role)
    .map((el) => el.textContent);

describe("VocalResult spells by the key (issue 26 §3)", () => {
  afterEach(() => {
    cleanup();
    useSettingsStore.getState().updateSettings({ noteNaming: "by-key", sa: "C" });
  });

  it("writes A# Minor as B♭ Minor, its notes, chords and range with flats", () => {
    render(<VocalResult result={bFlatMinor} />);
    expect(screen.getByTestId("vocal-key").textContent).toBe("B♭ Minor");
    expect(texts("vocal-scale-notes", "listitem")).toEqual(["B♭", "C", "D♭", "E♭", "F", "G♭", "A♭"]);
    expect(texts("vocal-chords", "button")).toEqual(["B♭m", "E♭m", "G♭", "D♭", "A♭", "Fm", "Cdim"]);
    expect(screen.getByRole("button", { name: "Play B♭m chord" })).toBeTruthy();
    expect(screen.getByTestId("vocal-range").textContent).toBe("B♭3 – E♭5");
    expect(screen.getByTestId("range-piano").getAttribute("aria-label")).toBe(
      "Your range, B♭3 to E♭5, highlighted on a piano",
    );
    expect(screen.getByText(/Chords of B♭ Minor to sing over/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[A-G]#/);
  });

  it("keeps the closest key's spelling when the key is uncertain", () => {
    render(
      <VocalResult
        result={{ ...bFlatMinor, key: "C# Major", keyUncertain: true, keyAlternative: "A# Minor" }}
      />,
    );
    expect(screen.getByTestId("vocal-key").textContent).toBe("D♭ Major");
    // The runner-up is named too, spelled by its own key.
    expect(screen.getByTestId("vocal-key-alternative").textContent).toBe("B♭ Minor");
    expect(screen.getByText(/Closest match:/).textContent).toMatch(
      /Closest match: D♭ Major, then B♭ Minor\./,
    );
    expect(screen.getByText(/Chords of D♭ Major, the closest key/)).toBeTruthy();
  });

  it("names the runner-up only when the key is uncertain, and not at all when there is none", () => {
    render(<VocalResult result={bFlatMinor} />);
    expect(screen.queryByTestId("vocal-key-alternative")).toBeNull();
    cleanup();
    render(<VocalResult result={{ ...bFlatMinor, keyUncertain: true, keyAlternative: null }} />);
    expect(screen.queryByTestId("vocal-key-alternative")).toBeNull();
    expect(screen.getByText(/Closest match:/).textContent).toMatch(/Closest match: B♭ Minor\. Try/);
  });

  it("writes sharps under Settings → Note names → Sharps only", () => {
    useSettingsStore.getState().updateSettings({ noteNaming: "sharps" });
    render(<VocalResult result={bFlatMinor} />);
    expect(screen.getByTestId("vocal-key").textContent).toBe("A♯ Minor");
    expect(texts("vocal-chords", "button")?.[0]).toBe("A♯m");
  });

  it("writes the scale and the range as swaras from your Sa under Settings → Sargam, chords in letters", () => {
    useSettingsStore.getState().updateSettings({ noteNaming: "sargam", sa: "A#" });
    render(
      <MemoryRouter>
        <VocalResult result={bFlatMinor} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("vocal-key").textContent).toBe("B♭ Minor");
    expect(texts("vocal-scale-notes", "listitem")).toEqual(["Sa", "Re", "ga", "Ma", "Pa", "dha", "ni"]);
    // A#3 is madhya Sa (the Sa from G3 to F#4); D#5 is taar Ma, with a dot above.
    expect(screen.getByTestId("vocal-range").textContent).toBe("Sa – M\u0307a");
    expect(screen.getByTestId("vocal-range-letters").textContent).toContain("B♭3 – E♭5, Sa = A♯");
    expect(texts("vocal-chords", "button")?.[0]).toBe("B♭m");
    expect(screen.getByTestId("swara-legend")).toBeTruthy();
  });

  it("writes Carnatic swaras with the mandra mark below", () => {
    useSettingsStore.getState().updateSettings({ noteNaming: "carnatic", sa: "C" });
    render(
      <MemoryRouter>
        <VocalResult result={bFlatMinor} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("vocal-range").textContent).toBe("N\u0323₂ – G\u0307₂");
  });
});

describe("VocalResult shows the singer's Sa (issue 29)", () => {
  afterEach(() => {
    cleanup();
    useSettingsStore.getState().updateSettings({ noteNaming: "by-key", sa: "C" });
  });

  it("names the Sa by the key, says how sure, writes the range in swaras and can make it the Sa in Settings", () => {
    render(
      <MemoryRouter>
        <VocalResult result={bFlatMinor} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("vocal-sa-note").textContent).toBe("B♭");
    expect(screen.getByTestId("vocal-sa-confidence").textContent).toBe("confident");
    // A#3 (58) is Sa itself; D#5 (75) is Ma of the upper octave.
    expect(screen.getByTestId("vocal-range-swaras").textContent).toBe(
      "Your range: Sa of the middle octave to Ma of the upper octave.",
    );
    expect(screen.getByTestId("vocal-raga-hint").textContent).toMatch(
      /^Sounds like raga (Bhupali|Deshkar) \(or .*\); your notes fit Bilawal thaat, like Ionian \(major\)\.$/,
    );
    screen.getByRole("button", { name: "Use B♭ as my Sa" }).click();
    expect(useSettingsStore.getState().settings.sa).toBe("A#");
  });

  it("mentions a close runner-up, and shows no Sa card without one", () => {
    const unsure = {
      ...bFlatMinor,
      sa: {
        pitchClass: 10,
        confidence: 0.3,
        runnerUp: { pitchClass: 5, confidence: 0.25 },
        // Every note alike: no raga stands out.
        pitchClassSeconds: new Array<number>(12).fill(1),
      },
    };
    const { unmount } = render(
      <MemoryRouter>
        <VocalResult result={unsure} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("vocal-sa-confidence").textContent).toBe("not sure · maybe F");
    expect(screen.getByTestId("vocal-raga-hint").textContent).toMatch(/^Not sure which raga; your notes fit/);
    unmount();
    render(
      <MemoryRouter>
        <VocalResult result={{ ...bFlatMinor, sa: null }} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId("vocal-sa")).toBeNull();
  });
});
