/**
 * Indian art music's scale systems, relative to a chosen Sa: the ten Hindustani thaats, the 72 Carnatic
 * melakartas and common ragas with their aroha (ascent), avaroha (descent), vadi/samvadi and pakad.
 * Pure data and arithmetic (no tonal, no DOM): import from `@tonic/theory/indian`.
 *
 * Semitones are counted from Sa (0..11). Swaras in text use the usual Latin sargam conventions:
 * - Hindustani (Bhatkhande): S r R g G m M P d D n N — lower case r g d n are komal (flat), m is shuddha
 *   Ma and M tivra (sharp) Ma; a comma after a swara puts it in the lower octave (mandra saptak, "N,"),
 *   an apostrophe in the upper (taar saptak, "S'").
 * - Carnatic: S R1 R2 R3 G1 G2 G3 M1 M2 P D1 D2 D3 N1 N2 N3 (R2 = G1, R3 = G2, D2 = N1, D3 = N2 in pitch),
 *   with the same octave marks.
 *
 * Sources: V. N. Bhatkhande, Hindustani Sangeet Paddhati (the thaat system, 1909–32); Venkatamakhin,
 * Chaturdandi Prakasika (1660) with Govindacharya's naming (the 72 melakartas, ordered by the chakra rule
 * below); raga outlines as commonly taught (e.g. Bor et al., "The Raga Guide", Nimbus 1999; Sambamoorthy,
 * "South Indian Music", 1958–69).
 */

/** Semitones from Sa of each Hindustani swara letter (see the module notes). */
export const HINDUSTANI_SWARAS: Readonly<Record<string, number>> = {
  S: 0,
  r: 1,
  R: 2,
  g: 3,
  G: 4,
  m: 5,
  M: 6,
  P: 7,
  d: 8,
  D: 9,
  n: 10,
  N: 11,
};

/** Semitones from Sa of each Carnatic swara (16 names on 12 positions). */
export const CARNATIC_SWARAS: Readonly<Record<string, number>> = {
  S: 0,
  R1: 1,
  R2: 2,
  R3: 3,
  G1: 2,
  G2: 3,
  G3: 4,
  M1: 5,
  M2: 6,
  P: 7,
  D1: 8,
  D2: 9,
  D3: 10,
  N1: 9,
  N2: 10,
  N3: 11,
};

/** A swara in a phrase: semitones from Sa (0..11) and its octave (−1 mandra, 0 madhya, 1 taar). */
export interface Swara {
  /** the swara as written, without octave marks ("M", "G3") */
  name: string;
  semitone: number;
  octave: -1 | 0 | 1;
}

/** Thrown for a phrase with a swara the system does not have. */
export class SwaraError extends Error {
  override name = "SwaraError";
}

/**
 * Parses a phrase of swaras separated by spaces ("N, S G M' …" is Hindustani with a tivra Ma written M).
 * @param phrase swaras with optional octave marks (`,` lower, `'` upper); commas between phrases
 *   inside a pakad are written as " , " (a lone comma) and skipped.
 * @param system which spelling the phrase uses.
 * @returns the swaras in order.
 * @throws {SwaraError} naming the first swara that is not in the system.
 */
