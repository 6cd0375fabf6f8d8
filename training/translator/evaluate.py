"""``evaluate``: BLEU/chrF of a SavedModel or a checkpoint on heldout-2021 dev or test.

The translations come from the shared pipeline (``core.translation``), the same code as
``POST /translate``: what is reported here is what the service returns.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import time
from pathlib import Path

import tensorflow as tf

from core import engines
from core import manifest as model_format
from core.ctranslate2_decoder import CTranslate2Decoder
from core.manifest import EXTRA_DIR, TranslatorManifest
from core.translation import (
    BATCH_SIZE,
    NBestDecodeFn,
    TranslationPipeline,
    TranslationResult,
    signature_decoder,
    signature_nbest_decoder,
)
from training.translator.casing import BOTH, casual_source
from training.translator.config import TranslatorConfig
from training.translator.data import read_split
from training.translator.evaluation import score
from training.translator.prepare import tokenizer_path
from training.translator.tokenizer import Tokenizer


def load_pipeline(model_path: str, config_path: str | None = None, average_last: int = 0,
                  batch_size: int = BATCH_SIZE, engine: str = "auto") -> tuple[TranslationPipeline, TranslatorConfig]:
    """The translation pipeline of an export, or of a checkpoint (with ``average_last`` N: the
    element-wise average of the last N checkpoints of the directory ``model_path``). An export
    decodes with the engine the service would pick for it (``core.engines``; ``auto``: its derived
    CTranslate2 model on CPU); a checkpoint with the TensorFlow graph."""
    path = Path(model_path)
    nbest: NBestDecodeFn | None = None
    if engine != "tensorflow" and (path / "saved_model.pb").exists():
        manifest = model_format.load(path)
        if not isinstance(manifest, TranslatorManifest):
            raise SystemExit(f"{path} is not a translator")
        gpu = bool(tf.config.list_physical_devices("GPU"))
        choice = engines.choose_engine(engine, engines.derived_model(path, manifest), engines.ctranslate2_installed(), gpu)
        if choice.directory is not None:
            return _ctranslate2_pipeline(path, manifest, choice.directory, batch_size)
    if (path / "saved_model.pb").exists():
        manifest = model_format.load(path)
        if not isinstance(manifest, TranslatorManifest):
            raise SystemExit(f"{path} is not a translator")
        loaded = tf.saved_model.load(str(path))
        translate = loaded.signatures["translate"]
        if "translate_nbest" in loaded.signatures:  # as the service decodes it (service/models/translator.py)
            nbest = signature_nbest_decoder(loaded.signatures["translate_nbest"], manifest.pad_id)
        cfg = TranslatorConfig.load(path / EXTRA_DIR / "config.json")
        tokenizer = Tokenizer(path / EXTRA_DIR / manifest.tokenizer_file)
    else:
        from training.translator.checkpoints import average_checkpoints, restore_model
        from training.translator.export import translator_manifest
        from training.translator.serving import TranslatorModule
        from training.translator.transformer import build_transformer

        cfg = TranslatorConfig.load(Path(config_path) if config_path else _run_config(path))
        model = build_transformer(cfg.model)
        if average_last:
            state = tf.train.get_checkpoint_state(str(path))
            average_checkpoints(model, list(state.all_model_checkpoint_paths)[-average_last:])
        else:
            restore_model(model, model_path)
        module = TranslatorModule(model)
        # The closure keeps the module alive (its tf.function holds only a weak reference).
        translate = lambda **inputs: module.translate(**inputs)  # noqa: E731
        tokenizer = Tokenizer(tokenizer_path(cfg.data))
        manifest = translator_manifest(cfg, "checkpoint", tokenizer.model_file.name, 0, [path.name])
    return TranslationPipeline(manifest, tokenizer.sp, signature_decoder(translate, manifest.pad_id),
                               batch_size, nbest), cfg


def _ctranslate2_pipeline(path: Path, manifest: TranslatorManifest, directory: Path,
                          batch_size: int) -> tuple[TranslationPipeline, TranslatorConfig]:
    tokenizer = Tokenizer(path / EXTRA_DIR / manifest.tokenizer_file)
    decoder = CTranslate2Decoder.open(directory, tokenizer.sp, manifest.eos_id)
    cfg = TranslatorConfig.load(path / EXTRA_DIR / "config.json")
    return TranslationPipeline(manifest, tokenizer.sp, decoder.decode, batch_size, decoder.decode_nbest), cfg


def engine_of(pipeline: TranslationPipeline) -> tuple[str, float]:
    """Which engine the pipeline decodes with, and the length penalty that engine applies
    (CTranslate2's own exponent from derived.json, or the manifest's GNMT alpha)."""
    decoder = getattr(pipeline.decode, "__self__", None)
    if isinstance(decoder, CTranslate2Decoder):
        return "ctranslate2", decoder.engine.length_penalty
    return "tensorflow", pipeline.manifest.default_length_penalty


def _run_config(path: Path) -> Path:
    for parent in [path, *path.parents]:
        if (parent / "config.json").exists():
            return parent / "config.json"
    raise FileNotFoundError(f"no config.json above {path}; pass --config")


def evaluate(pipeline: TranslationPipeline, sources: list[str], references: list[str],
             beam_size: int | None = None) -> tuple[dict[str, object], list[str]]:
    """Corpus BLEU/chrF of the pipeline's translations (a refused text counts as empty)."""
    start = time.monotonic()
    outcomes = pipeline.translate(sources, beam_size=beam_size)
    seconds = time.monotonic() - start
    hyps = [o.translation if isinstance(o, TranslationResult) else "" for o in outcomes]
    metrics: dict[str, object] = dict(score(hyps, references, sources))
    metrics.update({
        "beam_size": pipeline.manifest.default_beam_size if beam_size is None else beam_size,
        "length_penalty": pipeline.manifest.default_length_penalty,
        "refused": sum(not isinstance(o, TranslationResult) for o in outcomes),
        "seconds": round(seconds, 1),
        "pipeline": "core.translation (as POST /translate)",
    })
    return metrics, hyps


