#!/usr/bin/env python3
"""Train Live's learned frame model (causal chord recognition on the live chroma frames), export to ONNX.

    /usr/bin/python3 packages/analysis/train/train_live_chord_model.py --train FILE [FILE ...] \
        --validation FILE [--hidden 32] [--kernel 5] [--dilations 1,2,4,8] [--epochs 12] [--seed 1] \
        [--threads 0] [--export packages/analysis/models/live-chords.onnx] [--report out.json]
        [--hold-out PIECE,PIECE]   # leave these instruments out of training and validate on them
        [--change-weight 3 --change-frames 24]   # weight the frames just after each change of label
        [--consistency 1 --consistency-after 24]   # penalise output changes between frames of a held chord
        [--average-from 13]   # export the mean of the weights over every step from this epoch on

Data: the frame files of `dump-live-frames.ts` (features `frameFeatures`, classes `FRAME_MODEL_QUALITIES`)
made from folders of sampled instruments written by `bench/make-live-folder.ts` (FluidR3_GM and MuseScore
General, MIT: guitars strummed and fingerpicked, pianos held, comping and arpeggiated, organs held and
stabbed, each clean and in a synthetic room with noise), their non-music folders (`--non-music`: drum kits,
noise and talking, all "no chord") and band songs of the training corpora's training split
(`train/render-corpus.ts --training-only --folder-out`: drums, bass, comping and a voice, labelled with the
charts' chords), so that drums under music are heard as music. Training folders use `--seed-offset` 2 and up;
the validation folder is `--seed-offset 1` (the one Live's constants are chosen on); the dev folder
(offset 0) and `../shared/eval` are never read here.

Model (causal, transposition-equivariant): the frame features are read at the 12 candidate roots (the
four chroma rows, or five with the tonal context row of `dump-live-frames.ts --context`, rotated so that the
root is at index 0; the scalars unchanged; the width is read from the frame files) by one shared stack of
causal dilated 1-D convolutions over time (ReLU, residual; receptive field 1 + (k - 1) * sum(dilations)
frames, about 1.3 s with the defaults); a 1x1 convolution gives the five qualities' logits on each root,
and the maximum over the roots of the hidden state gives the "no chord" logit. Output per frame: 61 logits
(class 0 "no chord", quality q on root r at 1 + q * 12 + r). Being causal, the newest frame's output uses
only the past: Live runs it on the last receptive-field frames and reads the last column.

Training: cross-entropy per frame on random windows of 256 frames (frames whose label is outside the
qualities are ignored; with --change-weight, the --change-frames frames from each change of label on weigh
more; with --consistency L, L times the mean Jeffreys divergence between consecutive frames' output
distributions on held frames — same label as the frame before, and at least --consistency-after frames
since the label last changed — is added, a temporal-consistency term against flicker on held chords),
Adam with cosine decay, seeded, CPU. Selection: frame accuracy on the validation
file, root and triad family (majmin) and exact quality, printed per epoch; the last epoch's weights export,
or with --average-from E the uniform mean of the weights after every optimiser step from the start of
epoch E (1-based) to the end — dense weight averaging, as in stochastic weight averaging (Izmailov et al.,
"Averaging Weights Leads to Wider Optima and Better Generalization", UAI 2018) and SWAD (Cha et al.,
"SWAD: Domain Generalization by Seeking Flat Minima", NeurIPS 2021); the model has no batch
normalisation, so the mean needs no recalibration.
"""
import argparse
import copy
import hashlib
import json
import math
import random
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from train_common import ONNX_OPSET, seed_and_threads, write_report

N_FEATURES = 53  # 4 chroma rows x 12, then 5 scalars (frame-features.ts); 65 with the tonal context row
N_SCALARS = 5
N_QUALITIES = 5  # maj, min, 7, maj7, min7
N_CLASSES = 1 + 12 * N_QUALITIES
FAMILY = [0, 1, 0, 0, 1]  # the triad each quality extends (0 major, 1 minor)


