"""Decoding speed of the shipped translator on CPU: batch 1 vs 32, cached vs uncached, greedy vs beam.

    python benchmarks/translator_speed.py [--model models/translator-en-de/<version>] [--sentences 32]

Uses only TensorFlow + sentencepiece (the SavedModel and its assets), and a fixed, small
number of sentences from heldout-2021 dev, so one run measures every setting the same way.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np  # noqa: E402
import sentencepiece as spm  # noqa: E402
import tensorflow as tf  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from core.manifest import TranslatorManifest  # noqa: E402
from core.manifest import load as load_manifest  # noqa: E402
from core.translation import pad_ids  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
DEV = REPO.parent / "shared/data/tatoeba-deu-eng/heldout-2021/dev.en"


def latest_version(model_root: Path) -> Path:
    """The highest numeric version folder, as the service picks it."""
    versions = [p for p in model_root.iterdir() if p.name.isdigit()]
    if not versions:
        raise SystemExit(f"no numeric version under {model_root}")
    return max(versions, key=lambda p: int(p.name))


def run(signature, batches: list[np.ndarray], beam: int, alpha: float) -> tuple[float, int]:
    tokens = 0
    start = time.perf_counter()
    for batch in batches:
        out = signature(source_ids=tf.constant(batch), beam_size=tf.constant(beam),
                        max_length=tf.constant(int(2 * batch.shape[1] + 10)),
                        length_penalty=tf.constant(alpha))
        tokens += int(out["target_length"].numpy().sum())
    return time.perf_counter() - start, tokens


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", default=None, help="export dir (default: the highest shipped version)")
    parser.add_argument("--dev", default=str(DEV))
    parser.add_argument("--sentences", type=int, default=32, help="sentences per setting (first N of dev)")
    parser.add_argument("--beam-size", type=int, default=4)
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()

    model_dir = Path(args.model) if args.model else latest_version(REPO / "models/translator-en-de")
    manifest = load_manifest(model_dir)
    assert isinstance(manifest, TranslatorManifest), f"{model_dir} is not a translator"
    sp = spm.SentencePieceProcessor(model_file=str(model_dir / "assets.extra" / manifest.tokenizer_file))
    model = tf.saved_model.load(str(model_dir))
    alpha = manifest.default_length_penalty
    lines = Path(args.dev).read_text(encoding="utf-8").splitlines()[: args.sentences]
    ids = [sp.encode(line) + [manifest.eos_id] for line in lines]
    order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
    sorted_ids = [ids[i] for i in order]
    results = []
    print(f"model {model_dir}  sentences {len(ids)}  threads: TF default  cpu count {os.cpu_count()}")
    print(f"{'batch':>5} {'decoding':>9} {'search':>8} {'sent/s':>8} {'tok/s':>8} {'seconds':>8}")
    for batch_size in (1, 32):
        batches = [pad_ids(sorted_ids[i: i + batch_size]) for i in range(0, len(sorted_ids), batch_size)]
        for name, sig_name in (("cached", "translate"), ("uncached", "translate_uncached")):
            signature = model.signatures[sig_name]
            for search, beam in (("greedy", 1), (f"beam{args.beam_size}", args.beam_size)):
                run(signature, batches[:1], beam, alpha)  # warm-up (first call optimises the graph)
                seconds, tokens = run(signature, batches, beam, alpha)
                row = {"batch": batch_size, "decoding": name, "search": search, "sentences": len(ids),
                       "sentences_per_s": round(len(ids) / seconds, 2),
                       "target_tokens_per_s": round(tokens / seconds, 1), "seconds": round(seconds, 2)}
                results.append(row)
                print(f"{batch_size:>5} {name:>9} {search:>8} {row['sentences_per_s']:>8} "
                      f"{row['target_tokens_per_s']:>8} {row['seconds']:>8}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
