/** The event Chromium fires when the app can be installed (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

/**
 * Whether the device runs iOS/iPadOS (where installing goes through Safari's "Add to Home Screen").
 * @param ua the user agent string.
 * @param platform `navigator.platform`.
 * @param maxTouchPoints `navigator.maxTouchPoints` (iPadOS reports itself as a Mac with touch).
 */
export function isIos(ua: string, platform = "", maxTouchPoints = 0): boolean {
  if (/iPad|iPhone|iPod/.test(ua)) return true;
  return platform === "MacIntel" && maxTouchPoints > 1;
}

/**
 * Whether the app already runs installed (standalone display mode or iOS home-screen mode).
 * @param win the window to inspect.
 */
export function isStandalone(win: Window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || win.matchMedia?.("(display-mode: standalone)").matches === true;
}
