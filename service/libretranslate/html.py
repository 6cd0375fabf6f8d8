"""HTML fragments (``format: "html"``): translate the text, keep the markup.

The fragment is parsed with BeautifulSoup (``html.parser``). Text is translated in *runs*: the
text and inline elements between two block boundaries (a block element, ``<br>``, the start or
end of the fragment) form one unit, so that ``<b>``, ``<a>``, ``<em>``, ``<span>`` stay inside
their sentence (LibreTranslate splits them into separate sentences, their #806). Each inline
element that holds words is put around the target words that the cross-attention aligns with
its source words (:class:`core.text.alignment.WordAlignment`); *atoms* (mentions, hashtags,
links that show their URL, inline code, images, emoji, anything marked ``translate="no"``) are
never translated: they are taken out of the text and put back, unchanged, after the target word
aligned with the source word before them. ``<pre>``, ``<code>``, ``<script>``, ``<style>`` and
attributes are left as they are. The model's output only ever becomes text nodes (escaped on
output), so no markup can come from it; the result is serialised by the parser, well-formed.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bs4 import BeautifulSoup, NavigableString, PageElement, Tag
from bs4.element import Comment, Doctype, ProcessingInstruction

from service.models.base import ModelInputError, WordAlignment

AlignFn = Callable[[list[str]], Awaitable[Sequence[WordAlignment | ModelInputError]]]

BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "div", "dl", "dt",
    "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
    "hr", "html", "li", "main", "nav", "ol", "p", "section", "summary", "table", "tbody", "td", "tfoot",
    "th", "thead", "tr", "ul", "head", "title",
})
UNTOUCHED = frozenset({"pre", "code", "script", "style", "textarea", "kbd", "samp", "var", "svg", "math",
                       "template", "noscript", "iframe", "object"})
ATOM_CLASSES = frozenset({"mention", "hashtag", "h-card", "u-url", "notranslate", "emoji", "invisible"})
_URL_LIKE = re.compile(r"^(?:https?://|www\.|[@#])\S*$|^\S+\.[a-z]{2,}(?:/\S*)?$", re.IGNORECASE)
# Text that is never sent to the model: links written out, and emoji (with their joiners).
_TEXT_ATOM = re.compile(r"https?://\S+|[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF][\U0001F000-\U0001FAFF"
                        r"\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D\U0001F3FB-\U0001F3FF]*")
_PUNCTUATION = frozenset(".,!?;:…\"'”’»)")


@dataclass
class _Atom:
    node: PageElement  # a copy, put back unchanged
    position: int  # character offset in the run's text
    space_before: bool = False
    space_after: bool = False


@dataclass
class _Wrapper:
    tag: Tag | None  # the inline element (None: the run itself)
    start: int
    end: int = 0
    children: list[_Wrapper | _Atom] = field(default_factory=list)


@dataclass
class _Run:
    nodes: list[PageElement]
    text: str = ""
    root: _Wrapper = field(default_factory=lambda: _Wrapper(None, 0))


def _classes(tag: Tag) -> set[str]:
    value: Any = tag.get("class") or []
    return set(value.split()) if isinstance(value, str) else {str(v) for v in value}


def _is_atom(tag: Tag) -> bool:
    if tag.name in UNTOUCHED or tag.name in {"img", "input", "video", "audio", "canvas", "wbr"}:
        return True
    if tag.get("translate") == "no" or _classes(tag) & ATOM_CLASSES:
        return True
    text = tag.get_text()
    if not text.strip():
        return True
    return tag.name == "a" and bool(_URL_LIKE.match(text.strip()))


def _is_text(node: PageElement) -> bool:
    return isinstance(node, NavigableString) and not isinstance(node, (Comment, Doctype, ProcessingInstruction))


def _untranslatable_block(tag: Tag) -> bool:
    return tag.get("translate") == "no" or "notranslate" in _classes(tag)


def _has_block(tag: Tag) -> bool:
    return any(isinstance(d, Tag) and (d.name in BLOCKS or d.name == "br") for d in tag.descendants)


def _collect_runs(container: Tag, runs: list[_Run]) -> None:
    current: list[PageElement] = []

    def flush() -> None:
        if current:
            runs.append(_Run(list(current)))
            current.clear()

    for child in list(container.children):
        if isinstance(child, Tag):
            if child.name in UNTOUCHED and child.name not in {"code", "kbd", "samp", "var"}:
                flush()
            elif child.name == "br" or child.name in BLOCKS:
                flush()
                if not _untranslatable_block(child):
                    _collect_runs(child, runs)
            elif _has_block(child) and not _is_atom(child):
                flush()
                _collect_runs(child, runs)
            else:
                current.append(child)
        elif isinstance(child, (Doctype, ProcessingInstruction)):
            flush()
        else:
            current.append(child)
    flush()


def _add_text(run: _Run, parent: _Wrapper, text: str) -> None:
    at = 0
    for match in _TEXT_ATOM.finditer(text):
        run.text += text[at: match.start()]
        parent.children.append(_Atom(NavigableString(match.group(0)), len(run.text)))
        at = match.end()
    run.text += text[at:]


def _read(run: _Run, node: PageElement, parent: _Wrapper) -> None:
    if isinstance(node, Comment) or (isinstance(node, Tag) and _is_atom(node)):
        parent.children.append(_Atom(copy.copy(node), len(run.text)))
    elif isinstance(node, NavigableString):
        _add_text(run, parent, str(node))
    elif isinstance(node, Tag):
        wrapper = _Wrapper(node, len(run.text))
        for child in node.children:
            _read(run, child, wrapper)
        wrapper.end = len(run.text)
        parent.children.append(wrapper)


def _mark_spaces(run: _Run, wrapper: _Wrapper) -> None:
    for child in wrapper.children:
        if isinstance(child, _Atom):
            child.space_before = child.position > 0 and run.text[child.position - 1].isspace()
            child.space_after = child.position < len(run.text) and run.text[child.position].isspace()
        else:
            _mark_spaces(run, child)


class _Builder:
    """Puts one run back together around its translation."""

    def __init__(self, soup: BeautifulSoup, alignment: WordAlignment) -> None:
        self.soup = soup
        self.al = alignment
        self.words = alignment.target_words
        self.text = alignment.translation

    def _trimmed_end(self, child: _Wrapper, b: int) -> int:
        """End of word ``b - 1``, less the punctuation that ends the sentence (unless the
        element's own source text ends with it): ``<em>der Bahnhof</em>?``."""
        end = self.words[b - 1][1]
        own = self.al.source[child.start: child.end].rstrip()
        while end > self.words[b - 1][0] + 1 and self.text[end - 1] in _PUNCTUATION and not own.endswith(self.text[end - 1]):
            end -= 1
        return end

    def _atom_at(self, atom: _Atom, word: int) -> int:
        """Where an atom goes before target word ``word``: before the punctuation that ends the
        previous word when the atom stood right before punctuation ("Hello @alice!" -> "Hallo @alice!")."""
        at = self.char_at(word)
        following = self.al.source[atom.position: atom.position + 1]
        if word == 0 or not following or following not in _PUNCTUATION:
            return at
        start, end = self.words[word - 1]
        while end > start + 1 and self.text[end - 1] in _PUNCTUATION:
            end -= 1
        return end if end < self.words[word - 1][1] else at

    def char_at(self, word: int) -> int:
        return self.words[word][0] if word < len(self.words) else len(self.text)

    def place(self, wrapper: _Wrapper, lo: int, hi: int) -> list[tuple[int, int, _Wrapper | _Atom]]:
        """Children of ``wrapper`` as ``(first word, end word, child)`` within words ``[lo, hi)``,
        in order and not overlapping (an atom or a child without words has ``first == end``)."""
        placed: list[tuple[int, int, int, _Wrapper | _Atom]] = []
        for order, child in enumerate(wrapper.children):
            span = None if isinstance(child, _Atom) else self.al.project(child.start, child.end)
            if span is None:
                where = child.position if isinstance(child, _Atom) else child.start
                k = min(max(self.al.insertion_point(where), lo), hi)
                placed.append((k, k, order, child))
            else:
                a, b = max(span[0], lo), min(span[1], hi)
                placed.append((a, max(a, b), order, child))
        placed.sort(key=lambda p: (p[0], p[1] > p[0], p[2]))
        out: list[tuple[int, int, _Wrapper | _Atom]] = []
        end = lo
        for a, b, _, child in placed:
            if a < end:  # overlaps an earlier sibling: starts after it (or goes right after it)
                a = end
                b = max(a, b)
            out.append((a, b, child))
            end = max(end, b)
        return out

    def emit(self, into: Tag | list[PageElement], wrapper: _Wrapper, lo: int, hi: int, start: int, end: int) -> None:
        """Text ``[start, end)`` of the translation (words ``[lo, hi)``) with ``wrapper``'s children."""

        def add(node: PageElement) -> None:
            into.append(node)

        position = start
        for a, b, child in self.place(wrapper, lo, hi):
            child_start = max(self._atom_at(child, a) if isinstance(child, _Atom) else self.char_at(a), position)
            child_end = child_start
            if b > a and isinstance(child, _Wrapper):
                child_end = max(self._trimmed_end(child, b), child_start)
            if child_start > position:
                add(NavigableString(self.text[position:child_start]))
            position = child_start
            if isinstance(child, _Atom):
                before = self.text[child_start - 1] if child_start > 0 else " "
                if child.space_before and not before.isspace():
                    add(NavigableString(" "))
                add(child.node)
                after = self.text[child_start] if child_start < len(self.text) else ""
                if after and not after.isspace() and (child.space_after or after.isalnum()):
                    add(NavigableString(" "))
                continue
            assert child.tag is not None
            tag = self.soup.new_tag(child.tag.name, attrs={k: str(v) if isinstance(v, str) else " ".join(v)
                                                           for k, v in child.tag.attrs.items()})
            if b > a:
                self.emit(tag, child, a, b, child_start, child_end)
            else:  # no words of its own in the translation: it keeps its source content
                for node in child.tag.contents:
                    tag.append(copy.copy(node))
            add(tag)
            position = child_end
        if end > position:
            add(NavigableString(self.text[position:end]))


async def translate_html(fragment: str, align: AlignFn) -> str:
    """``fragment`` with its text translated and its markup kept; raises ModelInputError."""
    soup = BeautifulSoup(fragment, "html.parser")
    runs: list[_Run] = []
    _collect_runs(soup, runs)
    for run in runs:
        for node in run.nodes:
            _read(run, node, run.root)
        run.root.end = len(run.text)
        _mark_spaces(run, run.root)
    todo = [run for run in runs if any(c.isalpha() for c in run.text)]
    alignments = await align([run.text for run in todo]) if todo else []
    for run, alignment in zip(todo, alignments, strict=True):
        if isinstance(alignment, ModelInputError):
            raise alignment
        first, last = str(run.nodes[0]), str(run.nodes[-1])
        lead = first[: len(first) - len(first.lstrip())] if _is_text(run.nodes[0]) else ""
        trail = last[len(last.rstrip()):] if _is_text(run.nodes[-1]) else ""
        built: list[PageElement] = [NavigableString(lead)] if lead else []
        builder = _Builder(soup, alignment)
        builder.emit(built, run.root, 0, len(alignment.target_words), 0, len(alignment.translation))
        if trail:
            built.append(NavigableString(trail))
        anchor = run.nodes[0]
        for node in built:
            anchor.insert_before(node)
        for node in run.nodes:
            node.extract()
    return str(soup)
