import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeYouTube, startFakeYouTube } from "../../test/fake-youtube.js";
import { YOUTUBE_MESSAGES, YouTubeClient } from "./client.js";

let fake: FakeYouTube;
beforeAll(async () => {
  fake = await startFakeYouTube({
    videos: [
      { id: "aaaaaaaaaa1", title: "Piano Song One", duration: "PT4M13S", language: "hi-IN" },
      { id: "aaaaaaaaaa2", title: "Piano Song Long", duration: "PT12M1S" },
      { id: "aaaaaaaaaa3", title: "Piano Song Short", duration: "PT45S" },
      { id: "aaaaaaaaaa4", title: "Piano Song Rock & Roll", duration: "PT10M0S" },
      { id: "aaaaaaaaaa5", title: "Piano Song Hour", duration: "PT1H3M" },
      { id: "aaaaaaaaaa6", title: "Piano Song Six", duration: "PT3M" },
    ],
    invalidKeys: ["bad"],
    quotaKeys: ["spent"],
  });
});
afterAll(() => fake.close());

const client = (keys: string[]) => new YouTubeClient({ keys, baseUrl: fake.baseUrl });

describe("YouTubeClient against the fake Data API", () => {
  it("searches with the PRODUCT §7 parameters and keeps 1–10 minute videos", async () => {
    fake.requests.length = 0;
    const results = await client(["good"]).search("piano song");
    expect(results).toEqual([
      {
        id: "aaaaaaaaaa1",
        title: "Piano Song One",
        thumbnail: "https://i.ytimg.com/vi/aaaaaaaaaa1/mqdefault.jpg",
        duration: 4,
      },
      {
        id: "aaaaaaaaaa4",
        title: "Piano Song Rock & Roll",
        thumbnail: "https://i.ytimg.com/vi/aaaaaaaaaa4/mqdefault.jpg",
        duration: 10,
      },
    ]);
    const [search, videos] = fake.requests;
    expect(search?.path).toBe("search");
    expect(search?.params).toMatchObject({
      part: "snippet",
      maxResults: "5",
      q: "piano song",
      type: "video",
      videoDuration: "medium",
    });
    expect(videos?.path).toBe("videos");
    expect(videos?.params.part).toBe("contentDetails");
    expect(videos?.params.id?.split(",")).toHaveLength(5);
  });

  it("switches to the backup key when the primary answers an HTTP error", async () => {
    for (const primary of ["spent", "bad"]) {
      fake.requests.length = 0;
      const results = await client([primary, "good"]).search("one");
      expect(results.map((r) => r.id)).toEqual(["aaaaaaaaaa1"]);
      expect(fake.requests.map((r) => r.params.key)).toEqual([primary, "good", primary, "good"]);
    }
  });

  it("gives the PRODUCT §8 messages when both keys fail", async () => {
    await expect(client(["spent", "bad"]).search("one")).rejects.toThrow(YOUTUBE_MESSAGES.searchFailed);
    await expect(client(["spent", "bad"]).video("aaaaaaaaaa1")).rejects.toThrow(
      YOUTUBE_MESSAGES.detailsFailed,
    );
  });

  it("returns no results for an empty search without a videos call", async () => {
    fake.requests.length = 0;
    expect(await client(["good"]).search("nothing matches this")).toEqual([]);
    expect(fake.requests.map((r) => r.path)).toEqual(["search"]);
  });

  it("reads video details and reports a missing video", async () => {
    expect(await client(["good"]).video("aaaaaaaaaa1")).toMatchObject({
      id: "aaaaaaaaaa1",
      title: "Piano Song One",
      duration: 4,
      durationSeconds: 253,
      language: "hi-in",
    });
    await expect(client(["good"]).video("zzzzzzzzzzz")).rejects.toThrow(YOUTUBE_MESSAGES.notFound);
  });

  it("is not configured without keys and says how to enable search", async () => {
    const c = client([]);
    expect(c.configured).toBe(false);
    await expect(c.search("x")).rejects.toThrow(/YOUTUBE_API_KEYS/);
  });

  it("treats an unreachable API like an error status", async () => {
    const c = new YouTubeClient({
      keys: ["a", "b"],
      baseUrl: "http://127.0.0.1:9/youtube/v3",
      timeoutMs: 2000,
    });
    await expect(c.search("x")).rejects.toThrow(YOUTUBE_MESSAGES.searchFailed);
  });
});