def evaluate_cli(args: argparse.Namespace) -> int:
    pipeline, cfg = load_pipeline(args.model, args.config, args.average_last, args.batch_size,
                                  getattr(args, "engine", "auto"))
    if args.length_penalty is not None:
        pipeline.manifest = dataclasses.replace(pipeline.manifest, default_length_penalty=args.length_penalty)
    sources, references = read_split(cfg.data.heldout_dir, args.split)
    if args.limit:
        sources, references = sources[: args.limit], references[: args.limit]
    if getattr(args, "casual", False):  # issue 10's measure: lower-cased, no final punctuation
        sources = [casual_source(s, BOTH) for s in sources]
    metrics, hyps = evaluate(pipeline, sources, references, args.beam_size)
    engine, penalty = engine_of(pipeline)
    metrics["length_penalty"] = penalty
    split = f"{args.split}-casual" if getattr(args, "casual", False) else args.split
    metrics.update({"split": split, "model": str(args.model), "average_last": args.average_last,
                    "engine": engine,
                    "limit": args.limit or len(sources)})
    print(json.dumps(metrics))
    if args.record:
        record = Path(args.model) / EXTRA_DIR / "metrics.json"
        existing = json.loads(record.read_text()) if record.exists() else {}
        beam = metrics["beam_size"]
        engine = "" if metrics["engine"] == "tensorflow" else f"/{metrics['engine']}"
        existing[f"{split}/{'greedy' if beam == 1 else f'beam{beam}'}{engine}"] = metrics
        record.write_text(json.dumps(existing, indent=2) + "\n", encoding="utf-8")
    if args.output:
        Path(args.output).write_text("\n".join(hyps) + "\n", encoding="utf-8")
    return 0
