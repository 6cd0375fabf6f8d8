"""Character vocabularies of the model (pure Python; the graph uses the same tables).

Input ids: 0 padding, 1 unknown character, 2 end of input, then printable ASCII.
Output ids: 0 padding, 1 start, 2 end, then the digits and ``:``.
"""
from __future__ import annotations

from training.timenorm.text import normalize_text

PAD, UNK, END = 0, 1, 2
START = 1  # output side
END_TOKEN = "</s>"
INPUT_CHARS = tuple(chr(c) for c in range(32, 127))
INPUT_VOCAB_SIZE = 3 + len(INPUT_CHARS)
OUTPUT_CHARS = tuple("0123456789:")
OUTPUT_VOCAB_SIZE = 3 + len(OUTPUT_CHARS)
MAX_OUTPUT_LENGTH = 6  # "HH:MM" + end


def codepoint_table(size: int = 128) -> list[int]:
    """``table[codepoint] -> input id`` for code points below ``size`` (others are unknown)."""
    table = [UNK] * size
    for i, char in enumerate(INPUT_CHARS):
        table[ord(char)] = 3 + i
    return table


_TABLE = codepoint_table()


def encode_input(text: str, max_chars: int) -> list[int]:
    """Normalized, truncated text as input ids, ending with the end-of-input id."""
    chars = normalize_text(text, max_chars)
    return [_TABLE[ord(c)] if ord(c) < len(_TABLE) else UNK for c in chars] + [END]


def encode_target(label: str) -> list[int]:
    """``"07:45"`` -> ids of its characters + end; ``""`` (no time) -> just the end id."""
    return [3 + OUTPUT_CHARS.index(c) for c in label] + [END]


def decode_output(ids: list[int]) -> str:
    """Output ids up to the first end id, as text."""
    chars = []
    for i in ids:
        if i == END or i == PAD:
            break
        chars.append(OUTPUT_CHARS[i - 3] if i >= 3 else "?")
    return "".join(chars)
