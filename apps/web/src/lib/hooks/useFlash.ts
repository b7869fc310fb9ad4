import { useCallback, useEffect, useRef, useState } from "react";

/** A value that is set on `flash(v)` and cleared `ms` later (a new flash restarts the timer). */
export function useFlash<T>(ms: number): [T | null, (value: T) => void] {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = useCallback(
    (v: T) => {
      clearTimeout(timer.current);
      setValue(v);
      timer.current = setTimeout(() => setValue(null), ms);
    },
    [ms],
  );
  return [value, flash];
}
