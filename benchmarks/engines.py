"""The translator's decoding engines side by side, in one process and one run, on the same sentences.

    python benchmarks/engines.py [--sentences 2000] [--batch1-sentences 200] [--http] [--json out.json]

Engines (the shipped version's weights in every case):
- ``tensorflow``: the SavedModel's ``translate`` graph (KV cache; repeat blocking; GNMT penalty 0.6);
- ``ct2-float32`` and ``ct2-int8``: the peer, CTranslate2 on the derived model as its docs set it
  up on CPU (one worker, an OpenMP thread per core), stock search (``translate_batch`` with its
  default length penalty, no repeat blocking); ``ct2-int8-1t``: the same with one thread;
- ``engine``: what the service runs on CPU (``core.ctranslate2_decoder``: one single-threaded
  worker per core sharing each batch, ids in, hypotheses out, the search settings of
  ``derived.json``).
Each runs greedy and beam 4, batch 1 (the first ``--batch1-sentences``), 32 and 64, on
length-sorted and unsorted (dev order) batches; the output budget is the pipeline's,
``2 × longest source + 10``. It prints sentences/s, target tokens/s (generated tokens, EOS
included), BLEU against heldout-2021/dev (sacrebleu, of the raw decoded pieces) and the ratio
to ct2-int8 in the same setting. With ``--http`` it also starts the service (both models) once
per engine and measures: time to /ready, per-model load and warm-up from its log, RSS at idle
and after the worst allowed request, and ``POST /translate`` throughput under 32 concurrent
clients (requests of 32 texts, and of 1 text) against the engine's own unsorted batch-32 figure.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import sacrebleu  # noqa: E402
import sentencepiece as spm  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))
from engine_http import http_path  # noqa: E402

from core.ctranslate2_decoder import CTranslate2Decoder, cpu_threads  # noqa: E402
from core.manifest import TranslatorManifest  # noqa: E402
from core.manifest import load as load_manifest  # noqa: E402
from core.translation import signature_decoder  # noqa: E402

DEV = REPO.parent / "shared/data/tatoeba-deu-eng/heldout-2021/dev"
Decode = Callable[[list[list[int]], int, int], list[list[int]]]  # (ids batch, beam, budget) -> output ids


def latest_version(root: Path) -> Path:
    return max((p for p in root.iterdir() if p.name.isdigit()), key=lambda p: int(p.name))


def engines(model_dir: Path, manifest: TranslatorManifest, sp: spm.SentencePieceProcessor,
            which: set[str]) -> dict[str, Decode]:
    out: dict[str, Decode] = {}
    derived = model_dir / str(manifest.ctranslate2_dir)
    pieces = [sp.id_to_piece(i) for i in range(sp.get_piece_size())]
    ids = {p: i for i, p in enumerate(pieces)}
    if "tensorflow" in which:
        import tensorflow as tf

        decode_tf = signature_decoder(tf.saved_model.load(str(model_dir)).signatures["translate"], manifest.pad_id)
        alpha = manifest.default_length_penalty
        out["tensorflow"] = lambda batch, beam, budget: [h.ids for h in decode_tf(batch, beam, budget, alpha)]
    import ctranslate2

    peers = {"ct2-float32": ("float32", cpu_threads()), "ct2-int8": ("int8", cpu_threads()), "ct2-int8-1t": ("int8", 1)}
    for name, (quantization, threads) in peers.items():
        if name not in which:
            continue
        translator = ctranslate2.Translator(str(derived), device="cpu", compute_type=quantization,
                                            intra_threads=threads, inter_threads=1)

        def peer(batch: list[list[int]], beam: int, budget: int, translator: Any = translator) -> list[list[int]]:
            results = translator.translate_batch([[pieces[i] for i in s] for s in batch], beam_size=beam,
                                                 max_decoding_length=budget, return_end_token=True)
            return [[ids[t] for t in r.hypotheses[0]] for r in results]

        out[name] = peer
    if "engine" in which:
        decoder = CTranslate2Decoder.open(derived, sp, manifest.eos_id)
        out["engine"] = lambda batch, beam, budget: [h.ids for h in decoder.decode(batch, beam, budget, 0.0)]
    return out


def run(decode: Decode, sources: list[list[int]], batch_size: int, beam: int, sort: bool) -> tuple[float, int, list[list[int]]]:
    order = sorted(range(len(sources)), key=lambda i: len(sources[i])) if sort else list(range(len(sources)))
    outputs: list[list[int]] = [[] for _ in sources]
    started = time.perf_counter()
    for start in range(0, len(order), batch_size):
        rows = order[start: start + batch_size]
        batch = [sources[i] for i in rows]
        for row, hyp in zip(rows, decode(batch, beam, 2 * max(map(len, batch)) + 10), strict=True):
            outputs[row] = hyp
    seconds = time.perf_counter() - started
    return seconds, sum(len(h) for h in outputs), outputs


def bleu(sp: spm.SentencePieceProcessor, outputs: list[list[int]], references: list[str], eos: int) -> float:
    hyps = [sp.decode([t for t in h if t != eos]) for h in outputs]
    return round(sacrebleu.corpus_bleu(hyps, [references]).score, 2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", help="translator export (default: the highest shipped version)")
    parser.add_argument("--sentences", type=int, default=2000, help="first N of heldout-2021 dev")
    parser.add_argument("--batch1-sentences", type=int, default=200, help="sentences for batch 1 (slow engines)")
    parser.add_argument("--engines", default="tensorflow,ct2-float32,ct2-int8,ct2-int8-1t,engine")
    parser.add_argument("--batch-sizes", default="1,32,64")
    parser.add_argument("--beams", default="1,4")
    parser.add_argument("--http", action="store_true", help="also measure the service (start-up, memory, HTTP path)")
    parser.add_argument("--json", help="write every figure here")
    args = parser.parse_args()

    model_dir = Path(args.model) if args.model else latest_version(REPO / "models/translator-en-de")
    manifest = load_manifest(model_dir)
    assert isinstance(manifest, TranslatorManifest) and manifest.ctranslate2_dir, f"{model_dir}: no derived model"
    sp = spm.SentencePieceProcessor(model_file=str(model_dir / "assets.extra" / manifest.tokenizer_file))
    lines = Path(f"{DEV}.en").read_text(encoding="utf-8").splitlines()[: args.sentences]
    references = Path(f"{DEV}.de").read_text(encoding="utf-8").splitlines()[: args.sentences]
    sources = [sp.encode(line) + [manifest.eos_id] for line in lines]
    chosen = engines(model_dir, manifest, sp, set(args.engines.split(",")))
    print(f"model {model_dir}  sentences {len(sources)} (batch 1: {args.batch1_sentences})  "
          f"cores {cpu_threads()}  engines {', '.join(chosen)}", flush=True)
    rows: list[dict[str, Any]] = []
    header = f"{'engine':<12} {'search':>6} {'batch':>5} {'order':>8} {'sent/s':>8} {'tok/s':>8} {'BLEU':>6} {'×int8':>6}"
    print(header, flush=True)
    for beam in map(int, args.beams.split(",")):
        for batch_size in map(int, args.batch_sizes.split(",")):
            for sort in (True, False):
                subset = sources[: args.batch1_sentences] if batch_size == 1 else sources
                refs = references[: len(subset)]
                if batch_size == 1 and not sort:
                    continue  # one sentence per batch: order changes nothing
                setting: list[dict[str, Any]] = []
                for name, decode in chosen.items():
                    run(decode, subset[:batch_size], batch_size, beam, sort)  # warm-up (graph tracing)
                    seconds, tokens, outputs = run(decode, subset, batch_size, beam, sort)
                    setting.append({"engine": name, "search": "greedy" if beam == 1 else f"beam{beam}",
                                    "batch": batch_size, "order": "sorted" if sort else "unsorted",
                                    "sentences": len(subset), "seconds": round(seconds, 2),
                                    "sentences_per_s": round(len(subset) / seconds, 1),
                                    "tokens_per_s": round(tokens / seconds), "bleu": bleu(sp, outputs, refs, manifest.eos_id)})
                peer = next((r for r in setting if r["engine"] == "ct2-int8"), None)
                for r in setting:
                    r["ratio_to_ct2_int8"] = round(r["tokens_per_s"] / peer["tokens_per_s"], 2) if peer else None
                    print(f"{r['engine']:<12} {r['search']:>6} {r['batch']:>5} {r['order']:>8} {r['sentences_per_s']:>8} "
                          f"{r['tokens_per_s']:>8} {r['bleu']:>6} {r['ratio_to_ct2_int8'] or '':>6}", flush=True)
                rows.extend(setting)
    report: dict[str, Any] = {"model": str(model_dir), "cores": cpu_threads(), "engines": rows}
    if args.http:
        report["http"] = asyncio.run(http_path(model_dir.parent.parent, lines, rows))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
