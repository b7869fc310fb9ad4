#!/usr/bin/env python3
"""Train the engine's learned chord recogniser (per-beat chord probabilities) and export it to ONNX.

    /usr/bin/python3 packages/analysis/train/train_chord_model.py --data DIR \
        [--input chroma|spectrum] [--hidden 48] [--kernel 5] [--epochs 25] [--seed 1] \
        [--export packages/analysis/models/chords.onnx] [--report out.json]

Data: the JSON files of `render-corpus.ts` (POP909, MIT, and the McGill Billboard charts, CC0, rendered
with MIT soundfonts): per beat segment the chord stage's own input (beat-synchronous chroma of the
harmonic part, `harmonicTreble` and `harmonicBass`), its silent flag and the true Harte chord at the
segment's midpoint. Nothing here reads the evaluation sets.

Split (by song, never by beat), the same as the key model's: a song is in the validation split when
crc32("<corpus>-<id>") % 10 == 0; `--report` writes its scores. A second split asks whether what was
learned carries over to instruments never heard: `--holdout-soundfont MuseScore_General` trains on the
FluidR3_GM renderings only (outside the first validation split) and validates on every MuseScore
rendering. Architecture and the decoding weight are chosen on both. (How the network joins the HMM is chosen on the same split by
`evaluate-chord-onnx.ts`, which decodes with the engine's own code.)

Input (what `chordModelInput` in src/stages.ts computes): per beat the 12 treble values scaled to a
maximum of 1 and the 12 bass values scaled to a sum of 1 (zeros where silent), `[1, T, 24]`.

Model (root-equivariant by construction, like the engine's first chord model and the key model: one set
of weights read at the 12 rotations of the chroma, so every root is treated alike and no transposition
augmentation is needed). For each candidate root r the sequence is rotated so that r is pitch class 0;
Conv1d(24, H, k) -> ReLU -> Conv1d(H, H, 3) -> ReLU over the beats (a few beats of context either side,
as the convolutional chord recognisers of Humphrey & Bello, ICMLA 2012, and Korzeniowski & Widmer,
MLSP 2016, see a few frames) gives per-beat hidden units; a 1x1 convolution gives the scores of the 8
qualities on root r; "no chord" is read from the hidden units averaged over the 12 rotations (root-
invariant). Log-softmax over the 97 classes (quality q, root r at q*12 + r; "no chord" at 96), the
order of `chordVocabulary` in src/chords.ts. Output `[1, T, 97]` natural-log probabilities.

`--input spectrum` reads the beat-synchronous log semitone spectrum of the harmonic part instead (C1..B6,
72 pitches, `harmonicSpectrum` in src/stages.ts; `render-corpus.ts --pitch-spectrum` writes it as
`<song>.semi.i16`), `[1, T, 72]`, keeping the register chroma folds away (which note is in the bass, a
voice above the band). Its model (`SpectrumChordNet`) is transposition-equivariant by convolution along
pitch instead of by rotation: two Conv2d layers over (pitch, beats) (13 semitones x 3 beats, then 13 x
`kernel`), so every position sees an octave either side; the feature maps at the six pitches of pitch
class r (one per octave, in order: the register stays) give root r's 8 quality scores through layers
shared by all roots, and "no chord" is read from their mean over roots (the log-frequency CNNs of McFee &
Bello, ISMIR 2017, and Korzeniowski & Widmer, MLSP 2016, read such spectra). Octave borders break the
equivariance slightly, so training crops are also shifted by -6..+5 semitones (labels rotated alike).
Degradations like records for the spectrum (`spectrum_like_record`): a song-wide gain per octave (EQ,
instruments), a voice's non-chord tone on 30-70 % of the beats, the bass mixed low on a third of songs,
a broadband floor.

Training: mini-batches of 16 random crops of up to 96 beats. Labels: the Harte chord reduced to the recogniser's 8 qualities (maj, min, 7, maj7, min7, dim, hdim7,
sus4) by its intervals (sixths and added ninths keep the triad, extended dominants are 7, ...); chords
with no such reading (aug, power chords, sus2) and "X" are left out of the loss. Cross-entropy weighted
by each beat's duration, Adam, seeded, CPU.
"""
import argparse
import json
import random
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

