import { isPitchClass, type PitchClass, type ScaleChoice, scaleChoice } from "@tonic/theory";
import { useCallback, useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import { useSettingsStore } from "@/stores/settings";

export interface ScaleSelection {
  root: PitchClass;
  /** The scale in view: Major, Minor, a thaat, a melakarta or a raga (`@tonic/theory` scale choices). */
  scale: ScaleChoice;
  setRoot: (root: PitchClass) => void;
  /** Picks a scale by id ("major", "thaat-kafi", "mela-22", "raga-yaman"); an unknown id is ignored. */
  setScale: (id: string) => void;
}

/**
 * Root and scale kept in the URL (`?key=D&scale=major`, `?key=D&scale=thaat-kafi`) so a visualizer can be
 * opened on a given scale and survives a reload; falls back to the given defaults. The key and scale in the
 * URL, and every one picked here, are also written to the settings store's current note and scale, which
 * the Scale Explorer shows: going back there from the piano or fretboard keeps the key chosen on them.
 * @param defaultScale a scale id of `@tonic/theory` (`SCALE_CHOICES`).
 */
export function useScaleSelection(defaultRoot: PitchClass, defaultScale: string): ScaleSelection {
  const [params, setParams] = useSearchParams();
  const setNote = useSettingsStore((s) => s.setNote);
  const setStoredScale = useSettingsStore((s) => s.setScale);
  const key = params.get("key") ?? "";
  const id = params.get("scale") ?? "";
  const root = isPitchClass(key) ? key : defaultRoot;
  const fromUrl = scaleChoice(id);
  const scale = fromUrl ?? scaleChoice(defaultScale) ?? (scaleChoice("major") as ScaleChoice);
  useEffect(() => {
    if (isPitchClass(key)) setNote(key);
  }, [key, setNote]);
  useEffect(() => {
    if (fromUrl) setStoredScale(fromUrl.id);
  }, [fromUrl, setStoredScale]);
  /** Puts the shown root and scale in the URL and the store together (the defaults become explicit). */
  const select = useCallback(
    (r: PitchClass, s: string) => {
      if (!scaleChoice(s)) return;
      setNote(r);
      setStoredScale(s);
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set("key", r);
          next.set("scale", s);
          return next;
        },
        { replace: true },
      );
    },
    [setParams, setNote, setStoredScale],
  );
  const setRoot = useCallback((r: PitchClass) => select(r, scale.id), [select, scale.id]);
  const setScale = useCallback((s: string) => select(root, s), [select, root]);
  return { root, scale, setRoot, setScale };
}
