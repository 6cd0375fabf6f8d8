"""``card``: MODEL_CARD.md for an export, from its config, metrics, data stats and the run log."""
from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path

from core.manifest import TranslatorManifest
from core.manifest import load as load_manifest
from training.translator.device import cpu_name


def _dictionary_line(data: dict, cleaning: dict) -> str:
    """The card's attribution for the Ding dictionary pairs (training/translator/dictionary.py), if any."""
    if not data.get("dictionary"):
        return ""
    rare = data.get("dictionary_rare_word_count")
    terms = (f"one term pair per single English word the corpus has fewer than {rare} times" if rare else
             f"a seeded sample of {data.get('dictionary_terms')} terms of at most {data.get('dictionary_term_words')}"
             " English words")
    return (f"\n- Training, also: {cleaning.get('dictionary_pairs', '?')} pairs from the Ding German-English dictionary"
            f" (Frank Richter, TU Chemnitz, https://dict.tu-chemnitz.de/; Debian package `trans-de-en`): its example"
            f" sentences ({data.get('dictionary_sentence_copies')} copies each) and {terms}."
            " **License GPL-2.0-or-later.** These weights are trained on it; the dictionary itself is not shipped.")


def _written_line(data: dict, cleaning: dict) -> str:
    """The card's line for the written pairs (training/translator/written.py), if any."""
    if not data.get("written_pairs"):
        return ""
    return (f"\n- Training, also: {cleaning.get('written_pairs', '?')} written pairs ({data.get('written_copies', 1)}"
            " copies each): English sentences of the domains news, offices, websites and conversation use, with their"
            " German translations, written for this project by AI agents and each judged by a second one"
            f" (`{data['written_pairs']}`, one `wN.tsv` per domain, shipped in the repository with the project's"
            f" licence); {cleaning.get('written_near_eval', 0)} near a dev, test or newstest2013 sentence or a"
            " hand-written probe were left out.")


def _ctranslate2_search(model_dir: Path) -> str:
    """How the derived CTranslate2 model searches (its ``derived.json``), for the card's quality section."""
    derived = model_dir / "ctranslate2" / "derived.json"
    if not derived.exists():
        return ""
    search = json.loads(derived.read_text(encoding="utf-8")).get("search", {})
    return (f"; the `ctranslate2` rows use CTranslate2's own length penalty {search.get('length_penalty', '?')} and no"
            f" repeated {search.get('no_repeat_ngram_size', '?')}-grams (`ctranslate2/derived.json`)")


def _training_summary(run_dir: Path) -> dict:
    """Wall-clock time (summed over resumed segments), steps and dev BLEU from metrics.jsonl."""
    records = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines() if line.strip()]
    minutes, segment_start, last_time = 0.0, None, None
    for rec in records:
        t = datetime.fromisoformat(rec["time"])
        if rec["event"] == "start":
            if segment_start is not None and last_time is not None:
                minutes += (last_time - segment_start).total_seconds() / 60
            segment_start = t
        last_time = t
    if segment_start is not None and last_time is not None:
        minutes += (last_time - segment_start).total_seconds() / 60
    segment_steps = [r["steps"] for r in records if r["event"] == "done" and "steps" in r]  # jax_train's
    steps = sum(segment_steps) if segment_steps else max((r.get("step", 0) for r in records), default=0)
    precisions = sorted({r.get("precision") or r.get("config", {}).get("train", {}).get("precision", "float32")
                         for r in records if r["event"] == "start"})
    dev = [r for r in records if r["event"] == "dev"]
    backend = "jax" if any(r.get("backend") == "jax" for r in records) else "tensorflow"
    return {"minutes": round(minutes, 1), "steps": steps, "backend": backend, "segments": sum(r["event"] == "start" for r in records),
            "dev": dev, "precisions": precisions, "epochs": max((r.get("epoch", 0) for r in records if r["event"] == "epoch"), default=0)}


def _metric_rows(metrics: dict) -> str:
    rows = []
    for key in sorted(metrics):
        m = metrics[key]
        if not isinstance(m, dict) or "bleu" not in m:
            continue
        rows.append(f"| {key} | {m['sentences']} | {m['bleu']} | {m['chrf']} | {m.get('seconds', '')} |")
    return "\n".join(rows) or "| (not measured yet) | | | | |"


def _verdict(metrics: dict, bar: float = 26.0) -> str:
    """Whether the issue's quality bar (test BLEU) is reached, by the best test search."""
    tests = {k: m for k, m in metrics.items() if k.startswith("test/") and isinstance(m, dict) and "bleu" in m}
    if not tests:
        return "Test BLEU has not been measured yet."
    key = max(tests, key=lambda k: tests[k]["bleu"])
    state = "reached" if tests[key]["bleu"] >= bar else "**not** reached"
    return f"The issue's target (BLEU ≥ {bar:g} on heldout-2021/test) is {state}: best {tests[key]['bleu']} ({key})."


