/**
 * The arranger: turns a chord chart (bars with timed chords, {@link ChartBar}) into a multi-track MIDI
 * arrangement — drums, bass, comping and a lead line that follow each bar's chord — and returns labels
 * that are exact by construction: chords (Harte), keys, beats, downbeats and metre.
 *
 * Styles (picked per song by the seed): rock (8th hi-hats, backbeat, root-8th bass, overdriven or clean
 * guitar strums), pop (root–fifth bass, piano or e-piano comping, pad), ballad (sparse kit, broken-chord
 * piano, strings), soul (organ, walking-ish bass, tambourine quarters), disco (four on the floor, octave
 * bass, strings, muted-guitar 16ths), country (train beat, alternating bass, acoustic strums, fiddle or
 * steel lead), shuffle (triplet swing), and for 3/4 and compound metres a waltz and a 12/8 ballad feel.
 * Guitar strums spread their strings 5–30 ms apart, down and up. The lead line sings chord tones on
 * strong beats and scale steps between, with rests, appoggiaturas, suspensions over the chord change and
 * eighth- and sixteenth-note runs, in a voice-like or solo patch, so the chroma has non-chord tones as
 * real vocals do (`sing.ts` adds the singer's pitch movement and a vocal-forward mix when rendering). Timing is humanised (±8 ms, velocity ±15 %); labels keep the chart's
 * grid.
 *
 * Pure: no I/O. Training-only code (never shipped in `dist`).
 */
import midiPkg from "@tonejs/midi";
import { NOTE_NAMES } from "../src/labels.js";
import { encodeChord } from "../testing/metrics.js";
import { makeRng } from "../testing/voice-synth.js";
import type { ChartBar, TimedLabel } from "./billboard.js";
import { tonicMode } from "./billboard.js";

const { Midi } = midiPkg;
type MidiFile = InstanceType<typeof Midi>;
type Track = ReturnType<MidiFile["addTrack"]>;

/** Styles the arranger can play. */
export const STYLES = ["rock", "pop", "ballad", "soul", "disco", "country", "shuffle"] as const;
/**
 * Styles played only when asked for (`ArrangeOptions.style`), for the genre charts (`genre-charts.ts`):
 * metal (palm-muted power chords in eighths on an overdriven guitar, double kick), hip-hop (a boom-bap
 * kit with swung sixteenths, a long synth bass, a sustained keyboard loop), reggae (one drop, the skank on
 * the off-beats, a bass that rests on the third beat), funk (sixteenth hi-hats, muted-guitar scratch,
 * syncopated octave bass), jazz (swing ride, walking bass, shell voicings comped off the beat) and
 * classical (no drums; a cello or double bass on the strong beats; piano, harpsichord, strings, harp or
 * organ in one of four textures per song — an Alberti bass, held block chords, rising arpeggios or chords
 * repeated in eighths — under a violin, flute, oboe, clarinet, horn or choir lead).
 */
export const GENRE_STYLES = ["metal", "hiphop", "reggae", "funk", "jazz", "classical"] as const;
export type Style = (typeof STYLES)[number] | (typeof GENRE_STYLES)[number] | "waltz" | "compound";

/** Options of {@link arrange}. */
export interface ArrangeOptions {
  /** seed of every random choice (style, patches, voicings, melody, humanisation) */
  seed: number;
  /** semitones added to every note and label, −6..6 */
  transpose?: number;
  /** multiplies every time (> 0; slower > 1; the corpus renders 0.9..1.1, or a compound tempo) */
  timeScale?: number;
  /** force a style (default: picked by the seed, from the metre) */
  style?: Style;
  /**
   * the lead's scale, semitones above each bar's tonic (default: the major or natural minor scale of the
   * key), e.g. a blues scale with the blue ♭3 and ♭7
   */
  leadScale?: readonly number[];
  /** force a pitched lead line on or off (default: on for 90 % of the songs, from the seed) */
  lead?: boolean;
}

