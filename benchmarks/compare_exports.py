"""Do two translator exports decode alike? ``translate`` of both on the first N dev sentences.

    python benchmarks/compare_exports.py models/translator-en-de/2 models/translator-en-de/3 --limit 200

Prints how many sentences got identical ids and scores (beam 4 and greedy), and, where the
second export has ``translate_nbest``, whether its first hypothesis equals ``translate``.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import sentencepiece as spm
import tensorflow as tf

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from core.translation import pad_ids  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--data", default=str(REPO.parent / "shared/data/tatoeba-deu-eng/heldout-2021/dev.en"))
    args = parser.parse_args()
    sentences = Path(args.data).read_text(encoding="utf-8").splitlines()[: args.limit]
    sp = spm.SentencePieceProcessor(model_file=str(Path(args.first) / "assets.extra/spm-joint-en-de.model"))
    ids = [[*sp.encode(s), 3] for s in sentences]
    first, second = tf.saved_model.load(args.first), tf.saved_model.load(args.second)
    for beam in (4, 1):
        same = 0
        nbest_same = 0
        for start in range(0, len(ids), 32):
            batch = pad_ids(ids[start: start + 32])
            kw = dict(source_ids=batch, beam_size=np.int32(beam), max_length=np.int32(80),
                      length_penalty=np.float32(0.6))
            a = {k: v.numpy() for k, v in first.signatures["translate"](**kw).items()}
            b = {k: v.numpy() for k, v in second.signatures["translate"](**kw).items()}
            for row in range(len(batch)):
                n = a["target_length"][row]
                same += int(n == b["target_length"][row] and np.array_equal(a["target_ids"][row, :n], b["target_ids"][row, :n])
                            and a["score"][row] == b["score"][row])
            if "translate_nbest" in second.signatures:
                c = {k: v.numpy() for k, v in second.signatures["translate_nbest"](**kw, num_hypotheses=np.int32(3)).items()}
                for row in range(len(batch)):
                    n = a["target_length"][row]
                    nbest_same += int(n == c["target_length"][row, 0]
                                      and np.array_equal(a["target_ids"][row, :n], c["target_ids"][row, 0, :n])
                                      and a["score"][row] == c["score"][row, 0])
        print(f"beam {beam}: translate identical on {same}/{len(ids)}; "
              f"translate_nbest's first = translate on {nbest_same}/{len(ids)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
