import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentToasts, dismissToast, showToast, subscribeToasts, TOAST_MS } from "./store";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const t of currentToasts()) dismissToast(t.id);
  vi.useRealTimers();
});

describe("toasts", () => {
  it("shows a toast, tells subscribers, and removes it after its time", () => {
    const seen: number[] = [];
    const stop = subscribeToasts(() => seen.push(currentToasts().length));
    showToast("Link copied to clipboard!");
    expect(currentToasts()).toEqual([
      { id: expect.any(Number), message: "Link copied to clipboard!", tone: "info" },
    ]);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toEqual([]);
    expect(seen).toEqual([1, 0]);
    stop();
  });

  it("closes a toast at once, shows the same message once, and keeps at most three", () => {
    const id = showToast("Payment successful!", "success");
    dismissToast(id);
    expect(currentToasts()).toEqual([]);
    showToast("a");
    showToast("a");
    expect(currentToasts().map((t) => t.message)).toEqual(["a"]);
    for (const m of ["b", "c", "d"]) showToast(m);
    expect(currentToasts().map((t) => t.message)).toEqual(["b", "c", "d"]);
  });
});
