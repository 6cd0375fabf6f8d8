"""LibreTranslate's endpoints and error shape, on the fake models (no TensorFlow)."""
from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from api_fakes import BOOM
from conftest import ClientFactory
from fastapi.testclient import TestClient

from service.libretranslate.files import FileStore

LT = {"source": "en", "target": "de"}


@pytest.fixture
def client(make_client: ClientFactory) -> TestClient:
    return make_client()


def test_html_keeps_markup_and_puts_inline_tags_around_their_words(client: TestClient) -> None:
    html = ('<p>hello <b>green</b> tea <a href="https://x.example/@bob" class="u-url mention">@<span>bob</span></a></p>'
            '<pre>keep me</pre><p>second <em>para</em></p>')
    r = client.post("/translate", json={**LT, "q": html, "format": "html"})
    assert r.status_code == 200, r.text
    assert r.json()["translatedText"] == (
        '<p>HELLO <b>GREEN</b> TEA <a class="u-url mention" href="https://x.example/@bob">@<span>bob</span></a></p>'
        '<pre>keep me</pre><p>SECOND <em>PARA</em></p>')


def test_html_never_takes_markup_from_the_model(client: TestClient) -> None:
    r = client.post("/translate", json={**LT, "q": "<p>a &lt;script&gt;alert(1)&lt;/script&gt; b</p>", "format": "html"})
    assert r.status_code == 200
    assert "<script>" not in r.json()["translatedText"].lower()


