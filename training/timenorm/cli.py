"""``python -m training timenorm {generate,train,evaluate,export,threshold,soup,ensemble,leaks,clauses,nouns}``."""
from __future__ import annotations

import argparse
import json
import shlex
import sys
from dataclasses import replace
from pathlib import Path

from training.timenorm.config import ATTENTION_KINDS, TrainConfig


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m training timenorm")
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="print generated samples as TSV (text, expected, category)")
    g.add_argument("-n", type=int, default=20)
    g.add_argument("--seed", type=int, default=0)
    t = sub.add_parser("train")
    t.add_argument("--attention", choices=ATTENTION_KINDS, default="bahdanau")
    t.add_argument("--out", type=Path, required=True)
    t.add_argument("--resume", action="store_true")
    t.add_argument("--warm-start", type=Path)
    t.add_argument("--seed", type=int)
    t.add_argument("--epochs", type=int)
    t.add_argument("--examples", type=int, help="training examples to generate")
    t.add_argument("--fresh-each-epoch", action="store_true", help="new examples every epoch (data.fresh_each_epoch)")
    t.add_argument("--config", type=Path, help="a TrainConfig JSON to start from")
    e = sub.add_parser("evaluate")
    e.add_argument("--model", type=Path, required=True)
    e.add_argument("--data", type=Path)
    e.add_argument("--json", type=Path, help="also write the result here")
    e.add_argument("--confidence-threshold", type=float, help="default: the model's model.json")
    x = sub.add_parser("export")
    x.add_argument("--run", type=Path, required=True)
    x.add_argument("--out", type=Path, required=True)
    x.add_argument("--compare", type=Path, nargs="*", default=[], help="exported models to compare with")
    x.add_argument("--confidence-threshold", type=float,
                   help="write this threshold into model.json (default: chosen on a generated dev set)")
    h = sub.add_parser("threshold", help="choose an exported model's threshold on older batches of the hand-written "
                       "set (false-time rate at most the bar) and write it as a new version")
    h.add_argument("--model", type=Path, required=True, help="an exported model")
    h.add_argument("--lines", required=True, help="file lines of the set to choose on, e.g. 2-2561")
    h.add_argument("--max-false-time-rate", type=float, default=0.01)
    h.add_argument("--out", type=Path, help="write the new version here (default: only print the choice)")
    c = sub.add_parser("clauses", help="pick the clauses of ordinary English that g17 puts beside times")
    c.add_argument("--corpus", type=Path, default=Path("../shared/data/tatoeba-deu-eng/deu-eng.tsv.gz"))
    c.add_argument("--count", type=int, default=4000)
    c.add_argument("--seed", type=int, default=20261124)
    c.add_argument("--out", type=Path, help="default: the shipped training/timenorm/data/clauses.txt")
    n = sub.add_parser("nouns", help="sort WordNet's nouns by what they name (g20; needs Debian's wordnet-base)")
    n.add_argument("--corpus", type=Path, default=Path("../shared/data/tatoeba-deu-eng/deu-eng.tsv.gz"))
    n.add_argument("--wordnet", type=Path, help="default: /usr/share/wordnet")
    n.add_argument("--min-count", type=int, default=2)  # g24 tried 1 (not shipped)
    n.add_argument("--zipf", type=float, default=None, help="g30: also take nouns this frequent in English at large "
                   "(wordfreq's Zipf scale; needs pip install .[nouns]); 0: off; default wordnet_nouns.COMMON_ZIPF")
    n.add_argument("--out", type=Path, help="default: the shipped training/timenorm/data/nouns_wordnet.tsv")
    s = sub.add_parser("soup", help="average the weights of exported models into a run dir to export")
    s.add_argument("models", type=Path, nargs="+", help="exported dirs of one architecture")
    s.add_argument("--out", type=Path, required=True, help="run dir (then: timenorm export --run OUT)")
    k = sub.add_parser("leaks", help="list the hand-written texts that a config's generated data holds (exit 1 if any)")
    k.add_argument("--config", type=Path, required=True, help="a run's or an export's config.json")
    k.add_argument("--fresh-each-epoch", action="store_true", help="check the config as if trained so")
    w = sub.add_parser("written", help="the written training texts that a blind second reading agrees with, none "
                       "near an evaluation text (session 23)")
    w.add_argument("--dir", type=Path, default=None, help="writers' files wN.tsv and second readings rN.tsv "
                   "(default: the shipped training/timenorm/data/written/)")
    w.add_argument("--out", type=Path, help="default: the shipped training/timenorm/data/train_written.tsv")
    e = sub.add_parser("ensemble", help="decode exported models together (mean probabilities): a run dir to export")
    e.add_argument("models", type=Path, nargs="+", help="exported dirs of one architecture; the first is member 0")
    e.add_argument("--out", type=Path, required=True, help="run dir (then: timenorm export --run OUT)")
    return p