from train_common import (
    data_report,
    export_onnx,
    is_validation,
    N_PITCH,
    read_corpus,
    read_spectrum,
    record_like,
    rotation_index,
    seed_and_threads,
    split,
    write_report,
)

CROP = 96  # beats per training crop (songs are cut to 45-60 s: most fit whole)
BATCH = 16
QUALITIES = ["maj", "min", "7", "maj7", "min7", "dim", "hdim7", "sus4"]
N_CLASS = 96
NOTES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}

# Harte shorthand -> the recogniser's quality (None: no reading in its vocabulary).
SHORTHAND = {
    "maj": "maj", "min": "min", "7": "7", "maj7": "maj7", "min7": "min7", "dim": "dim", "dim7": "dim",
    "hdim7": "hdim7", "sus4": "sus4", "maj6": "maj", "min6": "min", "9": "7", "11": "7", "13": "7",
    "maj9": "maj7", "maj11": "maj7", "maj13": "maj7", "min9": "min7", "min11": "min7", "min13": "min7",
    "minmaj7": "min", "aug": None, "sus2": None, "5": None, "1": None,
}


def chord_class(label: str) -> int:
    """Class index of a Harte label (q*12 + root, 96 for N), or -1 to leave it out."""
    if label == "N":
        return N_CLASS
    if label == "X" or ":" not in label and label[0] not in NOTES:
        return -1
    root_s, _, rest = label.partition(":")
    quality = rest or "maj"
    quality = quality.split("/")[0]
    base, _, extra = quality.partition("(")
    extras = extra.rstrip(")").split(",") if extra else []
    if base == "" and extras:
        return -1
    q = SHORTHAND.get(base)
    if base == "sus4" and "b7" in extras:
        q = "sus4"
    if base == "maj6" and "b7" in extras:
        q = "7"
    if base in ("maj", "") and "b7" in extras:
        q = "7"
    if base == "min" and "b7" in extras:
        q = "min7"
    if q is None:
        return -1
    root = NOTES.get(root_s[0])
    if root is None:
        return -1
    for ch in root_s[1:]:
        root += 1 if ch == "#" else -1 if ch == "b" else 0
    return QUALITIES.index(q) * 12 + root % 12




def load(data_dir: str, spectrum: bool = False):
    """Songs of the corpus as dicts: name, x ([T, 24] chroma input or, with `spectrum`, [T, 72] log semitone
    spectrum), y (class per beat, -1 left out), w (beat durations, s), corpus, soundfont."""
    songs = []
    for d in read_corpus(data_dir):
        if "harmonicTreble" not in d:
            continue
        T = len(d["chords"])
        if T < 4:
            continue
        tr = torch.tensor(d["harmonicTreble"], dtype=torch.float32).view(T, 12)
        ba = torch.tensor(d["harmonicBass"], dtype=torch.float32).view(T, 12)
        silent = torch.tensor(d["silent"], dtype=torch.bool)
        x = torch.cat([
            tr / tr.max(dim=1, keepdim=True).values.clamp_min(1e-12),
            ba / ba.sum(dim=1, keepdim=True).clamp_min(1e-12),
        ], dim=1)
        if spectrum:
            x = read_spectrum(data_dir, d, T)
            if x is None:
                continue
        x[silent] = 0
        b = d["bounds"]
        dur = torch.tensor([b[i + 1] - b[i] for i in range(T)], dtype=torch.float32)
        y = torch.tensor([chord_class(c) for c in d["chords"]], dtype=torch.long)
        y[silent & (y != N_CLASS)] = -1  # the HMM forces "no chord" there; nothing to learn
        name = f"{d['corpus']}-{d['id']}"
        songs.append({"name": name, "x": x, "y": y, "w": dur, "corpus": d["corpus"], "soundfont": d["soundfont"]})
    return songs


