import { isPitchClass, isScaleType, type PitchClass, type ScaleType } from "@tonic/theory";
import { useCallback, useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import { useSettingsStore } from "@/stores/settings";

export interface ScaleSelection {
  root: PitchClass;
  type: ScaleType;
  setRoot: (root: PitchClass) => void;
  setType: (type: ScaleType) => void;
}

/**
 * Root and scale type kept in the URL (`?key=D&scale=major`) so a visualizer can be opened
 * on a given scale and survives a reload; falls back to the given defaults. The key and scale in the URL,
 * and every one picked here, are also written to the settings store's current note and scale, which the
 * Scale Explorer shows: going back there from the piano or fretboard keeps the key chosen on them.
 */
export function useScaleSelection(defaultRoot: PitchClass, defaultType: ScaleType): ScaleSelection {
  const [params, setParams] = useSearchParams();
  const setNote = useSettingsStore((s) => s.setNote);
  const setScale = useSettingsStore((s) => s.setScale);
  const key = params.get("key") ?? "";
  const scale = params.get("scale") ?? "";
  const root = isPitchClass(key) ? key : defaultRoot;
  const type = isScaleType(scale) ? scale : defaultType;
  useEffect(() => {
    if (isPitchClass(key)) setNote(key);
  }, [key, setNote]);
  useEffect(() => {
    if (isScaleType(scale)) setScale(scale);
  }, [scale, setScale]);
  /** Puts the shown root and type in the URL and the store together (the defaults become explicit). */
  const select = useCallback(
    (r: PitchClass, t: ScaleType) => {
      setNote(r);
      setScale(t);
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set("key", r);
          next.set("scale", t);
          return next;
        },
        { replace: true },
      );
    },
    [setParams, setNote, setScale],
  );
  const setRoot = useCallback((r: PitchClass) => select(r, type), [select, type]);
  const setType = useCallback((t: ScaleType) => select(root, t), [select, root]);
  return { root, type, setRoot, setType };
}
