/**
 * Genre charts: chord charts written by rule for the genres the Billboard charts and POP909 hold little
 * of — twelve-bar blues, riff rock on the mixolydian ♭VII and the aeolian ♭VI–♭VII, metal, hip-hop loops,
 * reggae, funk vamps and jazz ii–V–I — so that the arranger (`arranger.ts`) can render them in those
 * genres' textures with labels exact by construction (chords, key, beats, downbeats, metre).
 *
 * The progressions are the textbook ones of each genre, written down before any model was trained on
 * them: the twelve-bar blues and its quick-change and minor forms (e.g. van der Merwe, *Origins of the
 * Popular Style*, 1989, ch. 10); rock's modal cadences ♭VII–IV–I, I–♭VII–IV and ♭VI–♭VII–i (Biamonte,
 * "Triadic modal and pentatonic patterns in rock music", *Music Theory Spectrum* 32, 2010; de Clercq &
 * Temperley, "A corpus analysis of rock harmony", *Popular Music* 30, 2011); the one- and two-chord vamps
 * of funk and hip-hop; jazz's ii–V–I, I–vi–ii–V and minor iiø–V–i (Levine, *The Jazz Theory Book*, 1995);
 * and common-practice (classical) harmony, {@link CLASSICAL_GENRES}: cadences I–IV–V7–I and I–ii–V7–I with
 * the cadential 6/4, secondary dominants, the circle of fifths, Pachelbel's sequence, and in minor the
 * harmonic minor's major V and V7, iiø7, the leading-tone vii°7, the Neapolitan 6 and the Andalusian
 * cadence (Kostka & Payne, *Tonal Harmony*, 8th ed., 2018; Aldwell & Schachter, *Harmony and
 * Voice Leading*, 4th ed., 2011).
 * The key is the tonic the progression returns to; its mode comes from the chords on the tonic exactly as
 * for the Billboard charts (`tonicMode`): a blues in A with A7 is "A:maj", a dorian vamp Am7–D7 is "A:min".
 *
 * Pure: no I/O. Training-only code (never shipped in `dist`).
 */
import { NOTE_NAMES } from "../src/labels.js";
import { makeRng } from "../testing/voice-synth.js";
import type { Style } from "./arranger.js";
import type { ChartBar } from "./billboard.js";

/** The genres {@link genreChart} writes. */
export const GENRES = [
  "blues",
  "minor-blues",
  "rock-mixolydian",
  "rock-minor",
  "metal",
  "hiphop",
  "reggae",
  "funk",
  "jazz",
] as const;
/**
 * Common-practice genres, played without drums by the arranger's "classical" style (strings, piano,
 * harpsichord, harp, winds). Not among {@link GENRES}, so the genre corpus keeps its songs; rendered as
 * their own corpus (`render-corpus.ts --corpus classical`).
 */
export const CLASSICAL_GENRES = ["classical-major", "classical-minor"] as const;
export type Genre = (typeof GENRES)[number] | (typeof CLASSICAL_GENRES)[number];

/**
 * One genre's rules: progressions (each a list of bars; a bar is one or two chords written
 * "<semitones above the tonic>:<Harte quality>"), the styles that play it, its tempo range (BPM), the
 * lead's scale (semitones above the tonic) and how often the song has no pitched lead (rap, instrumental).
 */
interface GenreRules {
  progressions: readonly (readonly string[])[];
  styles: readonly Style[];
  bpm: readonly [number, number];
  /** absent: the key's major or natural minor scale */
  leadScale?: readonly number[];
  noLead: number;
  /** share of songs in 12/8 (four dotted-quarter beats of three) instead of 4/4 */
  compound?: number;
  /** share of songs in 3/4 (a minuet or waltz) instead of 4/4 */
  triple?: number;
}

/** Blues scale over a major tonic: the major scale's 2, 3, 5, 6 with the blue ♭3 and ♭7. */
const BLUES_MAJOR = [0, 2, 3, 4, 7, 9, 10];
/** Minor pentatonic with the blue ♭5 and the 2. */
const BLUES_MINOR = [0, 2, 3, 5, 6, 7, 10];
/** Mixolydian with the blue ♭3 (rock leads over I–♭VII–IV). */
const MIXOLYDIAN_BLUES = [0, 2, 3, 4, 5, 7, 9, 10];
const AEOLIAN = [0, 2, 3, 5, 7, 8, 10];
const DORIAN = [0, 2, 3, 5, 7, 9, 10];
/** Harmonic minor: the natural minor with the raised leading tone of the major V. */
const HARMONIC_MINOR = [0, 2, 3, 5, 7, 8, 11];

const TWELVE_BAR = "0:7 0:7 0:7 0:7 5:7 5:7 0:7 0:7 7:7 5:7 0:7 7:7".split(" ");
const QUICK_CHANGE = "0:7 5:7 0:7 0:7 5:7 5:7 0:7 0:7 7:7 5:7 0:7 7:7".split(" ");
const ROCK_AND_ROLL = "0:maj 0:maj 0:maj 0:maj 5:maj 5:maj 0:maj 0:maj 7:maj 5:maj 0:maj 0:maj".split(" ");

