"""The Attention Studio in a real browser, on the shipped models: state URLs, every view, the test
hooks (data-family / data-layer / data-head, data-testid=output), downloads, the HTML export
opened from disk, and errors in plain words. No request may leave the loopback host."""
from __future__ import annotations

import json
import struct
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from service.app import create_app
from service.settings import Settings

from .browser_helpers import Server, Watched, display, open_context, serve, wait_rendered

MODELS = Path(__file__).resolve().parents[3] / "models"
TRANSLATOR, TIME_NORMALIZER = "translator-en-de", "time-normalizer"
SENTENCE = "I like green tea."


def _shipped(name: str) -> bool:
    d = MODELS / name
    return d.is_dir() and any(v.name.isdigit() and (v / "saved_model.pb").is_file() for v in d.iterdir())


@pytest.fixture(scope="module")
def studio(browser: Any) -> Iterator[Server]:
    if not (_shipped(TRANSLATOR) and _shipped(TIME_NORMALIZER)):
        pytest.skip(f"the shipped models are absent from {MODELS}")
    with serve(create_app(Settings(models_dir=MODELS, log_level="warning"))) as server:
        yield server


@pytest.fixture(scope="module")
def tea(studio: Server) -> dict[str, Any]:
    """The attention JSON of SENTENCE, as the page asks for it."""
    r = studio.post("/attention", json={"model": TRANSLATOR, "text": SENTENCE, "include_self": True, "precision": 4})
    assert r.status_code == 200, r.text
    return r.json()


def state_url(studio: Server, **params: Any) -> str:
    query = "&".join(f"{k}={quote(str(v))}" for k, v in params.items())
    return f"{studio.url}/?{query}"


def labels(figure: Any, axis: str) -> list[str]:
    return figure.locator(f".hm-{axis}labels .hm-label").all_inner_texts()


def js_value(v: float) -> str:
    """A weight as the tooltip writes it (4 decimals; tiny ones as 4.00e-4)."""
    if abs(v) >= 0.001 or v == 0:
        return f"{v:.4f}"
    mantissa, exponent = f"{v:.2e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def assert_offline(w: Watched) -> None:
    assert w.blocked == [], f"requests to other hosts: {w.blocked}"
    assert w.csp_violations() == [], w.csp_violations()
    assert w.errors() == [], w.errors()


def test_state_url_renders_every_layer_and_head_in_the_model_view(studio: Server, tea: dict[str, Any],
                                                                  watched: Watched) -> None:
    meta = {m["name"]: m for m in studio.get("/models").json()["models"]}[TRANSLATOR]["metadata"]
    layers, heads = meta["decoder_layers"], meta["heads"]
    page = watched.page()
    page.goto(state_url(studio, model=TRANSLATOR, text=SENTENCE, view="model"))  # no click
    assert wait_rendered(page) == "ready"
    translation = studio.post("/translate", json={"text": SENTENCE, "beam_size": 4}).json()["results"][0]
    assert page.get_by_test_id("output").inner_text() == translation["translation"]
    maps = page.locator('.heatmap.thumb[data-family="cross"]')
    found = {(f.get_attribute("data-layer"), f.get_attribute("data-head")) for f in maps.all()}
    assert found == {(str(layer), str(head)) for layer in range(layers) for head in [*range(heads), "mean"]}
    for figure in maps.all():
        assert labels(figure, "x") == [display(t) for t in tea["source_tokens"]]
        assert labels(figure, "y") == [display(t) for t in tea["target_tokens"]]
    # Click one: it opens in the matrix view, and the URL says so.
    page.locator('.heatmap.thumb[data-layer="1"][data-head="2"]').click()
    big = page.locator("#view .heatmap:not(.thumb)")
    assert (big.get_attribute("data-family"), big.get_attribute("data-layer"), big.get_attribute("data-head")) == (
        "cross", "1", "2")
    query = parse_qs(urlsplit(page.url).query)
    assert query["layer"] == ["1"] and query["head"] == ["2"] and "view" not in query
    assert_offline(watched)


