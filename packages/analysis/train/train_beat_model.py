#!/usr/bin/env python3
"""Train the engine's learned beat tracker (a beat activation per frame) and export it to ONNX.

    /usr/bin/python3 packages/analysis/train/train_beat_model.py --data DIR [DIR ...] [--augmented DIR ...] \
        [--channels 24] [--layers 8] [--kernel 5] [--epochs 30] [--seed 1] [--threads 0] \
        [--init beats.onnx] [--export packages/analysis/models/beats.onnx] [--report out.json]

Data: what `render-corpus.ts --beat-bands` writes (POP909, MIT, and the McGill Billboard charts, CC0,
arranged and rendered with MIT soundfonts): per song `<name>.bands.i16`, the beat model's input
(`beatModelInput` in src/beat-activation.ts: 48 log band energies per frame at 11025/128 frames a second,
each band's song mean removed; int16, value x 1000), and `<name>.json` with the true beats and downbeats
(seconds) of the rendered audio. Nothing here reads the evaluation sets.

Split (by song, never by frame), the same as the key and chord models': a song is in the validation
split when crc32("<corpus>-<id>") % 10 == 0. The decoding (tempo and dynamic programming on the
activation, as the engine runs it) is scored on the same songs by `evaluate-beat-onnx.ts`.

Model: a temporal convolutional network after Davies & Boeck (EUSIPCO 2019) and Boeck & Davies
(ISMIR 2020), scaled down for a 2-core CPU. Input `[1, T, 48]`; the bands and their half-wave rectified
first difference (spectral flux per band) -> Conv1d(96, C, 3) -> ELU, then L residual blocks
(dilated Conv1d(C, C, k, dilation 2^i) -> ELU -> dropout -> 1x1 Conv1d, added to the block's input),
receptive field about (k - 1) * 2^L frames (k = 5, L = 8: 1,021 frames, 11.9 s); two 1x1 heads, beat and
downbeat (the downbeat head is trained alongside, as multi-task training helps the beat head, Boeck et al.
ISMIR 2016, and is not exported). Output `[1, T]` `activation`: the beat probability per frame (sigmoid).

Training: each step a batch of 8 random crops of 1,200 frames (14 s), optionally time-stretched
(--stretch) and with a few adjacent bands blanked (--band-mask, an instrument missing); targets 1 on the frame nearest each
beat and 0.5 on its two neighbours (the target widening of Boeck & Davies 2020); binary cross-entropy
with positive frames weighted by --pos-weight; Adam with cosine decay; seeded; CPU. `--init` starts from
the weights of a network this script exported (both heads: the ONNX file keeps the downbeat head's
weights), to fine-tune it on new songs with a few epochs at a lower --lr.
"""
import argparse
import json
import math
import os
import random
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from train_common import data_report, export_onnx, is_validation, seed_and_threads, split, write_report

BANDS = 48
FRAME_RATE = 11025 / 128
CROP = 1200
BATCH = 8


def targets(times, frames: int) -> torch.Tensor:
    """Per-frame target: 1 at the frame nearest each time (seconds), 0.5 on its neighbours."""
    y = torch.zeros(frames)
    for t in times:
        f = int(round(t * FRAME_RATE))
        for d, v in ((-1, 0.5), (1, 0.5), (0, 1.0)):
            if 0 <= f + d < frames:
                y[f + d] = max(float(y[f + d]), v)
    return y


def load(data_dirs, augmented_dirs=()):
    """The songs of `render-corpus.ts --beat-bands` output directories, in the order of their file names.

    `data_dirs`: renderings split into training and validation songs by name. `augmented_dirs`: other
    renderings of the same corpora (e.g. `--no-drums --rubato 0.08`), each song named
    "<corpus>-<id>~<directory name>"; their validation-split songs are left out, so that no song is
    trained on in one rendering and validated on in another.
    """
    files = []
    for d in data_dirs:
        files += [(f, d, f[: -len(".bands.i16")]) for f in os.listdir(d) if f.endswith(".bands.i16")]
    for d in augmented_dirs:
        tag = os.path.basename(os.path.normpath(d))
        for f in os.listdir(d):
            stem = f[: -len(".bands.i16")]
            if f.endswith(".bands.i16") and not is_validation(stem):
                files.append((f"{stem}~{tag}.bands.i16", d, stem))
    songs = []
    for key, d, stem in sorted(files):
        with open(os.path.join(d, stem + ".json")) as fh:
            meta = json.load(fh)
        x = np.fromfile(os.path.join(d, stem + ".bands.i16"), dtype=np.int16).astype(np.float32) / 1000.0
        T = x.size // BANDS
        songs.append({
            "name": key[: -len(".bands.i16")],
            "corpus": meta["corpus"],
            "soundfont": meta["soundfont"],
            "metre": meta["metre"],
            "x": torch.from_numpy(x.reshape(T, BANDS)),
            "beat": targets(meta["beats"], T),
            "downbeat": targets(meta["downbeats"], T),
            "beats": meta["beats"],
            "downbeats": meta["downbeats"],
        })
    return songs


