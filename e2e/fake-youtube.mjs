// A fake YouTube Data API v3 for the browser tests (songs.spec.ts): `node --import tsx e2e/fake-youtube.mjs <port>`.
// Uses the server's own test fake (apps/server/test/fake-youtube.ts), run through tsx.
import { startFakeYouTube } from "../apps/server/test/fake-youtube.ts";

const port = Number(process.argv[2] ?? 4100);
await startFakeYouTube({
  port,
  videos: [
    { id: "demo-c-major-pop", title: "Sunrise Pop (Tonic demo)", duration: "PT1M8S" },
    { id: "e2eNotCache", title: "Sunrise Pop live cover", duration: "PT4M2S" },
    { id: "e2eTooLong1", title: "Sunrise Pop full concert", duration: "PT48M" },
    { id: "e2eShort001", title: "Sunrise Pop ringtone", duration: "PT30S" },
  ],
  quotaKeys: ["e2e-spent-key"],
});
console.log(`fake YouTube API on http://127.0.0.1:${port}/youtube/v3`);
