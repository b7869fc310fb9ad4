#!/usr/bin/env python3
"""Train the key model's second opinion, read from the chord recogniser's output, and export it to ONNX.

    /usr/bin/python3 packages/analysis/train/train_chord_key_model.py --data DIR \
        [--kernel 5] [--hidden 16] [--epochs 30] [--seed 1] [--record-share 0.5] \
        [--chord-model chords.onnx --chord-input chroma|spectrum --chord-hidden 128 --chord-kernel 7] \
        [--key-model key.onnx --key-arch hybrid|spectrum] [--validation-corpora billboard,pop909] \
        [--evaluate-onnx head.onnx] [--export packages/analysis/models/key-chords.onnx] [--report out.json]

`--validation-corpora` scores (and chooses the key weight and temperature on) only those corpora's
validation songs; `--evaluate-onnx` scores an exported head on the validation songs instead of training
(e.g. `--data` a folder of the genre charts alone, for their own view).

Why. The chroma key model (`models/key.onnx`, `train_key_model.py`) reads a song's pitch-class profile;
records differ from the renderings in exactly what a profile measures (timbre, drums, distortion, a voice's
non-chord tones), and the model loses much more on record-like chroma than the chord recogniser does,
which was trained on record-like chroma (`train_common.record_like`). Key finding from a chord sequence is
the older idea (a key is the set of chords a song's harmony keeps returning to and the cadences between
them: Temperley, "The Cognition of Basic Musical Structures", 2001, ch. 7; Lee & Slaney, IEEE TASLP 2008,
key from chord-recogniser output); here it is learned.

Data: the JSON files of `render-corpus.ts` (POP909, MIT, and the McGill Billboard charts, CC0, rendered
with MIT soundfonts): per beat the key model's input (`features`, whole-mix chroma), the chord model's
input (`harmonicTreble`, `harmonicBass`), the durations and the true key. The shipped chord model
(`models/chords.onnx`) and key model (`models/key.onnx`) are loaded and frozen; only the new head learns.
Nothing here reads the evaluation sets.

Split (by song): the key and chord models' (crc32("<corpus>-<id>") % 10 == 0 is validation).

Model (transposition-equivariant like the key model: one set of weights read at the 12 candidate
tonics). For tonic r the chord model's per-beat probabilities [T x 97] are rotated so that chords on r
have root 0 ("no chord" stays); a Conv1d(97, H, k) -> ReLU over the beats (progressions such as V-I)
and the duration-weighted mean of the rotated probabilities (the song's chord-degree histogram) are
pooled with the key model's opening emphasis, and a linear layer gives the major and minor logits on r.
The result is `a * log p_key + chord logits` (p_key: the key model's probabilities). The head is trained
alone (`a` = 0: the key model was trained on the same training songs, so its answers there are better
than on new songs and a head trained beside them learns to trust it too much); `a` is then chosen on the
validation songs from `--key-weights` (`--stacked` learns it with the head instead). A softmax temperature is fitted on the validation
split. ONNX inputs: `chord_log_probabilities` [1, T, 97] (the chord model's output), `weights` [1, T]
(beat durations, 0 where silent), `key_probabilities` [1, 24] (the key model's output); output
`probabilities` [1, 24] (major tonics 0..11, minor 12..23).

Training: cross-entropy on the song's main key; random crops of 8-64 beats for half the examples (as the
key model); `--record-share` of the examples degraded like records (`record_like`, the same generator for
the key model's and the chord model's input, so both see the same record); Adam, seeded, CPU.
Selection: the key model's score (whole songs, first 30 s, first 15 s) on the validation songs as rendered
and as degraded like records (a fixed generator per song), both reported, and their mean.
"""
import argparse
import json
import math
import random
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

from train_chord_model import N_PITCH, ChordNet, SpectrumChordNet, spectrum_like_record
from train_common import data_report, export_onnx, read_corpus, read_spectrum, record_like, seed_and_threads, split, write_report
from train_key_model import KeyNet, SpectrumKeyNet, load_onnx_weights, mirex

N_CHORD = 97  # the chord model's classes: quality q, root r at q * 12 + r; "no chord" at 96


def chord_rotation_index() -> torch.Tensor:
    """[12, 97] gather indices: rotation r puts chords on root r at root 0 ("no chord" stays at 96)."""
    idx = torch.zeros(12, N_CHORD, dtype=torch.long)
    for r in range(12):
        for q in range(8):
            for i in range(12):
                idx[r, q * 12 + i] = q * 12 + (i + r) % 12
        idx[r, 96] = 96
    return idx