def crop(s: dict, stretch: float):
    """A random crop of CROP frames of song `s` (fewer when the song is shorter), time-stretched by a factor
    drawn log-uniformly from [1 / (1 + stretch), 1 + stretch] (the bands linearly interpolated in time, the
    beats moved with them: other tempos than the charts'). Returns (x [n, 48], beat and downbeat targets
    [CROP], n)."""
    T = s["x"].shape[0]
    f = math.exp(random.uniform(-math.log1p(stretch), math.log1p(stretch))) if stretch > 0 else 1.0
    span = min(T - 1, int(CROP * f))  # source frames read
    a = random.randint(0, max(0, T - 1 - span))
    n = min(CROP, int(span / f) + 1)
    pos = a + torch.arange(n, dtype=torch.float32) * f
    k = pos.floor().long().clamp(max=T - 1)
    k1 = (k + 1).clamp(max=T - 1)
    w = (pos - k.float()).unsqueeze(1)
    x = s["x"][k] * (1 - w) + s["x"][k1] * w
    shift = lambda times: [(t * FRAME_RATE - a) / f / FRAME_RATE for t in times]
    beat = targets(shift(s["beats"]), CROP)
    down = targets(shift(s["downbeats"]), CROP)
    beat[n:] = 0
    down[n:] = 0
    return x, beat, down, n