def _write_clauses(args: argparse.Namespace) -> int:
    import gzip

    from training.timenorm.clauses import CLAUSES_FILE, extract_clauses

    with gzip.open(args.corpus, "rt", encoding="utf-8") as f:
        english = [line.split("\t", 1)[0] for line in f]
    chosen = extract_clauses(english, args.count, args.seed)
    header = (f"# {len(chosen)} clauses of English sentences of the Tatoeba corpus (tatoeba.org, CC-BY 2.0 FR; "
              f"via manythings.org/anki), picked by: python -m training timenorm clauses --count {args.count} "
              f"--seed {args.seed}\n")
    out = args.out or CLAUSES_FILE
    out.write_text(header + "".join(f"{c}\n" for c in chosen), encoding="utf-8")
    print(f"{len(chosen)} clauses -> {out}")
    return 0


def _write_nouns(args: argparse.Namespace) -> int:
    import gzip

    from training.timenorm import wordnet_nouns as wn

    folder = args.wordnet or wn.WORDNET_DIR
    if not (folder / "data.noun").exists():
        print(f"no WordNet at {folder}: apt-get install wordnet-base", file=sys.stderr)
        return 2
    with gzip.open(args.corpus, "rt", encoding="utf-8") as f:
        counts = wn.noun_counts(line.split("\t", 1)[0] for line in f)
    with open(folder / "data.noun", encoding="latin-1") as f:
        synsets = wn.read_synsets(f)
    with open(folder / "index.noun", encoding="latin-1") as f:
        senses = wn.read_senses(f)
    level = wn.COMMON_ZIPF if args.zipf is None else args.zipf
    zipf, other_pos, common = None, frozenset[str](), ""
    if level > 0:
        from wordfreq import zipf_frequency  # g30; its data: CC-BY-SA 4.0, Robyn Speer and contributors

        zipf = lambda lemma: zipf_frequency(lemma, "en")  # noqa: E731
        tagged = {pos: wn.read_tagged((folder / f"index.{pos}").read_text(encoding="latin-1").splitlines())
                  for pos in ("noun", "verb", "adj")}
        other_pos = wn.mostly_other(tagged["noun"], tagged["verb"], tagged["adj"])
        common = (f", or used at least {level} on the Zipf scale of English (wordfreq's data, CC-BY-SA 4.0) and "
                  f"used by WordNet's tagged text at least as much as a noun as as a verb or an adjective")
    nouns = wn.extract_nouns(synsets, senses, counts, args.min_count, zipf, other_pos, level)
    header = (f"# {len(nouns)} nouns of WordNet 3.0 (Princeton University, WordNet 3.0 license: see "
              f"data/WORDNET_LICENSE) seen after a determiner at least {args.min_count} times in the English of the Tatoeba corpus"
              f"{common}, by kind and source (corpus or common); made by: python -m training timenorm nouns "
              f"--min-count {args.min_count} --zipf {level}\n")
    out = args.out or wn.NOUNS_FILE
    source = {noun: "corpus" if counts[noun] >= args.min_count else "common" for noun, _ in nouns}  # g30b
    out.write_text(header + "".join(f"{noun}\t{kind}\t{source[noun]}\n" for noun, kind in nouns), encoding="utf-8")
    print(f"{len(nouns)} nouns -> {out}")
    return 0


