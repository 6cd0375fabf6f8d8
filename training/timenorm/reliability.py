"""What the model's confidence means: reliability table, false-time rate, and the threshold.

Pure Python. The service answers ``time: null`` when the sequence probability (``confidence``)
is below ``confidence_threshold`` in model.json; ``choose_threshold`` picks that value on a
generated development set (never on the hand-written report set) when a run is exported;
``threshold_under_false_time_rate`` picks it where false times show, on the hand-written set's
older batches, from the reliability of the raw output (session 19: ``timenorm threshold``).
"""
from __future__ import annotations

from itertools import pairwise
from statistics import median

#: Edges of the confidence bins of the reliability table (the last bin includes 1.0).
BIN_EDGES = (0.0, 0.5, 0.7, 0.9, 0.97, 0.99, 0.999, 1.0)
#: Thresholds ``choose_threshold`` tries.
CANDIDATES = tuple(round(0.05 * i, 2) for i in range(2, 20))  # 0.10 ... 0.95
#: Thresholds ``threshold_under_false_time_rate`` tries: finer near 1, where the wrong answers are.
FINE_CANDIDATES = (*(round(0.05 * i, 2) for i in range(10, 20)), 0.96, 0.97, 0.98, 0.99, 0.995, 0.998, 0.999)


def served(predicted: list[str], confidence: list[float], threshold: float) -> list[str]:
    """What the service answers: the model's time, or no time ("") below the threshold."""
    return [p if c >= threshold else "" for p, c in zip(predicted, confidence, strict=True)]


def reliability_table(expected: list[str], predicted: list[str], confidence: list[float],
                      edges: tuple[float, ...] = BIN_EDGES) -> list[dict]:
    """Per confidence bin: how many outputs, their mean confidence, and how many were right.

    Every output counts, a time or no time; right means exactly the expected answer.
    """
    rows = []
    for i, (low, high) in enumerate(pairwise(edges)):
        last = i == len(edges) - 2
        members = [(e == p, c) for e, p, c in zip(expected, predicted, confidence, strict=True)
                   if low <= c < high or (last and c == high)]
        n = len(members)
        rows.append({
            "low": low, "high": high, "n": n,
            "mean_confidence": sum(c for _, c in members) / n if n else None,
            "accuracy": sum(ok for ok, _ in members) / n if n else None,
            "correct": sum(ok for ok, _ in members),
        })
    return rows


def false_time_rate(expected: list[str], predicted: list[str]) -> dict:
    """Of the texts that hold no time, the share answered with a time."""
    negatives = [p for e, p in zip(expected, predicted, strict=True) if e == ""]
    false = sum(p != "" for p in negatives)
    return {"false_times": false, "negatives": len(negatives),
            "rate": false / len(negatives) if negatives else 0.0}


def choose_threshold(expected: list[str], predicted: list[str], confidence: list[float],
                     candidates: tuple[float, ...] = CANDIDATES) -> dict:
    """The threshold with the best exact match of the *served* answers; ties: their median.

    Returns the choice and, per candidate, the served exact match (for the card).
    """
    scores = {}
    for t in candidates:
        answers = served(predicted, confidence, t)
        scores[t] = sum(a == e for a, e in zip(answers, expected, strict=True)) / len(expected)
    best = max(scores.values())
    tied = [t for t in candidates if scores[t] == best]
    return {"threshold": float(median(tied)) if len(tied) % 2 else tied[len(tied) // 2],
            "served_exact_match": best, "per_candidate": scores, "n": len(expected)}


def threshold_under_false_time_rate(expected: list[str], predicted: list[str], confidence: list[float],
                                    max_rate: float = 0.01,
                                    candidates: tuple[float, ...] = FINE_CANDIDATES) -> dict:
    """The threshold with the best served exact match among those whose false-time rate is at most
    ``max_rate``; ties: the lowest. If none is, the one with the fewest false times (ties: the lowest).

    Raising the threshold turns answers into no time: a false time becomes right, a right time
    becomes a miss. Returns the choice and, per candidate, the served exact match and false times.
    """
    rows = {}
    for t in candidates:
        answers = served(predicted, confidence, t)
        rows[t] = {"correct": sum(a == e for a, e in zip(answers, expected, strict=True)),
                   **false_time_rate(expected, answers)}
    allowed = [t for t in candidates if rows[t]["rate"] <= max_rate]
    if allowed:
        best = max(rows[t]["correct"] for t in allowed)
        threshold = min(t for t in allowed if rows[t]["correct"] == best)
    else:
        fewest = min(r["false_times"] for r in rows.values())
        threshold = min(t for t in candidates if rows[t]["false_times"] == fewest)
    return {"threshold": threshold, "max_false_time_rate": max_rate, "met": bool(allowed),
            "served_exact_match": rows[threshold]["correct"] / len(expected), "n": len(expected),
            "per_candidate": rows}


def format_reliability(rows: list[dict]) -> str:
    lines = ["| confidence | n | mean confidence | accuracy |", "|---|---|---|---|"]
    for r in rows:
        bracket = "]" if r["high"] == 1.0 else ")"
        if r["n"]:
            lines.append(f"| [{r['low']:.3f}, {r['high']:.3f}{bracket} | {r['n']} | {r['mean_confidence']:.3f} | "
                         f"{r['accuracy']:.2%} ({r['correct']}/{r['n']}) |")
        else:
            lines.append(f"| [{r['low']:.3f}, {r['high']:.3f}{bracket} | 0 | - | - |")
    return "\n".join(lines)
