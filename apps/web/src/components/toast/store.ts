/** How a toast looks: a success (payment done) or plain information (link copied). */
export type ToastTone = "success" | "info";

/** One message shown briefly at the bottom of the screen. */
export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

/** How long a toast stays, ms. */
export const TOAST_MS = 6000;
/** At most this many toasts show at once; older ones give way. */
const MAX_TOASTS = 3;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const l of listeners) l();
}

/**
 * Shows a toast: an in-page message that announces itself to screen readers and goes away after
 * {@link TOAST_MS} (or when closed). Replaces the browser's `alert()`.
 * @returns the toast's id, for {@link dismissToast}.
 */
export function showToast(message: string, tone: ToastTone = "info"): number {
  const id = nextId++;
  const kept = toasts.filter((t) => t.message !== message).slice(-(MAX_TOASTS - 1));
  for (const t of toasts) if (!kept.includes(t)) clearTimer(t.id);
  emit([...kept, { id, message, tone }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_MS),
  );
  return id;
}

function clearTimer(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

/** Removes a toast now. */
export function dismissToast(id: number): void {
  clearTimer(id);
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

/** The toasts showing now (a stable array between changes, for `useSyncExternalStore`). */
export function currentToasts(): readonly Toast[] {
  return toasts;
}

/** Calls `listener` whenever the toasts change; returns the unsubscribe function. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
