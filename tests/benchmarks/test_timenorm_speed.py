"""The time-normalizer speed benchmark measures every model on the same texts and reports ratios to the first."""
from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import timenorm_speed  # noqa: E402

SHIPPED = max((REPO / "models" / "time-normalizer").iterdir(), key=lambda p: int(p.name) if p.name.isdigit() else -1)


def test_texts_come_from_the_set_in_order() -> None:
    texts = timenorm_speed.load_texts(5)
    assert len(texts) == 5 and all(isinstance(t, str) and t for t in texts)
    assert timenorm_speed.load_texts(7)[:5] == texts


def test_the_benchmark_reports_each_model_and_the_baselines_ratio_is_one(tmp_path: Path, capsys, monkeypatch) -> None:
    out = tmp_path / "speed.json"
    monkeypatch.setattr(sys, "argv", ["timenorm_speed.py", str(SHIPPED), str(SHIPPED), "--texts", "8",
                                      "--repeats", "1", "--json", str(out)])
    assert timenorm_speed.main() == 0
    rows = json.loads(out.read_text())
    assert [r["model"] for r in rows] == [str(SHIPPED)] * 2
    assert all(r["batch1_texts_per_s"] > 0 and r["batch64_texts_per_s"] > 0 for r in rows)
    table = capsys.readouterr().out
    assert "8 texts" in table and f"| {SHIPPED} |" in table and "| 1.00 |" in table
