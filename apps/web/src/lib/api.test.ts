import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { ApiError, api, UNEXPECTED_ANSWER } from "./api";

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

const Thing = z.object({ n: z.number() });

describe("api", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("returns the body parsed by its schema", async () => {
    answer(200, { n: 3, extra: true });
    await expect(api("/api/x", Thing)).resolves.toEqual({ n: 3 });
  });

  it("turns an answer that breaks the contract into a clear ApiError", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    answer(200, { n: "three" });
    const err = await api("/api/x", Thing).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(UNEXPECTED_ANSWER);
    // zod/mini alone loads no locale; @tonic/api loads the English one, so the console reads as before
    expect(log).toHaveBeenCalledWith("Unexpected answer from /api/x", [
      expect.objectContaining({ path: ["n"], message: "Invalid input: expected number, received string" }),
    ]);
  });

  it("carries the server's error message and status", async () => {
    answer(403, { error: "Daily Limit Reached", reason: "limit" });
    const err = await api("/api/x", Thing).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: "Daily Limit Reached", status: 403, body: { reason: "limit" } });
  });

  it("reports a network failure with status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    await expect(api("/api/x", Thing)).rejects.toMatchObject({ status: 0 });
  });
});
