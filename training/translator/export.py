"""``export``: a checkpoint (or the average of several) → SavedModel + ``assets.extra/``."""
from __future__ import annotations

import argparse
import dataclasses
import shutil
import time
from pathlib import Path

import tensorflow as tf

from core.manifest import TranslatorManifest, dump, load
from training.shared import parameter_count
from training.translator.checkpoints import average_checkpoints, restore_model
from training.translator.config import TrainConfig, TranslatorConfig
from training.translator.ctranslate2_export import derive_ctranslate2
from training.translator.prepare import tokenizer_path
from training.translator.serving import TranslatorModule
from training.translator.transformer import build_transformer

MODEL_NAME = "translator-en-de"
TATOEBA_LICENSE = "CC-BY 2.0 training data (tatoeba.org, www.manythings.org/anki)"
DICTIONARY_LICENSE = "GPL-2.0-or-later training data (Ding German-English dictionary, dict.tu-chemnitz.de)"
WRITTEN_LICENSE = "training pairs written for this project (Apache-2.0, as the code)"
SIGNATURES = ["translate", "serving_default", "translate_nbest", "translate_uncached", "attention"]


def training_license(cfg: TranslatorConfig) -> str:
    """The manifest's licence line: every source of training data the config names, then the code's."""
    parts = [TATOEBA_LICENSE]
    parts += [DICTIONARY_LICENSE] if cfg.data.dictionary else []
    parts += [WRITTEN_LICENSE] if cfg.data.written_pairs else []
    return " and ".join(parts) + "; code Apache-2.0"


def translator_manifest(cfg: TranslatorConfig, version: str, tokenizer_file: str, parameters: int,
                        checkpoints: list[str]) -> TranslatorManifest:
    """The manifest of a model trained with ``cfg``; decoding defaults are the manifest's own."""
    m = cfg.model
    return TranslatorManifest(
        name=MODEL_NAME,
        version=version,
        description="English→German Transformer (encoder–decoder) trained on Tatoeba; "
                    "shows its cross- and self-attention.",
        license=training_license(cfg),
        exported=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        parameters=parameters,
        signatures=list(SIGNATURES),
        source_language=cfg.data.source_language,
        target_language=cfg.data.target_language,
        tokenizer_file=tokenizer_file,
        vocab_size=m.vocab_size,
        pad_id=m.pad_id,
        bos_id=m.bos_id,
        eos_id=m.eos_id,
        max_tokens=m.max_position - 1,
        encoder_layers=m.encoder_layers,
        decoder_layers=m.decoder_layers,
        heads=m.num_heads,
        d_model=m.d_model,
        checkpoints=checkpoints,
    )


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
    dump(translator_manifest(cfg, version, tok.name, parameter_count(model), [Path(c).name for c in checkpoints]), out)
    metrics = extra / "metrics.json"
    if not metrics.exists():
        metrics.write_text("{}\n", encoding="utf-8")
    derive_ctranslate2(out)  # the CPU engine's model, made from the variables just written
    return out


# What a re-export carries over from the export it reads (measured quality, data, card).
CARRIED_FILES = ("metrics.json", "data_stats.json", "MODEL_CARD.md")


def reexport(source: Path, out: Path, version: str) -> Path:
    """Export the weights of an existing export again, with this code's signatures.

    No training: the model is built from the source's ``config.json`` and its variables are
    read from the source's ``variables/``. The manifest keeps the source's decoding defaults
    and checkpoint list; metrics, data statistics and the model card are copied.
    """
    source = Path(source)
    extra = source / "assets.extra"
    old = load(source)
    assert isinstance(old, TranslatorManifest)
    cfg = TranslatorConfig.load(extra / "config.json")
    out = export_model(cfg, [str(source)], Path(out), version, tokenizer_file=extra / old.tokenizer_file)
    new = load(out)
    assert isinstance(new, TranslatorManifest)
    dump(dataclasses.replace(old, version=version, exported=new.exported, signatures=new.signatures,
                             ctranslate2_dir=new.ctranslate2_dir), out)
    for name in CARRIED_FILES:
        if (extra / name).exists():
            shutil.copy(extra / name, out / "assets.extra" / name)
    return out


def export_cli(args: argparse.Namespace) -> int:
    if getattr(args, "from_export", None):
        out = reexport(Path(args.from_export), Path(args.out), args.version or Path(args.out).name)
        print(f"re-exported the weights of {args.from_export} to {out}")
        return 0
    checkpoints = list(args.checkpoint or [])
    if args.last:
        if args.run_dir:
            run_dir = Path(args.run_dir)
        elif args.config:
            run_dir = Path(TranslatorConfig.load(Path(args.config)).train.run_dir)
        else:
            run_dir = Path(TrainConfig().run_dir)
        state = tf.train.get_checkpoint_state(str(run_dir / "checkpoints"))
        if state is None:
            raise SystemExit(f"no checkpoints in {run_dir / 'checkpoints'}")
        checkpoints = list(state.all_model_checkpoint_paths)[-args.last:]
    if not checkpoints:
        raise SystemExit("give --checkpoint PREFIX (repeatable) or --last N")
    run_config = Path(args.config) if args.config else Path(checkpoints[0]).parent.parent / "config.json"
    cfg = TranslatorConfig.load(run_config)
    version = args.version or Path(args.out).name
    out = export_model(cfg, checkpoints, Path(args.out), version)
    print(f"exported {len(checkpoints)} checkpoint(s) to {out}")
    return 0
