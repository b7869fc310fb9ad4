#!/usr/bin/env python3
"""Fine-tune the engine's key model on Live's own key windows and export it to ONNX.

    /usr/bin/python3 packages/analysis/train/train_live_key_model.py --train FILE [FILE ...] \
        --validation FILE [FILE ...] [--init packages/analysis/models/key.onnx] [--no-opening] [--epochs 8] \
        [--lr 1e-3] [--batch 32] [--seed 1] [--threads 1] [--export out.onnx] [--report out.json]

A training FILE written FILE@N is taken N times per epoch (its songs counted once).

Data: the windows of `dump-live-key-windows.ts` (band songs of POP909, MIT, and the McGill Billboard
charts, CC0, rendered by `render-corpus.ts` with MIT soundfonts and played through Live's chroma front end;
each window is what `LiveKeyFinder.modelInput()` gives the key model, with the song's key), and of
`make-live-folder.ts`'s instrument and ukulele pieces (MIT soundfonts). Training files come from the corpus's
training split and `make-live-folder`'s training seed offsets (2–25), the validation files from the validation
split (the split of `train_common.is_validation`, by song) and the validation offsets (1, 101–104); nothing
here reads the evaluation sets.

Model: the shipped key model's architecture (`train_key_model.KeyNet`, "hybrid", hidden 32, kernel 17),
started from its exported weights (`--init`) and trained further with cross-entropy on the windows (Adam,
cosine schedule); `--no-opening` pools the window evenly instead of with the opening emphasis (Live's first
bins are its oldest seconds, not a piece's opening). The softmax temperature is fitted on the validation
windows after training (Guo et al. 2017), as for the shipped model. The one number models are chosen by is
the mean MIREX weighted score over the validation windows (`selection_score`), the windows' analogue of the
runner's key over time; the report also gives the started-from model's score, with and without the opening
emphasis, on the same windows. With several `--validation` files (say band songs, instrument pieces and
ukulele pieces) each is scored alone (`validation_sets`), and the score, the temperature and the
started-from figures are those of all their windows pooled; with one file the run is as it was before.
"""
import argparse
import json
import math
import random
import sys

import numpy as np
import torch
import torch.nn.functional as F

from train_common import write_report
from train_key_model import KeyNet, export_key_onnx, load_onnx_weights, mirex


def load_windows(prefix: str):
    """The windows of one `dump-live-key-windows.ts` output: x [N, B, 24], w [N, B], y [N], ends [N]."""
    with open(f"{prefix}.json") as fh:
        meta = json.load(fh)
    n, b = meta["windows"], meta["bins"]
    x = np.fromfile(f"{prefix}.x.f32", dtype="<f4").reshape(n, b, 24)
    w = np.fromfile(f"{prefix}.w.f32", dtype="<f4").reshape(n, b)
    y = np.fromfile(f"{prefix}.y.i16", dtype="<i2").astype(np.int64)
    item = np.fromfile(f"{prefix}.item.i32", dtype="<i4")
    return {
        "x": torch.from_numpy(x.copy()),
        "w": torch.from_numpy(w.copy()),
        "y": torch.from_numpy(y),
        "ends": np.asarray(meta["ends"], dtype=np.float64),
        "item": item,
        "items": len(meta["items"]),
    }


def concat(parts):
    """Several window sets as one (item indices kept apart)."""
    out = {k: torch.cat([p[k] for p in parts]) for k in ("x", "w", "y")}
    out["ends"] = np.concatenate([p["ends"] for p in parts])
    offset, items = 0, []
    for p in parts:
        items.append(p["item"] + offset)
        offset += p["items"]
    out["item"] = np.concatenate(items)
    out["items"] = offset
    return out


@torch.no_grad()
def evaluate(model, data, batch: int = 256):
    """Mean MIREX weighted score and exact accuracy over the windows, overall and by the window's end time."""
    model.eval()
    preds = []
    for a in range(0, len(data["y"]), batch):
        p = model(data["x"][a : a + batch], data["w"][a : a + batch])
        preds.append(p.argmax(dim=1))
    k = torch.cat(preds).tolist()
    y = data["y"].tolist()
    scores = np.array([mirex(r, e) for r, e in zip(y, k)])
    ends = data["ends"]
    spans = {"10-20 s": (10, 20), "20-30 s": (20, 30), "30 s on": (30, 1e9)}
    return {
        "weighted": float(scores.mean()),
        "exact": float(np.mean([int(r == e) for r, e in zip(y, k)])),
        "windows": len(y),
        "by_end": {
            name: float(scores[(ends >= lo - 1e-6) & (ends < hi - 1e-6)].mean())
            for name, (lo, hi) in spans.items()
            if ((ends >= lo - 1e-6) & (ends < hi - 1e-6)).any()
        },
    }


