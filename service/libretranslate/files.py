"""Files (``/translate_file``, ``/download_file``): .txt, .srt, .html and .docx, and their store.

* ``.txt``: each line is translated on its own; blank lines and the paragraph structure stay.
* ``.srt``: numbering and timings stay; each subtitle's lines are translated together.
* ``.html``: as ``format: "html"`` (markup kept, inline tags around the right words).
* ``.docx``: each paragraph (in the body and in tables) is translated as a unit; every run
  keeps its style and gets the target words aligned with its own source words.

Translated files wait in :class:`FileStore` (``SERVICE_FILES_DIR``) for ``SERVICE_FILES_TTL_S``
seconds under an unguessable name; when API keys are on, only the uploader's key gets them.
"""
from __future__ import annotations

import hashlib
import html as html_escape
import io
import json
import re
import secrets
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from bs4 import BeautifulSoup, NavigableString, Tag

from service.libretranslate.html import AlignFn, translate_html
from service.models.base import ModelInputError

SUPPORTED_FORMATS = (".txt", ".srt", ".html", ".docx")
TranslateTexts = Callable[[list[str]], Awaitable[list[str]]]
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


class FileFormatError(ValueError):
    """The file cannot be read as its extension says."""


def extension(filename: str) -> str:
    return Path(filename).suffix.lower()


async def translate_lines(text: str, translate: TranslateTexts) -> str:
    """Each non-blank line translated; line breaks, blank lines and indentation kept."""
    lines = text.split("\n")
    todo = [i for i, line in enumerate(lines) if line.strip()]
    done = await translate([lines[i].strip() for i in todo]) if todo else []
    for i, translation in zip(todo, done, strict=True):
        line = lines[i]
        lines[i] = line[: len(line) - len(line.lstrip())] + translation + line[len(line.rstrip()):]
    return "\n".join(lines)


async def translate_srt(text: str, translate: TranslateTexts) -> str:
    import srt

    try:
        subtitles = list(srt.parse(text))
    except (srt.SRTParseError, ValueError) as exc:
        raise FileFormatError(f"not a valid .srt file: {exc}") from None
    todo = [s for s in subtitles if s.content.strip()]
    done = await translate([" ".join(s.content.split()) for s in todo]) if todo else []
    for subtitle, translation in zip(todo, done, strict=True):
        subtitle.content = translation
    return str(srt.compose(subtitles, reindex=False))


async def translate_docx(data: bytes, align: AlignFn) -> bytes:
    import docx
    from docx.opc.exceptions import PackageNotFoundError

    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, KeyError, ValueError) as exc:
        raise FileFormatError(f"not a valid .docx file: {exc}") from None
    paragraphs = list(document.paragraphs)
    for table in document.tables:
        for row in table.rows:
            for cell in row.cells:
                paragraphs.extend(cell.paragraphs)
    for paragraph in paragraphs:
        runs = list(paragraph.runs)
        if not any(c.isalpha() for r in runs for c in r.text):
            continue
        # Each run becomes a <span>: the HTML translator puts each around its own words.
        fragment = "".join(f'<span data-run="{i}">{html_escape.escape(r.text)}</span>' for i, r in enumerate(runs))
        translated = BeautifulSoup(await translate_html(fragment, align), "html.parser")
        pieces: list[tuple[int | None, str]] = []
        for node in translated.children:
            if isinstance(node, Tag) and str(node.get("data-run", "")).isdigit():
                pieces.append((int(str(node["data-run"])), node.get_text()))
            elif isinstance(node, (NavigableString, Tag)):
                pieces.append((None, node.get_text() if isinstance(node, Tag) else str(node)))
        texts = ["" for _ in runs]
        last = 0
        for k, (index, text) in enumerate(pieces):
            if index is None:  # text between runs: to the next run if its source began with a space
                following = next((i for i, _ in pieces[k + 1:] if i is not None), None)
                if following is not None and runs[following].text[:1].isspace():
                    index = following
                    texts[index] = text + texts[index]
                    continue
                index = last
            else:
                last = index
            texts[index] += text
        for run, text in zip(runs, texts, strict=True):
            run.text = text
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


async def translate_file(filename: str, data: bytes, translate: TranslateTexts, align: AlignFn) -> bytes:
    """The translated file; raises FileFormatError or ModelInputError."""
    kind = extension(filename)
    if kind == ".docx":
        return await translate_docx(data, align)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileFormatError(f"a {kind} file must be UTF-8 text") from None
    if kind == ".txt":
        return (await translate_lines(text, translate)).encode("utf-8")
    if kind == ".srt":
        return (await translate_srt(text, translate)).encode("utf-8")
    if kind == ".html":
        return (await translate_html(text, align)).encode("utf-8")
    raise FileFormatError(f"unsupported file type {kind or '(none)'}; supported: {', '.join(SUPPORTED_FORMATS)}")


def key_owner(key: str | None) -> str | None:
    return hashlib.sha256(key.encode()).hexdigest() if key else None


class FileStore:
    """Translated files under unguessable names, deleted after ``ttl_s``; owner-checked."""

    def __init__(self, directory: Path | None, ttl_s: float) -> None:
        self._tmp = None if directory else tempfile.TemporaryDirectory(prefix="translated-files-")
        self.directory = Path(directory) if directory else Path(self._tmp.name if self._tmp else ".")
        self.directory.mkdir(parents=True, exist_ok=True)
        self.ttl_s = ttl_s

    def put(self, filename: str, data: bytes, owner: str | None) -> str:
        """Store ``data``; the name to download it by (a random token and the file's name)."""
        self.expire()
        safe = _SAFE_NAME.sub("_", Path(filename).name).strip("._") or "file"
        name = f"{secrets.token_hex(16)}.{safe}"
        (self.directory / name).write_bytes(data)
        (self.directory / f"{name}.json").write_text(json.dumps({"owner": owner, "created": time.time()}))
        return name

    def get(self, name: str, owner: str | None, keys_on: bool) -> Path | None:
        """The stored file, or None (unknown, expired, or someone else's)."""
        self.expire()
        if not re.fullmatch(r"[0-9a-f]{32}\.[A-Za-z0-9._-]+", name) or name.endswith(".json"):
            return None
        path, meta = self.directory / name, self.directory / f"{name}.json"
        if not path.is_file() or not meta.is_file():
            return None
        if keys_on and json.loads(meta.read_text()).get("owner") != owner:
            return None
        return path

    def expire(self, now: float | None = None) -> None:
        now = time.time() if now is None else now
        for meta in self.directory.glob("*.json"):
            try:
                created = float(json.loads(meta.read_text())["created"])
            except (OSError, ValueError, KeyError):
                continue
            if now - created > self.ttl_s:
                meta.with_suffix("").unlink(missing_ok=True)
                meta.unlink(missing_ok=True)


def failures_message(failures: Sequence[ModelInputError]) -> str:
    return "The file cannot be translated: " + "; ".join(str(f) for f in failures[:3]) + "."
