import { isPitchClass, isScaleType, type PitchClass, type ScaleType } from "@tonic/theory";
import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

export interface ScaleSelection {
  root: PitchClass;
  type: ScaleType;
  setRoot: (root: PitchClass) => void;
  setType: (type: ScaleType) => void;
}

/**
 * Root and scale type kept in the URL (`?key=D&scale=major`) so a visualizer can be opened
 * on a given scale and survives a reload; falls back to the given defaults.
 */
export function useScaleSelection(defaultRoot: PitchClass, defaultType: ScaleType): ScaleSelection {
  const [params, setParams] = useSearchParams();
  const key = params.get("key") ?? "";
  const scale = params.get("scale") ?? "";
  const root = isPitchClass(key) ? key : defaultRoot;
  const type = isScaleType(scale) ? scale : defaultType;
  const update = useCallback(
    (name: "key" | "scale", value: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setRoot = useCallback((r: PitchClass) => update("key", r), [update]);
  const setType = useCallback((t: ScaleType) => update("scale", t), [update]);
  return { root, type, setRoot, setType };
}