class BeatNet(nn.Module):
    def __init__(self, channels: int, layers: int, kernel: int, dropout: float = 0.1):
        super().__init__()
        self.front = nn.Conv1d(2 * BANDS, channels, 3, padding=1)
        self.dilated = nn.ModuleList(
            nn.Conv1d(channels, channels, kernel, dilation=2**i, padding=(kernel - 1) * 2**i // 2) for i in range(layers)
        )
        self.mix = nn.ModuleList(nn.Conv1d(channels, channels, 1) for _ in range(layers))
        self.drop = nn.Dropout(dropout)
        self.head = nn.Conv1d(channels, 2, 1)

    def logits(self, x: torch.Tensor) -> torch.Tensor:
        """[B, T, 48] -> [B, 2, T] logits (beat, downbeat)."""
        x = x.transpose(1, 2)
        prev = torch.cat([x[:, :, :1], x[:, :, :-1]], dim=2)
        z = torch.cat([x, F.relu(x - prev)], dim=1)
        z = self.drop(F.elu(self.front(z)))
        for conv, mix in zip(self.dilated, self.mix):
            z = z + mix(self.drop(F.elu(conv(z))))
        return self.head(F.elu(z))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """The exported graph: [1, T, 48] -> [1, T] beat probability."""
        return torch.sigmoid(self.logits(x)[:, 0, :])


def peak_f_measure(act: np.ndarray, beats, threshold: float = 0.3) -> float:
    """Beat F-measure (+-70 ms, beats before 5 s ignored, as mir_eval and the benchmark) of the
    activation's local maxima above `threshold` (within +-5 frames): a quick check of the activation
    alone; the engine's decoding is scored by evaluate-beat-onnx.ts."""
    peaks = []
    for t in range(len(act)):
        v = act[t]
        if v >= threshold and v == act[max(0, t - 5): t + 6].max():
            if not peaks or t - peaks[-1] > 5:
                peaks.append(t)
    est = [p / FRAME_RATE for p in peaks if p / FRAME_RATE >= 5]
    ref = [b for b in beats if b >= 5]
    if not ref and not est:
        return 1.0
    if not ref or not est:
        return 0.0
    used = set()
    hits = 0
    for r in ref:
        best = None
        for j, e in enumerate(est):
            if j not in used and abs(e - r) <= 0.07 and (best is None or abs(e - r) < abs(est[best] - r)):
                best = j
        if best is not None:
            used.add(best)
            hits += 1
    p = hits / len(est)
    rc = hits / len(ref)
    return 0.0 if hits == 0 else 2 * p * rc / (p + rc)


def load_onnx_weights(model: nn.Module, path: str) -> None:
    """Copy the initializers of an exported network (named as the module's parameters) into `model`.
    Exits with a message naming the first parameter that is missing or of another shape."""
    import onnx
    from onnx import numpy_helper

    weights = {i.name: numpy_helper.to_array(i) for i in onnx.load(path).graph.initializer}
    state = model.state_dict()
    for name, value in state.items():
        w = weights.get(name)
        if w is None or tuple(w.shape) != tuple(value.shape):
            sys.exit(f"{path}: no weights {name} of shape {tuple(value.shape)} (another architecture?)")
        state[name] = torch.from_numpy(w.copy())
    model.load_state_dict(state)


def evaluate(model: BeatNet, songs) -> dict:
    model.eval()
    fs = []
    loss = 0.0
    with torch.no_grad():
        for s in songs:
            lg = model.logits(s["x"].unsqueeze(0))[0]
            loss += float(F.binary_cross_entropy_with_logits(lg[0], s["beat"]))
            fs.append(peak_f_measure(torch.sigmoid(lg[0]).numpy(), s["beats"]))
    return {"peak_f": round(float(np.mean(fs)), 4), "loss": round(loss / max(1, len(songs)), 4), "songs": len(songs)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, nargs="+", help="rendered corpora (split by song)")
    ap.add_argument("--augmented", nargs="*", default=[], help="other renderings of them: training songs only")
    ap.add_argument("--channels", type=int, default=24)
    ap.add_argument("--layers", type=int, default=8)
    ap.add_argument("--kernel", type=int, default=5)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--lr", type=float, default=0.002)
    ap.add_argument("--pos-weight", type=float, default=4.0)
    ap.add_argument("--downbeat-weight", type=float, default=0.5, help="weight of the downbeat head's loss")
    ap.add_argument("--stretch", type=float, default=0.0, help="time-stretch crops by up to this share either way")
    ap.add_argument("--band-mask", type=float, default=0.0, help="share of crops with 4-12 adjacent bands zeroed")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=0, help="PyTorch threads (0: one per core)")
    ap.add_argument("--init", help="start from the weights of a network this script exported (ONNX)")
    ap.add_argument("--export")
    ap.add_argument("--report")
    args = ap.parse_args()
    seed_and_threads(args.seed, args.threads)
    songs = load(args.data, args.augmented)
    train, val = split(songs)
    print(f"{len(train)} training songs, {len(val)} validation songs", flush=True)
    model = BeatNet(args.channels, args.layers, args.kernel)
    if args.init:
        load_onnx_weights(model, args.init)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, args.epochs)
    pos = torch.tensor(args.pos_weight)
    v = None
    for epoch in range(args.epochs):
        model.train()
        random.shuffle(train)
        total = 0.0
        batches = 0
        for i in range(0, len(train), BATCH):
            group = train[i:i + BATCH]
            xb = torch.zeros(len(group), CROP, BANDS)
            yb = torch.zeros(len(group), 2, CROP)
            mb = torch.zeros(len(group), CROP)
            for j, s in enumerate(group):
                x, yb[j, 0], yb[j, 1], n = crop(s, args.stretch)
                xb[j, :n] = x
                if random.random() < args.band_mask:
                    w = random.randint(4, 12)
                    b0 = random.randint(0, BANDS - w)
                    xb[j, :n, b0:b0 + w] = 0
                mb[j, :n] = 1
            lg = model.logits(xb)
            bce = F.binary_cross_entropy_with_logits(lg, yb, pos_weight=pos, reduction="none")
            per = bce[:, 0] + args.downbeat_weight * bce[:, 1]
            loss = (per * mb).sum() / mb.sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss)
            batches += 1
        sched.step()
        v = evaluate(model, val)
        print(f"epoch {epoch + 1}: train loss {total / max(1, batches):.4f}, validation {v}", flush=True)
    report = {
        "channels": args.channels,
        "layers": args.layers,
        "kernel": args.kernel,
        "epochs": args.epochs,
        "lr": args.lr,
        "pos_weight": args.pos_weight,
        "downbeat_weight": args.downbeat_weight,
        "stretch": args.stretch,
        "band_mask": args.band_mask,
        "seed": args.seed,
        "init": args.init,
        "parameters": sum(p.numel() for p in model.parameters()),
        "train_songs": len(train),
        "validation": v,
        "command": "python3 packages/analysis/train/train_beat_model.py " + " ".join(sys.argv[1:]),
        "data": data_report([s for s in songs if "~" not in s["name"]]),
        "augmented_training_copies": {
            c: sum(1 for s in songs if "~" in s["name"] and s["corpus"] == c) for c in sorted({s["corpus"] for s in songs})
        },
    }
    if args.export:
        report["onnx"] = export_onnx(
            model,
            (torch.rand(1, 300, BANDS),),
            args.export,
            input_names=["bands"],
            output_names=["activation"],
            dynamic_axes={"bands": {1: "frames"}, "activation": {1: "frames"}},
        )
    print(json.dumps(report, indent=1))
    write_report(report, args.report)


if __name__ == "__main__":
    main()