def load(prefix: str, names: list | None = None):
    meta = json.load(open(prefix + ".json"))
    if names is not None:
        names += [item.rstrip("/").split("/")[-1] for item in meta["items"]]
    x = np.fromfile(prefix + ".x.f32", dtype="<f4").reshape(-1, meta["features"])
    y = np.fromfile(prefix + ".y.i16", dtype="<i2").astype(np.int64)
    item = np.fromfile(prefix + ".item.i32", dtype="<i4")
    global N_FEATURES
    assert meta["features"] in (53, 65) and meta["classes"] == N_CLASSES
    N_FEATURES = meta["features"]
    # One (x, y) pair per item, in order.
    cuts = np.flatnonzero(np.diff(item)) + 1
    return [(torch.from_numpy(a.copy()), torch.from_numpy(b.copy())) for a, b in zip(np.split(x, cuts), np.split(y, cuts))]


def rotation_index() -> torch.Tensor:
    """[12 * N_FEATURES] gather indices: rotation r puts pitch class r at index 0 in each chroma row."""
    idx = []
    for r in range(12):
        rows = (N_FEATURES - N_SCALARS) // 12
        for row in range(rows):
            idx += [row * 12 + (i + r) % 12 for i in range(12)]
        idx += list(range(rows * 12, N_FEATURES))
    return torch.tensor(idx, dtype=torch.long)


class LiveChordNet(nn.Module):
    def __init__(self, hidden: int, kernel: int, dilations: list[int]):
        super().__init__()
        self.register_buffer("rot", rotation_index())
        self.kernel = kernel
        self.dilations = dilations
        self.inp = nn.Conv1d(N_FEATURES, hidden, 1)
        self.convs = nn.ModuleList(nn.Conv1d(hidden, hidden, kernel, dilation=d) for d in dilations)
        self.quality = nn.Conv1d(hidden, N_QUALITIES, 1)
        self.none = nn.Conv1d(hidden, 1, 1)

    @property
    def receptive_field(self) -> int:
        return 1 + (self.kernel - 1) * sum(self.dilations)

    def forward(self, x):  # x [B, F, T] -> logits [B, 61, T]
        b, _, t = x.shape
        h = x.index_select(1, self.rot).reshape(b * 12, N_FEATURES, t)
        h = torch.relu(self.inp(h))
        for conv, d in zip(self.convs, self.dilations):
            h = h + torch.relu(conv(F.pad(h, ((self.kernel - 1) * d, 0))))
        q = self.quality(h).reshape(b, 12, N_QUALITIES, t).transpose(1, 2).reshape(b, 12 * N_QUALITIES, t)
        n = self.none(h.reshape(b, 12, -1, t).max(dim=1).values)
        return torch.cat([n, q], dim=1)


class Exported(nn.Module):
    """The ONNX graph: `features` [1, T, 53] -> `log_probabilities` [1, T, 61] (log-softmax per frame)."""

    def __init__(self, net: LiveChordNet):
        super().__init__()
        self.net = net

    def forward(self, x):
        return torch.log_softmax(self.net(x.transpose(1, 2)), dim=1).transpose(1, 2)


def change_weights(y: torch.Tensor, frames: int, weight: float) -> torch.Tensor:
    """[T] loss weight per frame: `weight` on the `frames` frames from each change of label on (a labelled
    frame whose label differs from the previous frame's), 1 elsewhere."""
    w = torch.ones(y.shape[0])
    if frames <= 0 or weight == 1:
        return w
    for t in torch.nonzero((y[1:] != y[:-1]) & (y[1:] >= 0)).flatten().tolist():
        w[t + 1:t + 1 + frames] = weight
    return w


def held_mask(y: torch.Tensor, after: int) -> torch.Tensor:
    """[T] bool: frame t is held — labelled, with the same label as frame t - 1, and at least `after` frames
    since the label last changed (the first frame of an item has no predecessor and is never held). The
    frames of the first `after` after a change are left out so that the term does not slow the move to a
    new chord; the model still has to make that move within them, as the cross-entropy asks."""
    yy = y.numpy()
    t = np.arange(yy.shape[0])
    start = np.zeros(yy.shape[0], dtype=np.int64)  # the frame where each frame's run of one label begins
    changed = np.flatnonzero(yy[1:] != yy[:-1]) + 1
    start[changed] = changed
    start = np.maximum.accumulate(start)
    since = t - start
    return torch.from_numpy((yy >= 0) & (since > 0) & (since >= after))


