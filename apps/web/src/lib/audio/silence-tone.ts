/**
 * Imported before any Tone.js module so its version banner is not printed to the console.
 * (ES modules evaluate in import order.)
 */
declare global {
  interface Window {
    TONE_SILENCE_LOGGING?: boolean;
  }
}

if (typeof window !== "undefined") window.TONE_SILENCE_LOGGING = true;

export {};
