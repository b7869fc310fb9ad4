/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "1" in the browser tests' build (`npm run build:e2e`): exposes `window.__tonicAudio`. */
  readonly VITE_AUDIO_TEST_HOOK?: string;
  /** Tonic's YouTube channel, Instagram and X profile URLs for the footer; unset ones are not shown. */
  readonly VITE_SOCIAL_YOUTUBE_URL?: string;
  readonly VITE_SOCIAL_INSTAGRAM_URL?: string;
  readonly VITE_SOCIAL_X_URL?: string;
}
