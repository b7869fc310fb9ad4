import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { scaleMelody, synthesizeVoice } from "@tonic/analysis/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";
import { ConcurrencyGate } from "./limits.js";

/** Counts decoded uploads, so a test can wait until every upload has reached the analysis. */
const decoded = vi.hoisted(() => {
  let count = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  return {
    add() {
      count++;
      for (const w of waiters.filter((w) => count >= w.n)) w.resolve();
    },
    reset() {
      count = 0;
    },
    /** Resolves once `n` uploads have been decoded. */
    reach(n: number): Promise<void> {
      return count >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }));
    },
  };
});

vi.mock("@tonic/analysis/node", async (importOriginal) => {
  const original = await importOriginal<typeof import("@tonic/analysis/node")>();
  return {
    ...original,
    decodeAudioFile: async (...args: Parameters<typeof original.decodeAudioFile>) => {
      const audio = await original.decodeAudioFile(...args);
      decoded.add();
      return audio;
    },
  };
});

const webDir = mkdtempSync(path.join(tmpdir(), "tonic-web-"));
writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Tonic</title><div id=root></div>");

const SR = 22050;

/** 16-bit PCM mono WAV. */
function wav(samples: Float32Array, sampleRate: number): Buffer {
  const buf = Buffer.alloc(44 + 2 * samples.length);
  buf.write("RIFF", 0, "ascii");
  buf.writeUInt32LE(36 + 2 * samples.length, 4);
  buf.write("WAVE", 8, "ascii");
  buf.write("fmt ", 12, "ascii");
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36, "ascii");
  buf.writeUInt32LE(2 * samples.length, 40);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] as number));
    buf.writeInt16LE(Math.round(s * 32767), 44 + 2 * i);
  }
  return buf;
}

/** A multipart/form-data body with one file part named audio. */
function upload(content: Buffer) {
  const boundary = "----tonicTestBoundary7MA4YWxkTrZu0gW";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

// A G major scale up and down (G3–G4): a real recording the engine finds a key in.
const melody = scaleMelody(55, "major", [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0], 0.45, 0.05);
const goodWav = wav(
  synthesizeVoice({ notes: melody, sampleRate: SR, humLevel: 0.01, noiseLevel: 0.004 }),
  SR,
);

describe("ConcurrencyGate", () => {
  it("runs at most maxRunning, queues up to maxWaiting in order, refuses beyond", async () => {
    const gate = new ConcurrencyGate(1, 1);
    const first = await gate.acquire();
    const second = gate.acquire();
    expect(second).not.toBeNull();
    expect(gate.acquire()).toBeNull();
    expect([gate.active, gate.queued]).toEqual([1, 1]);
    first?.();
    const release = await second;
    expect([gate.active, gate.queued]).toEqual([1, 0]);
    release?.();
    release?.(); // a second call is ignored
    expect(gate.active).toBe(0);
  });

  it("gives up waiting when the signal fires", async () => {
    const gate = new ConcurrencyGate(1, 1);
    await gate.acquire();
    const controller = new AbortController();
    const waiting = gate.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow("aborted");
    expect(gate.queued).toBe(0);
  });
});

describe.each(testDatabases())("POST /api/analyze-vocal-scale under load on $name", ({ open }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("runs the analyses off the event loop: /api/health answers while every upload is still analysing", async () => {
    const N = 3;
    const app = await buildApp({ database: handle, webDistDir: webDir, vocal: { concurrency: N } });
    try {
      decoded.reset();
      let finished = 0;
      const uploads = Array.from({ length: N }, (_, i) =>
        app
          .inject({
            method: "POST",
            url: "/api/analyze-vocal-scale",
            remoteAddress: `192.0.2.${i + 1}`,
            ...upload(goodWav),
          })
          .finally(() => finished++),
      );
      // Every upload has been decoded and handed to pitch tracking; none may have answered yet when
      // health does (on the event loop, each analysis would block everything until it ends).
      await decoded.reach(N);
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      expect(finished).toBe(0);
      for (const res of await Promise.all(uploads)) {
        expect(res.statusCode).toBe(200);
        expect(res.json().key).toBe("G Major");
      }
    } finally {
      await app.close();
    }
  });

  it("answers 503 with Retry-After when every analysis place and the waiting line are taken", async () => {
    const app = await buildApp({
      database: handle,
      webDistDir: webDir,
      vocal: { concurrency: 1, maxWaiting: 0 },
    });
    try {
      decoded.reset();
      const first = app.inject({ method: "POST", url: "/api/analyze-vocal-scale", ...upload(goodWav) });
      await decoded.reach(1);
      const busy = await app.inject({ method: "POST", url: "/api/analyze-vocal-scale", ...upload(goodWav) });
      expect(busy.statusCode).toBe(503);
      expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
      expect(busy.json().error).toMatch(/busy/);
      expect((await first).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("answers 503 with Retry-After when the analysis outlasts the time limit (its thread is ended)", async () => {
    const app = await buildApp({ database: handle, webDistDir: webDir, vocal: { timeoutSeconds: 0.001 } });
    try {
      const res = await app.inject({ method: "POST", url: "/api/analyze-vocal-scale", ...upload(goodWav) });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.json()).toEqual({ error: "The analysis took longer than the limit of 0.001 seconds." });
    } finally {
      await app.close();
    }
  });

  it("limits uploads per client address with a 429 JSON error and Retry-After", async () => {
    const app = await buildApp({ database: handle, webDistDir: webDir, vocal: { rateLimitMax: 2 } });
    try {
      const send = (remoteAddress: string) =>
        app.inject({
          method: "POST",
          url: "/api/analyze-vocal-scale",
          remoteAddress,
          ...upload(Buffer.alloc(0)),
        });
      expect((await send("198.51.100.9")).statusCode).toBe(400);
      expect((await send("198.51.100.9")).statusCode).toBe(400);
      const limited = await send("198.51.100.9");
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json().error).toMatch(
        /^Too many recordings sent from your address\. Please try again in /,
      );
      expect((await send("198.51.100.10")).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