def load(data_dir: str, spectrum: bool = False, mix_suppression: str = ""):
    """Songs with the key model's input x, the chord model's h (chroma halves summing to 1, or with
    `spectrum` the [T, 72] log semitone spectrum of `<song>.semi.i16`), durations w and the main key y."""
    songs = []
    for d in read_corpus(data_dir, mix_suppression):
        T = len(d["weights"])
        if T < 4 or "harmonicTreble" not in d or len(d["silent"]) != T:
            continue
        tally = [0.0] * 24
        for k, wt in zip(d["keyIndex"], d["weights"]):
            if k >= 0:
                tally[k] += wt
        if max(tally) <= 0:
            continue
        tr = torch.tensor(d["harmonicTreble"], dtype=torch.float32).view(T, 12)
        ba = torch.tensor(d["harmonicBass"], dtype=torch.float32).view(T, 12)
        h = torch.cat([tr / tr.sum(dim=1, keepdim=True).clamp_min(1e-12), ba / ba.sum(dim=1, keepdim=True).clamp_min(1e-12)], dim=1)
        silent = torch.tensor(d["silent"], dtype=torch.bool)
        if spectrum:
            h = read_spectrum(data_dir, d, T)
            if h is None:
                continue
        h[silent] = 0
        songs.append({
            "name": f"{d['corpus']}-{d['id']}",
            "corpus": d["corpus"],
            "soundfont": d["soundfont"],
            "x": torch.tensor(d["features"], dtype=torch.float32).view(T, 24),  # key model input (sums of 1)
            "h": h,  # chord model input before its treble scaling (halves summing to 1)
            "w": torch.tensor(d["weights"], dtype=torch.float32),
            "y": max(range(24), key=lambda k: tally[k]),
        })
    return songs


def chord_input(h: torch.Tensor) -> torch.Tensor:
    """The chord model's convention (`chordModelInput`): treble scaled to a maximum of 1, bass to sum 1."""
    out = h.clone()
    out[:, :12] = out[:, :12] / out[:, :12].max(dim=1, keepdim=True).values.clamp_min(1e-12)
    return out