export function parseSwaras(phrase: string, system: "hindustani" | "carnatic"): Swara[] {
  const table = system === "hindustani" ? HINDUSTANI_SWARAS : CARNATIC_SWARAS;
  const out: Swara[] = [];
  for (const token of phrase.trim().split(/\s+/)) {
    if (token === "" || token === "," || token === "|") continue;
    const m = /^([A-Za-z][1-3]?)([,']?)$/.exec(token);
    const semitone = m ? table[m[1] as string] : undefined;
    if (!m || semitone === undefined) throw new SwaraError(`"${token}" is not a ${system} swara`);
    out.push({ name: m[1] as string, semitone, octave: m[2] === "," ? -1 : m[2] === "'" ? 1 : 0 });
  }
  return out;
}

/** A Hindustani thaat: a parent scale of seven swaras (Bhatkhande's ten). */
export interface Thaat {
  name: string;
  /** the seven swaras, Hindustani spelling, from Sa */
  swaras: readonly string[];
  /** semitones from Sa, ascending (7 values, 0 first) */
  intervals: readonly number[];
  /** the Western mode with the same notes, when there is one */
  westernMode: string | null;
}

const thaat = (name: string, swaras: string, westernMode: string | null): Thaat => {
  const list = swaras.split(" ");
  return {
    name,
    swaras: list,
    intervals: list.map((s) => HINDUSTANI_SWARAS[s] as number),
    westernMode,
  };
};

/** Bhatkhande's ten thaats, in his order. */
export const THAATS: readonly Thaat[] = [
  thaat("Bilawal", "S R G m P D N", "Ionian (major)"),
  thaat("Kalyan", "S R G M P D N", "Lydian"),
  thaat("Khamaj", "S R G m P D n", "Mixolydian"),
  thaat("Kafi", "S R g m P D n", "Dorian"),
  thaat("Asavari", "S R g m P d n", "Aeolian (natural minor)"),
  thaat("Bhairavi", "S r g m P d n", "Phrygian"),
  thaat("Bhairav", "S r G m P d N", "double harmonic major"),
  thaat("Marwa", "S r G M P D N", null),
  thaat("Purvi", "S r G M P d N", null),
  thaat("Todi", "S r g M P d N", null),
];

/** A Carnatic melakarta (sampurna parent scale). */
export interface Melakarta {
  /** 1..72 */
  number: number;
  name: string;
  /** the seven swaras, Carnatic spelling */
  swaras: readonly string[];
  /** semitones from Sa, ascending (7 values, 0 first) */
  intervals: readonly number[];
  /** the Western mode with the same notes, when there is one */
  westernMode: string | null;
}

/** The melakartas' names (Govindacharya's), by number. */
const MELAKARTA_NAMES = [
  "Kanakangi",
  "Ratnangi",
  "Ganamurti",
  "Vanaspati",
  "Manavati",
  "Tanarupi",
  "Senavati",
  "Hanumatodi",
  "Dhenuka",
  "Natakapriya",
  "Kokilapriya",
  "Rupavati",
  "Gayakapriya",
  "Vakulabharanam",
  "Mayamalavagowla",
  "Chakravakam",
  "Suryakantam",
  "Hatakambari",
  "Jhankaradhwani",
  "Natabhairavi",
  "Keeravani",
  "Kharaharapriya",
  "Gourimanohari",
  "Varunapriya",
  "Mararanjani",
  "Charukesi",
  "Sarasangi",
  "Harikambhoji",
  "Dheerasankarabharanam",
  "Naganandini",
  "Yagapriya",
  "Ragavardhini",
  "Gangeyabhushani",
  "Vagadheeswari",
  "Shulini",
  "Chalanata",
  "Salagam",
  "Jalarnavam",
  "Jhalavarali",
  "Navaneetam",
  "Pavani",
  "Raghupriya",
  "Gavambhodi",
  "Bhavapriya",
  "Shubhapantuvarali",
  "Shadvidamargini",
  "Suvarnangi",
  "Divyamani",
  "Dhavalambari",
  "Namanarayani",
  "Kamavardhini",
  "Ramapriya",
  "Gamanashrama",
  "Vishwambhari",
  "Shamalangi",
  "Shanmukhapriya",
  "Simhendramadhyamam",
  "Hemavati",
  "Dharmavati",
  "Neetimati",
  "Kantamani",
  "Rishabhapriya",
  "Latangi",
  "Vachaspati",
  "Mechakalyani",
  "Chitrambari",
  "Sucharitra",
  "Jyotiswarupini",
  "Dhatuvardhani",
  "Nasikabhushani",
  "Kosalam",
  "Rasikapriya",
] as const;

/** Ri–Ga pairs of the six chakras in each half, and Dha–Ni pairs of the six places in a chakra. */
const RI_GA = [
  ["R1", "G1"],
  ["R1", "G2"],
  ["R1", "G3"],
  ["R2", "G2"],
  ["R2", "G3"],
  ["R3", "G3"],
] as const;
const DHA_NI = [
  ["D1", "N1"],
  ["D1", "N2"],
  ["D1", "N3"],
  ["D2", "N2"],
  ["D2", "N3"],
  ["D3", "N3"],
] as const;

const WESTERN_MELAKARTAS: Readonly<Record<number, string>> = {
  8: "Phrygian",
  20: "Aeolian (natural minor)",
  22: "Dorian",
  28: "Mixolydian",
  29: "Ionian (major)",
  65: "Lydian",
  21: "harmonic minor",
  23: "melodic minor (ascending)",
  15: "double harmonic major",
};

/**
 * The swaras of melakarta `n` by the chakra rule: numbers 1–36 take shuddha Ma (M1), 37–72 prati Ma
 * (M2); within each half the chakra (six numbers) fixes Ri and Ga (R1G1, R1G2, R1G3, R2G2, R2G3, R3G3)
 * and the place within the chakra fixes Dha and Ni in the same pattern (D1N1 … D3N3).
 * @param n 1..72.
 * @throws {RangeError} outside 1..72 or for a non-integer.
 */
export function melakarta(n: number): Melakarta {
  if (!Number.isInteger(n) || n < 1 || n > 72)
    throw new RangeError(`melakarta number must be 1–72, got ${n}`);
  const k = (n - 1) % 36;
  const [ri, ga] = RI_GA[Math.floor(k / 6)] as readonly [string, string];
  const [dha, ni] = DHA_NI[k % 6] as readonly [string, string];
  const swaras = ["S", ri, ga, n <= 36 ? "M1" : "M2", "P", dha, ni];
  return {
    number: n,
    name: MELAKARTA_NAMES[n - 1] as string,
    swaras,
    intervals: swaras.map((s) => CARNATIC_SWARAS[s] as number),
    westernMode: WESTERN_MELAKARTAS[n] ?? null,
  };
}

/** All 72 melakartas, in order. */
export const MELAKARTAS: readonly Melakarta[] = Array.from({ length: 72 }, (_, i) => melakarta(i + 1));

/** A raga's outline. */
export interface Raga {
  name: string;
  system: "hindustani" | "carnatic";
  /** the parent scale: a thaat's name (Hindustani) or a melakarta's number (Carnatic) */
  parent: string | number;
  /** ascent and descent, in the system's swara spelling with octave marks */
  aroha: string;
  avaroha: string;
  /** the most and second most important swaras (Hindustani), else null */
  vadi: string | null;
  samvadi: string | null;
  /** the characteristic phrase, or null where none is standard */
  pakad: string | null;
  /** the customary time of day (Hindustani), else null */
  time: string | null;
  /**
   * Swaras the raga takes from outside its parent scale (Khamaj's shuddha Ni in the ascent beside the
   * thaat's komal Ni), in the system's spelling; empty for most.
   */
  outsideParent: readonly string[];
}

const h = (
  name: string,
  parent: string,
  aroha: string,
  avaroha: string,
  vadi: string,
  samvadi: string,
  pakad: string | null,
  time: string | null,
  outsideParent: readonly string[] = [],
): Raga => ({
  name,
  system: "hindustani",
  parent,
  aroha,
  avaroha,
  vadi,
  samvadi,
  pakad,
  time,
  outsideParent,
});
const c = (name: string, parent: number, aroha: string, avaroha: string): Raga => ({
  name,
  system: "carnatic",
  parent,
  aroha,
  avaroha,
  vadi: null,
  samvadi: null,
  pakad: null,
  time: null,
  outsideParent: [],
});

/**
 * Common ragas (30 Hindustani, 19 Carnatic), each inside its parent's notes but for the swaras listed
 * in `outsideParent`. Hindustani outlines follow Bhatkhande's thaat assignments; Carnatic janya ragas
 * name their melakarta.
 */
export const RAGAS: readonly Raga[] = [
  h("Yaman", "Kalyan", "N, R G M D N S'", "S' N D P M G R S", "G", "N", "N, R G R , P R , N, R S", "evening"),
  h(
    "Bhupali",
    "Kalyan",
    "S R G P D S'",
    "S' D P G R S",
    "G",
    "D",
    "G R S D, S R G , P G , D P G R S",
    "evening",
  ),
  h("Shuddh Kalyan", "Kalyan", "S R G P D S'", "S' N D P M G R S", "G", "D", "G R S N, D, P, S", "evening"),
  h("Hindol", "Kalyan", "S G M D N S'", "S' N D M G S", "D", "G", "S G M D , M G S", "morning"),
  h("Bilawal", "Bilawal", "S R G m P D N S'", "S' N D P m G R S", "D", "G", "G R , G P , D N S'", "morning"),
  h("Deshkar", "Bilawal", "S R G P D S'", "S' D P G R S", "D", "G", "D P G P D S'", "morning"),
  h("Durga", "Bilawal", "S R m P D S'", "S' D P m R S", "m", "S", "m P D m R , R m R D, S", "night"),
  h("Khamaj", "Khamaj", "S G m P D N S'", "S' n D P m G R S", "G", "N", "n D m P D m G", "night", ["N"]),
  h("Desh", "Khamaj", "S R m P N S'", "S' n D P m G R S", "R", "P", "R m P N S' , n D P m G R", "night", [
    "N",
  ]),
  h("Tilang", "Khamaj", "S G m P N S'", "S' n P m G S", "G", "N", "G m P N S' , n P m G S", "night", ["N"]),
  h("Kalavati", "Khamaj", "S G P D n S'", "S' n D P G S", "P", "S", "G P D n D P", "night"),
  h("Kafi", "Kafi", "S R g m P D n S'", "S' n D P m g R S", "P", "S", "S S R R g g m m P", "night"),
  h(
    "Bageshree",
    "Kafi",
    "S g m D n S'",
    "S' n D m P D m g R S",
    "m",
    "S",
    "S n, D, S m g , m D n D m g R S",
    "night",
  ),
  h(
    "Bhimpalasi",
    "Kafi",
    "n, S g m P n S'",
    "S' n D P m g R S",
    "m",
    "S",
    "n, S m , m g P m , g m g R S",
    "afternoon",
  ),
  h(
    "Brindavani Sarang",
    "Kafi",
    "N, S R m P N S'",
    "S' n P m R S",
    "R",
    "P",
    "N, S R , m R , P m R , n, P, N, S",
    "afternoon",
    ["N"],
  ),
  h("Megh", "Kafi", "S R m P n S'", "S' n P m R S", "S", "P", "R m R P , m R n, S", "monsoon"),
  h("Asavari", "Asavari", "S R m P d S'", "S' n d P m g R S", "d", "g", "R m P n d P", "morning"),
  h(
    "Jaunpuri",
    "Asavari",
    "S R m P d n S'",
    "S' n d P m g R S",
    "d",
    "g",
    "m P n d P , m P g R m P",
    "morning",
  ),
  h(
    "Darbari Kanada",
    "Asavari",
    "n, S R g R S , m P d n S'",
    "S' d n P , m P g m R S",
    "R",
    "P",
    "g m R S , d, n, S R S",
    "night",
  ),
  h("Malkauns", "Bhairavi", "S g m d n S'", "S' n d m g S", "m", "S", "m g m d m g S", "night"),
  h("Bhairavi", "Bhairavi", "S r g m P d n S'", "S' n d P m g r S", "m", "S", "m g S r S d, n, S", "morning"),
  h("Bhairav", "Bhairav", "S r G m P d N S'", "S' N d P m G r S", "d", "r", "S G m P d P , G m r S", "dawn"),
  h("Kalingada", "Bhairav", "S r G m P d N S'", "S' N d P m G r S", "P", "S", "d P G m G", "late night"),
  h("Gunakali", "Bhairav", "S r m P d S'", "S' d P m r S", "d", "r", "m d P m r S", "morning"),
  h("Marwa", "Marwa", "N, r G M D N r' S'", "S' N D M G r S", "r", "D", "D, N, r G M G r S", "sunset"),
  h("Sohni", "Marwa", "S G M D N S'", "S' r' N D G M D G r S", "D", "G", "S' N D N S' r' S'", "dawn"),
  h(
    "Puriya Dhanashri",
    "Purvi",
    "N, r G M P d N S'",
    "S' N d P M G r S",
    "P",
    "S",
    "N, r G M P , M G M r G",
    "sunset",
  ),
  h("Shree", "Purvi", "S r M P N S'", "S' N d P M G r S", "r", "P", "S r r P , M G r G r S", "sunset"),
  h("Todi", "Todi", "S r g M d N S'", "S' N d P M g r S", "d", "g", "d, N, S r g r S", "morning"),
  h(
    "Multani",
    "Todi",
    "N, S g M P N S'",
    "S' N d P M g r S",
    "P",
    "S",
    "N, S M g , M P g M g r S",
    "afternoon",
  ),
  c("Mohanam", 28, "S R2 G3 P D2 S'", "S' D2 P G3 R2 S"),
  c("Hamsadhwani", 29, "S R2 G3 P N3 S'", "S' N3 P G3 R2 S"),
  c("Hindolam", 20, "S G2 M1 D1 N2 S'", "S' N2 D1 M1 G2 S"),
  c("Abhogi", 22, "S R2 G2 M1 D2 S'", "S' D2 M1 G2 R2 S"),
  c("Sriranjani", 22, "S R2 G2 M1 D2 N2 S'", "S' N2 D2 M1 G2 R2 S"),
  c("Madhyamavati", 22, "S R2 M1 P N2 S'", "S' N2 P M1 R2 S"),
  c("Shivaranjani", 22, "S R2 G2 P D2 S'", "S' D2 P G2 R2 S"),
  c("Shuddha Saveri", 29, "S R2 M1 P D2 S'", "S' D2 P M1 R2 S"),
  c("Bilahari", 29, "S R2 G3 P D2 S'", "S' N3 D2 P M1 G3 R2 S"),
  c("Arabhi", 29, "S R2 M1 P D2 S'", "S' N3 D2 P M1 G3 R2 S"),
  c("Kambhoji", 28, "S R2 G3 M1 P D2 S'", "S' N2 D2 P M1 G3 R2 S"),
  c("Kedaragaula", 28, "S R2 M1 P N2 S'", "S' N2 D2 P M1 G3 R2 S"),
  c("Revati", 2, "S R1 M1 P N2 S'", "S' N2 P M1 R1 S"),
  c("Hamsanandi", 53, "S R1 G3 M2 D2 N3 S'", "S' N3 D2 M2 G3 R1 S"),
  c("Vasantha", 17, "S M1 G3 M1 D2 N3 S'", "S' N3 D2 M1 G3 R1 S"),
  c("Saveri", 15, "S R1 M1 P D1 S'", "S' N3 D1 P M1 G3 R1 S"),
  c("Malahari", 15, "S R1 M1 P D1 S'", "S' D1 P M1 G3 R1 S"),
  c("Amritavarshini", 66, "S G3 M2 P N3 S'", "S' N3 P M2 G3 S"),
  c("Nattai", 36, "S R3 G3 M1 P D3 N3 S'", "S' N3 P M1 R3 S"),
];

/**
 * The pitch classes (semitones from Sa, sorted, unique) a raga uses in its aroha and avaroha.
 * @throws {SwaraError} for a malformed outline (never for the shipped {@link RAGAS}; tests check).
 */
export function ragaSemitones(raga: Raga): number[] {
  const all = [...parseSwaras(raga.aroha, raga.system), ...parseSwaras(raga.avaroha, raga.system)];
  return [...new Set(all.map((s) => s.semitone))].sort((a, b) => a - b);
}

/**
 * The semitones (0..11, ascending) of a raga's parent scale.
 * @throws {RangeError} when the parent is not a known thaat or melakarta.
 */
export function parentSemitones(raga: Raga): readonly number[] {
  if (typeof raga.parent === "number") return melakarta(raga.parent).intervals;
  const t = THAATS.find((x) => x.name === raga.parent);
  if (!t) throw new RangeError(`unknown thaat "${raga.parent}"`);
  return t.intervals;
}

/** Weights of {@link ragaHints}' score; chosen on the synthetic raga melodies of `packages/analysis/train/sa-validation.ts`. */
export const RAGA_HINT_WEIGHTS = { outside: 2, missing: 1, vadi: 0.25 } as const;
/** Softmax temperature of the raga confidence, chosen with the weights. */
export const RAGA_HINT_TEMPERATURE = 0.05;
/** Below this confidence of the best raga, the hint says "not sure". */
export const RAGA_HINT_SURE = 0.4;

/** One raga a melody sounds like, with a 0..1 confidence (a softmax over all ragas). */
export interface RagaHint {
  raga: Raga;
  confidence: number;
}

/** What {@link ragaHints} answers. */
export interface RagaHints {
  /** The thaat whose seven swaras hold most of the sung time, and that share (0..1). */
  thaat: Thaat;
  thaatFit: number;
  /** Up to three ragas, most likely first. */
  ragas: RagaHint[];
  /** The best raga is clear enough to name (confidence ≥ {@link RAGA_HINT_SURE}). */
  sure: boolean;
}

/**
 * Which thaat and ragas a melody sounds like, from how long each swara was sung (its pitch-class
 * distribution relative to Sa), after Chordia & Rae (ISMIR 2007, "Raag recognition using pitch-class and
 * pitch-class dyad distributions"), reduced to the raga outlines Tonic knows: a raga scores by the share
 * of sung time outside its notes (penalty), the share of its notes never sung (penalty: Bhupali is not
 * Bilawal) and the time on its vadi and samvadi (bonus).
 * @param secondsBySwara 12 durations (seconds, ≥ 0), index = semitones above Sa.
 * @param weights score weights (default {@link RAGA_HINT_WEIGHTS}); `temperature` of the confidence.
 * @returns null when nothing was sung.
 * @throws RangeError when `secondsBySwara` does not hold 12 values.
 */
export function ragaHints(
  secondsBySwara: readonly number[],
  weights: { outside: number; missing: number; vadi: number } = RAGA_HINT_WEIGHTS,
  temperature: number = RAGA_HINT_TEMPERATURE,
): RagaHints | null {
  if (secondsBySwara.length !== 12) throw new RangeError("secondsBySwara must hold 12 durations");
  const total = secondsBySwara.reduce((a, b) => a + Math.max(0, b), 0);
  if (!(total > 0)) return null;
  const share = secondsBySwara.map((s) => Math.max(0, s) / total);
  const inside = (notes: readonly number[]) => notes.reduce((acc, n) => acc + (share[n % 12] ?? 0), 0);
  let thaat = THAATS[0] as Thaat;
  let thaatFit = -1;
  for (const t of THAATS) {
    const fit = inside(t.intervals);
    if (fit > thaatFit + 1e-9) {
      thaat = t;
      thaatFit = fit;
    }
  }
  const scored = RAGAS.map((raga) => {
    const notes = ragaSemitones(raga);
    const outside = 1 - inside(notes);
    const missing = notes.filter((n) => (share[n] ?? 0) < 0.02).length / notes.length;
    const emphasis = [raga.vadi, raga.samvadi]
      .filter((x): x is string => x !== null)
      .reduce((acc, x) => acc + (share[parseSwaras(x, raga.system)[0]?.semitone ?? 0] ?? 0), 0);
    return { raga, score: -weights.outside * outside - weights.missing * missing + weights.vadi * emphasis };
  }).sort((a, b) => b.score - a.score);
  const top = scored[0]?.score ?? 0;
  const z = scored.reduce((acc, s) => acc + Math.exp((s.score - top) / temperature), 0);
  const ragas = scored.slice(0, 3).map((s) => ({
    raga: s.raga,
    confidence: Math.round((Math.exp((s.score - top) / temperature) / z) * 1000) / 1000,
  }));
  return {
    thaat,
    thaatFit: Math.round(thaatFit * 1000) / 1000,
    ragas,
    sure: (ragas[0]?.confidence ?? 0) >= RAGA_HINT_SURE,
  };
}
