"""Robustness of the shipped translator to real text (issue 10): spans, casing, names.

    python benchmarks/translator_robustness.py [--split test] [--beam-size 1] [--no-spans] [--no-names] [--no-particles]
        [--no-formalize] [--no-gendered-names]

Prints, through the same pipeline as ``POST /translate`` (``core/translation.py``):

1. the hand-written probe suite (tests/core/probe_sentences.tsv): pass rate by kind, and of
   its last part alone (written after the rules were chosen, never tuned on), and the sense probes
   (tests/core/sense_probes.tsv: greetings to a thing, women in an office) and the greeting probes
   (tests/core/greeting_probes.tsv: greetings typed without the comma before the one greeted) and the gender probes
   (tests/core/gender_probes.tsv: women and men in roles, the German form that agrees), walled out of the
   written pairs;
2. sacreBLEU / chrF of heldout-2021 (``--split``) as it is, and with its English sources
   lower-cased and final punctuation removed (the German references unchanged);
3. the copy rate of person and place names that never occur in the training corpus, in
   sentences with "in", "from", "to", "at" (a name counts as copied when the translation
   contains it exactly); names found in the corpus are left out and counted. With the
   masking on, a name is always in the translation (a lost placeholder is inserted), so
   ``placeholders_in_place`` also says how often the model put the placeholder where it
   belongs, by kind (names of people/places, spans) — the rest were inserted by the fallback. Names with
   lower-case particles ("Ursula von der Leyen") are counted apart (``copy_particle_names``).

``--no-spans``, ``--no-names``, ``--no-particles``, ``--no-formalize`` and ``--no-gendered-names`` turn off the
protected spans (core/text/masking.py), the masking of unseen names (core/text/names.py), the particles that join a
name ("von der"), the informal-text rules (core/text/informal.py) or the placeholders that follow a person's gender
(core/text/name_gender.py), for before/after figures.
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from translator_probes import GENDER_PROBES, GREETING_PROBES, SENSE_PROBES, Probe, load_probes, missing  # noqa: E402

SHARED = REPO.parent / "shared" / "data" / "tatoeba-deu-eng"
# The shipped version (the highest-numbered folder, as the service serves it).
MODEL = max((REPO / "models" / "translator-en-de").iterdir(), key=lambda p: int(p.name) if p.name.isdigit() else -1)

# Person names and places chosen to be absent from the training corpus (checked at run time).
PEOPLE = ["Priyanka", "Oluwaseun", "Thandiwe", "Dragomir", "Zuleika", "Kasimir", "Anneliese", "Bartholomew",
          "Chiamaka", "Dagny", "Esperanza", "Faustina", "Gwendolyn", "Hiroshi", "Ingeborg", "Jovana", "Kwabena",
          "Leocadia", "Mirela", "Nkechi", "Octavian", "Parveen", "Radomir", "Siobhan", "Tadeusz", "Ulrika",
          "Vasilisa", "Wilhelmina", "Xiomara", "Yevgenia"]
PLACES = ["Tamworth", "Kraljevo", "Oaxaca", "Ouagadougou", "Brightwater", "Reykjavik", "Wolverhampton", "Tromsø",
          "Valparaíso", "Kaunas", "Bydgoszcz", "Trondheim", "Aberystwyth", "Cochabamba", "Dunedin", "Eindhoven",
          "Fredericton", "Gdynia", "Hobart", "Invercargill", "Jyväskylä", "Kalamata", "Lillehammer", "Mombasa",
          "Nanaimo", "Ostrava", "Plovdiv", "Quetzaltenango", "Rotorua", "Szeged"]
# Names with lower-case particles, each with at least one word the corpus never contains (session 30).
PARTICLE_NAMES = ["Ursula von der Leyen", "Charles de Gaulle", "Ana da Silva", "Joost van den Berg", "Rembrandt van Rijn",
                  "Mohammed bin Salman", "Guy de Maupassant", "Vasco da Gama", "Jan van Eyck", "Pedro dos Santos",
                  "Rik ter Horst", "Lena von Hagen", "Jean du Pont", "Oscar de la Hoya", "Paolo di Canio",
                  "Fatima al Mansouri"]
PARTICLE_TEMPLATES = ["My friend {} is a doctor.", "Yesterday I talked to {} for an hour.", "Have you met {} before?",
                      "{} was born in 1950.", "The prize went to {} last year."]
PEOPLE_TEMPLATES = ["My friend {} is a doctor.", "Yesterday I talked to {} for an hour.",
                    "Have you met {} before?", "I got a letter from {} today."]
PLACE_TEMPLATES = ["My sister lives in {}.", "She comes from {}.", "We are flying to {} next week.",
                   "Let's meet at {} station."]


def strip_case_and_punctuation(sentence: str) -> str:
    return re.sub(r"[.!?…]+[\"'”’)\]]*\s*$", "", sentence.lower()).rstrip()


def unseen(names: list[str]) -> tuple[list[str], list[str]]:
    """``names`` split into those the training corpus never contains (either side) and the rest."""
    with gzip.open(SHARED / "deu-eng.tsv.gz", "rt", encoding="utf-8") as f:
        words = set(re.findall(r"\w+", f.read().lower()))
    return [n for n in names if n.lower() not in words], [n for n in names if n.lower() in words]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default=str(MODEL))
    parser.add_argument("--split", default="test", choices=["dev", "test"])
    parser.add_argument("--beam-size", type=int, default=1, help="1 = greedy (default)")
    parser.add_argument("--no-spans", action="store_true", help="without the protected spans")
    parser.add_argument("--no-formalize", action="store_true", help="without the informal-text rules")
    parser.add_argument("--no-names", action="store_true", help="without masking unseen names")
    parser.add_argument("--no-particles", action="store_true", help="no particle joins a name ('von der')")
    parser.add_argument("--no-gendered-names", action="store_true",
                        help="every unseen person gets the same placeholders, whatever the name's gender")
    parser.add_argument("--skip-bleu", action="store_true", help="probe suite and names only")
    parser.add_argument("--show", action="store_true", help="print every probe's translation")
    args = parser.parse_args()

    import core.text.masking as masking
    import core.text.names as name_finder
    import core.text.pipeline as text_pipeline
    from core.text.masking import Masking
    from training.translator.evaluate import load_pipeline
    from training.translator.evaluation import score

    if args.no_spans:
        text_pipeline.mask = lambda sentence: Masking(sentence)  # type: ignore[assignment]
    if args.no_formalize:
        text_pipeline.FORMALIZE = False
    if args.no_names:
        masking.PROTECT_NAMES = False
    if args.no_particles:
        name_finder.PARTICLES = frozenset()
    if args.no_gendered_names:
        masking.GENDERED_PEOPLE = False
    pipeline, _ = load_pipeline(args.model)
    placed = defaultdict(lambda: [0, 0])  # span kind -> [placeholder came through in place, spans]
    unmask = text_pipeline.unmask

    def counting_unmask(translation: str, masked: masking.Masking, shouted: bool = False) -> str:
        for forms, span in masked.slots:
            placed[span.kind][0] += masking._token(forms).search(translation) is not None
            placed[span.kind][1] += 1
        return unmask(translation, masked, shouted=shouted)

    text_pipeline.unmask = counting_unmask  # type: ignore[assignment]

    def translate(sources: list[str]) -> list[str]:
        return [getattr(r, "translation", "") for r in pipeline.translate(sources, beam_size=args.beam_size)]

    report: dict[str, object] = {"model": args.model, "beam_size": args.beam_size, "spans": not args.no_spans,
                                 "formalize": not args.no_formalize,
                                 "names": not (args.no_names or args.no_spans)}
    def tally(probes: list[Probe], outputs: list[str], show_misses: bool) -> dict[str, object]:
        """Passed / total by kind; prints each probe with --show (and each miss of the issue's table)."""
        by_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for probe, output in zip(probes, outputs, strict=True):
            bad = missing(probe, output)
            by_kind[probe.kind][0] += not bad
            by_kind[probe.kind][1] += 1
            if args.show or (bad and show_misses and probe.issue_row):
                print(f"{'ok ' if not bad else 'BAD'} {probe.sentence} => {output}" + (f"   {bad}" if bad else ""))
        passed = sum(v[0] for v in by_kind.values())
        return {"passed": passed, "total": len(probes), "rate": round(passed / len(probes), 3),
                "by_kind": {k: f"{a}/{b}" for k, (a, b) in sorted(by_kind.items())}}

    probes = load_probes()
    outputs = translate([p.sentence for p in probes])
    suite = tally(probes, outputs, show_misses=True)
    fresh = [(p, o) for p, o in zip(probes, outputs, strict=True) if p.fresh]
    report["probes_fresh"] = {"passed": sum(not missing(p, o) for p, o in fresh), "total": len(fresh)}
    suite["placeholders_in_place"] = {k: f"{a}/{b}" for k, (a, b) in sorted(placed.items())}
    report["probes"] = suite
    placed.clear()
    sense = load_probes(SENSE_PROBES)
    report["sense"] = tally(sense, translate([p.sentence for p in sense]), show_misses=False)
    greetings = load_probes(GREETING_PROBES)
    report["greetings"] = tally(greetings, translate([p.sentence for p in greetings]), show_misses=False)
    genders = load_probes(GENDER_PROBES)
    report["gender"] = tally(genders, translate([p.sentence for p in genders]), show_misses=False)
    placed.clear()
    print(json.dumps({k: report[k] for k in ("probes", "probes_fresh", "sense", "greetings", "gender")}))

    people, seen_people = unseen(PEOPLE)
    places, seen_places = unseen(PLACES)
    for label, names, templates in (("people", people, PEOPLE_TEMPLATES), ("places", places, PLACE_TEMPLATES)):
        cases = [(n, t.format(n)) for n in names for t in templates]
        outs = translate([s for _, s in cases])
        copied = sum(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", o) is not None for (n, _), o in zip(cases, outs, strict=True))
        report[f"copy_{label}"] = {"copied": copied, "total": len(cases), "rate": round(copied / max(1, len(cases)), 3)}
    cases = [(n, t.format(n)) for n in PARTICLE_NAMES for t in PARTICLE_TEMPLATES]
    outs = translate([s for _, s in cases])
    copied = sum(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", o) is not None for (n, _), o in zip(cases, outs, strict=True))
    report["copy_particle_names"] = {"copied": copied, "total": len(cases), "rate": round(copied / len(cases), 3)}
    report["names_in_corpus_left_out"] = seen_people + seen_places
    report["placeholders_in_place"] = {k: f"{a}/{b}" for k, (a, b) in sorted(placed.items())}
    placed.clear()
    print(json.dumps({k: report[k] for k in ("copy_people", "copy_places", "copy_particle_names", "names_in_corpus_left_out",
                                             "placeholders_in_place")}))

    if not args.skip_bleu:
        base = SHARED / "heldout-2021"
        sources = (base / f"{args.split}.en").read_text(encoding="utf-8").splitlines()
        references = (base / f"{args.split}.de").read_text(encoding="utf-8").splitlines()
        for label, texts in (("normal", sources), ("lower_no_punct", [strip_case_and_punctuation(s) for s in sources])):
            start = time.monotonic()
            metrics = score(translate(texts), references)
            report[f"{args.split}/{label}"] = {**metrics, "seconds": round(time.monotonic() - start, 1),
                                               "placeholders_in_place": {k: f"{a}/{b}" for k, (a, b) in sorted(placed.items())}}
            placed.clear()
            print(json.dumps({f"{args.split}/{label}": report[f"{args.split}/{label}"]}))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