def test_auto_detects_and_reports_the_language(client: TestClient) -> None:
    r = client.post("/translate", json={"q": "Where is the railway station, please?", "source": "auto", "target": "de"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["detectedLanguage"]["language"] == "en" and 0 < body["detectedLanguage"]["confidence"] <= 100
    assert body["translatedText"] == "WHERE IS THE RAILWAY STATION, PLEASE?"


def test_auto_leaves_german_as_it_is_and_refuses_french_by_name(client: TestClient) -> None:
    german = "Wo ist bitte der Bahnhof? Ich habe mich verlaufen."
    r = client.post("/translate", json={"q": german, "source": "auto", "target": "de"})
    assert r.json() == {"translatedText": german, "detectedLanguage": r.json()["detectedLanguage"]}
    assert r.json()["detectedLanguage"]["language"] == "de"
    r = client.post("/translate", json={"q": "Où est la gare, s'il vous plaît ?", "source": "auto", "target": "de"})
    assert r.status_code == 400 and "French" in r.json()["error"]


def test_detect(client: TestClient) -> None:
    r = client.post("/detect", data={"q": "Guten Morgen, wie geht es dir heute?"})
    assert r.status_code == 200
    assert r.json()[0]["language"] == "de" and set(r.json()[0]) == {"confidence", "language"}
    r = client.post("/detect", json={})
    assert r.status_code == 400 and r.json()["error"] == "Invalid request: missing q parameter."


def test_alternatives_own_form_and_cap(client: TestClient) -> None:
    r = client.post("/translate", json={"text": "tea", "alternatives": 2})
    assert r.status_code == 200
    assert r.json()["results"][0]["alternatives"] == ["tea (2)", "tea (3)"]
    assert "alternatives" not in client.post("/translate", json={"text": "tea"}).json()["results"][0]
    r = client.post("/translate", data={"q": "tea", **LT, "alternatives": "10000"})
    assert r.status_code == 400 and "between 0 and 3" in r.json()["error"]


def test_errors_are_plain_sentences_without_pydantic(client: TestClient) -> None:
    for body in [{"source": "en", "target": "de"}, {"q": 7, **LT}, {"q": "x", "source": "en"},
                 {"q": "x", **LT, "alternatives": "many"}]:
        r = client.post("/translate", json=body)
        assert r.status_code == 400, (body, r.text)
        error = r.json()["error"]
        assert error.startswith("Invalid request: ") and error.endswith(".")
        for internal in ("Field required", "Input should", "Extra inputs", "pydantic", "type=", "[{"):
            assert internal not in error, error
    assert client.post("/translate", json={"q": ["ok", BOOM], **LT}).status_code == 400


def test_keys_the_libretranslate_way(make_client: ClientFactory) -> None:
    client = make_client(api_keys=["k1"], rate_limit_per_minute=2)
    r = client.post("/translate", json={"q": "hi", **LT})
    assert r.status_code == 400 and "API key" in r.json()["error"]
    r = client.post("/translate", json={"q": "hi", **LT, "api_key": "bad"})
    assert r.status_code == 403 and r.json()["error"] == "Invalid API key."
    assert client.post("/detect", json={"q": "hello there", "api_key": "k1"}).status_code == 200
    assert client.post("/translate", json={"q": "hi", **LT, "api_key": "k1"}).status_code == 200
    r = client.post("/translate", json={"q": "hi", **LT, "api_key": "k1"})
    assert r.status_code == 429 and isinstance(r.json()["error"], str)


def test_frontend_settings_suggest_spec(client: TestClient) -> None:
    body = client.get("/frontend/settings").json()
    assert body["supportedFilesFormat"] == [".txt", ".srt", ".html", ".docx"]
    assert body["language"]["source"]["code"] == "auto" and body["language"]["target"]["code"] == "de"
    assert body["charLimit"] == 1000 and body["keyRequired"] is False and body["suggestions"] is False
    r = client.post("/suggest", data={"q": "a", "s": "b", "source": "en", "target": "de"})
    assert r.status_code == 403 and r.json()["error"] == "Suggestions are disabled on this server."
    assert "/translate_file" in client.get("/spec").json()["paths"]


SRT = "1\n00:00:01,000 --> 00:00:02,500\nHello there.\n\n2\n00:00:03,000 --> 00:00:04,000\nGood\nmorning.\n\n"


def test_srt_file_round_trip_keeps_numbering_and_timings(client: TestClient) -> None:
    r = client.post("/translate_file", data=LT, files={"file": ("talk.srt", SRT.encode(), "application/x-subrip")})
    assert r.status_code == 200, r.text
    url = r.json()["translatedFileUrl"]
    assert url.endswith(".talk.srt")
    got = client.get(url.replace("http://testserver", ""))
    assert got.status_code == 200
    assert got.text == ("1\n00:00:01,000 --> 00:00:02,500\nHELLO THERE.\n\n"
                        "2\n00:00:03,000 --> 00:00:04,000\nGOOD MORNING.\n\n")


def test_txt_keeps_paragraphs_and_docx_keeps_runs(client: TestClient) -> None:
    text = "First line.\nSecond line.\n\nNew paragraph here.\n"
    r = client.post("/translate_file", data=LT, files={"file": ("a.txt", text.encode(), "text/plain")})
    got = client.get(r.json()["translatedFileUrl"].replace("http://testserver", "")).text
    assert got == text.upper()
    import docx

    document = docx.Document()
    paragraph = document.add_paragraph("plain ")
    paragraph.add_run("bold").bold = True
    paragraph.add_run(" end")
    buffer = io.BytesIO()
    document.save(buffer)
    r = client.post("/translate_file", data=LT, files={"file": ("d.docx", buffer.getvalue(), "application/octet-stream")})
    assert r.status_code == 200, r.text
    out = docx.Document(io.BytesIO(client.get(r.json()["translatedFileUrl"].replace("http://testserver", "")).content))
    runs = out.paragraphs[0].runs
    assert [(run.text, bool(run.bold)) for run in runs] == [("PLAIN ", False), ("BOLD", True), (" END", False)]


def test_files_are_bounded_and_private(make_client: ClientFactory) -> None:
    client = make_client(api_keys=["k1", "k2"], files_max_bytes=100)
    r = client.post("/translate_file", data={**LT, "api_key": "k1"}, files={"file": ("a.txt", b"x" * 101, "text/plain")})
    assert r.status_code == 400 and "larger" in r.json()["error"]
    r = client.post("/translate_file", data={**LT, "api_key": "k1"}, files={"file": ("a.exe", b"MZ", "x")})
    assert r.status_code == 400
    small = make_client(max_texts=2, max_text_chars=10)
    r = small.post("/translate_file", data=LT, files={"file": ("a.txt", b"hello\n" * 5, "text/plain")})
    assert r.status_code == 400
    r = client.post("/translate_file", data={**LT, "api_key": "k1"}, files={"file": ("a.txt", b"hello", "text/plain")})
    path = r.json()["translatedFileUrl"].replace("http://testserver", "")
    assert client.get(path, params={"api_key": "k2"}).status_code == 404
    assert client.get(path, params={"api_key": "k1"}).text == "HELLO"
    assert client.get("/download_file/0000.a.txt", params={"api_key": "k1"}).status_code == 404


def test_long_text_keeps_paragraphs_and_its_end(client: TestClient) -> None:
    text = "\n\n".join(f"Paragraph {i} starts. It goes on." for i in range(12))
    r = client.post("/translate", json={"q": text, **LT})
    assert r.json()["translatedText"] == text.upper()


def test_file_store_forgets_files_after_their_lifetime(tmp_path: Path) -> None:
    store = FileStore(tmp_path, ttl_s=60)
    name = store.put("../../etc/passwd", b"data", owner=None)
    assert name.endswith(".passwd") and "/" not in name and store.get(name, None, keys_on=False) is not None
    store.expire(now=time.time() + 61)
    assert store.get(name, None, keys_on=False) is None and list(tmp_path.iterdir()) == []


def test_the_web_front_ends_own_calls(client: TestClient) -> None:
    """As LibreTranslate 1.9.6's app.js sends them: multipart FormData, alternatives 3, an empty api_key."""
    form = {"q": (None, "Good morning, my friend."), "source": (None, "auto"), "target": (None, "de"),
            "format": (None, "text"), "alternatives": (None, "3"), "api_key": (None, "")}
    r = client.post("/translate", files=form)
    assert r.status_code == 200, r.text
    assert r.json()["detectedLanguage"]["language"] == "en" and len(r.json()["alternatives"]) == 3
    r = client.post("/translate_file", files={"file": ("a.txt", b"Hello.", "text/plain"), "source": (None, "auto"),
                                              "target": (None, "de"), "api_key": (None, "")})
    assert r.status_code == 200 and client.get(r.json()["translatedFileUrl"]).text == "HELLO."
    assert client.get("/languages").status_code == 200 and client.get("/frontend/settings").status_code == 200