def jeffreys(logits: torch.Tensor) -> torch.Tensor:
    """[B, C, T] logits -> [B, T - 1] Jeffreys divergence (symmetric KL, nats) between the output
    distributions of frames t - 1 and t: sum over classes of (p_t - p_{t-1}) (log p_t - log p_{t-1})."""
    logp = torch.log_softmax(logits, dim=1)
    dp = logp.exp()[:, :, 1:] - logp.exp()[:, :, :-1]
    return (dp * (logp[:, :, 1:] - logp[:, :, :-1])).sum(dim=1)


class WeightAverage:
    """Uniform running mean of a model's parameters, one sample per `add` (after an optimiser step); `copy`
    is a model of the same shape holding the mean (its buffers are the model's, which never change)."""

    def __init__(self, model: nn.Module):
        self.copy = copy.deepcopy(model)
        self.n = 0

    @torch.no_grad()
    def add(self, model: nn.Module) -> None:
        self.n += 1
        for mean, p in zip(self.copy.parameters(), model.parameters()):
            mean.add_((p.detach() - mean) / self.n)


def windows(items, length: int, rng: random.Random, weights=None, held=None):
    """Random windows of `length` frames covering each item about once per epoch (with each item's frame
    weights when `weights` is given, and its held-frame mask when `held` is given)."""
    out = []
    for i, (x, y) in enumerate(items):
        n = x.shape[0]
        for _ in range(max(1, n // length)):
            s = rng.randrange(0, max(1, n - length))
            w = (weights[i][s:s + length],) if weights is not None else ()
            h = (held[i][s:s + length],) if held is not None else ()
            out.append((x[s:s + length], y[s:s + length], *w, *h))
    rng.shuffle(out)
    return out


def scores(model, items) -> dict:
    """Frame accuracy on labelled frames: exact class, and root + family (N must be N)."""
    model.eval()
    exact = fam = total = 0
    with torch.no_grad():
        for x, y in items:
            p = model(x.T.unsqueeze(0))[0].argmax(dim=0)
            m = y >= 0
            yy, pp = y[m], p[m]
            exact += int((yy == pp).sum())
            def key(c):
                q = (c - 1) // 12
                r = (c - 1) % 12
                famq = torch.tensor(FAMILY)[q.clamp_min(0)]
                return torch.where(c == 0, torch.full_like(c, -1), r * 2 + famq)
            fam += int((key(yy) == key(pp)).sum())
            total += int(m.sum())
    model.train()
    return {"exact": exact / max(1, total), "majmin": fam / max(1, total), "frames": total}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--train", nargs="+", required=True)
    ap.add_argument("--validation", required=True)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--kernel", type=int, default=5)
    ap.add_argument("--dilations", default="1,2,4,8")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--length", type=int, default=256)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--export")
    ap.add_argument("--report")
    ap.add_argument("--change-weight", type=float, default=1.0,
                    help="loss weight of the frames just after each change of label (1 = plain cross-entropy)")
    ap.add_argument("--change-frames", type=int, default=0,
                    help="how many frames from each change of label on get --change-weight")
    ap.add_argument("--consistency", type=float, default=0.0,
                    help="weight of the temporal-consistency term (mean Jeffreys divergence between consecutive "
                         "frames on held frames); 0 = plain cross-entropy")
    ap.add_argument("--consistency-after", type=int, default=24,
                    help="frames after each change of label that the consistency term leaves out")
    ap.add_argument("--average-from", type=int, default=0,
                    help="export the uniform mean of the weights after every step from the start of this epoch "
                         "(1-based) to the end; 0 = the last weights")
    ap.add_argument("--hold-out", default="",
                    help="comma-separated piece names (e.g. guitar-steel-strum): their items, in every file, "
                         "are left out of training and are the validation set instead, to measure how the "
                         "model carries over to instruments it has never heard")
    a = ap.parse_args()
    seed_and_threads(a.seed, a.threads)
    names: list = []
    train = [it for f in a.train for it in load(f, names)]
    val_names: list = []
    val = load(a.validation, val_names)
    held = [h for h in a.hold_out.split(",") if h]
    if held:
        out = lambda n: any(n.startswith(h + "-") for h in held)
        seen = [it for it, n in zip(val, val_names) if not out(n)]
        val = [it for it, n in zip(train, names) if out(n)] + [it for it, n in zip(val, val_names) if out(n)]
        train = [it for it, n in zip(train, names) if not out(n)]
    dil = [int(d) for d in a.dilations.split(",")]
    model = LiveChordNet(a.hidden, a.kernel, dil)
    n_weights = sum(p.numel() for p in model.parameters())
    print(f"{len(train)} training items ({sum(x.shape[0] for x, _ in train)} frames), {len(val)} validation; "
          f"{n_weights} weights, receptive field {model.receptive_field} frames", flush=True)
    weighted = a.change_weight != 1 and a.change_frames > 0
    weights = [change_weights(y, a.change_frames, a.change_weight) for _, y in train] if weighted else None
    held_frames = [held_mask(y, a.consistency_after) for _, y in train] if a.consistency > 0 else None
    opt = torch.optim.Adam(model.parameters(), lr=a.lr)
    rng = random.Random(a.seed)
    steps_per_epoch = math.ceil(len(windows(train, a.length, random.Random(0))) / a.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=a.lr, total_steps=a.epochs * steps_per_epoch + 1)
    if not 0 <= a.average_from <= a.epochs:
        ap.error(f"--average-from must be 0 or an epoch 1..{a.epochs}, got {a.average_from}")
    average = None
    history = []
    for epoch in range(a.epochs):
        if a.average_from and epoch + 1 == a.average_from:
            average = WeightAverage(model)
        ws = windows(train, a.length, rng, weights, held_frames)
        total = 0.0
        for i in range(0, len(ws), a.batch):
            batch = ws[i:i + a.batch]
            x = torch.stack([w[0] for w in batch]).transpose(1, 2)
            y = torch.stack([w[1] for w in batch])
            logits = model(x)
            if weights is None:
                loss = F.cross_entropy(logits, y, ignore_index=-1)
            else:
                w = torch.stack([b[2] for b in batch]) * (y >= 0)
                ce = F.cross_entropy(logits, y.clamp_min(0), reduction="none")
                loss = (ce * w).sum() / w.sum().clamp_min(1e-9)
            if held_frames is not None:
                h = torch.stack([b[-1] for b in batch])[:, 1:].float()
                loss = loss + a.consistency * (jeffreys(logits) * h).sum() / h.sum().clamp_min(1.0)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            if average is not None:
                average.add(model)
            total += float(loss) * len(batch)
        s = scores(model, val)
        mean = {"average": scores(average.copy, val)} if average is not None else {}
        history.append({"epoch": epoch + 1, "loss": total / len(ws), **s, **mean})
        print(json.dumps(history[-1]), flush=True)
    exported = average.copy if average is not None else model  # the weights that export
    report = {
        "model": "live-chords",
        "weights": n_weights,
        "hidden": a.hidden,
        "kernel": a.kernel,
        "dilations": dil,
        "receptive_field_frames": model.receptive_field,
        "seed": a.seed,
        "epochs": a.epochs,
        **({"change_weight": a.change_weight, "change_frames": a.change_frames} if weighted else {}),
        **({"consistency": a.consistency, "consistency_after": a.consistency_after} if held_frames is not None else {}),
        **({"average_from": a.average_from, "averaged_steps": average.n} if average is not None else {}),
        "train_files": a.train,
        "validation_file": a.validation,
        "hold_out": held,
        # with --hold-out: the same model on the validation file's other pieces (instruments it was trained on)
        "seen_instruments": scores(exported, seen) if held else None,
        "validation": {**history[-1], **(history[-1]["average"] if average is not None else {})},
        "history": history,
    }
    if a.export:
        exported.eval()
        example = torch.zeros(1, exported.receptive_field, N_FEATURES)
        torch.onnx.export(Exported(exported), (example,), a.export, input_names=["features"],
                          output_names=["log_probabilities"],
                          dynamic_axes={"features": {1: "frames"}, "log_probabilities": {1: "frames"}},
                          opset_version=ONNX_OPSET)
        blob = open(a.export, "rb").read()
        report["onnx"] = {"bytes": len(blob), "sha256": hashlib.sha256(blob).hexdigest(), "opset": ONNX_OPSET}
        print(f"wrote {a.export} ({len(blob)} bytes)")
    write_report(report, a.report)


if __name__ == "__main__":
    sys.exit(main())