def _train_config(args: argparse.Namespace) -> TrainConfig:
    if args.resume and (args.out / "config.json").exists():
        config = TrainConfig.load(args.out / "config.json")
    elif args.config:
        config = TrainConfig.load(args.config)
    else:
        config = TrainConfig()
    config = config.with_attention(args.attention) if not args.resume else config
    if args.seed is not None:
        config = replace(config, seed=args.seed)
    if args.epochs is not None:
        config = replace(config, epochs=args.epochs)
    if args.examples is not None:
        config = replace(config, data=replace(config.data, train_examples=args.examples))
    if args.fresh_each_epoch:
        config = replace(config, data=replace(config.data, fresh_each_epoch=True))
    return config


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.command == "generate":
        from training.timenorm.generator import GeneratorConfig, generate

        for s in generate(args.n, GeneratorConfig(seed=args.seed)):
            print(f"{json.dumps(s.text)}\t{s.label}\t{s.category}")
        return 0
    if args.command == "clauses":
        return _write_clauses(args)
    if args.command == "nouns":
        return _write_nouns(args)
    if args.command == "train":
        from training.timenorm.train import train

        config = _train_config(args)
        if args.resume and config.model.attention != args.attention:
            print(f"note: resuming a {config.model.attention} run", file=sys.stderr)
        train(config, args.out, resume=args.resume, warm_start=args.warm_start)
        return 0
    if args.command == "evaluate":
        from training.timenorm.evaluate import HANDWRITTEN_SET, evaluate_saved_model, format_report, write_json

        result = evaluate_saved_model(args.model, args.data or HANDWRITTEN_SET, args.confidence_threshold)
        print(format_report(result))
        if args.json:
            write_json(result, args.json)
        return 0
    if args.command == "threshold":
        return _threshold(args, argv)
    if args.command == "soup":
        from training.timenorm.soup import make_soup

        make_soup(args.models, args.out)
        print(f"soup of {len(args.models)} models -> {args.out}")
        return 0
    if args.command == "leaks":
        from training.timenorm.evaluate import load_handwritten
        from training.timenorm.leaks import leaked_texts

        config = TrainConfig.load(args.config)
        if args.fresh_each_epoch:
            config = replace(config, data=replace(config.data, fresh_each_epoch=True))
        found = leaked_texts(config, [e.text for e in load_handwritten()])
        for stream, texts in found.items():
            print(f"{stream}: {len(texts)}" + "".join(f"\n  {t}" for t in texts))
        return 1 if any(found.values()) else 0
    if args.command == "written":
        return _written(args.dir, args.out)
    if args.command == "ensemble":
        from training.timenorm.ensemble import make_ensemble

        make_ensemble(args.models, args.out)
        print(f"ensemble of {len(args.models)} models -> {args.out}")
        return 0
    if args.command == "export":
        from training.timenorm.evaluate import format_report
        from training.timenorm.export import export_run

        command = "python -m training timenorm " + shlex.join(argv)
        metrics = export_run(args.run, args.out, compare=args.compare, command=command,
                             threshold=args.confidence_threshold)
        print(format_report(metrics["handwritten"]))
        print(f"exported to {args.out} ({metrics['saved_model_bytes'] / 1e6:.2f} MB)")
        return 0
    return 2


def _written(folder: Path | None, out: Path | None) -> int:
    from training.timenorm.evaluate import EXTERNAL_SET, HANDWRITTEN_SET, load_handwritten
    from training.timenorm.written import RAW_DIR, WRITTEN_FILE, build_from, write_written

    eval_texts = [e.text for path in (HANDWRITTEN_SET, EXTERNAL_SET) for e in load_handwritten(path)]
    report, comment = build_from(folder or RAW_DIR, eval_texts)
    write_written(report.kept, out or WRITTEN_FILE, comment)
    print(comment + "".join(f"\n  invalid: {line}" for line in report.invalid))
    return 0


def _threshold(args: argparse.Namespace, argv: list[str]) -> int:
    from training.timenorm.evaluate import format_report
    from training.timenorm.threshold import measure, parse_lines, write_threshold

    try:
        lines = parse_lines(args.lines)
    except ValueError as error:
        print(f"error: --lines: {error}", file=sys.stderr)
        return 2
    try:
        if args.out:
            command = "python -m training timenorm " + shlex.join(argv)
            metrics = write_threshold(args.model, args.out, lines, args.max_false_time_rate, command)
            choice = metrics["threshold_choice"]
            print(format_report(metrics["handwritten"]))
        else:
            choice = measure(args.model, lines, args.max_false_time_rate)[2]
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for t, r in choice["per_candidate"].items():
        print(f"  threshold {t:>6}: {r['correct']}/{choice['n']} served right, false times "
              f"{r['false_times']}/{r['negatives']}")
    print(f"chosen on lines {choice['on_lines']}: {choice['threshold']}"
          + ("" if choice["met"] else f" (no candidate keeps false times at {choice['max_false_time_rate']:.0%})")
          + (f"; written to {args.out}" if args.out else ""))
    return 0