const RULES: Record<Genre, GenreRules> = {
  blues: {
    progressions: [
      TWELVE_BAR,
      QUICK_CHANGE,
      ROCK_AND_ROLL,
      [...TWELVE_BAR.slice(0, 10), "0:7 5:7", "0:7 7:7"],
    ],
    styles: ["shuffle", "rock", "compound", "soul"],
    bpm: [60, 140],
    leadScale: BLUES_MAJOR,
    noLead: 0.1,
    compound: 0.25,
  },
  "minor-blues": {
    progressions: [
      "0:min7 0:min7 0:min7 0:min7 5:min7 5:min7 0:min7 0:min7 8:7 7:7 0:min7 7:7".split(" "),
      "0:min 0:min 0:min 0:min 5:min 5:min 0:min 0:min 7:7 5:min 0:min 7:7".split(" "),
    ],
    styles: ["shuffle", "compound", "soul", "rock"],
    bpm: [55, 120],
    leadScale: BLUES_MINOR,
    noLead: 0.1,
    compound: 0.3,
  },
  "rock-mixolydian": {
    progressions: [
      ["0:maj", "10:maj", "5:maj", "0:maj"],
      ["0:maj", "5:maj", "10:maj", "5:maj"],
      ["0:maj", "10:maj 5:maj", "0:maj", "10:maj 5:maj"],
      ["0:maj", "3:maj", "5:maj", "0:maj"],
      ["0:maj", "0:maj", "10:maj", "5:maj"],
      ["10:maj", "5:maj", "0:maj", "0:maj"],
    ],
    styles: ["rock", "metal", "rock", "country"],
    bpm: [95, 160],
    leadScale: MIXOLYDIAN_BLUES,
    noLead: 0.15,
  },
  "rock-minor": {
    progressions: [
      ["0:min", "10:maj", "8:maj", "10:maj"],
      ["0:min", "8:maj", "3:maj", "10:maj"],
      ["0:min", "10:maj", "8:maj", "7:maj"],
      ["0:min", "5:min", "10:maj", "0:min"],
      ["0:min", "3:maj", "10:maj", "5:maj"],
      ["0:min", "0:min", "8:maj 10:maj", "0:min"],
    ],
    styles: ["rock", "metal", "pop", "ballad"],
    bpm: [80, 150],
    leadScale: BLUES_MINOR,
    noLead: 0.15,
  },
  metal: {
    progressions: [
      ["0:min", "8:maj", "10:maj", "0:min"],
      ["0:min", "1:maj", "0:min", "1:maj"],
      ["0:min", "8:maj", "3:maj", "10:maj"],
      ["0:min", "0:min", "10:maj", "8:maj"],
      ["0:min", "5:min", "8:maj", "7:maj"],
      ["0:min", "3:maj 5:maj", "0:min", "10:maj 8:maj"],
    ],
    styles: ["metal"],
    bpm: [90, 190],
    leadScale: AEOLIAN,
    noLead: 0.3,
  },
  hiphop: {
    progressions: [
      ["0:min7", "8:maj7"],
      ["0:min7", "5:min7"],
      ["0:min", "8:maj", "10:maj", "7:min"],
      ["0:min7", "0:min7", "8:maj7", "7:7"],
      ["2:min7", "7:7", "0:maj7", "0:maj7"],
      ["0:min", "3:maj", "8:maj", "7:7"],
    ],
    styles: ["hiphop"],
    bpm: [78, 100],
    noLead: 0.6,
  },
  reggae: {
    progressions: [
      ["0:maj", "5:maj"],
      ["0:maj", "7:maj", "5:maj", "5:maj"],
      ["0:maj", "9:min", "5:maj", "7:maj"],
      ["0:maj", "10:maj", "0:maj", "10:maj"],
      ["0:min", "5:min"],
      ["0:min", "10:maj", "0:min", "10:maj"],
    ],
    styles: ["reggae"],
    bpm: [64, 92],
    noLead: 0.2,
  },
  funk: {
    progressions: [
      ["0:min7", "5:7"],
      ["0:7", "0:7", "0:7", "5:7"],
      ["0:min7", "0:min7", "10:7", "0:min7"],
      ["0:7", "3:7 5:7"],
      ["0:min7", "0:min7", "0:min7", "5:7"],
    ],
    styles: ["funk", "disco"],
    bpm: [92, 122],
    leadScale: DORIAN,
    noLead: 0.3,
  },
  jazz: {
    progressions: [
      ["2:min7", "7:7", "0:maj7", "0:maj7"],
      ["0:maj7", "9:7", "2:min7", "7:7"],
      ["4:min7", "9:7", "2:min7 7:7", "0:maj7"],
      ["2:hdim7", "7:7", "0:min7", "0:min7"],
      ["0:maj7", "9:min7", "2:min7", "7:7"],
    ],
    styles: ["jazz"],
    bpm: [90, 200],
    noLead: 0.15,
  },
  "classical-major": {
    progressions: [
      ["0:maj", "5:maj", "7:7", "0:maj"],
      ["0:maj", "9:min", "2:min 7:7", "0:maj"],
      ["0:maj 7:maj", "9:min 4:min", "5:maj 0:maj", "5:maj 7:maj"],
      ["0:maj", "2:7", "7:maj", "0:maj"],
      ["0:maj 5:maj", "11:dim 4:min", "9:min 2:min", "7:7 0:maj"],
      ["0:maj", "5:maj/3", "0:maj/5 7:7", "0:maj"],
      ["0:maj", "4:7", "9:min", "2:min 7:7", "0:maj", "9:7", "2:min", "0:maj/5 7:7"],
    ],
    styles: ["classical"],
    bpm: [60, 140],
    noLead: 0.1,
    triple: 0.3,
  },
  "classical-minor": {
    progressions: [
      ["0:min", "5:min", "7:7", "0:min"],
      ["0:min", "8:maj", "5:min", "7:maj"],
      ["0:min", "2:hdim7", "7:7", "0:min"],
      ["0:min", "10:maj", "8:maj", "7:maj"],
      ["0:min 5:min", "10:maj 3:maj", "8:maj 2:hdim7", "7:7 0:min"],
      ["0:min", "1:maj/3", "7:7", "0:min"],
      ["0:min", "5:min", "11:dim7", "0:min"],
    ],
    styles: ["classical"],
    bpm: [56, 132],
    leadScale: HARMONIC_MINOR,
    noLead: 0.1,
    triple: 0.3,
  },
};

