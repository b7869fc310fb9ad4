import { describe, expect, it } from "vitest";
import { buildPayload } from "./analytics";

describe("analytics payloads", () => {
  it("keep the pathname and hash of the page and drop nothing else that matters", () => {
    expect(buildPayload("pageview", { pathname: "/learn", hash: "#day-2" }, "https://ref.example/")).toEqual({
      name: "pageview",
      path: "/learn#day-2",
      referrer: "https://ref.example/",
    });
  });
  it("never carry the query string, and omit empty referrers and props", () => {
    const loc = new URL("https://tonic.example/search?q=my%20secret#x");
    const payload = buildPayload("pwa_installed", loc, "", {});
    expect(payload).toEqual({ name: "pwa_installed", path: "/search#x" });
    expect(JSON.stringify(payload)).not.toContain("secret");
  });
  it("drop hashes that carry parameters such as sign-in tokens", () => {
    const payload = buildPayload("pageview", { pathname: "/", hash: "#type=recovery&token=s3cr3t" });
    expect(payload).toEqual({ name: "pageview", path: "/" });
  });
  it("include props when given", () => {
    expect(buildPayload("share", { pathname: "", hash: "" }, undefined, { via: "copy" })).toEqual({
      name: "share",
      path: "/",
      props: { via: "copy" },
    });
  });
});
