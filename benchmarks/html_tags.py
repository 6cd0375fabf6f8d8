"""How often inline HTML tags land on the right words (format "html"), on a hand-made set.

    python benchmarks/html_tags.py [--data benchmarks/data/html_tags.jsonl]

Each item is an English sentence with one inline tag and the German words that may rightly
be inside the tag (hand-written). The sentence goes through the service's HTML translator on
the shipped translator; an item is right when the text inside the tag in the output, without
punctuation, is one of those words. Items whose translation contains none of them cannot be
judged and are counted apart. Compared: the cross-attention of each decoder layer (mean over
heads), of all layers, and the naive baseline that puts the tag at the same relative place.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bs4 import BeautifulSoup  # noqa: E402

from core.text.alignment import WordAlignment, proportional  # noqa: E402
from service.libretranslate.html import translate_html  # noqa: E402
from service.models.base import ModelInfo, ModelInputError  # noqa: E402
from service.models.translator import Translator  # noqa: E402

PUNCT = ".,!?;:\"'"


class Proportional(WordAlignment):
    """The baseline: the same relative place, no attention."""

    def project(self, start: int, end: int) -> tuple[int, int] | None:
        chosen = [k for k, (a, b) in enumerate(self.source_words) if a < end and b > start]
        if not chosen or not self.target_words:
            return None
        return proportional(len(self.source_words), len(self.target_words), chosen[0], chosen[-1] + 1)


def latest(models: Path) -> Path:
    return max((p for p in models.iterdir() if p.name.isdigit()), key=lambda p: int(p.name))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=str(REPO / "benchmarks/data/html_tags.jsonl"))
    parser.add_argument("--model", default=str(latest(REPO / "models/translator-en-de")))
    parser.add_argument("--show", action="store_true", help="print every output")
    args = parser.parse_args()
    items = [json.loads(line) for line in Path(args.data).read_text(encoding="utf-8").splitlines() if line.strip()]
    translator = Translator(ModelInfo.read(Path(args.model)))
    methods: list[tuple[str, int | None, bool]] = [
        (f"attention, decoder layer {i}" + (" (the service's)" if i == translator.align_layer else ""), i, False)
        for i in range(translator.manifest.decoder_layers)]
    methods += [("attention, mean of all layers", None, False), ("baseline: proportional position", -1, True)]
    print(f"{len(items)} sentences, model {args.model}")
    print("| method | right | wrong | cannot judge | accuracy (judged) |")
    print("| --- | --- | --- | --- | --- |")
    for name, layer, baseline in methods:
        translator.align_layer = layer

        async def align(texts: list[str], baseline: bool = baseline) -> list[WordAlignment | ModelInputError]:
            out = translator.align(texts)
            if baseline:
                return [Proportional(a.source, a.translation, a.source_words, a.target_words, a.weights)
                        if isinstance(a, WordAlignment) else a for a in out]
            return out

        right = wrong = unjudged = 0
        for item in items:
            html = asyncio.run(translate_html(f"<p>{item['html']}</p>", align))
            soup = BeautifulSoup(html, "html.parser")
            inner = soup.p.find(True) if soup.p else None
            got = inner.get_text().strip(PUNCT + " ") if inner else ""
            text = soup.get_text()
            gold = [g.lower() for g in item["gold"]]
            if not any(g in text.lower() for g in gold):
                unjudged += 1
            elif got.lower() in gold:
                right += 1
            else:
                wrong += 1
            if args.show:
                print("   ", "OK " if got.lower() in gold else "-- ", html)
        judged = right + wrong
        print(f"| {name} | {right} | {wrong} | {unjudged} | {100.0 * right / max(judged, 1):.1f}% |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