def write_card(model_dir: Path, run_dir: Path, data_dir: Path = Path("data/translator")) -> Path:
    extra = model_dir / "assets.extra"
    meta = load_manifest(model_dir)
    if not isinstance(meta, TranslatorManifest):
        raise SystemExit(f"{model_dir} is not a translator")
    cfg = json.loads((extra / "config.json").read_text())
    metrics = json.loads((extra / "metrics.json").read_text()) if (extra / "metrics.json").exists() else {}
    stats_file = data_dir / "stats.json"
    if stats_file.exists():
        shutil.copy(stats_file, extra / "data_stats.json")
    stats = json.loads((extra / "data_stats.json").read_text()) if (extra / "data_stats.json").exists() else {}
    cleaning = stats.get("cleaning", {})
    train = _training_summary(run_dir) if (run_dir / "metrics.jsonl").exists() else {}
    notes_file = run_dir / "card_notes.md"
    notes = notes_file.read_text() if notes_file.exists() else ""
    reproduce_file = run_dir / "card_reproduce.md"  # the exact commands of this run's segments
    reproduce = reproduce_file.read_text().strip() if reproduce_file.exists() else _default_reproduce(meta)
    size_mb = sum(p.stat().st_size for p in model_dir.rglob("*") if p.is_file()) / 1e6
    m, t = cfg["model"], cfg["train"]
    hardware_file = run_dir / "hardware.md"  # where a run not on this CPU ran (jax_train on a GPU)
    hardware = (hardware_file.read_text().strip() if hardware_file.exists()
                else f"{cpu_name()} (no GPU), TensorFlow {_tf_version()} on CPU")
    where = "on a GPU" if hardware_file.exists() else "on a shared 2-core CPU"
    dev_rows = "\n".join(f"| {d['step']} | {d['elapsed_min']} | {d['bleu']} | {d['chrf']} |" for d in train.get("dev", []))
    watched = (f"during training only the first {t['eval_sentences']} dev sentences were decoded (greedy) to watch"
               " progress" if dev_rows else "nothing was decoded during training")
    dev_table = (f"""Dev BLEU during training (greedy, first {t['eval_sentences']} dev sentences):

| step | minutes into its run segment | BLEU | chrF |
|---|---|---|---|
{dev_rows}""" if dev_rows else "No dev decoding during training: candidates were scored on dev after it (see the notes).")
    start_file = run_dir / "warm_start.txt"  # the export this run started from, if any
    started = start_file.read_text().strip() if start_file.exists() else ""
    origin = f"further (warm-started from {started})" if started else "from scratch"
    since = f" since {started}" if started else ""
    card = f"""# translator-en-de (version {meta.version})

English→German Transformer encoder–decoder ("Attention Is All You Need"), trained {origin}
on Tatoeba sentence pairs {where}. It returns its cross-, encoder- and decoder
self-attention. A small model trained for about {train.get('minutes', '?')} minutes{since}: it handles short,
everyday Tatoeba-style sentences; expect errors on long, technical or unusual input.

## Data and attribution

- Training: Tatoeba English–German pairs as released by manythings.org (2018-05-13,
  `deu-eng.tsv.gz`, 169,813 lines). **License CC-BY 2.0. Attribution: tatoeba.org and
  www.manythings.org/anki.**{_dictionary_line(cfg['data'], cleaning)}{_written_line(cfg['data'], cleaning)}
- Model selection: `heldout-2021/dev` (2,000 pairs); reported figures: `heldout-2021/test`
  (2,000 pairs). Both come from the Tatoeba Challenge test set v2021-08-07 (eng-deu; Tatoeba
  data, CC-BY 2.0 FR) and share no English or German sentence with the training corpus.
  Neither was used for training or tuning the tokenizer; {watched}.

## Split and cleaning

All of the corpus is training data (no pairs carved out). Cleaning (NFC, whitespace
collapsed; case and digits kept):
read {cleaning.get('read')}, empty {cleaning.get('empty')}, longer than {cfg['data']['max_chars']} characters {cleaning.get('too_long')}
(including pairs over {cfg['data']['max_tokens']} pieces), character-length ratio > {cfg['data']['max_length_ratio']}:
{cleaning.get('bad_ratio')}, exact duplicate pairs {cleaning.get('duplicates')}, sharing a sentence with
heldout dev/test {cleaning.get('in_heldout')}; kept {cleaning.get('kept')}. Number augmentation added
{cleaning.get('number_augmented')} copies of pairs with aligned numbers ("three"/"drei", or the same digits on
both sides) where the numbers are replaced by the same random digits ({cfg['data']['number_augment_copies']}
copies per pair, seed {cfg['data']['seed']}). Name augmentation added {cleaning.get('name_augmented', 0)} copies of
pairs whose two sides share a name (`training/translator/names.py`), with the name replaced on both
sides by a made-up one ({cfg['data'].get('name_augment_copies', 0)} copy per pair), so that the model copies
names it has never seen: {cleaning.get('train_pairs')} training pairs in all.

## Tokenizer

One joint English+German SentencePiece BPE model, {m['vocab_size']} pieces, trained on the cleaned
training pairs only; case-preserving, `split_digits=True`, byte fallback; ids 0 = pad, 1 = unk,
2 = BOS, 3 = EOS. Shipped as `assets.extra/{meta.tokenizer_file}` (training loads it through
`bpemb.BPEmb(..., segmentation_only=True, preprocess=False)`, the service through `sentencepiece`).

## Model

| setting | value |
|---|---|
| d_model / heads / d_ff | {m['d_model']} / {m['num_heads']} / {m['d_ff']} |
| encoder / decoder layers | {m['encoder_layers']} / {m['decoder_layers']} |
| layer norm | {'pre-norm (before each sub-layer, plus a final one)' if m['pre_norm'] else 'post-norm'} |
| embeddings | shared source/target/output (tied), sinusoidal positions |
| dropout | {m['dropout']} |
| parameters | {meta.parameters:,} |
| export size | {size_mb:.1f} MB (float32) |

## Training

Adam (β₂ {t['beta_2']}, ε 1e-9), peak learning rate {t['peak_learning_rate']}, linear warm-up then
inverse square root (warm-up {t['warmup_steps']} steps; see the notes), gradient clipping
{t['clip_norm']}, label smoothing {t['label_smoothing']}, length-bucketed shuffled batches of about
{t['batch_tokens']} padded source+target tokens, seed {t['seed']}. Hardware: {hardware};
compute precision {' then '.join(train.get('precisions', ['float32']))}
(weights always float32). Wall-clock training time {train.get('minutes', '?')} min in
{train.get('segments', '?')} segment(s) (each going on from the previous one's weights),
{train.get('steps', '?')} steps (≈{_epochs(train, data_dir, t)} epochs). The segments and the load on
the machine during each are in the notes below.

{dev_table}

## Quality

sacreBLEU (13a tokenisation, default settings) and chrF, whole sentences as the service
returns them (including the text post-processing below). Keys: `<split>/<search>/<engine>`; the
SavedModel's `beam4` uses length penalty {meta.default_length_penalty} (GNMT form){_ctranslate2_search(model_dir)}.

| split/search | sentences | BLEU | chrF | seconds |
|---|---|---|---|---|
{_metric_rows(metrics)}

{_verdict(metrics)}

## Decoding and text handling

Greedy and beam search run inside the SavedModel with a key/value cache (`translate`);
`translate_uncached` recomputes the prefix every step (benchmark only). The service
splits text into sentences, normalises ALL-CAPS input (whole sentences → sentence case and
back; single shouted words → title case and back), ties the output length to the source
length (2 × source pieces + 10), collapses back-to-back repeated pieces/words (decoder
loops), and puts the source's numbers back when the model changed them.

{notes}
## Reproduce

{reproduce}
Checkpoints in this export: {', '.join(meta.checkpoints)}.
"""
    (extra / "MODEL_CARD.md").write_text(card, encoding="utf-8")
    return extra / "MODEL_CARD.md"


