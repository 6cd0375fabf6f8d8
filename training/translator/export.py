"""``export``: a checkpoint (or the average of several) → SavedModel + ``assets.extra/``."""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import tensorflow as tf

from training.translator.checkpoints import average_checkpoints, restore_model
from training.translator.config import TranslatorConfig
from training.translator.prepare import tokenizer_path
from training.translator.serving import TranslatorModule
from training.translator.transformer import build_transformer, parameter_count

MODEL_NAME = "translator-en-de"
DEFAULT_BEAM_SIZE = 4
DEFAULT_LENGTH_PENALTY = 0.6


def model_metadata(cfg: TranslatorConfig, version: str, tokenizer_file: str, parameters: int,
                   checkpoints: list[str]) -> dict:
    m = cfg.model
    return {
        "name": MODEL_NAME,
        "version": version,
        "kind": "translator",
        "description": "English→German Transformer (encoder–decoder) trained on Tatoeba; "
                       "shows its cross- and self-attention.",
        "source_language": "en",
        "target_language": "de",
        "languages": {"source": "en", "target": "de"},
        "pad_id": m.pad_id,
        "bos_id": m.bos_id,
        "eos_id": m.eos_id,
        "vocab_size": m.vocab_size,
        "tokenizer": {"type": "sentencepiece-bpe", "source": tokenizer_file, "target": tokenizer_file},
        "default_beam_size": DEFAULT_BEAM_SIZE,
        "default_length_penalty": DEFAULT_LENGTH_PENALTY,
        "max_length": m.max_position - 1,
        "layers": {"encoder": m.encoder_layers, "decoder": m.decoder_layers},
        "heads": m.num_heads,
        "parameters": parameters,
        "signatures": ["translate", "serving_default", "translate_uncached", "attention"],
        "checkpoints": checkpoints,
        "exported": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "license": "CC-BY 2.0 training data (tatoeba.org, www.manythings.org/anki); code Apache-2.0",
    }


def export_model(cfg: TranslatorConfig, checkpoints: list[str], out: Path, version: str = "1",
                 tokenizer_file: Path | None = None) -> Path:
    model = build_transformer(cfg.model)
    if len(checkpoints) == 1:
        restore_model(model, checkpoints[0])
    else:
        average_checkpoints(model, checkpoints)
    out = Path(out)
    if out.exists():
        shutil.rmtree(out)
    module = TranslatorModule(model)
    module.save(str(out))
    extra = out / "assets.extra"
    extra.mkdir(exist_ok=True)
    tok = Path(tokenizer_file or tokenizer_path(cfg.data))
    shutil.copy(tok, extra / tok.name)
    cfg.save(extra / "config.json")
    meta = model_metadata(cfg, version, tok.name, parameter_count(model), [Path(c).name for c in checkpoints])
    (extra / "model.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    metrics = extra / "metrics.json"
    if not metrics.exists():
        metrics.write_text("{}\n", encoding="utf-8")
    return out


def export_cli(args) -> int:
    run_config = Path(args.config) if args.config else None
    checkpoints = list(args.checkpoint or [])
    if args.last:
        state = tf.train.get_checkpoint_state("runs/translator/checkpoints")
        checkpoints = list(state.all_model_checkpoint_paths)[-args.last:]
    if not checkpoints:
        raise SystemExit("give --checkpoint PREFIX (repeatable) or --last N")
    if run_config is None:
        run_config = Path(checkpoints[0]).parent.parent / "config.json"
    cfg = TranslatorConfig.load(run_config)
    version = args.version or Path(args.out).name
    out = export_model(cfg, checkpoints, Path(args.out), version)
    print(f"exported {len(checkpoints)} checkpoint(s) to {out}")
    return 0
