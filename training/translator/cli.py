"""``python -m training translator prepare|train|evaluate|export|to-keras-weights|from-keras-weights ...``."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from training.translator.config import DataConfig, TranslatorConfig, override
from training.translator.data import SPLITS


def _config(args: argparse.Namespace) -> TranslatorConfig:
    cfg = TranslatorConfig.load(Path(args.config)) if getattr(args, "config", None) else TranslatorConfig()
    override(cfg, getattr(args, "set", None) or [])
    return cfg


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m training translator")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("prepare", help="clean data, train the SentencePiece model, encode")
    p.add_argument("--config")
    p.add_argument("--set", action="append", help="section.key=value override")
    p.add_argument("--keep-tokenizer", action="store_true",
                   help="reuse the existing SentencePiece model (ids a checkpoint depends on)")

    t = sub.add_parser("train", help="train (or resume) the Transformer")
    t.add_argument("--config")
    t.add_argument("--set", action="append", help="section.key=value override")
    t.add_argument("--resume", action="store_true", help="continue from the run's last checkpoint")
    t.add_argument("--warm-start", help="shipped model dir (…/1) or checkpoint to start from")
    t.add_argument("--time-budget-minutes", type=float)
    t.add_argument("--max-steps", type=int, default=0)

    e = sub.add_parser("evaluate", help="BLEU/chrF on a held-out split")
    e.add_argument("model", help="SavedModel dir (models/translator-en-de/2) or checkpoint prefix")
    e.add_argument("--config", help="config.json (for checkpoints; default: the run's)")
    e.add_argument("--split", default="dev", choices=list(SPLITS),
                   help="heldout-2021 dev/test, or newstest2013 (news, out of domain; ../shared/data/news-dev)")
    e.add_argument("--casual", action="store_true",
                   help="sources lower-cased and without final punctuation (references unchanged)")
    e.add_argument("--beam-size", type=int, help="1 = greedy (default: the model's, as the service)")
    e.add_argument("--length-penalty", type=float, help="default: the model's (model.json)")
    e.add_argument("--limit", type=int, default=0, help="first N sentences only")
    e.add_argument("--batch-size", type=int, default=32, help="sentences per model call (the service's: 32)")
    e.add_argument("--output", help="write hypotheses here")
    e.add_argument("--average-last", type=int, default=0, help="model = checkpoint dir; average its last N")
    e.add_argument("--record", action="store_true", help="add the result to the export's metrics.json")
    e.add_argument("--engine", default="auto", choices=["auto", "tensorflow", "ctranslate2"],
                   help="auto (default): as the service picks (the export's derived CTranslate2 model on CPU, "
                   "else the SavedModel); tensorflow: the SavedModel's graph")

    d = sub.add_parser("derive-ctranslate2", help="(re)make an export's CTranslate2 model from its SavedModel weights")
    d.add_argument("model", help="export dir, e.g. models/translator-en-de/4")
    d.add_argument("--quantization", default="int8", help="int8 (shipped), float32, int8_float32, int16")
    d.add_argument("--out", help="write here instead of <model>/ctranslate2 (the export is left as is)")
    d.add_argument("--length-penalty", type=float, help="CTranslate2 length penalty recorded in derived.json")
    d.add_argument("--no-repeat-ngram-size", type=int, help="recorded in derived.json")

    f = sub.add_parser("distill", help="translate the corpus's sources with a trained model (extra training pairs)")
    f.add_argument("model", help="export dir with a derived CTranslate2 model, e.g. models/translator-en-de/6")
    f.add_argument("--config", help="config.json whose data section gives the corpus and held-out sets")
    f.add_argument("--set", action="append", help="section.key=value override")
    f.add_argument("--out", required=True, help="TSV to write (source, translation)")
    f.add_argument("--beam-size", type=int, default=4)
    f.add_argument("--batch-size", type=int, default=256)
    f.add_argument("--limit", type=int, default=0, help="first N distinct sources only")

    c = sub.add_parser("card", help="write MODEL_CARD.md for an export (from its metrics/config)")
    c.add_argument("model", help="export dir, e.g. models/translator-en-de/2")
    c.add_argument("--run-dir", default="runs/translator")

    x = sub.add_parser("export", help="export a checkpoint (or an average) as a SavedModel")
    x.add_argument("--config", help="config.json (default: the run's)")
    x.add_argument("--checkpoint", action="append", help="checkpoint prefix; several = average")
    x.add_argument("--last", type=int, default=0, help="average the run's last N checkpoints")
    x.add_argument("--run-dir", help="run whose checkpoints --last reads (default: the config's train.run_dir)")
    x.add_argument("--from-export", help="an export dir: its weights again, with this code's signatures "
                   "(no training; keeps its manifest defaults, metrics and card)")
    x.add_argument("--out", required=True, help="models/translator-en-de/<version>")
    x.add_argument("--version", help="version in model.json (default: the --out folder's name)")

    k = sub.add_parser("to-keras-weights", help="an export or checkpoint as a .weights.h5 (a warm start for jax_train)")
    k.add_argument("model", help="export dir or checkpoint prefix")
    k.add_argument("--config", help="default: the export's assets.extra/config.json")
    k.add_argument("--out", required=True, help="file ending in .weights.h5")

    w = sub.add_parser("from-keras-weights", help="a jax_train run's step-N.weights.h5 files as TF checkpoints")
    w.add_argument("weights_dir", help="the jax_train run's --out folder")
    w.add_argument("--config", help="default: the jax_train run's config.json")
    w.add_argument("--run-dir", required=True, help="gets checkpoints/ and config.json (for export --last N)")

    args = parser.parse_args(argv)
    if args.command == "prepare":
        from training.translator.prepare import prepare

        summary = prepare(_config(args).data, keep_tokenizer=args.keep_tokenizer)
        print(json.dumps(summary["cleaning"], indent=2))
        return 0
    if args.command == "train":
        from training.translator.train import train

        cfg = _config(args)
        if args.time_budget_minutes is not None:
            cfg.train.time_budget_minutes = args.time_budget_minutes
        train(cfg, resume=args.resume, warm_start=args.warm_start, max_steps=args.max_steps)
        return 0
    if args.command == "evaluate":
        from training.translator.evaluate import evaluate_cli

        return evaluate_cli(args)
    if args.command == "derive-ctranslate2":
        from training.translator.ctranslate2_export import DEFAULT_SEARCH, derive_ctranslate2

        search = dict(DEFAULT_SEARCH)
        if args.length_penalty is not None:
            search["length_penalty"] = args.length_penalty
        if args.no_repeat_ngram_size is not None:
            search["no_repeat_ngram_size"] = args.no_repeat_ngram_size
        out = derive_ctranslate2(Path(args.model), args.quantization, Path(args.out) if args.out else None, search)
        print(f"derived {out}")
        return 0
    if args.command == "distill":
        from training.translator.distill import distill_cli

        return distill_cli(args, _config(args).data)
    if args.command == "card":
        from training.translator.model_card import write_card

        print(write_card(Path(args.model), Path(args.run_dir)))
        return 0
    if args.command in ("to-keras-weights", "from-keras-weights"):
        from training.translator.keras_weights import from_keras_weights, to_keras_weights

        given = _config(args) if args.config else None
        try:
            if args.command == "to-keras-weights":
                print(f"wrote {to_keras_weights(Path(args.model), Path(args.out), given)}")
            else:
                prefixes = from_keras_weights(Path(args.weights_dir), Path(args.run_dir), given)
                print(f"wrote {len(prefixes)} checkpoint(s): {prefixes[0]} … {prefixes[-1]}")
        except FileNotFoundError as error:
            raise SystemExit(str(error)) from None
        return 0
    if args.command == "export":
        from training.translator.export import export_cli

        return export_cli(args)
    return 2


__all__ = ["main", "DataConfig"]