def _tf_version() -> str:
    try:
        import tensorflow as tf

        return tf.__version__
    except ImportError:  # pragma: no cover
        return "?"


def _epochs(train: dict, data_dir: Path, t: dict) -> str:
    """Steps / batches per epoch (the batching is deterministic given the data and seed)."""
    if not train.get("steps") or not (data_dir / "train-src.npz").exists():
        return "?"
    import numpy as np

    from training.translator.batching import fixed_shape_batches, make_batches
    from training.translator.ids import load_ids

    src, tgt = load_ids(data_dir / "train-src.npz"), load_ids(data_dir / "train-tgt.npz")
    rng = np.random.default_rng(t["seed"])
    if train.get("backend") == "jax":  # jax_train's fixed-shape batches
        per_epoch = len(fixed_shape_batches(src, tgt, t["batch_tokens"], rng))
    else:
        per_epoch = len(make_batches(src, tgt, t["batch_tokens"], rng))
    return f"{train['steps'] / per_epoch:.2f}"


def _default_reproduce(meta: TranslatorManifest) -> str:
    out = f"models/translator-en-de/{meta.version}"
    checkpoints = " ".join("--checkpoint runs/translator/checkpoints/" + c for c in meta.checkpoints)
    return f"""```
python -m training translator prepare
python -m training translator train --config runs/translator/config.json --resume
python -m training translator export {checkpoints} --out {out} --version {meta.version}
python -m training translator evaluate {out} --split test --beam-size 1 --record
python -m training translator evaluate {out} --split test --beam-size 4 --record
python -m training translator card {out}
```"""
