import { describe, expect, it } from "vitest";
import { socialLinks } from "./social";

describe("socialLinks", () => {
  it("shows nothing when no profile is configured", () => {
    expect(socialLinks({})).toEqual([]);
    expect(socialLinks({ VITE_SOCIAL_X_URL: "  " })).toEqual([]);
  });

  it("shows the configured profiles in a fixed order", () => {
    expect(
      socialLinks({
        VITE_SOCIAL_X_URL: "https://x.com/tonicmusic",
        VITE_SOCIAL_YOUTUBE_URL: "https://www.youtube.com/@tonicmusic",
      }),
    ).toEqual([
      { label: "YouTube", href: "https://www.youtube.com/@tonicmusic" },
      { label: "X", href: "https://x.com/tonicmusic" },
    ]);
  });

  it("never links a network's home page, another site or a non-https address", () => {
    expect(
      socialLinks({
        VITE_SOCIAL_YOUTUBE_URL: "https://www.youtube.com/",
        VITE_SOCIAL_INSTAGRAM_URL: "https://evil.example/tonic",
        VITE_SOCIAL_X_URL: "http://x.com/tonicmusic",
      }),
    ).toEqual([]);
    expect(socialLinks({ VITE_SOCIAL_INSTAGRAM_URL: "not a url" })).toEqual([]);
  });
});
