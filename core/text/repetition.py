"""Guards against decoder loops ("Tom Tom Tom Tom …") on rare or unknown words."""
from __future__ import annotations

from collections.abc import Callable


def collapse_repeats(
    words: list[str], max_ngram: int = 4, keep: int = 2, protect: Callable[[str], bool] | None = None
) -> list[str]:
    """Collapse an n-gram (n ≤ ``max_ngram``) repeated back to back more than ``keep`` times
    into one occurrence. ``["a", "b", "a", "b", "a", "b"]`` → ``["a", "b"]``. N-grams whose
    items all satisfy ``protect`` (e.g. digit pieces of "1000") are left alone."""
    out = list(words)
    changed = True
    while changed:
        changed = False
        for n in range(1, max_ngram + 1):
            i = 0
            while i + n <= len(out):
                gram = out[i: i + n]
                count = 1
                while out[i + count * n: i + (count + 1) * n] == gram:
                    count += 1
                if count > keep and not (protect and all(protect(g) for g in gram)):
                    del out[i + n: i + count * n]
                    changed = True
                i += 1
    return out


def collapse_repeated_words(text: str, max_ngram: int = 4, keep: int = 2) -> str:
    """`collapse_repeats` on whitespace-separated words, comparing them without punctuation."""
    words = text.split()
    keys = [w.strip(".,;:!?\"'").lower() for w in words]
    out: list[str] = []
    index = 0
    collapsed_keys = collapse_repeats(keys, max_ngram, keep)
    # Walk both sequences: keep the original word for every surviving key.
    for key in collapsed_keys:
        while index < len(words) and keys[index] != key:
            index += 1
        if index < len(words):
            out.append(words[index])
            index += 1
    if out and words and out[-1] != words[-1] and words[-1][-1:] in ".!?":
        out[-1] = out[-1].rstrip(".,;:!?") + words[-1][-1]
    return " ".join(out)


def _is_digit_piece(piece: str) -> bool:
    return piece.lstrip("\u2581").isdigit()


def collapse_repeated_pieces(pieces: list[str], max_ngram: int = 4, keep: int = 2) -> list[str]:
    """`collapse_repeats` on SentencePiece pieces (digit pieces are never collapsed)."""
    return collapse_repeats(pieces, max_ngram, keep, protect=_is_digit_piece)
