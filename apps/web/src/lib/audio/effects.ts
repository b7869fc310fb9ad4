import { useSettingsStore } from "@/stores/settings";

/**
 * The two feedback sounds of PRODUCT §7, shipped with the app (`public/sounds`, made by
 * `scripts/make-sound-effects.mjs`), never fetched from a third-party host. Played at the app's
 * volume and silent when sound is off.
 */
export const SOUND_EFFECTS = { correct: "/sounds/correct.wav", incorrect: "/sounds/incorrect.wav" } as const;

let lastEffect: keyof typeof SOUND_EFFECTS | null = null;
const cache = new Map<string, HTMLAudioElement>();

/** Play the correct or incorrect sound. Call from the answer's click handler. */
export function playFeedbackSound(correct: boolean): void {
  const name = correct ? "correct" : "incorrect";
  lastEffect = name;
  const { soundEnabled, settings } = useSettingsStore.getState();
  if (!soundEnabled || typeof Audio === "undefined") return;
  const src = SOUND_EFFECTS[name];
  const audio = cache.get(src) ?? new Audio(src);
  cache.set(src, audio);
  audio.volume = Math.max(0, Math.min(1, settings.volume));
  audio.currentTime = 0;
  void audio.play().catch(() => {
    // Autoplay refused or the file is unavailable offline: feedback is also shown as text.
  });
}

/** The last feedback sound requested (diagnostics for the browser tests). */
export function lastFeedbackSound(): keyof typeof SOUND_EFFECTS | null {
  return lastEffect;
}
