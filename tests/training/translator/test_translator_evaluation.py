"""Scoring held-out and out-of-domain sets (training/translator/evaluation.py, data.read_split)."""
from __future__ import annotations

from pathlib import Path

import pytest

from training.translator.data import read_split
from training.translator.evaluation import score


def test_score_reports_bleu_chrf_and_the_share_of_chains() -> None:
    refs = ["Das ist ein Haus.", "Ich mag Katzen."]
    perfect = score(refs, refs, ["This is a house.", "I like cats."])
    assert perfect["bleu"] == pytest.approx(100.0) and perfect["fragment_chain_share"] == 0.0
    broken = score(["Das ist Hau-Sta-Ate.", "Ich mag Katzen."], refs)
    assert broken["fragment_chain_share"] == 0.5 and broken["bleu"] < perfect["bleu"]


def test_read_split_finds_out_of_domain_sets_beside_the_tatoeba_folder(tmp_path: Path) -> None:
    heldout = tmp_path / "data" / "tatoeba-deu-eng" / "heldout-2021"
    news = tmp_path / "data" / "news-dev"
    heldout.mkdir(parents=True)
    news.mkdir(parents=True)
    (heldout / "dev.en").write_text("Hi.\n")
    (heldout / "dev.de").write_text("Hallo.\n")
    (news / "newstest2013.en").write_text("Markets fell.\nRain.\n")
    (news / "newstest2013.de").write_text("Die Märkte fielen.\nRegen.\n")
    assert read_split(heldout, "dev") == (["Hi."], ["Hallo."])
    assert read_split(heldout, "newstest2013") == (["Markets fell.", "Rain."], ["Die Märkte fielen.", "Regen."])
    (news / "newstest2013.de").write_text("Die Märkte fielen.\n")
    with pytest.raises(ValueError):
        read_split(heldout, "newstest2013")
