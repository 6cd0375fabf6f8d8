"""Regenerate the Attention Studio screenshots in this folder (1000 px wide PNGs).

    python -m service --port 8000 &          # the shipped models
    python docs/studio/screenshots.py [--url http://127.0.0.1:8000]

Drives Debian's Chromium with Playwright, blocks every request to another host, and, where
``pngquant`` is installed (``apt-get install pngquant``), reduces each PNG to a 256-colour palette.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path
from urllib.parse import quote, urlsplit

HERE = Path(__file__).resolve().parent
SENTENCE = "My brother wants to learn how to play the guitar."
T = quote(SENTENCE)
SHOTS = {
    "matrix": (f"/?model=translator-en-de&text={T}&layer=2&head=1", "hover-matrix"),
    "model-view": (f"/?model=translator-en-de&text={T}&view=model", None),
    "head-view": (f"/?model=translator-en-de&text={T}&view=head&layer=1", "hover-token"),
    "decoder-self": (f"/?model=translator-en-de&text={T}&family=decoder_self&layer=0", None),
    "beam-explorer": (f"/?model=translator-en-de&text={T}&view=beam", None),
    "time-alignment": ("/?model=time-normalizer&text=" + quote("quarter past seven in the evening")
                       + "&view=alignment&head=0", None),
    "positional-encoding": (f"/?model=translator-en-de&text={T}&view=positions", None),
    "docs-offline": ("/docs", "docs"),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    host = urlsplit(args.url).hostname
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 1000, "height": 900})
        context.route("**/*", lambda route: route.continue_() if urlsplit(route.request.url).hostname in {
            host, None} else route.abort())
        for name, (path, action) in SHOTS.items():
            page = context.new_page()
            page.goto(args.url + path)
            if action == "docs":
                page.wait_for_selector(".opblock")
            else:
                page.wait_for_selector("#studio[data-state=ready]", timeout=120_000)
                page.locator("#result").scroll_into_view_if_needed()
            if action == "hover-matrix":
                box = page.locator("#view .hm-canvas").bounding_box()
                page.mouse.move(box["x"] + box["width"] * 0.55, box["y"] + box["height"] * 0.45)
            if action == "hover-token":
                page.locator(".hv-right .hv-token").nth(4).hover()
            out = HERE / f"{name}.png"
            top = 0 if action == "docs" else page.evaluate(
                "document.querySelector('#output-heading').getBoundingClientRect().top + window.scrollY - 10")
            height = min(900, page.evaluate("document.documentElement.scrollHeight") - top)
            page.screenshot(path=str(out), full_page=True, clip={"x": 0, "y": top, "width": 1000, "height": height})
            if shutil.which("pngquant"):
                subprocess.run(["pngquant", "--force", "--strip", "--output", str(out), "256", str(out)], check=True)
            print(out, out.stat().st_size // 1024, "KiB")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
