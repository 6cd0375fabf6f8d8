"""Real LibreTranslate clients against the running service on the shipped translator:
``libretranslatepy`` (LibreTranslate's own Python client), a Mastodon-shaped status, and the
calls LibreTranslate's web front end makes (/frontend/settings, /languages, /translate with
``auto``, /translate_file with an .srt). One uvicorn server on 127.0.0.1 for the module."""
from __future__ import annotations

import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import httpx
import pytest
from bs4 import BeautifulSoup
from conftest import REPO, SHIPPED_MODELS, shipped
from live_server import free_port

from service.libretranslate.detect import LanguageDetector

TR = "translator-en-de"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not shipped(TR):
        pytest.skip(f"model {TR} is not shipped")
    models = tmp_path_factory.mktemp("models")
    (models / TR).symlink_to(SHIPPED_MODELS / TR)
    port = free_port()
    env = {**os.environ, "SERVICE_MODELS_DIR": str(models), "SERVICE_PORT": str(port), "SERVICE_WARMUP": "false",
           "SERVICE_LOG_LEVEL": "warning", "SERVICE_FILES_DIR": str(tmp_path_factory.mktemp("files")),
           "PYTHONPATH": str(REPO)}
    process = subprocess.Popen([sys.executable, "-m", "service"], cwd=REPO, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    try:
        while True:
            try:
                if httpx.get(url + "/ready", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert process.poll() is None, "the service exited"
            assert time.monotonic() < deadline, "the service was not ready within 300 s"
            time.sleep(0.5)
        yield url
    finally:
        process.terminate()
        process.wait(30)


def test_libretranslatepy_languages_detect_translate(server: str) -> None:
    from libretranslatepy import LibreTranslateAPI

    lt = LibreTranslateAPI(server)
    assert {"en", "de"} <= {language["code"] for language in lt.languages()}
    assert lt.detect("Good morning, how are you today?")[0]["language"] == "en"
    assert lt.detect("Guten Morgen, wie geht es dir heute?")[0]["language"] == "de"
    assert "Tee" in lt.translate("I like green tea.", "en", "de")
    assert "Bahnhof" in lt.translate("Where is the station?", "auto", "de")


STATUS = (
    '<p>Hello <span class="h-card"><a href="https://mastodon.social/@alice" class="u-url mention">@<span>alice'
    '</span></a></span>! I like this book very much. 🙂</p>'
    '<p>I bought it <b>yesterday</b>: <a href="https://example.com/book" rel="nofollow noopener noreferrer" '
    'target="_blank"><span class="invisible">https://</span><span class="">example.com/book</span>'
    '<span class="invisible"></span></a> <a href="https://mastodon.social/tags/books" class="mention hashtag" '
    'rel="tag">#<span>books</span></a></p>'
)


def test_mastodon_status_comes_back_as_german_html_with_its_links(server: str) -> None:
    # As Mastodon's LibreTranslate integration sends it: form-encoded, format html, source auto.
    r = httpx.post(server + "/translate", data={"q": STATUS, "source": "auto", "target": "de", "format": "html"},
                   timeout=120)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["detectedLanguage"]["language"] == "en"
    out = body["translatedText"]
    ET.fromstring(f"<div>{out}</div>")  # well-formed
    soup = BeautifulSoup(out, "html.parser")
    source = BeautifulSoup(STATUS, "html.parser")
    assert [(a["href"], a.get_text()) for a in soup.find_all("a")] == [
        (a["href"], a.get_text()) for a in source.find_all("a")]
    assert len(soup.find_all("p")) == 2 and "🙂" in out and soup.find("b") is not None
    for a in soup.find_all("a"):
        a.decompose()
    best = LanguageDetector().best(soup.get_text(" "))
    assert best is not None and best.language == "de", soup.get_text(" ")


def test_inline_tag_lands_on_its_word(server: str) -> None:
    r = httpx.post(server + "/translate", json={"q": "<p>I like <b>green</b> tea.</p>", "source": "en",
                                                "target": "de", "format": "html"}, timeout=60)
    assert r.json()["translatedText"].startswith("<p>Ich mag <b>grün")


def test_front_end_calls_and_srt_file(server: str) -> None:
    settings = httpx.get(server + "/frontend/settings").json()
    assert ".srt" in settings["supportedFilesFormat"] and settings["language"]["source"]["code"] == "auto"
    srt = ("1\n00:00:01,000 --> 00:00:03,200\nWhere is the station?\n\n"
           "2\n00:01:04,500 --> 00:01:06,000\nI like green tea.\n\n")
    r = httpx.post(server + "/translate_file", data={"source": "auto", "target": "de"},
                   files={"file": ("film.srt", srt.encode(), "application/x-subrip")}, timeout=120)
    assert r.status_code == 200, r.text
    got = httpx.get(r.json()["translatedFileUrl"]).text.split("\n")
    assert got[:2] == ["1", "00:00:01,000 --> 00:00:03,200"] and got[4:6] == ["2", "00:01:04,500 --> 00:01:06,000"]
    assert "Bahnhof" in got[2] and "Tee" in got[6]


def test_alternatives_and_paragraphs(server: str) -> None:
    r = httpx.post(server + "/translate", json={"q": "I like green tea.", "source": "en", "target": "de",
                                                "alternatives": 2}, timeout=60)
    body = r.json()
    assert len(body["alternatives"]) == 2 and body["translatedText"] not in body["alternatives"]
    text = "Tom is tired.\nHe goes home.\n\nWhere is the station? I am lost. Thank you very much."
    out = httpx.post(server + "/translate", json={"q": text, "source": "en", "target": "de"}, timeout=60).json()
    paragraphs = out["translatedText"].split("\n\n")
    assert len(paragraphs) == 2 and len(paragraphs[0].split("\n")) == 2
    assert "Dank" in paragraphs[1]  # the last sentence is there