class ChordKeyNet(nn.Module):
    def __init__(self, hidden: int, kernel: int):
        super().__init__()
        self.register_buffer("rot", chord_rotation_index())
        self.hidden = hidden
        if hidden > 0:
            self.c1 = nn.Conv1d(N_CHORD, hidden, kernel, padding=kernel // 2)
        self.head = nn.Linear(hidden + N_CHORD, 2)
        nn.init.zeros_(self.head.weight)
        nn.init.zeros_(self.head.bias)
        self.key_weight = nn.Parameter(torch.ones(()))
        self.log_temperature = nn.Parameter(torch.zeros(()), requires_grad=False)

    def logits(self, chord_logp: torch.Tensor, w: torch.Tensor, key_p: torch.Tensor) -> torch.Tensor:
        """chord_logp [N, T, 97], w [N, T], key_p [N, 24] -> [N, 24] logits (major 0..11, minor 12..23)."""
        n, t, _ = chord_logp.shape
        p = chord_logp.exp()[:, :, self.rot]  # [N, T, 12, 97]
        p = p.permute(0, 2, 3, 1).reshape(n * 12, N_CHORD, t)
        # The key model's opening emphasis (OPENING_WEIGHT 4, OPENING_SECONDS 30).
        t0 = torch.cumsum(w, dim=1) - w
        w = w * (1 + 4 * torch.exp(-t0 / 30))
        wn = w / w.sum(dim=1, keepdim=True).clamp_min(1e-6)
        wr = wn.unsqueeze(1).expand(n, 12, t).reshape(n * 12, 1, t)
        pooled = (p * wr).sum(dim=2)  # [N*12, 97]: the chord-degree histogram on tonic r
        if self.hidden > 0:
            pooled = torch.cat([(F.relu(self.c1(p)) * wr).sum(dim=2), pooled], dim=1)
        z = self.head(pooled).view(n, 12, 2)
        chords = torch.cat([z[:, :, 0], z[:, :, 1]], dim=1)
        return self.key_weight * torch.log(key_p.clamp_min(1e-9)) + chords

    def forward(self, chord_logp: torch.Tensor, w: torch.Tensor, key_p: torch.Tensor) -> torch.Tensor:
        return torch.softmax(self.logits(chord_logp, w, key_p) / self.log_temperature.exp(), dim=1)


class Frozen:
    """The shipped key and chord models, loaded from their ONNX files, evaluated without gradients."""

    def __init__(self, key_path: str, chord_path: str, spectrum: bool = False, hidden: int = 128, kernel: int = 7, channels: int = 16, key_net=None):
        # The key model: the shipped chroma architecture unless given (e.g. a SpectrumKeyNet, which also
        # reads the chord model's spectrum input and so needs `spectrum`).
        self.key = key_net if key_net is not None else KeyNet("hybrid", 32, 17)
        load_onnx_weights(self.key, key_path)
        self.key.eval()
        self.spectrum = spectrum
        self.chord = SpectrumChordNet(hidden, kernel, channels) if spectrum else ChordNet(hidden, kernel)
        load_onnx_weights(self.chord, chord_path)
        self.chord.eval()

    @torch.no_grad()
    def inputs(self, x: torch.Tensor, h: torch.Tensor, w: torch.Tensor):
        """One song's (or crop's) [T, 24] key features, [T, 24] chord features and [T] durations ->
        (chord log-probabilities [1, T, 97], weights [1, T], key probabilities [1, 24])."""
        return self.batch([(x, h, w)])

    @torch.no_grad()
    def batch(self, items):
        """A batch of (key features [T_i, 24], chord features [T_i, 24], durations [T_i]), padded to the
        longest: (chord log-probabilities [N, T, 97] (padding: log 0), weights [N, T] (padding: 0), key
        probabilities [N, 24])."""
        T = max(x.shape[0] for x, _, _ in items)
        xb = torch.zeros(len(items), T, 24)
        hb = torch.zeros(len(items), T, N_PITCH if self.spectrum else 24)
        wb = torch.zeros(len(items), T)
        for j, (x, h, w) in enumerate(items):
            xb[j, : x.shape[0]] = x
            hb[j, : h.shape[0]] = h if self.spectrum else chord_input(h)
            wb[j, : w.shape[0]] = w
        c = self.chord(hb)
        for j, (x, _, _) in enumerate(items):
            c[j, x.shape[0] :] = -30.0
        key_in = torch.cat([hb, xb], dim=2) if isinstance(self.key, SpectrumKeyNet) else xb
        return c, wb, self.key(key_in, wb)


def degrade_chord_input(h: torch.Tensor, seed: int) -> torch.Tensor:
    """The chord model's input degraded like a record: `record_like` on chroma halves, or
    `spectrum_like_record` on a [T, 72] spectrum."""
    g = torch.Generator().manual_seed(seed)
    return spectrum_like_record(h, g) if h.shape[1] == N_PITCH else record_like(h, g)


def degrade(song, seed: int):
    """The song's key and chord inputs degraded like one record (the same draws for both)."""
    return (
        record_like(song["x"], torch.Generator().manual_seed(seed)),
        degrade_chord_input(song["h"], seed),
    )


def prepare(frozen: Frozen, songs, stressed: bool, clip: float | None):
    out = []
    for i, s in enumerate(songs):
        x, h = degrade(s, 12345 + i) if stressed else (s["x"], s["h"])
        w = s["w"]
        if clip is not None:
            t = torch.cumsum(torch.cat([torch.zeros(1), w[:-1]]), 0)
            n = max(4, int((t < clip).sum()))
            x, h, w = x[:n], h[:n], w[:n]
        out.append((frozen.inputs(x, h, w), s["y"]))
    return out


@torch.no_grad()
def score(model, prepared, use_key_only: bool = False) -> dict:
    total = exact = nll = 0.0
    for (c, w, k), y in prepared:
        p = k[0] if use_key_only else model(c, w, k)[0]
        e = int(p.argmax())
        total += mirex(y, e)
        exact += int(e == y)
        nll -= math.log(max(float(p[y]), 1e-9))
    n = max(1, len(prepared))
    return {"weighted": total / n, "accuracy": exact / n, "nll": nll / n}


@torch.no_grad()
def cadence_probe(model) -> float:
    """Chord-model output sure of I-I-IV-V in all 12 major keys and i-i-iv-V in all 12 minor keys, with
    uniform key-model probabilities (the chords alone decide): the share named right (the unit test of
    src/chord-key-onnx.test.ts asks for C major and A minor)."""
    right = 0
    for minor in (0, 1):
        for tonic in range(12):
            # (quality, root relative to the tonic): maj 0, min 1 (the chord model's order)
            prog = [(1, 0), (1, 0), (1, 5), (0, 7)] if minor else [(0, 0), (0, 0), (0, 5), (0, 7)]
            c = torch.full((1, 64, N_CHORD), math.log(0.02 / (N_CHORD - 1)))
            for b in range(64):
                q, r = prog[b % 4]
                c[0, b, q * 12 + (r + tonic) % 12] = math.log(0.98)
            p = model(c, torch.full((1, 64), 0.5), torch.full((1, 24), 1 / 24))[0]
            right += int(int(p.argmax()) == tonic + 12 * minor)
    return right / 24


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="/tmp/corpus")
    ap.add_argument("--mix-suppression", default="", help="read the key input rendered with this whole-mix overtone sieve strength (render-corpus.ts --mix-suppression-variants)")
    ap.add_argument("--key-model", default="packages/analysis/models/key.onnx")
    ap.add_argument("--chord-model", default="packages/analysis/models/chords.onnx")
    ap.add_argument("--chord-input", choices=["chroma", "spectrum"], default="chroma", help="what the frozen chord model reads (train_chord_model.py --input)")
    ap.add_argument("--chord-hidden", type=int, default=128, help="the frozen chord model's --hidden")
    ap.add_argument("--chord-kernel", type=int, default=7, help="the frozen chord model's --kernel")
    ap.add_argument("--chord-channels", type=int, default=16, help="the frozen spectrum chord model's --channels")
    ap.add_argument("--hidden", type=int, default=16, help="convolution units (0: the chord-degree histogram only)")
    ap.add_argument("--kernel", type=int, default=5, help="the convolution's width in beats")
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--crop-share", type=float, default=0.5)
    ap.add_argument("--record-share", type=float, default=0.5)
    ap.add_argument("--stacked", action="store_true", help="train beside the key model's answers (learned key weight) instead of alone")
    ap.add_argument("--key-weights", default="0,0.25,0.5,0.75,1,1.5,2", help="key-model weights tried on the validation songs after training alone")
    ap.add_argument("--key-arch", choices=["hybrid", "spectrum"], default="hybrid", help="the frozen key model's architecture (train_key_model.py --arch; hybrid: --hidden 32 --kernel 17 as shipped)")
    ap.add_argument("--key-hidden", type=int, default=32, help="the frozen spectrum key model's --hidden")
    ap.add_argument("--key-kernel", type=int, default=9, help="the frozen spectrum key model's --kernel")
    ap.add_argument("--key-channels", type=int, default=8, help="the frozen spectrum key model's --channels")
    ap.add_argument("--key-pc-hidden", type=int, default=8, help="the frozen spectrum key model's --pc-hidden")
    ap.add_argument("--validation-corpora", default="", help="score only these corpora's validation songs (comma-separated; default all)")
    ap.add_argument("--evaluate-onnx", default="", help="score this exported head (same --hidden/--kernel) on the validation songs instead of training")
    ap.add_argument("--export", default="")
    ap.add_argument("--report", default="")
    args = ap.parse_args()
    seed_and_threads(args.seed, args.threads)
    rnd = random.Random(args.seed)
    spectrum = args.chord_input == "spectrum"
    songs = load(args.data, spectrum, args.mix_suppression)
    train, val = split(songs)
    if args.validation_corpora:
        val = [s for s in val if s["corpus"] in args.validation_corpora.split(",")]
    print(f"{len(train)} training songs, {len(val)} validation songs", flush=True)
    key_net = None
    if args.key_arch == "spectrum":
        if not spectrum:
            sys.exit("--key-arch spectrum needs --chord-input spectrum (the spectrum is read once for both)")
        key_net = SpectrumKeyNet(args.key_hidden, args.key_kernel, args.key_channels, args.key_pc_hidden)
    frozen = Frozen(args.key_model, args.chord_model, spectrum, args.chord_hidden, args.chord_kernel, args.chord_channels, key_net)
    views = {
        (stressed, clip): prepare(frozen, val, stressed, clip)
        for stressed in (False, True)
        for clip in (None, 30.0, 15.0)
    }

    def selection(model, key_only=False):
        out = {}
        for (stressed, clip), prepared in views.items():
            out[f"{'degraded' if stressed else 'rendered'}_{'whole' if clip is None else f'first{int(clip)}s'}"] = score(model, prepared, key_only)
        rendered = sum(v["weighted"] for k, v in out.items() if k.startswith("rendered")) / 3
        degraded = sum(v["weighted"] for k, v in out.items() if k.startswith("degraded")) / 3
        return {"rendered": rendered, "degraded": degraded, "mean": (rendered + degraded) / 2, "views": out}

    baseline = selection(None, key_only=True)
    print(f"key model alone: rendered {baseline['rendered']:.3f} degraded {baseline['degraded']:.3f} mean {baseline['mean']:.3f}", flush=True)
    model = ChordKeyNet(args.hidden, args.kernel)
    if args.evaluate_onnx:
        load_onnx_weights(model, args.evaluate_onnx)
        model.eval()
        print(json.dumps({"evaluated": args.evaluate_onnx, "validation": selection(model), "key_model_alone": baseline}, indent=1))
        return
    if not args.stacked:
        # The key model was trained on these training songs, so its answers on them are better than on
        # songs it never heard: a head trained beside them would learn to trust it too much. The chords'
        # reading is trained alone (key weight 0) and its weight against the key model is chosen on the
        # validation songs afterwards.
        model.key_weight.requires_grad_(False)
        model.key_weight.fill_(0.0)
    opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=args.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, args.epochs)
    for epoch in range(args.epochs):
        model.train()
        rnd.shuffle(train)
        total = 0.0
        for i in range(0, len(train), args.batch):
            group = train[i : i + args.batch]
            items = []
            for s in group:
                x, h, w = s["x"], s["h"], s["w"]
                T = x.shape[0]
                if rnd.random() < args.crop_share and T > 16:
                    n = rnd.randint(8, min(64, T))
                    a = rnd.randint(0, T - n)
                    x, h, w = x[a : a + n], h[a : a + n], w[a : a + n]
                if rnd.random() < args.record_share:
                    seed = rnd.randrange(2**31)
                    x = record_like(x, torch.Generator().manual_seed(seed))
                    h = degrade_chord_input(h, seed)
                items.append((x, h, w))
            cb, wb, kb = frozen.batch(items)
            y = torch.tensor([s["y"] for s in group])
            loss = F.cross_entropy(model.logits(cb, wb, kb), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss) * len(group)
        sched.step()
        model.eval()
        sel = selection(model)
        print(
            f"epoch {epoch + 1}: loss {total / len(train):.3f}, key weight {float(model.key_weight):.2f}, "
            f"validation rendered {sel['rendered']:.3f} degraded {sel['degraded']:.3f} mean {sel['mean']:.3f}",
            flush=True,
        )
    alone = selection(model)
    sweep = {}
    if not args.stacked:
        for a in [float(v) for v in args.key_weights.split(",")]:
            model.key_weight.fill_(a)
            sweep[str(a)] = selection(model)
            print(f"key weight {a}: rendered {sweep[str(a)]['rendered']:.3f} degraded {sweep[str(a)]['degraded']:.3f} mean {sweep[str(a)]['mean']:.3f}", flush=True)
        best_a = max(sweep, key=lambda k: sweep[k]["mean"])
        model.key_weight.fill_(float(best_a))
    # Temperature scaling on the validation songs, as rendered and as degraded together.
    prepared = views[(False, None)] + views[(True, None)]
    with torch.no_grad():
        logits = torch.stack([model.logits(c, w, k)[0] for (c, w, k), _ in prepared])
    ys = torch.tensor([y for _, y in prepared])
    best = min(((float(F.cross_entropy(logits / math.exp(i / 20), ys)), i / 20) for i in range(-30, 31)))
    model.log_temperature.fill_(best[1])
    final = selection(model)
    report = {
        "hidden": args.hidden,
        "kernel": args.kernel,
        "epochs": args.epochs,
        "lr": args.lr,
        "seed": args.seed,
        "crop_share": args.crop_share,
        "record_share": args.record_share,
        "key_weight": float(model.key_weight),
        "cadence_probe": cadence_probe(model),
        "temperature": math.exp(best[1]),
        "parameters": sum(p.numel() for p in model.parameters()),
        "train_songs": len(train),
        "validation": final,
        "chords_alone": {k: alone[k] for k in ("rendered", "degraded", "mean")},
        "key_weight_sweep": {k: {m: v[m] for m in ("rendered", "degraded", "mean")} for k, v in sweep.items()},
        "key_model_alone": baseline,
        "command": "python3 packages/analysis/train/train_chord_key_model.py " + " ".join(sys.argv[1:]),
        "data": data_report(songs),
    }
    if args.export:
        T = 40
        example = (torch.log_softmax(torch.randn(1, T, N_CHORD), dim=2), torch.rand(1, T), torch.softmax(torch.randn(1, 24), dim=1))
        report["onnx"] = export_onnx(
            model,
            example,
            args.export,
            input_names=["chord_log_probabilities", "weights", "key_probabilities"],
            output_names=["probabilities"],
            dynamic_axes={"chord_log_probabilities": {1: "beats"}, "weights": {1: "beats"}},
        )
    print(json.dumps({k: v for k, v in report.items() if k != "data"}, indent=1))
    write_report(report, args.report)


if __name__ == "__main__":
    main()
