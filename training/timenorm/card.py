"""MODEL_CARD.md for an exported time normalizer (pure Python)."""
from __future__ import annotations

from training.timenorm import nouns_g20
from training.timenorm.config import EPOCH_SEED_STRIDE, TrainConfig
from training.timenorm.generator import GeneratorConfig
from training.timenorm.reliability import format_reliability
from training.timenorm.wordnet_nouns import common_nouns, shipped_nouns


def model_card(config: TrainConfig, metrics: dict, version: str) -> str:
    ev = metrics["handwritten"]
    m = config.model
    lines = [
        f"# time-normalizer v{version}",
        "",
        "English time expression (as a person types it) -> `HH:MM` on the 24-hour clock, or",
        "`\"\"` when the text holds no time. Conventions: see `docs/time-normalizer.md`.",
        "",
        "## Model",
        f"- Character embedding ({m.embedding_dim}) + BiLSTM encoder ({m.encoder_units} per direction),",
        f"  LSTM decoder ({m.decoder_units}) with **{m.attention}** attention and input feeding;",
        "  greedy decoding, normalization and the character lookup run inside the SavedModel graph.",
        f"- Parameters: {metrics['parameters']:,}; SavedModel size on disk (with assets.extra): "
        f"{metrics['saved_model_bytes'] / 1e6:.2f} MB.",
        f"- Inputs longer than {m.max_input_chars} characters (after normalization) are truncated.",
        "",
        "## Data",
        "- Training data is **synthetic only**: `training/timenorm/generator.py` (seeded, pure Python),",
        (f"  {config.data.train_examples:,} new training examples every epoch (epoch e at seed {config.data.seed} + "
         f"{EPOCH_SEED_STRIDE}·e) and " if config.data.fresh_each_epoch else
         f"  seed {config.data.seed}, {config.data.train_examples:,} training and ")
        + f"{config.data.validation_examples:,} validation examples (validation seed {config.data.seed + 1}),",
        f"  {config.data.negative_fraction:.0%} no-time texts ({GeneratorConfig().lookalike_share:.0%} of them look-alikes: "
        "quantities, prices,",
        "  versions, scores, phone numbers, dates, durations, relative times).",
        (f"- Third-party text: {GeneratorConfig().clause_probability:.0%} of the times, look-alikes and codes stand "
         "beside a clause of ordinary English: 4,000 English sentences of the **Tatoeba** corpus (tatoeba.org, "
         "CC-BY 2.0 FR, via www.manythings.org/anki), shipped in `training/timenorm/data/clauses.txt`."
         if GeneratorConfig().clause_probability else "- No third-party data."),
        *([f"- Third-party data: the kinds of {sum(map(len, shipped_nouns().values())):,} nouns said before numbers "
           "(g20: a time after something that happens, a code after a thing, a price after food; g22: a time after a "
           "person or a vehicle and a verb of coming and going) come from **WordNet 3.0** (Princeton University, "
           "WordNet 3.0 license, permissive with notice: `training/timenorm/data/WORDNET_LICENSE`), shipped in "
           "`training/timenorm/data/nouns_wordnet.tsv`" + _common_nouns_note()] if nouns_g20.SHARES else []),
        "- Evaluation: the hand-written set `training/timenorm/data/eval_handwritten.tsv`",
        f"  ({ev['total']} phrasings, none produced by the generator; never trained on). It is also the gate that",
        "  decides whether a trained round ships (each rule fixed before training: `docs/time-normalizer-rounds.md`), so",
        "  the unseen measure of a shipped model is the batch written while it trained, reported there.",
        ("  The confidence threshold is chosen on the set's file lines "
         f"{metrics['threshold_choice']['on_lines']} (Confidence, below); the later lines are a clean check."
         if metrics.get("threshold_choice", {}).get("on_lines") else
         "  The confidence threshold is chosen on a generated dev set (its own seed)."),
        "",
        "## Training",
        f"- Teacher forcing, Adam (lr {config.learning_rate} cosine-decayed to {config.final_learning_rate}),",
        f"  global clip norm {config.clip_norm}, batch {config.batch_size}, {config.epochs} epochs, seed {config.seed}"
        + (f"; warm-started from `{metrics['warm_start']}`." if metrics.get("warm_start") else "."),
        *([f"- Weight soup: the element-wise mean of the weights of {', '.join(f'`{m}`' for m in metrics['soup_of'])}"
           " (`python -m training timenorm soup`); the training lines above are those models' config."]
          if metrics.get("soup_of") else []),
        *([f"- **Ensemble** of {len(metrics['ensemble_of'])} models, {', '.join(f'`{m}`' for m in metrics['ensemble_of'])}"
           " (`python -m training timenorm ensemble`): each decoding step takes the mean of their next-character"
           " probabilities, and the attention map is the mean of their maps; the training lines above are member 0's"
           " config, and each member's own config and warm start are in `ensemble.json` (also: Reproduce, below)."]
          if metrics.get("ensemble_of") else []),
        "",
        "## Quality (exact match on the hand-written set, as the service answers)",
        f"**Overall: {ev['exact_match']:.2%} ({ev['correct']}/{ev['total']})** at confidence threshold "
        f"{ev.get('threshold', 0):.2f}; raw model output (no threshold): "
        f"{ev.get('raw', {}).get('exact_match', float('nan')):.2%}.",
        "",
        "| category | exact match | n |",
        "|---|---|---|",
    ]
    for name, r in ev["per_category"].items():
        lines.append(f"| {name} | {r['exact_match']:.2%} | {r['total']} |")
    lines += _confidence_lines(ev, metrics.get("threshold_choice", {}))
    lines += ["", "### Attention comparison (same hand-written set, same data and training budget)", "",
              "| attention | exact match | correct/total | false times | threshold |", "|---|---|---|---|---|"]
    comparison = metrics["attention_comparison"]
    for kind, r in comparison.items():
        ft = r.get("false_time") or {}
        false = f"{ft['rate']:.2%} ({ft['false_times']}/{ft['negatives']})" if ft else "-"
        lines.append(f"| {kind} | {r['exact_match']:.2%} | {r['correct']}/{r['total']} | {false} | "
                     f"{r.get('threshold') if r.get('threshold') is not None else '-'} |")
    kinds = list(comparison)
    lines += ["", "Per category:", "", "| category | " + " | ".join(kinds) + " |", "|---" * (len(kinds) + 1) + "|"]
    for name in ev["per_category"]:
        cells = [f"{comparison[k]['per_category'].get(name, float('nan')):.2%}" for k in kinds]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    if ev["errors"]:
        lines += ["", "### Misses of this model", ""]
        lines += [f"- `{e['text']!r}`: expected `{e['expected'] or '(no time)'}`, got `{e['predicted'] or '(no time)'}`"
                  for e in ev["errors"]]
    lines += ["", "## Reproduce", "", "Train, then export (the export evaluates the exported SavedModel on the "
              "hand-written set; each compared model was measured by its own export):", "", "```"]
    members = metrics.get("ensemble_members") or []
    for member in members:  # an ensemble: train each member, then put them together
        warm = f" --warm-start {member['warm_start']}" if member.get("warm_start") else ""
        fresh = " --fresh-each-epoch" if member.get("fresh_each_epoch") else ""
        lines.append(f"python -m training timenorm train --attention {m.attention} --seed {member['seed']}"
                     f" --examples {member['train_examples']}{fresh}{warm} --out {member['run']}")
    if members:
        lines.append("python -m training timenorm ensemble " + " ".join(x["source"] for x in members)
                     + f" --out {metrics['run']}")
    soup = metrics.get("soup_members") or []
    where = metrics.get("model_dir", "<exported dir>")
    for member in soup:  # a soup: train each member (its round's generator: docs/time-normalizer-rounds.md), then mix
        warm = f" --warm-start {member['warm_start']}" if member.get("warm_start") else ""
        fresh = " --fresh-each-epoch" if member.get("fresh_each_epoch") else ""
        lines.append(f"python -m training timenorm train --attention {member['attention']} --config "
                     f"{where}/{member['config_file']}{fresh}{warm} --out {member['run']}")
        lines.append(f"python -m training timenorm export --run {member['run']} --out {member['source']}")
    if soup:
        lines.append("python -m training timenorm soup " + " ".join(x["source"] for x in soup) + f" --out {metrics['run']}")
    for kind, r in ([] if members or soup else metrics["attention_comparison"].items()):
        if r.get("run"):
            warm = f" --warm-start {r['warm_start']}" if r.get("warm_start") else ""
            examples = f" --examples {r['train_examples']}" if r.get("train_examples") else ""
            own = kind == m.attention and metrics.get("model_dir")  # this model: its saved config holds seeds and rates
            saved = f" --config {metrics['model_dir']}/assets.extra/config.json" if own else ""
            fresh = " --fresh-each-epoch" if own and config.data.fresh_each_epoch else ""
            lines.append(f"python -m training timenorm train --attention {kind}{saved}{warm}{examples}{fresh}"
                         f" --out {r['run']}")
    for _kind, r in reversed(list(metrics["attention_comparison"].items())):
        if r.get("measured_by"):
            lines.append(r["measured_by"])
    if metrics.get("threshold_choice", {}).get("command"):
        lines.append(metrics["threshold_choice"]["command"])
    lines += [f"python -m training timenorm evaluate --model {metrics.get('model_dir', '<exported dir>')}", "```",
              "", "## Limits",
              "- English only; one time per text (the first/most salient); no dates, ranges or time zones.",
              "- Outputs below the confidence threshold in model.json are reported as no time by the service.",
              ""]
    return "\n".join(lines)


