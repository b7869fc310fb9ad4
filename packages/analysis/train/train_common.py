"""What the two training scripts share (train_key_model.py, train_chord_model.py): reading the corpus of
`render-corpus.ts`, the validation split, the root rotations of the 24 chroma features, the report's data
section and the ONNX export. Imported by the scripts, which Python runs from this folder:

    from train_common import is_validation, read_corpus, ...
"""
import hashlib
import json
import os
import zlib
from typing import Any, Iterator, Sequence

import torch

# The ONNX opset both models are exported with (onnxruntime-web and onnxruntime-node both run it).
ONNX_OPSET = 13


def is_validation(name: str) -> bool:
    """Whether a song ("<corpus>-<id>") is in the validation split: crc32 % 10 == 0 (about 10 %, by song)."""
    return zlib.crc32(name.encode()) % 10 == 0


def read_corpus(data_dir: str) -> Iterator[dict]:
    """The parsed JSON files of `render-corpus.ts` in `data_dir` (every *.json), in file-name order."""
    for f in sorted(os.listdir(data_dir)):
        if not f.endswith(".json"):
            continue
        with open(os.path.join(data_dir, f)) as fh:
            yield json.load(fh)


def rotation_index() -> torch.Tensor:
    """[12, 24] gather indices: rotation r puts pitch class r at index 0, for the treble and bass halves."""
    idx = torch.zeros(12, 24, dtype=torch.long)
    for r in range(12):
        for i in range(12):
            idx[r, i] = (i + r) % 12
            idx[r, 12 + i] = 12 + (i + r) % 12
    return idx


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