def test_switch_family_layer_and_head_in_the_matrix_view(studio: Server, tea: dict[str, Any], watched: Watched) -> None:
    page = watched.page()
    page.goto(state_url(studio, model=TRANSLATOR, text=SENTENCE, layer=0, head=0))
    wait_rendered(page)
    fig = page.locator("#view .heatmap")
    assert fig.get_attribute("data-family") == "cross"
    # Hover a cell: its exact value.
    box = page.locator("#view .hm-canvas").bounding_box()
    page.mouse.move(box["x"] + 2, box["y"] + 2)
    value = tea["attention"]["cross"]["weights"][0][0][0][0]
    assert page.locator(".hm-tip").inner_text().endswith(js_value(value))
    page.check("#family-decoder_self")
    assert fig.get_attribute("data-family") == "decoder_self"
    target = [display(t) for t in tea["target_tokens"]]
    assert labels(fig, "y") == target and labels(fig, "x") == ["<s>", *target[:-1]]
    page.select_option("#layer", "2")
    page.select_option("#head", "3")
    assert (fig.get_attribute("data-layer"), fig.get_attribute("data-head")) == ("2", "3")
    # Decoder self-attention is causal: the values table shows the upper triangle masked.
    page.click("#values summary")  # the table is built on the (asynchronous) toggle event
    page.wait_for_selector("#values-table tbody tr")
    rows = page.locator("#values-table tbody tr")
    n = rows.count()
    assert n == len(target)
    for i in range(n):
        cells = rows.nth(i).locator("td").all_inner_texts()
        assert all(c == "–" for c in cells[i + 1:]) and all(c != "–" for c in cells[: i + 1])
    page.select_option("#head", "mean")
    assert fig.get_attribute("data-head") == "mean"
    page.check("#family-encoder_self")
    assert fig.get_attribute("data-family") == "encoder_self"
    assert labels(fig, "x") == [display(t) for t in tea["source_tokens"]]
    query = parse_qs(urlsplit(page.url).query)
    assert query["family"] == ["encoder_self"] and query["layer"] == ["2"] and "head" not in query  # mean: default
    assert_offline(watched)


def test_head_view_hover_isolates_a_tokens_lines_and_heads_toggle(studio: Server, tea: dict[str, Any],
                                                                  watched: Watched) -> None:
    page = watched.page()
    page.goto(state_url(studio, model=TRANSLATOR, text=SENTENCE, view="head", layer=1))
    wait_rendered(page)
    view = page.locator(".headview")
    assert (view.get_attribute("data-family"), view.get_attribute("data-layer")) == ("cross", "1")
    assert view.get_attribute("data-active-heads") == "0,1,2,3"
    everything = int(view.get_attribute("data-lines-drawn"))
    weights = tea["attention"]["cross"]["weights"][1]
    assert everything == sum(w >= 0.01 for head in weights for row in head for w in row)
    page.locator(".hv-left .hv-token").nth(1).hover()
    assert view.get_attribute("data-focus") == "left:1"
    isolated = int(view.get_attribute("data-lines-drawn"))
    assert isolated == sum(row[1] >= 0.001 for head in weights for row in head) and isolated < everything
    page.mouse.move(0, 0)
    assert view.get_attribute("data-focus") == "" and int(view.get_attribute("data-lines-drawn")) == everything
    page.click('.hv-head[data-head="0"]')
    assert view.get_attribute("data-active-heads") == "1,2,3"
    assert page.locator('.hv-head[data-head="0"]').get_attribute("aria-pressed") == "false"
    page.dblclick('.hv-head[data-head="2"]')
    assert view.get_attribute("data-active-heads") == "2"
    assert_offline(watched)


def test_time_normalizer_character_alignment(studio: Server, watched: Watched) -> None:
    text = "quarter past seven pm"
    expected = studio.post("/normalize-time", json={"text": text}).json()["results"][0]
    page = watched.page()
    page.goto(state_url(studio, model=TIME_NORMALIZER, text=text, view="alignment"))
    wait_rendered(page)
    assert page.get_by_test_id("output").inner_text() == expected["time"]
    assert "confidence" in page.locator("#output-extra").inner_text()
    fig = page.locator("#view .heatmap")
    assert (fig.get_attribute("data-family"), fig.get_attribute("data-layer"), fig.get_attribute("data-head")) == (
        "cross", "0", "mean")
    data = studio.get("/attention", params={"model": TIME_NORMALIZER, "text": text}).json()
    assert labels(fig, "x") == [display(c) for c in data["source_tokens"]]
    assert labels(fig, "y") == [display(c) for c in data["target_tokens"]]
    assert page.locator("table.alignment tbody tr").count() == len(data["target_tokens"])
    assert page.locator("#family-encoder_self").is_disabled()  # it has no self-attention
    assert_offline(watched)