def _confidence_lines(ev: dict, choice: dict) -> list[str]:
    lines = []
    if "false_time" in ev:
        ft, raw = ev["false_time"], ev["raw"]["false_time"]
        lines += ["", f"**False times** (a time answered for a text without one): {ft['rate']:.2%} "
                      f"({ft['false_times']}/{ft['negatives']}); raw model output: {raw['false_times']}/{raw['negatives']}."]
    if ev.get("reliability"):
        lines += ["", "### Reliability (raw model output on the hand-written set: confidence bins vs exact match)",
                  "", format_reliability(ev["reliability"])]
    if choice.get("on_lines"):
        chosen = choice["per_candidate"][str(choice["threshold"])]
        lines += ["", f"Confidence threshold **{choice['threshold']}**: of the candidates "
                      f"{', '.join(choice['per_candidate'])}, the one with the best served exact match on the "
                      f"hand-written set's file lines {choice['on_lines']} ({choice['n']} texts) among those whose "
                      f"false-time rate there is at most {choice['max_false_time_rate']:.0%}"
                      + ("" if choice["met"] else " (none is: the one with the fewest false times)")
                      + f"; ties: the lowest. There: {chosen['correct']}/{choice['n']} served right, false times "
                      f"{chosen['false_times']}/{chosen['negatives']}. Chosen from `{choice['source']}` "
                      "(the same SavedModel). Per candidate (served right, false times):", "",
                  "| threshold | served right | false times |", "|---|---|---|",
                  *(f"| {t} | {r['correct']} | {r['false_times']}/{r['negatives']} |"
                    for t, r in choice["per_candidate"].items())]
    elif choice.get("given"):
        lines += ["", f"Confidence threshold {choice['threshold']} was given on the command line."]
    elif choice:
        lines += ["", f"Confidence threshold **{choice['threshold']}**: of the candidates 0.10-0.95, the one with the best "
                      f"exact match of the served answers on a generated dev set ({choice['n']} samples, seed "
                      f"{choice['dev_seed']}; {choice['served_exact_match']:.2%} served, {choice['raw_exact_match']:.2%} "
                      "raw; ties: their median). Dev-set reliability:", "", format_reliability(choice["reliability"])]
    return lines


def _common_nouns_note() -> str:
    """g30: the sentence that credits ``wordfreq`` when the noun list holds nouns chosen by it."""
    n = len(common_nouns())
    return (f"; {n:,} of them were chosen because English at large uses them often, by the word frequencies of "
            "**wordfreq** (Robyn Speer and contributors; data CC-BY-SA 4.0)." if n else ".")
