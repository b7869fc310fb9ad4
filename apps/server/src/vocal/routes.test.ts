import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { scaleMelody, synthesizeVoice } from "@tonic/analysis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";

const webDir = mkdtempSync(path.join(tmpdir(), "tonic-web-"));
writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Tonic</title><div id=root></div>");

const SR = 22050;

/** 16-bit PCM mono WAV, as the web app's recorder produces. */
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

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = "----tonicTestBoundary7MA4YWxkTrZu0gW";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

// A major scale up and down from G3 (55) to G4 (67), then the tonic again: key G Major, range G3–G4.
const melody = scaleMelody(55, "major", [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0], 0.45, 0.05);
const goodWav = wav(
  synthesizeVoice({ notes: melody, sampleRate: SR, humLevel: 0.01, noiseLevel: 0.004 }),
  SR,
);

describe.each(testDatabases())("POST /api/analyze-vocal-scale on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    handle = await open();
    app = await buildApp({ database: handle, webDistDir: webDir });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const post = (body: ReturnType<typeof multipart>) =>
    app.inject({ method: "POST", url: "/api/analyze-vocal-scale", ...body });

  it("analyses a sung G major scale: key, chords, range, Sa (PRODUCT §3 fields plus key_uncertain, key_alternative and sa)", async () => {
    const res = await post(multipart("audio", "recording.wav", "audio/wav", goodWav));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      "bpm",
      "key",
      "key_alternative",
      "key_uncertain",
      "recommended_chords",
      "sa",
      "time_signature",
      "vocal_range",
    ]);
    expect(body.key).toBe("G Major");
    // The singer's Sa: the scale's home note G, with the browser's estimator and the ten thaats.
    expect(body.sa.pitch_class).toBe(7);
    expect(body.sa.confidence).toBeGreaterThan(body.sa.runner_up.confidence);
    expect(body.key_uncertain).toBe(false);
    // The runner-up is another key, named the same way.
    expect(body.key_alternative).toMatch(/^[A-G]#? (Major|Minor)$/);
    expect(body.key_alternative).not.toBe("G Major");
    expect(body.recommended_chords).toEqual(["G", "C", "D", "Em", "Am", "Bm", "F#dim"]);
    expect(body.vocal_range).toMatchObject({ min: "G3", max: "G4" });
    expect(Object.keys(body.vocal_range).sort()).toEqual(["max", "max_hz", "min", "min_hz"]);
    expect(body.vocal_range.min_hz).toBeGreaterThan(190);
    expect(body.vocal_range.min_hz).toBeLessThan(202);
    expect(body.vocal_range.max_hz).toBeGreaterThan(382);
    expect(body.vocal_range.max_hz).toBeLessThan(402);
    // bpm and time_signature are null or a real estimate, never a placeholder.
    if (body.bpm !== null) expect(body.bpm).toBeGreaterThan(40);
    expect([null, "4/4", "3/4"]).toContain(body.time_signature);
  });

  it("answers 422 'Unable to detect scale' for a recording with nothing sung", async () => {
    const silence = new Float32Array(SR * 3);
    for (let i = 0; i < silence.length; i++) silence[i] = 0.002 * Math.sin(i * 12.9898) ** 3;
    const res = await post(multipart("audio", "recording.wav", "audio/wav", wav(silence, SR)));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: "Unable to detect scale" });
  });

  it("rejects an empty upload", async () => {
    const res = await post(multipart("audio", "recording.wav", "audio/wav", Buffer.alloc(0)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "The recording is empty." });
  });

  it("rejects a WAV with a header but no samples", async () => {
    const res = await post(multipart("audio", "recording.wav", "audio/wav", wav(new Float32Array(0), SR)));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/could not be decoded|too short/);
  });

  it("rejects a recording longer than 35 s with 413", async () => {
    const long = new Float32Array(8000 * 36);
    const res = await post(multipart("audio", "recording.wav", "audio/wav", wav(long, 8000)));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "The recording is too long (the limit is 35 seconds)." });
  });

  it("rejects a file over 10 MB with 413 before decoding it", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    big.write("RIFF", 0, "ascii");
    big.write("WAVE", 8, "ascii");
    const res = await post(multipart("audio", "recording.wav", "audio/wav", big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "The recording is too large (the limit is 10 MB)." });
  });

  it("rejects a file that is not audio with 415", async () => {
    const text = Buffer.from("this is not audio at all, just some text ".repeat(40));
    const res = await post(multipart("audio", "recording.wav", "audio/wav", text));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: "The recording must be a WAV file." });
  });

  it("rejects a corrupt WAV with 400", async () => {
    const corrupt = Buffer.concat([goodWav.subarray(0, 12), Buffer.from("garbage".repeat(30))]);
    const res = await post(multipart("audio", "recording.wav", "audio/wav", corrupt));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "The recording could not be decoded." });
  });

  it("requires a file field named audio", async () => {
    const res = await post(multipart("file", "recording.wav", "audio/wav", goodWav));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain("field named audio");
    const json = await app.inject({
      method: "POST",
      url: "/api/analyze-vocal-scale",
      payload: { audio: "x" },
    });
    expect(json.statusCode).toBe(406);
    expect(json.json().error).toContain("multipart/form-data");
  });
});