class ChordNet(nn.Module):
    def __init__(self, hidden: int, kernel: int):
        super().__init__()
        self.register_buffer("rot", rotation_index())
        self.c1 = nn.Conv1d(24, hidden, kernel, padding=kernel // 2)
        self.c2 = nn.Conv1d(hidden, hidden, 3, padding=1)
        self.q = nn.Conv1d(hidden, len(QUALITIES), 1)
        self.n = nn.Conv1d(hidden, 1, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # x [N, T, 24] -> rotations [N, T, 12, 24] -> [N * 12, 24, T]
        n_, t_ = x.shape[0], x.shape[1]
        xr = x[:, :, self.rot].permute(0, 2, 3, 1).reshape(n_ * 12, 24, t_)
        h = F.relu(self.c2(F.relu(self.c1(xr))))  # [N * 12, H, T]
        q = self.q(h).reshape(n_, 12, len(QUALITIES), t_)  # root r, quality q
        chords = q.permute(0, 3, 2, 1).reshape(n_, t_, len(QUALITIES) * 12)  # [N, T, Q*12], index q*12 + r
        hm = h.reshape(n_, 12, -1, t_).mean(dim=1)  # [N, H, T], root-invariant
        nc = self.n(hm).transpose(1, 2)  # [N, T, 1]
        return F.log_softmax(torch.cat([chords, nc], dim=2), dim=2)


class SpectrumChordNet(nn.Module):
    """Chord scores from the beat-synchronous log semitone spectrum [N, T, 72] (see the module docstring)."""

    def __init__(self, hidden: int, kernel: int, channels: int = 16):
        super().__init__()
        c = channels
        self.c1 = nn.Conv2d(1, c, (13, 3), padding=(6, 1))
        self.c2 = nn.Conv2d(c, 2 * c, (13, kernel), padding=(6, kernel // 2))
        # Root r's features: the 2c maps at its 6 pitches (one per octave) -> hidden -> 8 qualities.
        self.h = nn.Conv1d(2 * c * (N_PITCH // 12), hidden, 1)
        self.q = nn.Conv1d(hidden, len(QUALITIES), 1)
        self.n = nn.Conv1d(hidden, 1, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n_, t_ = x.shape[0], x.shape[1]
        z = x.transpose(1, 2).unsqueeze(1)  # [N, 1, 72, T]
        z = F.relu(self.c2(F.relu(self.c1(z))))  # [N, 2c, 72, T]
        c2 = z.shape[1]
        # pitch p = 12 * octave + r -> [N, 2c, 6, 12, T] -> [N, 12 (r), 2c * 6, T] -> [N * 12, 2c * 6, T]
        z = z.reshape(n_, c2, N_PITCH // 12, 12, t_).permute(0, 3, 1, 2, 4).reshape(n_ * 12, c2 * (N_PITCH // 12), t_)
        h = F.relu(self.h(z))  # [N * 12, H, T]
        q = self.q(h).reshape(n_, 12, len(QUALITIES), t_)
        chords = q.permute(0, 3, 2, 1).reshape(n_, t_, len(QUALITIES) * 12)
        hm = h.reshape(n_, 12, -1, t_).mean(dim=1)
        nc = self.n(hm).transpose(1, 2)
        return F.log_softmax(torch.cat([chords, nc], dim=2), dim=2)


def shift_labels(y: torch.Tensor, k: int) -> torch.Tensor:
    """Class indices of chords transposed by k semitones (N and left-out beats unchanged)."""
    out = y.clone()
    m = (y >= 0) & (y < N_CLASS)
    out[m] = (y[m] // 12) * 12 + (y[m] % 12 + k) % 12
    return out


def shift_spectrum(x: torch.Tensor, k: int) -> torch.Tensor:
    """[T, 72] spectrum moved up k semitones (down for k < 0), the pitches moved past an end dropped,
    those uncovered set to 0."""
    if k == 0:
        return x
    out = torch.zeros_like(x)
    if k > 0:
        out[:, k:] = x[:, :-k]
    else:
        out[:, :k] = x[:, -k:]
    return out


def spectrum_like_record(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """A beat-synchronous log semitone spectrum [T, 72] degraded the ways a record's differs from a clean
    rendering's, every choice drawn from `gen` (one song's worth); the spectrum's analogue of
    `train_common.record_like`, fixed before any model was trained on it:
    - EQ and instruments: each octave's level scaled by a song-wide factor exp(N(0, 0.2));
    - a voice's non-chord tones: on 30-70 % of the beats a pitch drawn from C4..B5 raised to 0.6-1.0 of the
      beat's peak, with its octave above at half that;
    - the bass mixed low (a third of the songs): C1..B2 scaled by 0.2-0.6 on 20-80 % of the beats;
    - a broadband floor (drums, distortion, reverb tails): each beat mixed with its mean over pitch at a
      song-wide share 0-0.4 plus up to 0.1 per beat.
    All-zero (silent) beats stay zero."""
    T = x.shape[0]
    h = x.clamp_min(0).clone()
    silent = h.sum(dim=1) <= 0
    u = lambda a, b: a + (b - a) * float(torch.rand((), generator=gen))
    h = h * torch.exp(0.2 * torch.randn(N_PITCH // 12, generator=gen)).repeat_interleave(12)
    peak = h.max(dim=1).values
    voiced = torch.rand(T, generator=gen) < u(0.3, 0.7)
    pitch = torch.randint(36, 60, (T,), generator=gen)
    level = (0.6 + 0.4 * torch.rand(T, generator=gen)) * peak
    rows = torch.arange(T)[voiced]
    h[rows, pitch[voiced]] = torch.maximum(h[rows, pitch[voiced]], level[voiced])
    up = pitch[voiced] + 12
    ok = up < N_PITCH
    h[rows[ok], up[ok]] = torch.maximum(h[rows[ok], up[ok]], 0.5 * level[voiced][ok])
    if u(0, 1) < 1 / 3:
        sel = torch.rand(T, generator=gen) < u(0.2, 0.8)
        h[sel, :24] = h[sel, :24] * u(0.2, 0.6)
    floor = (u(0, 0.4) + 0.1 * torch.rand(T, 1, generator=gen)).clamp(0, 0.5)
    h = (1 - floor) * h + floor * h.mean(dim=1, keepdim=True)
    h[silent] = 0
    return h


def majmin_of(k: int):
    """(root, is_minor) of a class for a majmin-style comparison; None for N."""
    if k == N_CLASS:
        return None
    q, r = divmod(k, 12)
    return (r, QUALITIES[q] in ("min", "min7", "dim", "hdim7"))


def evaluate(model, songs):
    """Duration-weighted per-beat accuracy (exact class) and root+third accuracy, argmax per beat."""
    model.eval()
    tot = exact = mm = 0.0
    with torch.no_grad():
        for s in songs:
            p = model(s["x"].unsqueeze(0))[0].argmax(dim=1)  # [T]
            for t in range(len(p)):
                y = int(s["y"][t])
                if y < 0:
                    continue
                w = float(s["w"][t])
                tot += w
                exact += w * (int(p[t]) == y)
                mm += w * (majmin_of(int(p[t])) == majmin_of(y))
    return {"exact": exact / max(tot, 1e-9), "rootThird": mm / max(tot, 1e-9), "songs": len(songs)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--input", choices=["chroma", "spectrum"], default="chroma", help="the model's input: 24 chroma values or the 72-pitch log spectrum per beat")
    ap.add_argument("--channels", type=int, default=16, help="spectrum model: channels of the first convolution (the second has twice as many)")
    ap.add_argument("--hidden", type=int, default=48)
    ap.add_argument("--kernel", type=int, default=5)
    ap.add_argument("--epochs", type=int, default=25)
    ap.add_argument("--lr", type=float, default=0.003)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=0, help="PyTorch threads (0: one per core)")
    ap.add_argument("--record-share", type=float, default=0.0, help="share of training crops degraded like records (train_common.record_like)")
    ap.add_argument("--holdout-soundfont", help="validate on every song rendered with this soundfont and train on the other's (unheard instruments)")
    ap.add_argument("--evaluate-onnx", help="score this exported model (same --hidden/--kernel) instead of training")
    ap.add_argument("--export")
    ap.add_argument("--report")
    args = ap.parse_args()
    seed_and_threads(args.seed, args.threads)
    spectrum = args.input == "spectrum"
    songs = load(args.data, spectrum)
    width = N_PITCH if spectrum else 24
    if args.holdout_soundfont:
        val = [s for s in songs if s["soundfont"] == args.holdout_soundfont]
        train = [s for s in songs if s["soundfont"] != args.holdout_soundfont and not is_validation(s["name"])]
    else:
        train, val = split(songs)
    print(f"{len(train)} training songs, {len(val)} validation songs", flush=True)
    model = SpectrumChordNet(args.hidden, args.kernel, args.channels) if spectrum else ChordNet(args.hidden, args.kernel)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, args.epochs)
    best = None
    if args.evaluate_onnx:
        # An exported model's weights (the ONNX initialisers carry the module's parameter names).
        import onnx
        from onnx import numpy_helper

        init = {i.name: torch.from_numpy(numpy_helper.to_array(i).copy()) for i in onnx.load(args.evaluate_onnx).graph.initializer}
        model.load_state_dict({k: init[k].to(v.dtype) for k, v in model.state_dict().items()})
        best = evaluate(model, val)
        args.epochs = 0
    for epoch in range(args.epochs):
        model.train()
        random.shuffle(train)
        total = 0.0
        batches = 0
        # Mini-batches of random crops (CROP beats, padded with silence that the loss ignores).
        for i in range(0, len(train), BATCH):
            group = train[i:i + BATCH]
            xb = torch.zeros(len(group), CROP, width)
            yb = torch.full((len(group), CROP), -1, dtype=torch.long)
            wb = torch.zeros(len(group), CROP)
            for j, s in enumerate(group):
                T = len(s["y"])
                a = random.randint(0, max(0, T - CROP))
                n = min(CROP, T - a)
                xj = s["x"][a:a + n]
                yj = s["y"][a:a + n]
                if spectrum:
                    k = random.randint(-6, 5)
                    xj, yj = shift_spectrum(xj, k), shift_labels(yj, k)
                if random.random() < args.record_share:
                    g = torch.Generator().manual_seed(random.randrange(2**31))
                    xj = spectrum_like_record(xj, g) if spectrum else record_like(xj, g, treble_max=True)
                xb[j, :n] = xj
                yb[j, :n] = yj
                wb[j, :n] = s["w"][a:a + n]
            logp = model(xb)
            mask = yb >= 0
            if not bool(mask.any()):
                continue
            nll = F.nll_loss(logp[mask], yb[mask], reduction="none")
            w = wb[mask]
            loss = (nll * w).sum() / w.sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss)
            batches += 1
        sched.step()
        v = evaluate(model, val)
        print(f"epoch {epoch + 1}: train loss {total / max(1, batches):.3f}, validation exact {v['exact']:.3f} root+third {v['rootThird']:.3f}", flush=True)
        best = v
    # The validation songs degraded like records (a fixed generator per song, the same for every model):
    # renderings are cleaner than records, so models are compared on both.
    degrade = (lambda x, g: spectrum_like_record(x, g)) if spectrum else (lambda x, g: record_like(x, g, treble_max=True))
    stressed_val = [
        {**s, "x": degrade(s["x"], torch.Generator().manual_seed(12345 + i))}
        for i, s in enumerate(val)
    ]
    report = {
        "input": args.input,
        "channels": args.channels if spectrum else None,
        "record_share": args.record_share,
        "stressed_validation": evaluate(model, stressed_val),
        "hidden": args.hidden,
        "kernel": args.kernel,
        "epochs": args.epochs,
        "lr": args.lr,
        "seed": args.seed,
        "parameters": sum(p.numel() for p in model.parameters()),
        "train_songs": len(train),
        "validation": best,
        "train": evaluate(model, train[:200]),
        "command": "python3 packages/analysis/train/train_chord_model.py " + " ".join(sys.argv[1:]),
        "data": data_report(songs),
    }
    if args.export:
        report["onnx"] = export_onnx(
            model,
            (torch.rand(1, 50, width),),
            args.export,
            input_names=[args.input if spectrum else "features"],
            output_names=["log_probabilities"],
            dynamic_axes={(args.input if spectrum else "features"): {1: "beats"}, "log_probabilities": {1: "beats"}},
        )
    print(json.dumps(report, indent=1))
    write_report(report, args.report)


if __name__ == "__main__":
    main()
