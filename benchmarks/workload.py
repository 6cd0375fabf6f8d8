"""Inputs of the benchmarks: short English sentences and time phrases (written for this repo)."""
from __future__ import annotations

SENTENCES: tuple[str, ...] = (
    "I like green tea.",
    "Where is the station?",
    "Tom is tired.",
    "The weather is nice today.",
    "Can you help me, please?",
    "We are going home now.",
    "She reads a book every evening.",
    "My brother lives in a small town.",
    "The children are playing in the garden.",
    "I don't understand the question.",
    "This house is very old.",
    "Do you want something to drink?",
    "He works in a hospital.",
    "The train leaves at eight o'clock.",
    "I have never been to Berlin.",
    "Please close the door.",
)

TIME_PHRASES: tuple[str, ...] = (
    "quarter past seven in the evening",
    "half past two pm",
    "let's meet at 7.45",
    "ten to six pm",
    "noon",
    "the meeting starts at 9:30 am",
    "twenty past eleven at night",
    "five o'clock in the morning",
    "a quarter to midnight",
    "at 14:05",
    "no time in here",
    "three thirty pm",
)


def pick(pool: tuple[str, ...], index: int, count: int = 1) -> list[str]:
    """``count`` consecutive items of ``pool`` starting at ``index`` (wrapping around)."""
    return [pool[(index + k) % len(pool)] for k in range(count)]
