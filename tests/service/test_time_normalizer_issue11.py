"""Issue 11: every example of the issue through POST /normalize-time on the shipped model."""
from __future__ import annotations

from conftest import require_model
from fastapi.testclient import TestClient

TN = "time-normalizer"

#: The issue's table and text, verbatim, with the answers of the conventions (docs/time-normalizer.md).
ISSUE_TIMES = {
    "t6:42": "06:42",
    "t10.13 a.m": "10:13",
    "t9:28p.m": "21:28",
    "eleven hours and forty nine pm": "23:49",
    "ten o'clock thirty pm": "22:30",
    "52 min after 9 a.m.": "09:52",
    "fifty two min before 8 p.m.": "19:08",
    "39 after eight before noon": "08:39",
    "twenty seven before seven after noon": "18:33",
    "forty-five minutes past two": "02:45",
}
#: Texts with numbers but no clock time, and the word the error must use to say why.
ISSUE_NO_TIMES = {
    "I have 3 apples": "quantity",
    "2.5 kg": "quantity",
    "version 2.10 is out": "version",
    "v3.1": "version",
    "it costs $7.50": "money",
    "\u20ac2": "money",
    "7,50 \u20ac": "money",
    "2-1": "score",
    "March 5": "date",
    "5.3.2024": "date",
    "in 20 minutes": "relative time, not a clock time",
    "for 2 hours": "duration is not a clock time",
    "20 minutes ago": "relative time, not a clock time",
}


def test_issue_examples_through_the_api(shipped_client: TestClient) -> None:
    require_model(shipped_client, TN)
    texts = list(ISSUE_TIMES) + list(ISSUE_NO_TIMES)
    r = shipped_client.post("/normalize-time", json={"texts": texts})
    assert r.status_code == 200, r.text
    results = {x["text"]: x for x in r.json()["results"]}
    wrong = {t: results[t]["time"] for t, expected in ISSUE_TIMES.items() if results[t]["time"] != expected}
    assert not wrong, wrong
    for text, why in ISSUE_NO_TIMES.items():
        item = results[text]
        assert item["time"] is None, item
        assert "no time" in item["error"] and why in item["error"], item
