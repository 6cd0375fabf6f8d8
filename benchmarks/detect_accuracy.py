"""Language detection accuracy on short texts (the detector behind /detect and source "auto").

    python benchmarks/detect_accuracy.py [--limit 1000]

Texts: the held-out dev sentences of both languages (heldout-2021/dev.{en,de}), and 1-, 2- and
3-word texts cut from their starts. A text counts as right when the likeliest language is its
own; the detector chooses among all the languages it knows (served and common others).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from service.libretranslate.detect import LanguageDetector  # noqa: E402

DATA = REPO.parent / "shared/data/tatoeba-deu-eng/heldout-2021"
# Hand-written texts in languages that are not served: each should be named, not taken for en/de.
FOREIGN = [
    ("fr", "Bonjour, comment allez-vous ?"), ("fr", "Je ne sais pas."), ("fr", "Où est la gare ?"),
    ("fr", "Merci beaucoup"), ("fr", "bonjour"), ("es", "¿Dónde está la estación?"), ("es", "Me gusta el té verde."),
    ("es", "Gracias"), ("it", "Dov'è la stazione?"), ("it", "Mi piace il tè verde."), ("nl", "Waar is het station?"),
    ("nl", "Ik hou van groene thee."), ("pt", "Onde fica a estação?"), ("fr", "Merci"), ("es", "Buenos días"),
    ("it", "Grazie mille"),
]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=1000, help="dev sentences per language")
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--preference", type=float, help="share of the top confidence at which a served "
                        "language wins (default: the service's; above 1 turns the preference off)")
    parser.add_argument("--short-preference", type=float, help="the same for texts of one or two words")
    args = parser.parse_args()
    options = {k: v for k, v in {"preference": args.preference, "short_preference": args.short_preference}.items() if v is not None}
    detector = LanguageDetector(**options)
    detector.detect("warm up")
    print(f"detector languages: {', '.join(detector.languages)}")
    print("| language | texts | sentence | 1 word | 2 words | 3 words |")
    print("| --- | --- | --- | --- | --- | --- |")
    started = time.perf_counter()
    total = 0
    for lang in ("en", "de"):
        lines = [line.strip() for line in (Path(args.data) / f"dev.{lang}").read_text(encoding="utf-8").splitlines()]
        lines = [line for line in lines if line][: args.limit]
        cells = []
        for words in (0, 1, 2, 3):
            texts = [line if words == 0 else " ".join(line.split()[:words]) for line in lines]
            hits = 0
            for text in texts:
                best = detector.best(text)
                hits += int(best is not None and best.language == lang)
            total += len(texts)
            cells.append(f"{100.0 * hits / len(texts):.1f}% ({hits}/{len(texts)})")
        print(f"| {lang} | {len(lines)} | " + " | ".join(cells) + " |")
    named = [(lang, text, detector.best(text)) for lang, text in FOREIGN]
    right = sum(1 for lang, _, best in named if best is not None and best.language == lang)
    print(f"other languages: {right}/{len(FOREIGN)} named right; taken for a served language: "
          + (", ".join(f"{text!r} -> {best.language}" for _, text, best in named
                       if best is not None and best.language in detector.preferred) or "none"))
    elapsed = time.perf_counter() - started
    print(f"{total} detections in {elapsed:.1f} s ({1000 * elapsed / total:.2f} ms each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