/** A generated chart and how to arrange it. */
export interface GenreChart {
  genre: Genre;
  /** the arranger's style */
  style: Style;
  bars: ChartBar[];
  /** tonic pitch class, 0 = C (before any transposition) */
  tonic: number;
  /** the lead's scale, semitones above the tonic (`ArrangeOptions.leadScale`; absent: the key's scale) */
  leadScale?: readonly number[];
  /** whether the song has a pitched lead line */
  lead: boolean;
  bpm: number;
}

/** "7:7" on tonic 9 → "E:7". */
function chordLabel(token: string, tonic: number): string {
  const colon = token.indexOf(":");
  const offset = Number(token.slice(0, colon));
  return `${NOTE_NAMES[(tonic + offset) % 12]}${token.slice(colon)}`;
}

/**
 * Write a chart of one genre by rule: a verse and a chorus, each a progression of the genre repeated,
 * the song running verse–chorus until at least `seconds` are covered.
 * @param seed every random choice (genre unless given, progressions, tonic, tempo, style, lead).
 * @param options `genre` forces the genre, else it is picked from `genres` (default {@link GENRES});
 *   `seconds` (default 60) is the least length written.
 * @returns the chart's bars (4/4, or 12/8 for some blues, 3/4 for some classical songs) starting at 0 s,
 *   with the tonic on every bar.
 */
export function genreChart(
  seed: number,
  options: { genre?: Genre; genres?: readonly Genre[]; seconds?: number } = {},
): GenreChart {
  const rnd = makeRng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const genre = options.genre ?? pick(options.genres ?? GENRES);
  const rules = RULES[genre];
  const tonic = Math.floor(rnd() * 12);
  const compound = rnd() < (rules.compound ?? 0);
  // Drawn only for genres that can be in 3/4, so that the other genres' songs stay as they were.
  const triple = !compound && rules.triple !== undefined && rnd() < rules.triple;
  const style: Style = compound ? "compound" : pick(rules.styles.filter((s) => s !== "compound"));
  const bpm = Math.round(rules.bpm[0] + (rules.bpm[1] - rules.bpm[0]) * rnd());
  const beatSeconds = 60 / bpm;
  const beatsPerBar = triple ? 3 : 4;
  const barSeconds = beatsPerBar * beatSeconds;
  const verse = pick(rules.progressions);
  const chorus = rnd() < 0.5 ? verse : pick(rules.progressions);
  const seconds = options.seconds ?? 60;
  const bars: ChartBar[] = [];
  let t = 0;
  for (let s = 0; t < seconds; s++) {
    const progression = s % 2 === 0 ? verse : chorus;
    // A section of at least 8 bars: the progression repeated.
    const repeats = Math.max(1, Math.ceil(8 / progression.length));
    for (let r = 0; r < repeats; r++)
      for (const bar of progression) {
        const tokens = bar.split(" ");
        const each = barSeconds / tokens.length;
        bars.push({
          start: t,
          end: t + barSeconds,
          beats: beatsPerBar,
          subdivision: compound ? 3 : 2,
          metre: compound ? "12/8" : triple ? "3/4" : "4/4",
          chords: tokens.map((tok, i) => ({
            start: t + i * each,
            end: t + (i + 1) * each,
            label: chordLabel(tok, tonic),
          })),
          section: s % 2 === 0 ? "verse" : "chorus",
          tonic,
        });
        t += barSeconds;
      }
  }
  const lead = rnd() >= rules.noLead;
  return rules.leadScale
    ? { genre, style, bars, tonic, leadScale: rules.leadScale, lead, bpm }
    : { genre, style, bars, tonic, lead, bpm };
}
