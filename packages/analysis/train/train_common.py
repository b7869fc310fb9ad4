"""What the two training scripts share (train_key_model.py, train_chord_model.py): reading the corpus of
`render-corpus.ts`, the validation split, the root rotations of the 24 chroma features, the report's data
section and the ONNX export. Imported by the scripts, which Python runs from this folder:

    from train_common import is_validation, read_corpus, ...
"""
import hashlib
import json
import os
import random
import zlib
from typing import Any, Iterator, Sequence

import torch

# The ONNX opset both models are exported with (onnxruntime-web and onnxruntime-node both run it).
ONNX_OPSET = 13


def is_validation(name: str) -> bool:
    """Whether a song ("<corpus>-<id>") is in the validation split: crc32 % 10 == 0 (about 10 %, by song).
    A rendering of a song under another name ("<corpus>-<id>~<variant>", e.g. a copy without drums) goes
    with its song."""
    return zlib.crc32(name.split("~")[0].encode()) % 10 == 0


def seed_and_threads(seed: int, threads: int) -> None:
    """Seed Python's and PyTorch's generators and set PyTorch's CPU threads (0: one per core)."""
    random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads or max(1, os.cpu_count() or 1))


def split(songs: Sequence[dict]) -> tuple[list, list]:
    """(training songs, validation songs) by `is_validation` of each song's "name"."""
    return [s for s in songs if not is_validation(s["name"])], [s for s in songs if is_validation(s["name"])]


def read_corpus(data_dir: str, mix_suppression: str = "") -> Iterator[dict]:
    """The parsed JSON files of `render-corpus.ts` in `data_dir` (every *.json), in file-name order.
    With `mix_suppression` (a strength as written to `render-corpus.ts --mix-suppression-variants`), each
    song's key-model input `features` is its `featuresBySuppression[mix_suppression]`; a song without it
    raises ValueError."""
    for f in sorted(os.listdir(data_dir)):
        if not f.endswith(".json"):
            continue
        with open(os.path.join(data_dir, f)) as fh:
            d = json.load(fh)
        if mix_suppression:
            variants = d.get("featuresBySuppression") or {}
            if mix_suppression not in variants:
                raise ValueError(f"{f}: no key input at mix suppression {mix_suppression} (render with --mix-suppression-variants)")
            d["features"] = variants[mix_suppression]
        yield d


N_PITCH = 72  # semitones C1..B6 of the beat-synchronous spectrum (src/features.ts)


def read_spectrum(data_dir: str, song: dict, beats: int) -> "torch.Tensor | None":
    """A song's beat-synchronous log semitone spectrum [beats, 72] from `<corpus>-<id>.semi.i16` beside its
    JSON (`render-corpus.ts --pitch-spectrum`, int16 x 1000), or None when the file is missing or its size
    is not beats x 72."""
    f = os.path.join(data_dir, f"{song['corpus']}-{song['id']}.semi.i16")
    if not os.path.exists(f):
        return None
    with open(f, "rb") as fh:
        raw = torch.frombuffer(bytearray(fh.read()), dtype=torch.int16).float() / 1000
    return raw.view(beats, N_PITCH) if raw.numel() == beats * N_PITCH else None


def rotation_index() -> torch.Tensor:
    """[12, 24] gather indices: rotation r puts pitch class r at index 0, for the treble and bass halves."""
    idx = torch.zeros(12, 24, dtype=torch.long)
    for r in range(12):
        for i in range(12):
            idx[r, i] = (i + r) % 12
            idx[r, 12 + i] = 12 + (i + r) % 12
    return idx


