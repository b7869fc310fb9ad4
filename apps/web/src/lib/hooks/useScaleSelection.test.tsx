// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { useSettingsStore } from "@/stores/settings";
import { useScaleSelection } from "./useScaleSelection";

const at =
  (url: string) =>
  ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;

describe("useScaleSelection", () => {
  afterEach(() => {
    useSettingsStore.getState().setNote("C");
    useSettingsStore.getState().setScale("major");
  });

  it("reads Major/Minor and the Indian scales from the URL and shares them with the store", () => {
    const { result } = renderHook(() => useScaleSelection("C", "major"), {
      wrapper: at("/x?key=D&scale=thaat-kafi"),
    });
    expect(result.current.root).toBe("D");
    expect(result.current.scale.label).toBe("Kafi — Dorian");
    expect(useSettingsStore.getState().currentScale).toBe("thaat-kafi");
    expect(useSettingsStore.getState().currentNote).toBe("D");
  });

  it("falls back to the default for an unknown id and picks any scale by id", () => {
    const { result } = renderHook(() => useScaleSelection("C", "minor"), {
      wrapper: at("/x?scale=phrygian"),
    });
    expect(result.current.scale.id).toBe("minor");
    act(() => result.current.setScale("raga-yaman"));
    expect(result.current.scale.name).toBe("Yaman");
    expect(result.current.scale.raga?.aroha).toBe("N, R G M D N S'");
    act(() => result.current.setScale("nonsense"));
    expect(result.current.scale.id).toBe("raga-yaman");
    act(() => result.current.setRoot("A"));
    expect([result.current.root, result.current.scale.id]).toEqual(["A", "raga-yaman"]);
    expect(useSettingsStore.getState().currentScale).toBe("raga-yaman");
  });
});
