"""How long the Attention Studio takes to show a long input (250 source tokens) in Chromium.

    python benchmarks/studio_render.py [--tokens 250] [--repeats 3] [--chromium /usr/bin/chromium]

Starts the service on the shipped models (``python -m service`` on a free loopback port), builds an
English text of exactly ``--tokens`` source tokens (subword pieces plus ``</s>``), opens the studio's
state URL for it in headless Chromium (Playwright, Debian's browser), and reports, per view:

* ``fetch_ms``: the model's answers (``/attention`` with every family at ``precision=4``, and
  ``/translate``), as the page measured them;
* ``render_ms``: the page's own drawing of the first view after the data arrived;
* ``switch_ms``: clicking to another view (or family) until the next frame is painted;
* ``longest_task_ms``: the longest main-thread task seen meanwhile (the tab is frozen for that long).

Also the answer's size. The model decides how long its translation is (the shipped translator
writes far fewer target tokens than it reads for such a text), so a second pass, ``synthetic``,
answers the page's ``/attention`` request with a made-up worst case of the same shape: ``--tokens``
source *and* target tokens, 3 layers x 4 heads, all three families (random rows that sum to 1).
Needs the dev extra (playwright) and Chromium.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

REPO = Path(__file__).resolve().parents[1]
MODELS = REPO / "models"
SENTENCES = [  # short words: 250 tokens within the default 1,000 characters per text
    "Tom and Mary went to the old house by the river.",
    "I see a cat, a dog, a pig and a cow.",
    "We ate, we sang, and then we went home.",
    "Is it hot? No, it is cold, so I stay in.",
    "He has two red cars and one old bike.",
    "Do you want tea or milk? I want tea.",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def text_of(tokens: int) -> str:
    """An English text that the translator reads as exactly ``tokens`` tokens (pieces + </s>)."""
    import sentencepiece as spm

    meta = json.loads((latest(MODELS / "translator-en-de") / "assets.extra" / "model.json").read_text())
    sp = spm.SentencePieceProcessor(
        model_file=str(latest(MODELS / "translator-en-de") / "assets.extra" / meta["tokenizer"]["source"]))
    words: list[str] = []
    i = 0
    while True:
        for word in SENTENCES[i % len(SENTENCES)].split():
            candidate = " ".join([*words, word])
            n = len(sp.encode(candidate)) + 1
            if n > tokens:
                text = " ".join(words)
                while len(sp.encode(text)) + 1 < tokens:
                    text += " a"  # top up one piece at a time
                assert len(sp.encode(text)) + 1 == tokens, (len(sp.encode(text)), tokens)
                return text
            words.append(word)
        i += 1


def latest(root: Path) -> Path:
    return max((p for p in root.iterdir() if p.name.isdigit()), key=lambda p: int(p.name))


def synthetic_answer(real: dict, tokens: int) -> bytes:
    """``real`` with ``tokens`` target tokens and random maps of every family (rows sum to 1)."""
    import numpy as np

    rng = np.random.default_rng(0)
    layers, heads = 3, 4
    src = real["source_tokens"][:tokens]
    tgt = [f"▁w{i}" for i in range(tokens - 1)] + ["</s>"]

    def family(rows: int, cols: int, causal: bool = False) -> dict:
        logits = rng.normal(0, 3, (layers, heads, rows, cols))
        if causal:
            logits = np.where(np.tril(np.ones((rows, cols), bool)), logits, -np.inf)
        w = np.exp(logits - logits.max(-1, keepdims=True))
        w = np.round(w / w.sum(-1, keepdims=True), 4)
        return {"layers": layers, "heads": heads, "layer_indices": list(range(layers)),
                "head_indices": list(range(heads)), "weights": w.tolist()}

    answer = dict(real, target_tokens=tgt, output=" ".join(tgt[:-1]), attention={
        "cross": family(len(tgt), len(src)), "encoder_self": family(len(src), len(src)),
        "decoder_self": family(len(tgt), len(tgt), causal=True)})
    return json.dumps(answer).encode()


FRAME = "() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))"
CLICK_AND_PAINT = """async (selector) => {
  const t0 = performance.now();
  document.querySelector(selector).click();
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
}"""
LONG_TASKS = """() => {
  window.__longest = 0;
  new PerformanceObserver(list => { for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration); })
    .observe({type: 'longtask', buffered: true});
}"""


def measure(browser, base: str, text: str, fake: bytes | None) -> dict:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.add_init_script(script=LONG_TASKS.replace("() => {", "(() => {", 1) + ")();")
    if fake is not None:
        page.route("**/attention", lambda route: route.fulfill(status=200, content_type="application/json", body=fake))
    t0 = time.perf_counter()
    page.goto(f"{base}/?model=translator-en-de&text={quote(text)}&view=matrix")
    page.wait_for_selector("#studio[data-state=ready]", timeout=300_000)
    page.evaluate(FRAME)
    row = {"open_to_painted_s": round(time.perf_counter() - t0, 2),
           "fetch_ms": int(page.get_attribute("#studio", "data-fetch-ms")),
           "render_ms": int(page.get_attribute("#studio", "data-render-ms"))}
    for name, selector in [("model view", "#tab-model"), ("head view", "#tab-head"),
                           ("decoder self, head view", "#family-decoder_self"),
                           ("matrix", "#tab-matrix"), ("encoder self, matrix", "#family-encoder_self"),
                           ("positional encoding", "#tab-positions"), ("model view again", "#tab-model")]:
        row[f"{name}: switch_ms"] = round(page.evaluate(CLICK_AND_PAINT, selector))
    row["maps in the model view"] = page.locator(".heatmap.thumb").count()
    row["dom_nodes"] = page.evaluate("document.getElementsByTagName('*').length")
    row["longest_task_ms"] = round(page.evaluate("window.__longest"))
    page.close()
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tokens", type=int, default=250)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    text = text_of(args.tokens)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "SERVICE_LOG_LEVEL": "warning"}
    server = subprocess.Popen([sys.executable, "-m", "service", "--port", str(port), "--models-dir", str(MODELS)],
                              cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                with urllib.request.urlopen(base + "/ready", timeout=5) as r:
                    if not json.loads(r.read())["loading"]:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the service did not become ready")
            time.sleep(0.5)
        body = json.dumps({"model": "translator-en-de", "text": text, "include_self": True, "precision": 4}).encode()
        req = urllib.request.Request(base + "/attention", data=body, headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=300) as r:
            answer = r.read()
        data = json.loads(answer)
        print(f"input: {len(text)} characters, {len(data['source_tokens'])} source tokens, "
              f"{len(data['target_tokens'])} target tokens; /attention answer {len(answer) / 1e6:.1f} MB "
              f"(precision 4, all three families)")
        synthetic = synthetic_answer(data, args.tokens)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
            for label, fake in [("shipped translator", None), ("synthetic worst case", synthetic)]:
                rows = [measure(browser, base, text, fake) for _ in range(args.repeats)]
                print(f"\n{label}:")
                if fake:
                    print(f"  {args.tokens} source x {args.tokens} target tokens, answer {len(fake) / 1e6:.1f} MB")
                for k in rows[0]:
                    print(f"  {k}: {statistics.median(r[k] for r in rows)}  (runs: {[r[k] for r in rows]})")
            browser.close()
    finally:
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    main()