/** Labels of an arrangement, exact by construction. Times in seconds. */
export interface ArrangementLabels {
  chords: TimedLabel[];
  /** key spans, e.g. { label: "A:min" } (Harte-style key: tonic:maj|min) */
  keys: TimedLabel[];
  beats: number[];
  downbeats: number[];
  /** the most common bar metre, e.g. "4/4" */
  metre: string;
  style: Style;
  /** General MIDI programs used, by part */
  patches: Record<string, number>;
}

const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11];
/** Beats per minute of a beat `beatLen` seconds long. */
const bpmOf = (beatLen: number): number => 60 / beatLen;
const MINOR_SCALE = [0, 2, 3, 5, 7, 8, 10];

/** Transpose a Harte label by `semitones` (root only; degrees and the /bass degree are relative). */
export function transposeLabel(label: string, semitones: number): string {
  if (label === "N" || label === "X") return label;
  const e = encodeChord(label);
  const colon = label.indexOf(":");
  const slash = label.indexOf("/");
  const rest = colon >= 0 ? label.slice(colon) : slash >= 0 ? label.slice(slash) : "";
  return `${NOTE_NAMES[(e.root + semitones + 120) % 12]}${rest}`;
}

/** Chord tones of a Harte label: root pitch class, sorted pitch classes and bass pitch class. */
export function chordTones(label: string): { root: number; pcs: number[]; bass: number } | null {
  if (label === "N" || label === "X") return null;
  const e = encodeChord(label);
  const pcs: number[] = [];
  for (let i = 0; i < 12; i++) if (e.bitmap[i]) pcs.push((e.root + i) % 12);
  return { root: e.root, pcs, bass: (e.root + e.bass) % 12 };
}

const PATCHES = {
  rock: { comp: [29, 30, 27, 25], lead: [30, 65, 52, 54, 81], bass: [33, 34, 32] },
  pop: { comp: [0, 4, 5, 1, 24], lead: [52, 53, 54, 85, 73, 65], bass: [33, 38, 32] },
  ballad: { comp: [0, 1, 4, 46], lead: [52, 53, 73, 40, 71], bass: [32, 33] },
  soul: { comp: [16, 17, 4, 0], lead: [65, 66, 56, 52, 53], bass: [33, 34] },
  disco: { comp: [48, 49, 28, 27], lead: [52, 81, 56, 65], bass: [38, 39, 33] },
  country: { comp: [25, 24, 0], lead: [110, 40, 25, 52], bass: [32, 33] },
  shuffle: { comp: [0, 16, 26, 4], lead: [65, 66, 56, 52], bass: [32, 33] },
  waltz: { comp: [0, 21, 24, 48], lead: [40, 73, 52, 71], bass: [32, 33] },
  compound: { comp: [0, 24, 4, 16], lead: [52, 53, 65, 73], bass: [33, 32] },
  metal: { comp: [30, 29], lead: [30, 29, 81], bass: [33, 34, 35] },
  hiphop: { comp: [4, 5, 0, 48, 11, 89], lead: [81, 80, 73, 52], bass: [38, 39, 33] },
  reggae: { comp: [16, 17, 0, 4, 27], lead: [65, 56, 52, 53], bass: [33, 34] },
  funk: { comp: [28, 27, 4, 16], lead: [61, 62, 56, 65], bass: [36, 37, 38] },
  jazz: { comp: [0, 4, 26], lead: [65, 66, 56, 71, 57], bass: [32, 33] },
  classical: { comp: [0, 6, 48, 49, 46, 19], lead: [40, 73, 68, 71, 60, 52], bass: [42, 43] },
} satisfies Record<Style, { comp: number[]; lead: number[]; bass: number[] }>;
const PAD_PATCHES = [48, 49, 89, 50, 52, 19];

/**
 * Arrange a chart as MIDI with exact labels.
 * @param bars the chart's bars ({@link parseBillboardChart}), times in seconds, in order.
 * @param options seed, transposition, time scale, style.
 * @returns the MIDI file (tracks: comping, bass, lead, optional pad, drums on channel 10) and the labels;
 * chord labels of bars marked "X" stay "X" (to be ignored when training).
 */
