"""The HTML fragment translator on its own, with a word-for-word aligner (no model)."""
from __future__ import annotations

import asyncio
import re
import xml.etree.ElementTree as ET
from collections import Counter

import numpy as np
from bs4 import BeautifulSoup
from hypothesis import given, settings
from hypothesis import strategies as st

from service.libretranslate.html import translate_html
from service.models.base import ModelInputError, WordAlignment


async def upper(texts: list[str]) -> list[WordAlignment | ModelInputError]:
    out: list[WordAlignment | ModelInputError] = []
    for text in texts:
        translation = " ".join(text.split()).upper()
        source = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
        target = [(m.start(), m.end()) for m in re.finditer(r"\S+", translation)]
        out.append(WordAlignment(text, translation, source, target, np.eye(len(target), len(source))))
    return out


async def reversed_words(texts: list[str]) -> list[WordAlignment | ModelInputError]:
    """Translation = the words in reverse order (so tags must follow the alignment, not the position)."""
    out: list[WordAlignment | ModelInputError] = []
    for text in texts:
        words = text.split()
        translation = " ".join(reversed(words))
        source = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
        target = [(m.start(), m.end()) for m in re.finditer(r"\S+", translation)]
        n = len(words)
        out.append(WordAlignment(text, translation, source, target, np.eye(n)[::-1].copy()))
    return out


def run(html: str, align=upper) -> str:  # type: ignore[no-untyped-def]
    return asyncio.run(translate_html(html, align))


def test_tags_follow_the_alignment_not_the_position() -> None:
    assert run("<p>one <b>two</b> three four</p>", reversed_words) == "<p>four three <b>two</b> one</p>"


def test_untouched_parts() -> None:
    html = ('<div title="keep me">a <code>x = 1</code> b<!-- note --></div><pre>raw  text</pre>'
            '<script>var s = "hi";</script><p translate="no">not this</p><img src="i.png" alt="pic">')
    assert run(html) == ('<div title="keep me">A <code>x = 1</code> B<!-- note --></div><pre>raw  text</pre>'
                         '<script>var s = "hi";</script><p translate="no">not this</p><img alt="pic" src="i.png"/>')


def test_line_breaks_and_emoji_stay() -> None:
    assert run("<p>hello there 🎉<br>second line</p>") == "<p>HELLO THERE 🎉<br/>SECOND LINE</p>"


WORDS = st.sampled_from(["tea", "green", "the", "&amp;", "a&lt;b", "x", "Tom", "🙂"])
INLINE = st.sampled_from(["b", "em", "i", "span", "a"])


@st.composite
def fragments(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        if depth < 2 and draw(st.booleans()):
            tag = draw(INLINE)
            parts.append(f'<{tag} class="c{depth}">{draw(fragments(depth + 1))}</{tag}>')
        else:
            parts.append(draw(WORDS))
    return " ".join(parts)


@settings(max_examples=60, deadline=None)
@given(st.lists(fragments(), min_size=1, max_size=3))
def test_output_is_well_formed_and_keeps_every_tag(paragraphs: list[str]) -> None:
    html = "".join(f"<p>{p}</p>" for p in paragraphs)
    for align in (upper, reversed_words):
        out = run(html, align)
        ET.fromstring(f"<div>{out}</div>")
        tags = Counter(t.name for t in BeautifulSoup(out, "html.parser").find_all(True))
        assert tags == Counter(t.name for t in BeautifulSoup(html, "html.parser").find_all(True))
