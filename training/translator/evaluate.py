"""``evaluate``: BLEU/chrF of a SavedModel or a checkpoint on heldout-2021 dev or test."""
from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import tensorflow as tf

from service.text.pipeline import finish_sentence, prepare_sentence
from service.text.repetition import max_output_length
from training.translator.config import TranslatorConfig
from training.translator.data import read_heldout
from training.translator.evaluation import score, translate_ids
from training.translator.prepare import tokenizer_path
from training.translator.tokenizer import Tokenizer


def load_translate(model_path: str, config_path: str | None, average_last: int = 0):
    """``(translate signature-like callable, Tokenizer, config)`` for an export or a checkpoint.

    With ``average_last`` N, ``model_path`` is a checkpoint directory and the model is the
    element-wise average of its last N checkpoints."""
    path = Path(model_path)
    if (path / "saved_model.pb").exists():
        loaded = tf.saved_model.load(str(path))
        extra = path / "assets.extra"
        meta = json.loads((extra / "model.json").read_text())
        cfg = TranslatorConfig.load(extra / "config.json")
        return loaded.signatures["translate"], Tokenizer(extra / meta["tokenizer"]["source"]), cfg
    from training.translator.checkpoints import restore_model
    from training.translator.serving import TranslatorModule
    from training.translator.transformer import build_transformer

    cfg_file = Path(config_path) if config_path else _run_config(path)
    cfg = TranslatorConfig.load(cfg_file)
    model = build_transformer(cfg.model)
    if average_last:
        from training.translator.checkpoints import average_checkpoints

        state = tf.train.get_checkpoint_state(str(path))
        average_checkpoints(model, list(state.all_model_checkpoint_paths)[-average_last:])
    else:
        restore_model(model, model_path)
    module = TranslatorModule(model)
    # The closure keeps the module alive (its tf.function holds only a weak reference).
    return (lambda **kwargs: module.translate(**kwargs)), Tokenizer(tokenizer_path(cfg.data)), cfg


def _run_config(path: Path) -> Path:
    for parent in [path, *path.parents]:
        if (parent / "config.json").exists():
            return parent / "config.json"
    raise FileNotFoundError(f"no config.json above {path}; pass --config")


def evaluate(translate, tokenizer: Tokenizer, sources: list[str], references: list[str], beam_size: int,
             alpha: float, batch_size: int, postprocess: bool = True) -> tuple[dict, list[str]]:
    prepared = [prepare_sentence(s) if postprocess else None for s in sources]
    ids = tokenizer.encode([p.text if p else s for p, s in zip(prepared, sources)])

    def run(batch: np.ndarray):
        limit = max_output_length(batch.shape[1])
        out = translate(source_ids=tf.constant(batch), beam_size=tf.constant(beam_size, tf.int32),
                        max_length=tf.constant(limit, tf.int32), length_penalty=tf.constant(alpha, tf.float32))
        return out["target_ids"].numpy(), out["target_length"].numpy()

    start = time.monotonic()
    outputs = translate_ids(run, ids, batch_size)
    seconds = time.monotonic() - start
    hyps = [tokenizer.decode(o, collapse=postprocess) for o in outputs]
    if postprocess:
        hyps = [finish_sentence(s, p, h) for s, p, h in zip(sources, prepared, hyps)]
    metrics = score(hyps, references)
    metrics.update({"beam_size": beam_size, "length_penalty": alpha, "seconds": round(seconds, 1),
                    "postprocess": postprocess})
    return metrics, hyps


def evaluate_cli(args) -> int:
    translate, tokenizer, cfg = load_translate(args.model, args.config, args.average_last)
    sources, references = read_heldout(cfg.data.heldout_dir, args.split)
    if args.limit:
        sources, references = sources[: args.limit], references[: args.limit]
    metrics, hyps = evaluate(translate, tokenizer, sources, references, args.beam_size, args.length_penalty,
                             args.batch_size, postprocess=not args.no_postprocess)
    metrics.update({"split": args.split, "model": str(args.model), "average_last": args.average_last,
                    "limit": args.limit or len(sources)})
    print(json.dumps(metrics))
    if args.record:
        record = Path(args.model) / "assets.extra" / "metrics.json"
        existing = json.loads(record.read_text()) if record.exists() else {}
        key = f"{args.split}/{'greedy' if args.beam_size == 1 else f'beam{args.beam_size}'}"
        if args.no_postprocess:
            key += "/raw"
        existing[key] = metrics
        record.write_text(json.dumps(existing, indent=2) + "\n", encoding="utf-8")
    if args.output:
        Path(args.output).write_text("\n".join(hyps) + "\n", encoding="utf-8")
    return 0
