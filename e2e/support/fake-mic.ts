import { type Browser, chromium } from "@playwright/test";

/**
 * A browser of its own whose fake microphone loops the WAV file `wav` from the start of capture
 * (Chromium's `--use-file-for-fake-audio-capture`; the suite's shared browser has no fake capture).
 */
export function launchWithMic(wav: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--autoplay-policy=no-user-gesture-required",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
}
