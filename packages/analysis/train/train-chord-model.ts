/**
 * Train the chord emission model on features from `render-pop909.ts` (POP909, MIT; rendered with the
 * MIT FluidR3_GM soundfont). Never reads the evaluation sets.
 *
 *   npx tsx packages/analysis/train/train-chord-model.ts --in DIR [--hidden H] [--epochs E] [--write]
 *
 * Model (root-equivariant, one set of weights shared by the 12 roots): for a beat segment s and a
 * candidate root r, φ(s, r) = the segment's treble chroma (scaled to max 1), bass chroma (scaled to sum
 * 1), each rotated so that r is index 0 (24 values).
 * Hidden layer h = relu(U·φ + a) (H units; H = 0: φ itself), chord score z(q, r) = W_q·h + c_q for the 8
 * qualities, and "no chord" z_N = v·ψ(s) + c_N with ψ = root-invariant statistics (max, mean, standard
 * deviation of the treble chroma, the bass maximum). Softmax over the 97 classes, cross-entropy, Adam,
 * L2 weight decay. 15 % of the songs (by id) are held out to report accuracy and choose nothing else.
 * With --write the weights go to src/chord-model-weights.ts.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CHORD_MODEL_FEATURES, chordModelPhi, chordModelPsi } from "../src/chord-model.js";
import { readFeatureFile } from "./feature-file.js";

const { values: opts } = parseArgs({
  options: {
    in: { type: "string", default: "/tmp/pop909-features" },
    hidden: { type: "string", default: "24" },
    epochs: { type: "string", default: "8" },
    lr: { type: "string", default: "0.003" },
    l2: { type: "string", default: "1e-5" },
    write: { type: "boolean", default: false },
  },
});
const dir = resolve(opts.in);
const H = Number(opts.hidden);
const EPOCHS = Number(opts.epochs);
const LR = Number(opts.lr);
const L2 = Number(opts.l2);
const Q = 8;
const D = CHORD_MODEL_FEATURES;
const PSI = 5;

interface Sample {
  phi: Float64Array[]; // 12 rotations × D
  psi: Float64Array;
  label: number; // q*12 + r, or 96 = N
}

function load(files: string[]): Sample[] {
  const out: Sample[] = [];
  for (const f of files) {
    const d = readFeatureFile(dir, f);
    const { treble, bass, segments: S } = d;
    for (let s = 0; s < S; s++) {
      const l = d.labels[s];
      if (!l || d.silent[s]) continue;
      const label = l[0] < 0 ? 96 : l[1] * 12 + l[0];
      const phi: Float64Array[] = [];
      for (let r = 0; r < 12; r++) phi.push(chordModelPhi(treble, bass, s, r));
      out.push({ phi, psi: chordModelPsi(treble, bass, s), label });
    }
  }
  return out;
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();
const isVal = (f: string) => Number.parseInt(f, 10) % 7 === 0;
const train = load(files.filter((f) => !isVal(f)));
const val = load(files.filter(isVal));
console.log(
  `train ${train.length} segments (${files.filter((f) => !isVal(f)).length} songs), validation ${val.length}`,
);

// Parameters
const rand = (() => {
  let x = 12345;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648 - 0.5;
  };
})();
const HD = H > 0 ? H : D;
const U = Float64Array.from({ length: H * D }, () => rand() * 0.5);
const a = new Float64Array(H);
const W = Float64Array.from({ length: Q * HD }, () => rand() * 0.1);
const c = new Float64Array(Q);
const v = new Float64Array(PSI);
const cN = new Float64Array(1);
const params = [U, a, W, c, v, cN];
const m = params.map((p) => new Float64Array(p.length));
const s2 = params.map((p) => new Float64Array(p.length));
const grads = params.map((p) => new Float64Array(p.length));

function hidden(phi: Float64Array, h: Float64Array) {
  if (H === 0) {
    h.set(phi);
    return;
  }
  for (let j = 0; j < H; j++) {
    let z = a[j] as number;
    for (let i = 0; i < D; i++) z += (U[j * D + i] as number) * (phi[i] as number);
    h[j] = z > 0 ? z : 0;
  }
}

function forward(x: Sample, hs: Float64Array[], z: Float64Array) {
  for (let r = 0; r < 12; r++) {
    hidden(x.phi[r] as Float64Array, hs[r] as Float64Array);
    const h = hs[r] as Float64Array;
    for (let q = 0; q < Q; q++) {
      let t = c[q] as number;
      for (let j = 0; j < HD; j++) t += (W[q * HD + j] as number) * (h[j] as number);
      z[q * 12 + r] = t;
    }
  }
  let t = cN[0] as number;
  for (let i = 0; i < PSI; i++) t += (v[i] as number) * (x.psi[i] as number);
  z[96] = t;
}

const hs = Array.from({ length: 12 }, () => new Float64Array(HD));
const z = new Float64Array(97);
const p = new Float64Array(97);
function accuracy(set: Sample[]) {
  let ok = 0;
  let okMajmin = 0;
  for (const x of set) {
    forward(x, hs, z);
    let best = 0;
    for (let k = 1; k < 97; k++) if ((z[k] as number) > (z[best] as number)) best = k;
    if (best === x.label) ok++;
    const mm = (k: number) =>
      k === 96 ? -1 : (k % 12) + 12 * ([1, 4, 5, 6].includes(Math.floor(k / 12)) ? 1 : 0);
    if (mm(best) === mm(x.label)) okMajmin++;
  }
  return { exact: ok / set.length, majmin: okMajmin / set.length };
}

let step = 0;
const BATCH = 64;
for (let epoch = 0; epoch < EPOCHS; epoch++) {
  // shuffle
  for (let i = train.length - 1; i > 0; i--) {
    const j = Math.floor((rand() + 0.5) * (i + 1));
    [train[i], train[j]] = [train[j] as Sample, train[i] as Sample];
  }
  let loss = 0;
  for (let b0 = 0; b0 < train.length; b0 += BATCH) {
    for (const g of grads) g.fill(0);
    const end = Math.min(train.length, b0 + BATCH);
    for (let n = b0; n < end; n++) {
      const x = train[n] as Sample;
      forward(x, hs, z);
      let mx = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < 97; k++) mx = Math.max(mx, z[k] as number);
      let sum = 0;
      for (let k = 0; k < 97; k++) {
        p[k] = Math.exp((z[k] as number) - mx);
        sum += p[k] as number;
      }
      for (let k = 0; k < 97; k++) p[k] = (p[k] as number) / sum;
      loss -= Math.log((p[x.label] as number) + 1e-12);
      p[x.label] = (p[x.label] as number) - 1; // dL/dz
      const [gU, ga, gW, gc, gv, gN] = grads as [
        Float64Array,
        Float64Array,
        Float64Array,
        Float64Array,
        Float64Array,
        Float64Array,
      ];
      for (let r = 0; r < 12; r++) {
        const h = hs[r] as Float64Array;
        const dh = new Float64Array(HD);
        for (let q = 0; q < Q; q++) {
          const dz = p[q * 12 + r] as number;
          if (dz === 0) continue;
          gc[q] = (gc[q] as number) + dz;
          for (let j = 0; j < HD; j++) {
            gW[q * HD + j] = (gW[q * HD + j] as number) + dz * (h[j] as number);
            dh[j] = (dh[j] as number) + dz * (W[q * HD + j] as number);
          }
        }
        if (H > 0) {
          const phi = x.phi[r] as Float64Array;
          for (let j = 0; j < H; j++) {
            if ((h[j] as number) <= 0) continue;
            const d = dh[j] as number;
            ga[j] = (ga[j] as number) + d;
            for (let i = 0; i < D; i++) gU[j * D + i] = (gU[j * D + i] as number) + d * (phi[i] as number);
          }
        }
      }
      const dN = p[96] as number;
      gN[0] = (gN[0] as number) + dN;
      for (let i = 0; i < PSI; i++) gv[i] = (gv[i] as number) + dN * (x.psi[i] as number);
    }
    step++;
    const n = end - b0;
    params.forEach((prm, pi) => {
      const g = grads[pi] as Float64Array;
      const mm = m[pi] as Float64Array;
      const vv = s2[pi] as Float64Array;
      for (let i = 0; i < prm.length; i++) {
        const gi = (g[i] as number) / n + L2 * (prm[i] as number);
        mm[i] = 0.9 * (mm[i] as number) + 0.1 * gi;
        vv[i] = 0.999 * (vv[i] as number) + 0.001 * gi * gi;
        const mh = (mm[i] as number) / (1 - 0.9 ** step);
        const vh = (vv[i] as number) / (1 - 0.999 ** step);
        prm[i] = (prm[i] as number) - (LR * mh) / (Math.sqrt(vh) + 1e-8);
      }
    });
  }
  const va = accuracy(val);
  console.log(
    `epoch ${epoch + 1}: loss ${(loss / train.length).toFixed(3)}  validation exact ${va.exact.toFixed(3)} majmin ${va.majmin.toFixed(3)}`,
  );
}

if (opts.write) {
  const round = (xs: Float64Array) => `[${[...xs].map((x) => Number(x.toPrecision(5))).join(", ")}]`;
  const songs = files.length;
  writeFileSync(
    join(import.meta.dirname, "../src/chord-model-weights.ts"),
    `/**
 * Weights of the chord emission model (see chord-model.ts), generated by
 * \`packages/analysis/train/train-chord-model.ts\` from ${songs} POP909 songs (MIT licence, Music X Lab)
 * rendered with the FluidR3_GM soundfont (MIT) by \`train/render-pop909.ts\`. Do not edit by hand;
 * provenance in PROVENANCE.md.
 */
export const CHORD_MODEL_WEIGHTS = {
  hidden: ${H},
  U: ${round(U)},
  a: ${round(a)},
  W: ${round(W)},
  c: ${round(c)},
  v: ${round(v)},
  cN: ${Number((cN[0] as number).toPrecision(5))},
} as const;
`,
  );
  console.log("wrote src/chord-model-weights.ts");
}