def test_beam_explorer_best_hypothesis_and_an_n_best_list(studio: Server, tea: dict[str, Any], watched: Watched) -> None:
    page = watched.page()
    page.goto(state_url(studio, model=TRANSLATOR, text=SENTENCE, view="beam", beam=4))
    wait_rendered(page)
    best = studio.post("/translate", json={"text": SENTENCE, "beam_size": 4}).json()["results"][0]
    items = page.locator(".beam-list li")
    assert items.count() == 1
    assert f"score {best['score']:.3f}" in items.first.inner_text()
    assert "n-best" in page.locator("#beam-note").inner_text()

    # A model that exports an n-best list: the same page shows it, and each hypothesis's maps.
    alternative = json.loads(json.dumps(tea))
    alternative = {"output": "Ich trinke gern grünen Tee.", "score": -1.5,
                   "target_tokens": ["▁Ich", "▁trinke", "▁gern", "▁grünen", "▁Tee", ".", "</s>"],
                   "attention": {"cross": {**tea["attention"]["cross"], "weights": [
                       [[[1.0 / len(tea["source_tokens"])] * len(tea["source_tokens"])] * 7] * 4] * 3}}}

    def with_alternatives(route: Any) -> None:
        body = dict(tea, alternatives=[alternative])
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route("**/attention", with_alternatives)
    page.reload()
    wait_rendered(page)
    assert items.count() == 2
    page.check("#hyp-1")
    fig = page.locator("#view .heatmap")
    assert labels(fig, "y") == alternative["target_tokens"]
    assert "hyp=1" in page.url
    assert_offline(watched)


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_downloads_are_valid_png_svg_and_json(studio: Server, tea: dict[str, Any], watched: Watched,
                                              tmp_path: Path) -> None:
    page = watched.page()
    page.goto(state_url(studio, model=TRANSLATOR, text=SENTENCE, layer=2, head=1))
    wait_rendered(page)
    files = {}
    for button in ("png", "svg", "json"):
        with page.expect_download() as info:
            page.click(f"#download-{button}")
        path = tmp_path / info.value.suggested_filename
        info.value.save_as(path)
        files[button] = path
    assert files["png"].name == "translator-en-de-cross-layer2-head1.png"
    width, height = _png_size(files["png"].read_bytes())
    assert width > 100 and height > 100
    svg = ET.parse(files["svg"]).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    rects = svg.findall(".//{http://www.w3.org/2000/svg}g/{http://www.w3.org/2000/svg}rect")
    assert len(rects) == len(tea["source_tokens"]) * len(tea["target_tokens"])
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert set(tea["source_tokens"]) <= set(texts)
    assert json.loads(files["json"].read_text())["source_tokens"] == tea["source_tokens"]
    assert_offline(watched)


def test_positional_encoding_view(studio: Server, tea: dict[str, Any], watched: Watched) -> None:
    assert tea["positional_encoding"] == {"kind": "sinusoidal", "d_model": 256, "max_position": 256}
    page = watched.page()
    page.goto(state_url(studio, model=TRANSLATOR, text=SENTENCE, view="positions"))
    wait_rendered(page)
    fig = page.locator('#view .heatmap[data-family="positional"]')
    assert (fig.get_attribute("data-rows"), fig.get_attribute("data-cols")) == ("256", "256")
    page.locator("#view .hm-canvas").scroll_into_view_if_needed()
    box = page.locator("#view .hm-canvas").bounding_box()
    page.mouse.move(box["x"] + 1, box["y"] + box["height"] - 1)  # position 255, dimension 0: sin(255)
    assert page.locator(".hm-tip").inner_text().endswith("-0.5064")
    assert_offline(watched)


