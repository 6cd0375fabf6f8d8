"""The time normalizer against real peers on the hand-written set: Duckling and dateparser.

    pip install pyduckling-native-phihos dateparser      # benchmark-only (the `bench` extra)
    python benchmarks/timenorm_peers.py [--model models/time-normalizer/<v>] [--json peers.json]

Every system's answer is turned into "HH:MM" or "" (no time) and scored by the same function,
``training.timenorm.evaluate.score`` (exact match per category; texts without a time count as
right only when the answer is no time). A peer that is not installed is reported as missing.

How answers are read (reference time 2026-01-05 00:00 UTC, a Monday, so that a bare hour
such as "ten past eleven" resolves to the same day, on the morning reading like our convention):
- this model: what the service answers, i.e. no time below the model.json threshold;
- Duckling (``pyduckling-native-phihos``, English, dimension ``time``, no latent parses): the
  first entity whose value (or interval start) has grain ``hour`` or ``minute`` gives HH:MM;
  day-grain dates and second-grain relative times ("in 20 minutes") count as no time;
- dateparser (``search_dates``, English, ``RETURN_TIME_AS_PERIOD``): the first match gives HH:MM
  when dateparser reads it as a time of day (period "time") or its time is not midnight.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from training.timenorm.evaluate import (  # noqa: E402
    HANDWRITTEN_SET,
    load_handwritten,
    model_threshold,
    predict,
    score,
)

REFERENCE = dt.datetime(2026, 1, 5, 0, 0, tzinfo=dt.UTC)


def latest_version(model_root: Path) -> Path:
    versions = [p for p in model_root.iterdir() if p.name.isdigit()]
    return max(versions, key=lambda p: int(p.name))


def this_model(model_dir: Path) -> Callable[[list[str]], list[str]]:
    threshold = model_threshold(model_dir)

    def run(texts: list[str]) -> list[str]:
        return [t if c >= threshold else "" for t, c in predict(model_dir, texts)]
    return run


def duckling_peer() -> Callable[[list[str]], list[str]]:
    from duckling import (
        Context,
        default_locale_lang,
        load_time_zones,
        parse,
        parse_dimensions,
        parse_lang,
        parse_ref_time,
    )

    zones = load_time_zones("/usr/share/zoneinfo")
    context = Context(parse_ref_time(zones, "UTC", int(REFERENCE.timestamp())), default_locale_lang(parse_lang("EN")))
    dims = parse_dimensions(["time"])

    def answer(text: str) -> str:
        for entity in parse(text, context, dims, False):
            value = entity["value"]
            if value.get("type") == "interval":
                value = value.get("from") or value.get("to") or {}
            if value.get("grain") in ("hour", "minute") and value.get("value"):
                return value["value"][11:16]
        return ""
    return lambda texts: [answer(t) for t in texts]


def dateparser_peer() -> Callable[[list[str]], list[str]]:
    import warnings

    from dateparser.date import DateDataParser
    from dateparser.search import search_dates

    warnings.filterwarnings("ignore")
    settings = {"RELATIVE_BASE": REFERENCE.replace(tzinfo=None), "PREFER_DATES_FROM": "future"}
    periods = DateDataParser(languages=["en"], settings={**settings, "RETURN_TIME_AS_PERIOD": True})

    def answer(text: str) -> str:
        found = search_dates(text, languages=["en"], settings=settings)
        if not found:
            return ""
        span, when = found[0]
        if periods.get_date_data(span).period == "time" or (when.hour, when.minute) != (0, 0):
            return f"{when.hour:02d}:{when.minute:02d}"
        return ""
    return lambda texts: [answer(t) for t in texts]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", type=Path, default=None)
    parser.add_argument("--data", type=Path, default=HANDWRITTEN_SET)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    model_dir = args.model or latest_version(REPO / "models" / "time-normalizer")
    examples = load_handwritten(args.data)
    texts = [e.text for e in examples]
    systems: dict[str, Callable[[], Callable[[list[str]], list[str]]]] = {
        f"this model (v{model_dir.name})": lambda: this_model(model_dir),
        "duckling": duckling_peer,
        "dateparser": dateparser_peer,
    }
    results: dict[str, dict] = {}
    for name, make in systems.items():
        try:
            run = make()
        except ImportError as exc:
            print(f"{name}: not installed ({exc}); pip install pyduckling-native-phihos dateparser", file=sys.stderr)
            continue
        started = time.perf_counter()
        answers = run(texts)
        seconds = time.perf_counter() - started
        result = score(examples, answers)
        negatives = [a for e, a in zip(examples, answers, strict=True) if e.expected == ""]
        result["false_time_rate"] = sum(a != "" for a in negatives) / len(negatives)
        result["false_times"] = sum(a != "" for a in negatives)
        result["negatives"] = len(negatives)
        result["seconds"] = round(seconds, 2)
        results[name] = result
    print(format_table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


def format_table(results: dict[str, dict]) -> str:
    names = list(results)
    categories = sorted({c for r in results.values() for c in r["per_category"]},
                        key=lambda c: (c == "no-time" or c.startswith("neg-"), c))
    lines = ["| category | n | " + " | ".join(names) + " |", "|---|---" + "|---" * len(names) + "|"]
    for category in categories:
        n = next(r["per_category"][category]["total"] for r in results.values() if category in r["per_category"])
        cells = [f"{r['per_category'][category]['exact_match']:.1%}" for r in results.values()]
        lines.append(f"| {category} | {n} | " + " | ".join(cells) + " |")
    total = next(iter(results.values()))["total"] if results else 0
    lines.append(f"| **overall** | {total} | " + " | ".join(f"**{r['exact_match']:.2%}**" for r in results.values()) + " |")
    lines.append("| false-time rate (texts without a time) | " + (str(next(iter(results.values()))["negatives"])
                 if results else "0") + " | " + " | ".join(
        f"{r['false_time_rate']:.1%} ({r['false_times']})" for r in results.values()) + " |")
    lines.append("| seconds for the whole set (CPU) | | " + " | ".join(f"{r['seconds']}" for r in results.values()) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
