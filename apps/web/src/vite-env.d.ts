/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "1" in the browser tests' build (`npm run build:e2e`): exposes `window.__tonicAudio`. */
  readonly VITE_AUDIO_TEST_HOOK?: string;
}