def test_html_export_shows_the_views_from_disk_with_no_network(studio: Server, browser: Any, tmp_path: Path) -> None:
    r = studio.get("/attention", params={"model": TRANSLATOR, "text": SENTENCE, "include_self": "true",
                                         "precision": 4, "format": "html"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert 'src="' not in r.text and "href=\"/static" not in r.text  # everything inlined
    path = tmp_path / "attention.html"
    path.write_bytes(r.content)
    w = open_context(browser)
    try:
        page = w.page()
        page.goto(path.as_uri())
        assert wait_rendered(page) == "ready"
        assert page.get_by_test_id("output").inner_text() != ""
        assert page.locator("#query").is_hidden()
        page.click("#tab-model")
        assert page.locator('.heatmap.thumb[data-family="cross"]').count() == 3 * 5
        page.click("#tab-head")
        assert page.locator(".headview").count() == 1
        page.check("#family-decoder_self")
        assert page.locator(".headview").get_attribute("data-family") == "decoder_self"
        assert w.blocked == [] and w.errors() == [] and w.csp_violations() == []
        assert [r.url for r in w.requests if not r.url.startswith(("file:", "data:", "blob:"))] == []
    finally:
        w.context.close()


@pytest.mark.parametrize(
    ("status", "body", "headers", "words"),
    [
        (429, {"error": "Too many requests; try again in 7 s.", "code": "rate_limited"}, {"Retry-After": "7"},
         "Too many requests: the service's rate limit is reached. Try again in 7 s."),
        (503, {"error": "Model 'translator-en-de' is still loading; try again shortly.", "code": "model_loading"},
         {"Retry-After": "5"}, "The model is still loading. Try again in 5 s."),
    ],
)
def test_errors_in_plain_words(studio: Server, watched: Watched, status: int, body: dict[str, str],
                               headers: dict[str, str], words: str) -> None:
    page = watched.page()
    page.route("**/attention", lambda route: route.fulfill(status=status, content_type="application/json",
                                                           headers=headers, body=json.dumps(body)))
    page.goto(state_url(studio, model=TRANSLATOR, text=SENTENCE))
    assert wait_rendered(page) == "error"
    assert page.locator("#message").inner_text() == words


def test_text_too_long_is_a_plain_422_message(studio: Server, watched: Watched) -> None:
    page = watched.page()
    page.goto(state_url(studio, model=TIME_NORMALIZER, text="noon " * 210))  # 1050 characters
    assert wait_rendered(page) == "error"
    message = page.locator("#message").inner_text()
    assert message.startswith("The text is too long.") and "1000" in message
    assert watched.blocked == []  # (Chromium logs the 422 itself as a console error)


def test_a_new_user_types_a_sentence_and_sees_every_map_in_each_view(studio: Server, watched: Watched) -> None:
    page = watched.page()
    page.goto(studio.url + "/")
    page.wait_for_selector("#model option", state="attached")
    assert page.input_value("#model") == TRANSLATOR
    assert page.get_attribute("#studio", "data-state") == "idle"  # no text in the URL: nothing runs
    page.fill("#text", "Where is the train station?")
    page.click("#run")
    assert wait_rendered(page) == "ready"
    assert page.get_by_test_id("output").inner_text() == "Wo ist der Bahnhof?"
    assert "text=Where" in page.url  # the state is in the URL now
    for family in ("cross", "encoder_self", "decoder_self"):
        page.check(f"#family-{family}")
        page.click("#tab-model")
        assert page.locator(f'.heatmap.thumb[data-family="{family}"]').count() == 3 * 5
        page.click("#tab-head")
        for layer in ("0", "1", "2"):
            page.select_option("#layer", layer)
            view = page.locator(".headview")
            assert (view.get_attribute("data-family"), view.get_attribute("data-layer")) == (family, layer)
            assert int(view.get_attribute("data-lines-drawn")) > 0
    # The views are tabs: keyboard arrows move between them.
    page.focus("#tab-head")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#tab-beam", "aria-selected") == "true"
    assert page.evaluate("document.activeElement.id") == "tab-beam"
    assert_offline(watched)