export function arrange(
  bars: readonly ChartBar[],
  options: ArrangeOptions,
): { midi: MidiFile; labels: ArrangementLabels } {
  const rnd = makeRng(options.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const tr = options.transpose ?? 0;
  const scale = options.timeScale ?? 1;
  const metres = new Map<string, number>();
  for (const b of bars) metres.set(b.metre, (metres.get(b.metre) ?? 0) + 1);
  const metre = [...metres].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "4/4";
  const first = bars[0];
  const compound = first?.subdivision === 3;
  const triple = !compound && (first?.beats ?? 4) === 3;
  const style: Style =
    options.style ??
    (compound ? "compound" : triple ? "waltz" : pick(STYLES.filter((s) => s !== "shuffle" || rnd() < 0.5)));
  const swing =
    style === "shuffle" || (style === "soul" && rnd() < 0.3) || style === "jazz" || style === "hiphop";
  const set = PATCHES[style];
  const patches: Record<string, number> = {
    comp: pick(set.comp),
    bass: pick(set.bass),
    lead: pick(set.lead),
  };
  const genreStyle = (GENRE_STYLES as readonly string[]).includes(style);
  const withPad = style !== "rock" && rnd() < 0.45 && (!genreStyle || style === "hiphop");
  if (withPad) patches.pad = pick(PAD_PATCHES);
  const withDrums = rnd() > 0.08 && style !== "classical";
  const withLead = options.lead ?? rnd() > 0.1;
  // Drawn only for the classical style, so that the other styles' songs stay as they were.
  const texture = style === "classical" ? pick(["alberti", "block", "arpeggio", "repeated"] as const) : null;

  const midi = new Midi();
  const mk = (name: string, program: number, channel: number): Track => {
    const t = midi.addTrack();
    t.name = name;
    t.channel = channel;
    t.instrument.number = program;
    return t;
  };
  const comp = mk("COMP", patches.comp as number, 0);
  const bass = mk("BASS", patches.bass as number, 1);
  const lead = withLead ? mk("LEAD", patches.lead as number, 2) : null;
  const pad = withPad ? mk("PAD", patches.pad as number, 3) : null;
  const drums = withDrums ? mk("DRUMS", 0, 9) : null;
  const jitter = () => (rnd() - 0.5) * 0.016;
  const vel = (v: number) => Math.min(1, Math.max(0.05, v * (0.85 + 0.3 * rnd())));
  const note = (t: Track | null, pitch: number, time: number, dur: number, v: number) => {
    if (!t || dur <= 0.01) return;
    t.addNote({
      midi: Math.min(108, Math.max(21, Math.round(pitch))),
      time: Math.max(0, time * scale + jitter()),
      duration: dur * scale,
      velocity: vel(v),
    });
  };

  // Labels.
  const chords: TimedLabel[] = [];
  const beats: number[] = [];
  const downbeats: number[] = [];
  for (const b of bars) {
    downbeats.push(b.start * scale);
    const bl = (b.end - b.start) / b.beats;
    for (let k = 0; k < b.beats; k++) beats.push((b.start + k * bl) * scale);
    for (const c of b.chords) {
      const label = transposeLabel(c.label, tr);
      const last = chords[chords.length - 1];
      const start = c.start * scale;
      const end = c.end * scale;
      if (last && last.label === label && Math.abs(last.end - start) < 1e-6) last.end = end;
      else {
        if (last && start > last.end + 1e-6) chords.push({ start: last.end, end: start, label: "N" });
        chords.push({ start, end, label });
      }
    }
  }
  const keys: TimedLabel[] = [];
  for (let i = 0; i < bars.length; ) {
    const tonic = (bars[i] as ChartBar).tonic;
    let j = i;
    while (j < bars.length && (bars[j] as ChartBar).tonic === tonic) j++;
    const span = bars.slice(i, j);
    const start = (span[0] as ChartBar).start * scale;
    const end = (span[span.length - 1] as ChartBar).end * scale;
    if (tonic >= 0) {
      const { mode } = tonicMode(
        span.flatMap((b) => b.chords),
        tonic,
      );
      keys.push({
        start,
        end,
        label: `${NOTE_NAMES[(tonic + tr + 120) % 12]}:${mode === "minor" ? "min" : "maj"}`,
      });
    } else keys.push({ start, end, label: "N" });
    i = j;
  }

  // Parts.
  let voicing: number[] = [];
  let leadPitch = 67 + tr;
  let prevBassPc = -1;
  bars.forEach((b, barIndex) => {
    const beatLen = (b.end - b.start) / b.beats;
    const sub = b.subdivision;
    const subLen = beatLen / sub;
    const tonic = b.tonic >= 0 ? (b.tonic + tr + 120) % 12 : null;
    const keyLabel = keys.find((k) => k.start <= b.start * scale + 1e-6 && b.start * scale < k.end);
    const minorKey = keyLabel?.label.endsWith("min") ?? false;
    const sectionStart = barIndex === 0 || bars[barIndex - 1]?.section !== b.section;
    // Drums.
    if (drums) {
      if (sectionStart && rnd() < 0.7) note(drums, 49, b.start, 0.5, 0.8);
      for (let k = 0; k < b.beats; k++) {
        const t = b.start + k * beatLen;
        const back = b.beats >= 2 && k % 2 === 1;
        if (style === "disco") {
          note(drums, 36, t, 0.1, 0.9);
          if (back) note(drums, 38, t, 0.1, 0.8);
          note(drums, 46, t + beatLen / 2, 0.1, 0.55);
          note(drums, 42, t, 0.05, 0.4);
        } else if (style === "waltz") {
          note(drums, k === 0 ? 36 : 42, t, 0.1, k === 0 ? 0.8 : 0.45);
          if (k > 0 && rnd() < 0.5) note(drums, 37, t, 0.1, 0.4);
        } else if (style === "compound") {
          note(drums, k % 2 === 0 ? 36 : 38, t, 0.1, 0.75);
          for (let s = 0; s < 3; s++) note(drums, 42, t + s * subLen, 0.05, s === 0 ? 0.5 : 0.35);
        } else if (style === "ballad") {
          if (k === 0 || (k === 2 && rnd() < 0.5)) note(drums, 36, t, 0.1, 0.6);
          if (back) note(drums, rnd() < 0.5 ? 37 : 38, t, 0.1, 0.5);
          note(drums, 42, t, 0.05, 0.3);
        } else if (style === "country") {
          note(drums, k % 2 === 0 ? 36 : 38, t, 0.1, k % 2 === 0 ? 0.75 : 0.6);
          note(drums, 38, t + beatLen / 2, 0.05, 0.3);
          note(drums, 42, t, 0.05, 0.35);
        } else if (style === "metal") {
          // Double kick in eighths, snare on the backbeat, crash or ride on the beat.
          note(drums, 36, t, 0.08, 0.85);
          if (rnd() < 0.7) note(drums, 36, t + beatLen / 2, 0.08, 0.75);
          if (back) note(drums, 38, t, 0.1, 0.95);
          note(drums, rnd() < 0.3 ? 49 : 51, t, 0.1, 0.55);
        } else if (style === "hiphop") {
          // Boom-bap: kick on 1 and the "and" of 3, snare on 2 and 4, swung sixteenth hi-hats.
          if (k === 0 || (k === 2 && rnd() < 0.6)) note(drums, 36, t, 0.12, 0.95);
          if (k === 2 || (k === 1 && rnd() < 0.3)) note(drums, 36, t + (beatLen * 2) / 3, 0.12, 0.8);
          if (back) note(drums, 38, t, 0.12, 0.9);
          for (let s = 0; s < 2; s++) note(drums, 42, t + (s * beatLen * 2) / 3, 0.04, s === 0 ? 0.45 : 0.3);
        } else if (style === "reggae") {
          // One drop: kick and cross-stick together on the third beat only; swung hi-hat eighths.
          if (k === 2) {
            note(drums, 36, t, 0.12, 0.85);
            note(drums, 37, t, 0.1, 0.7);
          }
          note(drums, 42, t, 0.04, 0.4);
          note(drums, 42, t + (beatLen * 2) / 3, 0.04, 0.3);
        } else if (style === "funk") {
          // Sixteenth hi-hats, syncopated kick, backbeat with ghost notes.
          if (k === 0 || (k === 2 && rnd() < 0.5)) note(drums, 36, t, 0.1, 0.9);
          if (rnd() < 0.4) note(drums, 36, t + (beatLen * 3) / 4, 0.1, 0.7);
          if (back) note(drums, 38, t, 0.1, 0.9);
          else if (rnd() < 0.5) note(drums, 38, t + (beatLen * 3) / 4, 0.05, 0.25);
          for (let s = 0; s < 4; s++) note(drums, 42, t + (s * beatLen) / 4, 0.03, s % 2 === 0 ? 0.45 : 0.3);
        } else if (style === "jazz") {
          // Swing ride ("spang-a-lang"), hi-hat pedal on 2 and 4, a feathered kick.
          note(drums, 51, t, 0.1, 0.5);
          if (back) {
            note(drums, 51, t + (beatLen * 2) / 3, 0.08, 0.35);
            note(drums, 44, t, 0.05, 0.4);
          }
          note(drums, 36, t, 0.1, 0.2);
        } else {
          // rock, pop, soul, shuffle: kick on 1 and 3 (and a pickup), snare on the backbeat.
          if (!back) note(drums, 36, t, 0.1, 0.85);
          if (!back && rnd() < 0.25) note(drums, 36, t + beatLen * (swing ? 2 / 3 : 0.5), 0.1, 0.6);
          if (back) note(drums, 38, t, 0.1, 0.85);
          if (style === "soul") note(drums, 54, t, 0.05, 0.45);
          const off = swing ? (2 / 3) * beatLen : beatLen / 2;
          note(drums, style === "rock" && rnd() < 0.3 ? 51 : 42, t, 0.05, 0.5);
          note(drums, 42, t + off, 0.05, 0.38);
        }
      }
    }
    for (const c of b.chords) {
      const tones = chordTones(transposeLabel(c.label, tr));
      if (!tones) continue;
      const dur = c.end - c.start;
      // Bass: the bass note (slash chords) on the chord's beats, octave 1–2.
      const bassPc = tones.bass;
      const low = 28 + ((bassPc - 4 + 12) % 12);
      const fifth = tones.pcs.includes((tones.root + 7) % 12)
        ? low + ((tones.root + 7 - bassPc + 12) % 12)
        : low + 12;
      const nBeats = Math.max(1, Math.round(dur / beatLen));
      for (let k = 0; k < nBeats; k++) {
        const t = c.start + k * beatLen;
        const len = Math.min(beatLen, c.end - t);
        if (style === "disco") {
          note(bass, low, t, len / 2 - 0.01, 0.8);
          note(bass, low + 12, t + len / 2, len / 2 - 0.01, 0.7);
        } else if (style === "rock") {
          note(bass, low, t, len / 2 - 0.01, 0.8);
          note(bass, low, t + len / 2, len / 2 - 0.01, 0.7);
        } else if (style === "ballad" || style === "waltz") {
          if (k === 0) note(bass, low, t, dur * 0.95, 0.75);
        } else if (style === "country" || style === "pop") {
          note(bass, k % 2 === 0 ? low : fifth, t, len * 0.8, 0.75);
        } else if (style === "metal") {
          note(bass, low, t, len / 2 - 0.01, 0.85);
          note(bass, low, t + len / 2, len / 2 - 0.01, 0.8);
        } else if (style === "hiphop") {
          if (k === 0) note(bass, low, t, dur * 0.9, 0.9);
        } else if (style === "reggae") {
          // The chord's bass on its first beat, the root or fifth on later beats and the fifth or octave on
          // the "and"; the third beat of the bar left empty unless the chord changes there.
          const inBar = Math.round((t - b.start) / beatLen) % b.beats;
          if (inBar !== 2 || k === 0) note(bass, inBar === 0 || k === 0 ? low : fifth, t, len * 0.45, 0.85);
          if (rnd() < 0.5) note(bass, rnd() < 0.5 ? low + 12 : fifth, t + len / 2, len * 0.4, 0.7);
        } else if (style === "funk") {
          note(bass, low, t, len * 0.2, 0.9);
          if (rnd() < 0.6) note(bass, low + 12, t + (len * 3) / 4, len * 0.2, 0.75);
          if (rnd() < 0.4) note(bass, low, t + len / 2, len * 0.2, 0.7);
        } else if (style === "jazz") {
          // Walking quarters: the root on the chord's first beat, chord tones after, a chromatic
          // approach to the next root on the last beat.
          const pcs = tones.pcs;
          const step =
            k === 0
              ? low
              : k === nBeats - 1 && rnd() < 0.6
                ? low + (rnd() < 0.5 ? 1 : -1)
                : low + ((((pcs[Math.floor(rnd() * pcs.length)] as number) - bassPc + 12) % 12) as number);
          note(bass, step, t, len * 0.9, 0.75);
        } else if (style === "classical") {
          // Cello or double bass: the chord's bass note on its first beat and the bar's strong beats.
          const inBar = Math.round((t - b.start) / beatLen) % b.beats;
          if (k === 0 || inBar === 0 || (b.beats === 4 && inBar === 2))
            note(bass, low + 12, t, Math.min(2 * beatLen, c.end - t) * 0.95, 0.6);
        } else if (style === "soul" || style === "shuffle") {
          const approach =
            k === nBeats - 1 && k > 0 && prevBassPc >= 0 ? low + (rnd() < 0.5 ? 2 : -1) : k % 2 ? fifth : low;
          note(bass, approach, t, len * 0.85, 0.75);
        } else {
          note(bass, k % 2 === 0 ? low : fifth, t, len * 0.9, 0.75);
        }
      }
      prevBassPc = bassPc;
      // Comping voicing: chord tones in 52..76, nearest to the previous voicing (voice leading).
      const target = voicing.length ? voicing.reduce((a, v) => a + v, 0) / voicing.length : 62;
      const v: number[] = [];
      for (const pc of tones.pcs) {
        let p = 52 + ((pc - 52 + 120) % 12);
        while (p + 12 <= 76 && Math.abs(p + 12 - target) < Math.abs(p - target)) p += 12;
        v.push(p);
      }
      v.sort((a, x) => a - x);
      voicing = v;
      const guitar = (patches.comp as number) >= 24 && (patches.comp as number) <= 31;
      const strum = (t: number, len: number, up: boolean, vv: number) => {
        const order = up ? [...v].reverse() : v;
        const gap = 0.005 + rnd() * 0.025;
        const notes = guitar && !up && rnd() < 0.7 ? [low + 12, ...order] : order;
        notes.forEach((p, i) => {
          note(comp, p, t + i * gap, len - i * gap, vv);
        });
      };
      if (style === "ballad" || (style === "compound" && rnd() < 0.6)) {
        // Broken chords on the subdivisions.
        const n = Math.max(1, Math.round(dur / subLen));
        const arp = [...v, (v[1] ?? v[0] ?? 60) + 12];
        for (let k = 0; k < n; k++)
          note(comp, arp[k % arp.length] as number, c.start + k * subLen, subLen * 1.8, 0.55);
      } else if (style === "waltz") {
        for (let k = 1; k < nBeats + 1; k++) {
          const t = c.start + (k % b.beats === 0 ? k : k) * beatLen;
          if (t < c.end - 0.01) strum(t, beatLen * 0.8, false, 0.55);
        }
      } else if (style === "disco") {
        const n = Math.max(1, Math.round(dur / (beatLen / 4)));
        for (let k = 0; k < n; k++)
          if (k % 2 === 1 || rnd() < 0.3)
            note(comp, v[v.length - 1] as number, c.start + (k * beatLen) / 4, beatLen / 6, 0.5);
        if (pad === null) for (const p of v) note(comp, p, c.start, dur * 0.98, 0.35);
      } else if (style === "metal") {
        // Palm-muted power chords (root, fifth, octave) in eighths, in the guitar's low register.
        const root = 40 + ((tones.root - 4 + 12) % 12);
        const power = tones.pcs.includes((tones.root + 7) % 12)
          ? [root, root + 7, root + 12]
          : [root, root + 12];
        const n = Math.max(1, Math.round(dur / (beatLen / 2)));
        for (let k = 0; k < n; k++)
          for (const p of power)
            note(comp, p, c.start + (k * beatLen) / 2, k === 0 ? beatLen * 0.45 : beatLen * 0.2, 0.7);
      } else if (style === "hiphop") {
        // A sustained keyboard loop: the chord held, restruck on the bar's third beat.
        for (const p of v) note(comp, p, c.start, Math.min(dur, 2 * beatLen) * 0.97, 0.5);
        if (dur > 2.5 * beatLen)
          for (const p of v) note(comp, p, c.start + 2 * beatLen, dur - 2 * beatLen, 0.4);
      } else if (style === "reggae") {
        // The skank: short chords on every off-beat.
        for (let k = 0; k < nBeats; k++)
          for (const p of v) note(comp, p, c.start + (k + 0.5) * beatLen, beatLen * 0.2, 0.6);
      } else if (style === "funk") {
        // Muted sixteenth scratch on the top of the voicing, accents on the chord.
        const top = v.slice(-3);
        const n = Math.max(1, Math.round(dur / (beatLen / 4)));
        for (let k = 0; k < n; k++)
          if (k % 2 === 1 || rnd() < 0.5)
            for (const p of top)
              note(comp, p, c.start + (k * beatLen) / 4, beatLen / 8, k % 4 === 0 ? 0.6 : 0.4);
      } else if (style === "jazz") {
        // Shell voicings (third and seventh over the root) comped off the beat once or twice a bar.
        const shell = tones.pcs.filter((pc) => pc !== tones.root && pc !== (tones.root + 7) % 12);
        const voiced = shell.map((pc) => 55 + ((pc - 55 + 120) % 12));
        const hits = Math.max(1, Math.round(dur / (2 * beatLen)));
        for (let k = 0; k < hits; k++) {
          const at = c.start + k * 2 * beatLen + (rnd() < 0.5 ? (beatLen * 2) / 3 : beatLen * (1 + 2 / 3));
          if (at < c.end - 0.05) for (const p of voiced) note(comp, p, at, beatLen * 0.6, 0.5);
        }
      } else if (texture !== null) {
        // The common-practice accompaniment textures: Alberti bass, block chords, broken chords, repeated chords.
        const eighth = beatLen / 2;
        if (texture === "alberti") {
          // Alberti bass: lowest–highest–middle–highest in eighths.
          const lo = v[0] as number;
          const mid = (v[1] ?? lo) as number;
          const hi = v[v.length - 1] as number;
          const pattern = [lo, hi, mid, hi];
          const n = Math.max(1, Math.round(dur / eighth));
          for (let k = 0; k < n; k++)
            note(comp, pattern[k % 4] as number, c.start + k * eighth, eighth * 0.95, 0.5);
        } else if (texture === "block") {
          for (const p of v) note(comp, p, c.start, dur * 0.97, 0.5);
        } else if (texture === "arpeggio") {
          // Rising through two octaves of the chord, each note left ringing.
          const arp = [...v, ...v.map((p) => p + 12)];
          const step = bpmOf(beatLen) < 90 ? eighth / 2 : eighth;
          const n = Math.max(1, Math.round(dur / step));
          for (let k = 0; k < n; k++)
            note(comp, arp[k % arp.length] as number, c.start + k * step, step * 3, 0.45);
        } else {
          const n = Math.max(1, Math.round(dur / eighth));
          for (let k = 0; k < n; k++)
            for (const p of v) note(comp, p, c.start + k * eighth, eighth * 0.9, k % 2 === 0 ? 0.5 : 0.38);
        }
      } else if (style === "soul" && (patches.comp as number) >= 16 && (patches.comp as number) <= 19) {
        for (const p of v) note(comp, p, c.start, dur * 0.98, 0.5);
      } else {
        // Strums / stabs on each beat, up-strums on the off-beats for guitars.
        for (let k = 0; k < nBeats; k++) {
          const t = c.start + k * beatLen;
          const len = Math.min(beatLen, c.end - t);
          strum(t, len * 0.9, false, 0.6);
          // The up-strum on the off-beat: the beat's last third when it is swung or compound.
          if (guitar && (style === "country" || style === "rock" || rnd() < 0.4))
            strum(t + (swing || sub === 3 ? (2 / 3) * len : len / 2), len * 0.45, true, 0.45);
        }
      }
      if (pad) for (const p of v) note(pad, p + (rnd() < 0.5 ? 12 : 0), c.start, dur, 0.35);
      // Lead: chord tones on strong beats, scale steps between, rests; as a singer does, some strong
      // beats carry a non-chord tone that resolves by step (an appoggiatura), a note held over the chord
      // change resolves down (a suspension), and eighth-note runs fill the phrases. In a compound metre
      // every length is whole eighths (thirds of the dotted-quarter beat), so the melody does not split
      // a beat in two.
      if (lead && tonic !== null) {
        const scalePcs = (options.leadScale ?? (minorKey ? MINOR_SCALE : MAJOR_SCALE)).map(
          (d) => (tonic + d) % 12,
        );
        const nearest = (pool: readonly number[], from: number, jitter: number) => {
          let best = from;
          let bestCost = Number.POSITIVE_INFINITY;
          for (let p = 60; p <= 81; p++) {
            if (!pool.includes(p % 12)) continue;
            const cost = Math.abs(p - from) + rnd() * jitter + (p === from ? 2 : 0);
            if (cost < bestCost) {
              bestCost = cost;
              best = p;
            }
          }
          return best;
        };
        /** The scale step next to a chord tone (above or below), for a non-chord tone that resolves to it. */
        const stepFrom = (p: number, up: boolean) => {
          for (let d = 1; d <= 2; d++) {
            const q = up ? p + d : p - d;
            if (scalePcs.includes(((q % 12) + 12) % 12) && !tones.pcs.includes(((q % 12) + 12) % 12))
              return q;
          }
          return null;
        };
        let t = c.start;
        if (!tones.pcs.includes(leadPitch % 12) && scalePcs.includes(leadPitch % 12) && rnd() < 0.25) {
          // Suspension: the previous note held into the new chord, then down by step to a chord tone.
          const hold = Math.min(beatLen * (rnd() < 0.5 ? (sub === 3 ? 2 / 3 : 0.5) : 1), c.end - t);
          note(lead, leadPitch, t, hold * 0.95, 0.75);
          t += hold;
          leadPitch = nearest(tones.pcs, leadPitch - 1, 0);
        }
        while (t < c.end - 0.05) {
          const strong = Math.abs(((t - b.start) / beatLen) % 1) < 0.01;
          const r = rnd();
          const short = sub === 3 ? [2 / 3, 1 / 3] : [0.5, 0.25];
          const len = Math.min(
            (r < 0.4 ? 1 : r < 0.7 ? (short[0] as number) : r < 0.9 ? 2 : (short[1] as number)) * beatLen,
            c.end - t,
          );
          if (rnd() < 0.2) {
            t += len;
            continue;
          }
          const target = nearest(strong || rnd() < 0.5 ? tones.pcs : scalePcs, leadPitch, 4);
          const app = strong && len >= beatLen * 0.5 && rnd() < 0.2 ? stepFrom(target, rnd() < 0.6) : null;
          if (app !== null) {
            const split = sub === 3 ? subLen : len * 0.5;
            note(lead, app, t, split, 0.75);
            note(lead, target, t + split, sub === 3 ? (len - split) * 0.9 : len * 0.45, 0.7);
          } else note(lead, target, t, len * 0.95, 0.7);
          leadPitch = target;
          t += len;
        }
      }
    }
  });
  return { midi, labels: { chords, keys, beats, downbeats, metre, style, patches } };
}