def record_like(x: torch.Tensor, gen: torch.Generator, treble_max: bool = False) -> torch.Tensor:
    """Per-beat chroma features [T, 24] (12 treble, then 12 bass) degraded the ways a record's chroma
    differs from a clean rendering's, every choice drawn from `gen` (one song's worth):
    - timbre: each pitch class's energy scaled by a song-wide factor exp(N(0, 0.25)) (which overtones of
      which instruments land where);
    - an unreliable bass (kick drum, a bass mixed low): on a third of the songs the bass half is replaced by
      the treble's on 20-80 % of the beats;
    - a foreground voice with non-chord tones: on 30-70 % of the beats a pitch class drawn at random gets
      0.1-0.4 of the treble's mass;
    - a broadband floor (drums, distortion, reverb tails): each half mixed with the flat distribution at a
      song-wide share 0-0.5 plus a per-beat jitter of up to 0.1.
    Works on each half normalised to sum 1 and returns that, or with `treble_max` the chord model's
    convention (treble scaled to a maximum of 1, bass to sum 1). All-zero (silent) beats stay zero. The
    same for the key model (training and its stressed validation) and the chord model."""
    T = x.shape[0]
    h = x.reshape(T, 2, 12).clamp_min(0).clone()
    silent = h.sum(dim=(1, 2)) <= 0
    u = lambda a, b: a + (b - a) * float(torch.rand((), generator=gen))
    h = h * torch.exp(0.25 * torch.randn(12, generator=gen))
    h = h / h.sum(dim=2, keepdim=True).clamp_min(1e-9)
    if u(0, 1) < 1 / 3:
        sel = torch.rand(T, generator=gen) < u(0.2, 0.8)
        h[sel, 1] = h[sel, 0]
    voiced = (torch.rand(T, generator=gen) < u(0.3, 0.7)).unsqueeze(1)
    spike = torch.zeros(T, 12)
    spike[torch.arange(T), torch.randint(0, 12, (T,), generator=gen)] = 1.0
    mass = (0.1 + 0.3 * torch.rand(T, generator=gen)).unsqueeze(1)
    h[:, 0] = torch.where(voiced, (1 - mass) * h[:, 0] + mass * spike, h[:, 0])
    floor = (u(0, 0.5) + 0.1 * torch.rand(T, 1, 1, generator=gen)).clamp(0, 0.6)
    h = (1 - floor) * h + floor / 12
    if treble_max:
        h[:, 0] = h[:, 0] / h[:, 0].max(dim=1, keepdim=True).values.clamp_min(1e-12)
    h[silent] = 0
    return h.reshape(T, 24)


def data_report(songs: Sequence[dict]) -> dict:
    """The report's "data" section: songs per corpus, the split and the licences of what was rendered."""
    return {
        "corpora": {c: sum(1 for s in songs if s["corpus"] == c) for c in sorted({s["corpus"] for s in songs})},
        "split": "validation = crc32('<corpus>-<id>') % 10 == 0, by song",
        "licences": {"pop909": "MIT", "billboard": "CC0", "soundfonts": "FluidR3_GM (MIT), MuseScore General (MIT)"},
    }


def export_onnx(
    model: torch.nn.Module,
    example: tuple,
    path: str,
    input_names: Sequence[str],
    output_names: Sequence[str],
    dynamic_axes: dict,
) -> dict:
    """Export `model` (put in eval mode) to ONNX at `path` with opset ONNX_OPSET, traced on `example`.

    Returns the report's "onnx" section: the file's size in bytes, its SHA-256 and the opset.
    """
    model.eval()
    torch.onnx.export(
        model,
        example,
        path,
        input_names=list(input_names),
        output_names=list(output_names),
        dynamic_axes=dynamic_axes,
        opset_version=ONNX_OPSET,
    )
    with open(path, "rb") as fh:
        blob = fh.read()
    print(f"wrote {path} ({len(blob)} bytes)")
    return {"bytes": len(blob), "sha256": hashlib.sha256(blob).hexdigest(), "opset": ONNX_OPSET}


def write_report(report: Any, path: str | None) -> None:
    """Write the report as indented JSON with a final newline (nothing when `path` is empty)."""
    if not path:
        return
    with open(path, "w") as fh:
        json.dump(report, fh, indent=1)
        fh.write("\n")
