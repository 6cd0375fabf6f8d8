"""Sentence splitting for translation input (the model was trained on single sentences)."""
from __future__ import annotations

import re
from dataclasses import dataclass

ABBREVIATIONS = frozenset({
    "mr", "mrs", "ms", "dr", "prof", "st", "sr", "jr", "vs", "etc", "e.g", "i.e", "no",
    "approx", "dept", "fig", "inc", "ltd", "co", "mt", "jan", "feb", "mar", "apr", "jun",
    "jul", "aug", "sep", "sept", "oct", "nov", "dec", "u.s", "u.k", "a.m", "p.m",
})

# Emoji (with skin tones, joiners, flags) and the spaces between them, at the start of a text.
_EMOJI_RUN = re.compile(
    r"(?:[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u2300-\u23FF\u200D\uFE0F\u20E3]+[ \t]*)*"
    r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u2300-\u23FF][\u200D\uFE0F\U0001F3FB-\U0001F3FF]*")

# A candidate boundary: end punctuation (and closing quotes/brackets), then whitespace.
_BOUNDARY = re.compile(r"([.!?…]+[\"'”’)\]]*)(\s+)")


@dataclass(frozen=True)
class Segment:
    """One sentence and the whitespace that followed it in the original text."""

    text: str
    trailing: str = ""


def split_sentences(text: str) -> list[Segment]:
    """Split ``text`` into sentences; ``"".join(s.text + s.trailing)`` gives back ``text``
    minus leading whitespace. Line breaks always end a sentence."""
    segments: list[Segment] = []
    body = text.lstrip()
    start = 0
    for match in _BOUNDARY.finditer(body):
        end = match.end(1)
        candidate = body[start:end]
        rest = body[match.end():]
        last_word = candidate.rstrip(".!?…\"'”’)]").split()[-1:] if candidate.strip() else []
        word = last_word[0].lower().lstrip("(\"'“‘") if last_word else ""
        newline = "\n" in match.group(2)
        if not newline:
            if word in ABBREVIATIONS or (len(word) == 1 and word.isalpha() and match.group(1) == "."):
                continue  # "Mr. Smith", "J. Doe"
            if rest and not (rest[0].isupper() or rest[0].isdigit() or rest[0] in "\"'“‘(¿¡" or _EMOJI_RUN.match(rest)):
                continue  # "... 3.5 km. and then" – lower-case continuation
        segments.append(Segment(candidate, match.group(2)))
        start = match.end()
    tail = body[start:]
    if tail.strip():
        stripped = tail.rstrip()
        segments.append(Segment(stripped, tail[len(stripped):]))
    elif segments and tail:
        last = segments[-1]
        segments[-1] = Segment(last.text, last.trailing + tail)
    segments = _emoji_to_previous(segments)
    # Line breaks inside a sentence without end punctuation: split them too.
    out: list[Segment] = []
    for seg in segments:
        lines = seg.text.split("\n")
        for i, line in enumerate(lines):
            if i < len(lines) - 1:
                if line.strip():
                    out.append(Segment(line.rstrip(), line[len(line.rstrip()):] + "\n"))
                elif out:
                    out[-1] = Segment(out[-1].text, out[-1].trailing + line + "\n")
            else:
                stripped = line.strip()
                if stripped:
                    out.append(Segment(line.strip(), seg.trailing))
                elif out:
                    out[-1] = Segment(out[-1].text, out[-1].trailing + seg.trailing)
    return out


def _emoji_to_previous(segments: list[Segment]) -> list[Segment]:
    """Emoji after a sentence's end belong to it: "Thanks! 😊 See you." → "Thanks! 😊" + "See you."."""
    out: list[Segment] = []
    for seg in segments:
        run = _EMOJI_RUN.match(seg.text)
        if out and run and "\n" not in out[-1].trailing:
            prev = out[-1]
            rest = seg.text[run.end():]
            if rest.strip():
                gap = rest[: len(rest) - len(rest.lstrip())]
                out[-1] = Segment(prev.text + prev.trailing + run.group(0), gap)
                out.append(Segment(rest.lstrip(), seg.trailing))
            else:
                out[-1] = Segment(prev.text + prev.trailing + seg.text, seg.trailing)
            continue
        out.append(seg)
    return out


def join_sentences(translations: list[str], segments: list[Segment]) -> str:
    """Put translated sentences back together with the original whitespace between them."""
    return "".join(t + s.trailing for t, s in zip(translations, segments, strict=False)).rstrip()
