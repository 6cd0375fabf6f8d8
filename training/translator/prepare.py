"""``prepare``: clean the corpus, add number- and name-augmented copies, train the tokenizer, encode."""
from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import numpy as np

from training.shared import REPOSITORY, from_repository
from training.translator.casing import augment_casing, augment_commas
from training.translator.config import DataConfig
from training.translator.data import (
    CleaningStats,
    augment_numbers,
    clean_pairs,
    read_corpus,
    read_heldout,
    read_split,
    write_tsv,
)
from training.translator.dictionary import DictionaryPairs, rare_word_terms, read_dictionary_file, training_pairs
from training.translator.distill import lowercase_word_counts, new_pairs, read_forward_translations, without_rare_words
from training.translator.gender import augment_gender, role_nouns
from training.translator.ids import save_ids
from training.translator.names import augment_names
from training.translator.served import served_name_copies
from training.translator.tokenizer import JOINT_MODEL_NAME, Tokenizer, train_joint_bpe
from training.translator.written import build_written, probe_sentences


def tokenizer_path(cfg: DataConfig) -> Path:
    return Path(cfg.out_dir) / f"{JOINT_MODEL_NAME}.model"


def prepare(cfg: DataConfig, keep_tokenizer: bool = False) -> dict:
    """``keep_tokenizer``: reuse the SentencePiece model already in ``out_dir`` (a model being
    trained or warm-started depends on its ids), only rebuilding the data."""
    if cfg.tokenizer != "joint":
        raise ValueError(f"tokenizer {cfg.tokenizer!r} is not implemented (only 'joint'); see docs/translator.md")
    out = Path(cfg.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    exclude: set[str] = set()
    for split in ("dev", "test"):
        en, de = read_heldout(cfg.heldout_dir, split)
        exclude.update(en)
        exclude.update(de)
    pairs, stats = clean_pairs(read_corpus(cfg.corpus), cfg, exclude)
    random.Random(cfg.seed).shuffle(pairs)
    # The tokenizer is trained on the cleaned corpus only (never on dev/test).
    texts = out / "tokenizer-train.txt"
    texts.write_text("".join(f"{en}\n{de}\n" for en, de in pairs), encoding="utf-8")
    if not (keep_tokenizer and tokenizer_path(cfg).exists()):
        train_joint_bpe(texts, out, cfg.vocab_size, seed=cfg.seed)
    tok = Tokenizer(tokenizer_path(cfg))

    numbers = augment_numbers(pairs, cfg.number_augment_copies, cfg.seed)
    names = augment_names(pairs, cfg.name_augment_copies, cfg.seed + 1)
    casual = augment_casing(pairs + names, cfg.casing_augment_fraction, cfg.seed + 2)
    commas = augment_commas(pairs + names, cfg.comma_augment_fraction, cfg.seed + 3)
    stats.number_augmented, stats.name_augmented = len(numbers), len(names)
    stats.casing_augmented, stats.comma_augmented = len(casual), len(commas)
    forward: list[tuple[str, str]] = []
    if cfg.forward_translations:
        rows = [list(p) for path in cfg.forward_translations.split(",") for p in read_forward_translations(path)]
        forward = new_pairs(clean_pairs(rows, cfg, exclude)[0], pairs, exclude)
        if cfg.forward_min_word_count > 0:  # counting the corpus's words only when the filter is on
            kept = without_rare_words(forward, lowercase_word_counts(pairs), cfg.forward_min_word_count)
            stats.forward_rare_dropped, forward = len(forward) - len(kept), kept
    stats.forward_translated = len(forward)
    dictionary: list[tuple[str, str]] = []
    if cfg.dictionary:
        found = read_dictionary_file(cfg.dictionary)
        cleaned = DictionaryPairs(*(clean_pairs([list(p) for p in part], cfg, exclude)[0]
                                    for part in (found.sentences, found.terms)))
        if cfg.dictionary_rare_word_count > 0:
            terms = rare_word_terms(cleaned, lowercase_word_counts(pairs), cfg.dictionary_rare_word_count)
            dictionary = cleaned.sentences * cfg.dictionary_sentence_copies + terms
        else:
            dictionary = training_pairs(cleaned, cfg.dictionary_sentence_copies, cfg.dictionary_terms,
                                        cfg.dictionary_term_words, cfg.seed + 4)
    stats.dictionary_pairs = len(dictionary)
    written = written_pairs(cfg, exclude, stats)
    gendered = gender_pairs(cfg, pairs, stats)
    train = pairs + numbers + names + casual + commas + forward + dictionary + written + gendered
    src, tgt = tok.encode([p[0] for p in train]), tok.encode([p[1] for p in train])
    keep = [i for i in range(len(train)) if len(src[i]) <= cfg.max_tokens and len(tgt[i]) <= cfg.max_tokens]
    stats.too_long += len(train) - len(keep)
    stats.notes.append(f"dropped {len(train) - len(keep)} pairs over {cfg.max_tokens} pieces")
    train = [train[i] for i in keep]
    stats.train_pairs = len(train)
    write_tsv(out / "train.tsv", train)
    save_ids(out / "train-src.npz", [src[i] for i in keep])
    save_ids(out / "train-tgt.npz", [tgt[i] for i in keep])
    summary = {
        "cleaning": dataclasses.asdict(stats),
        "config": dataclasses.asdict(cfg),
        "source_pieces_mean": float(np.mean([len(src[i]) for i in keep])),
        "target_pieces_mean": float(np.mean([len(tgt[i]) for i in keep])),
        "target_pieces_total": int(sum(len(tgt[i]) for i in keep)),
    }
    (out / "stats.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return summary


def written_pairs(cfg: DataConfig, exclude: set[str], stats: CleaningStats) -> list[tuple[str, str]]:
    """``cfg.written_pairs``' pairs (none near dev, test, newstest2013 or a hand-written probe), cleaned, ``written_copies``
    times, and informal copies of a ``written_informal_fraction`` of them."""
    if not cfg.written_pairs:
        return []
    folder = from_repository(cfg.written_pairs)
    news = read_split(cfg.heldout_dir, "newstest2013")
    report = build_written(folder, [*exclude, *news[0], *news[1], *probe_sentences(REPOSITORY)])
    kept = clean_pairs([list(p) for p in report.kept], cfg, exclude)[0]
    stats.written_pairs, stats.written_near_eval = len(kept), report.near_eval
    stats.notes.append(report.summary())
    fraction = cfg.written_informal_fraction
    informal = augment_casing(kept, fraction, cfg.seed + 5) + augment_commas(kept, fraction, cfg.seed + 6)
    if informal:
        stats.notes.append(f"{len(informal)} informal copies of written pairs (lower-case, no final punctuation, "
                           "no commas)")
    served = served_name_copies(kept, cfg.written_served_copies)
    if served:
        stats.notes.append(f"{len(served)} served copies of written pairs (unseen names as their placeholders)")
    return kept * cfg.written_copies + informal + served


def gender_pairs(cfg: DataConfig, pairs: list[tuple[str, str]], stats: CleaningStats) -> list[tuple[str, str]]:
    """``gender_augment_copies`` copies of the corpus's pairs whose one man has a role, made a woman's."""
    if cfg.gender_augment_copies <= 0:
        return []
    if not cfg.dictionary:
        raise ValueError("data.gender_augment_copies needs data.dictionary: the role nouns come from it")
    with open(cfg.dictionary, encoding="utf-8") as lines:
        roles = role_nouns(lines)
    gendered = augment_gender(pairs, roles, cfg.gender_augment_copies, cfg.seed + 7, cfg.gender_masculine_copies,
                              cfg.gender_possessives)
    stats.notes.append(f"{len(gendered)} gender copies, swapped and (x{cfg.gender_masculine_copies}) kept a man's "
                       f"({len(roles)} role nouns from the dictionary)")
    return gendered