def load_spec(spec: str):
    """A `--train` argument: FILE, or FILE@N for FILE's windows N times per epoch (N ≥ 1)."""
    path, _, times = spec.rpartition("@")
    if path and times.isdigit() and int(times) >= 1:
        return load_windows(path), int(times)
    return load_windows(spec), 1


def repeated(parts):
    """Training sets as one, each (windows, N) with its windows N times over (its items counted once)."""
    out = concat([p for p, _ in parts])
    offsets = np.cumsum([0] + [p["items"] for p, _ in parts[:-1]])
    extra = [(p, offset) for (p, n), offset in zip(parts, offsets) for _ in range(n - 1)]
    if extra:
        for key in ("x", "w", "y"):
            out[key] = torch.cat([out[key]] + [p[key] for p, _ in extra])
        out["ends"] = np.concatenate([out["ends"]] + [p["ends"] for p, _ in extra])
        out["item"] = np.concatenate([out["item"]] + [p["item"] + offset for p, offset in extra])
    return out


def fit_temperature(model, data):
    """Temperature scaling on the validation windows (minimises their negative log-likelihood)."""
    with torch.no_grad():
        logits = torch.cat(
            [model.logits(data["x"][a : a + 256], data["w"][a : a + 256]) for a in range(0, len(data["y"]), 256)]
        )
    best = (float("inf"), 0.0)
    for i in range(-30, 31):
        lt = i / 20
        loss = float(F.cross_entropy(logits / math.exp(lt), data["y"]))
        if loss < best[0]:
            best = (loss, lt)
    model.log_temperature.fill_(best[1])
    return math.exp(best[1])


def make(opening: bool, init: str):
    model = KeyNet("hybrid", 32, 17, opening, True)
    if init:
        load_onnx_weights(model, init)
    return model


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--train", nargs="+", required=True, help="FILE or FILE@N (FILE's windows N times per epoch)")
    ap.add_argument("--validation", nargs="+", required=True)
    ap.add_argument("--init", default="packages/analysis/models/key.onnx")
    ap.add_argument("--no-opening", action="store_true", help="pool the window evenly")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--export", default="")
    ap.add_argument("--report", default="")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rnd = random.Random(args.seed)
    train = repeated([load_spec(p) for p in args.train])
    val_sets = {p: load_windows(p) for p in args.validation}
    val = concat(list(val_sets.values()))
    print(f"{len(train['y'])} training windows of {train['items']} songs, {len(val['y'])} validation windows of {val['items']} songs")
    started = {
        "opening": evaluate(make(True, args.init), val),
        "even": evaluate(make(False, args.init), val),
    }
    if len(val_sets) > 1:
        started["sets"] = {p: evaluate(make(not args.no_opening, args.init), v) for p, v in val_sets.items()}
    print(f"started from {args.init}: {json.dumps(started)}")
    model = make(not args.no_opening, args.init)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=args.lr, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=max(1, args.epochs))
    n = len(train["y"])
    for epoch in range(args.epochs):
        model.train()
        order = list(range(n))
        rnd.shuffle(order)
        total = 0.0
        for a in range(0, n, args.batch):
            idx = torch.tensor(order[a : a + args.batch])
            loss = F.cross_entropy(model.logits(train["x"][idx], train["w"][idx]), train["y"][idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss) * len(idx)
        sched.step()
        v = evaluate(model, val)
        each = "".join(f", {p}: {evaluate(model, d)['weighted']:.4f}" for p, d in val_sets.items()) if len(val_sets) > 1 else ""
        print(f"epoch {epoch + 1}: train loss {total / n:.3f}, validation weighted {v['weighted']:.4f} exact {v['exact']:.4f}{each}")
    temperature = fit_temperature(model, val)
    report = {
        "init": args.init,
        "opening": not args.no_opening,
        "epochs": args.epochs,
        "lr": args.lr,
        "batch": args.batch,
        "seed": args.seed,
        "temperature": temperature,
        "train_windows": n,
        "train_songs": train["items"],
        "started_from": started,
        "validation": evaluate(model, val),
    }
    if len(val_sets) > 1:
        report["validation_sets"] = {p: evaluate(model, v) for p, v in val_sets.items()}
    report["selection_score"] = report["validation"]["weighted"]
    report["command"] = "python3 packages/analysis/train/train_live_key_model.py " + " ".join(sys.argv[1:])
    if args.export:
        report["onnx"] = export_key_onnx(model, args.export)
    print(json.dumps(report, indent=1))
    write_report(report, args.report)


if __name__ == "__main__":
    main()
