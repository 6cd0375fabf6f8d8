"""The Attention Studio page (``GET /``), its static files, offline ``/docs`` and ``/redoc``, and
the self-contained HTML export of ``/attention?format=html``.

Everything the pages load comes from this service (``/static/...``): the studio's ES modules and
CSS (``service/static/studio/``) and the vendored release files of Swagger UI and ReDoc
(``service/static/vendor/<lib>/``, with their licences). No CDN, no request to another host.
"""
from __future__ import annotations

import html
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from service.security_headers import STUDIO_CSP, page_csp

STATIC_DIR = Path(__file__).resolve().parents[1] / "static"
STUDIO_DIR = STATIC_DIR / "studio"
STATIC_URL = "/static"
SWAGGER = f"{STATIC_URL}/vendor/swagger-ui"
REDOC = f"{STATIC_URL}/vendor/redoc"

# The studio's modules in dependency order, for the single inlined script of the HTML export.
MODULES = ["colors.js", "state.js", "api.js", "posenc.js", "heatmap.js", "downloads.js", "headview.js",
           "studio.js"]

router = APIRouter(include_in_schema=False)

_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def _with_inline_hashes(page: HTMLResponse, *, workers: bool = False) -> HTMLResponse:
    """Allow exactly the inline scripts of ``page`` (FastAPI's docs pages have one), by hash."""
    body = bytes(page.body).decode("utf-8")
    scripts = _INLINE_SCRIPT.findall(body)
    page.headers["Content-Security-Policy"] = page_csp(script_hashes=scripts, inline_styles=True, workers=workers)
    page.headers["Cache-Control"] = "no-cache"
    return page


@router.get("/")
async def studio_page() -> HTMLResponse:
    page = HTMLResponse(_studio_index())
    page.headers["Content-Security-Policy"] = STUDIO_CSP
    page.headers["Cache-Control"] = "no-cache"
    return page


@router.get("/docs")
async def swagger_ui(request: Request) -> HTMLResponse:
    app = request.app
    page = get_swagger_ui_html(
        openapi_url=app.openapi_url,
        title=f"{app.title} – API",
        swagger_js_url=f"{SWAGGER}/swagger-ui-bundle.js",
        swagger_css_url=f"{SWAGGER}/swagger-ui.css",
        swagger_favicon_url=f"{SWAGGER}/favicon-32x32.png",
        oauth2_redirect_url=None,
        # No badge from validator.swagger.io: the page must not reach any other host.
        swagger_ui_parameters={"validatorUrl": None},
    )
    return _with_inline_hashes(page)


@router.get("/redoc")
async def redoc(request: Request) -> HTMLResponse:
    app = request.app
    page = get_redoc_html(
        openapi_url=app.openapi_url,
        title=f"{app.title} – API reference",
        redoc_js_url=OFFLINE_REDOC_JS,
        redoc_favicon_url=f"{SWAGGER}/favicon-32x32.png",
        with_google_fonts=False,
    )
    return _with_inline_hashes(page, workers=True)


# ReDoc 2.5's bundle shows an "API docs by Redocly" logo from its CDN in the sidebar footer. The
# vendored file stays as released; this route serves it with that one URL replaced by an empty
# inline image, so that /redoc asks no other host for anything (its CSP would block it anyway).
OFFLINE_REDOC_JS = "/docs-assets/redoc.standalone.js"
REDOC_CDN_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E"


@lru_cache(maxsize=1)
def _offline_redoc_js() -> bytes:
    source = (STATIC_DIR / "vendor" / "redoc" / "redoc.standalone.js").read_text(encoding="utf-8")
    return source.replace(REDOC_CDN_LOGO, EMPTY_SVG).encode("utf-8")


@router.get(OFFLINE_REDOC_JS)
async def offline_redoc_js() -> Response:
    return Response(_offline_redoc_js(), media_type="text/javascript",
                    headers={"Cache-Control": "public, max-age=3600"})


def install(app: FastAPI) -> None:
    """Add the studio's routes and the ``/static`` files to ``app`` (created with docs_url=None)."""
    app.include_router(router)
    app.mount(STATIC_URL, StaticFiles(directory=STATIC_DIR), name="static")


@lru_cache(maxsize=1)
def _studio_index() -> str:
    return (STUDIO_DIR / "index.html").read_text(encoding="utf-8")


# --- the self-contained export --------------------------------------------------------------
_IMPORT = re.compile(r"^import\s.*?;\s*$", re.MULTILINE | re.DOTALL)
_EXPORT = re.compile(r"^export\s+(?=(async\s+)?function|const|let|class)", re.MULTILINE)


@lru_cache(maxsize=1)
def bundled_script() -> str:
    """The studio's ES modules as one module script: imports dropped, exports made local (the
    modules keep their top-level names distinct for this)."""
    parts = []
    for name in MODULES:
        source = (STUDIO_DIR / name).read_text(encoding="utf-8")
        source = _IMPORT.sub("", source)
        source = _EXPORT.sub("", source)
        parts.append(f"// ---- {name}\n{source}")
    return "\n".join(parts)


def _json_for_script(data: Any) -> str:
    """JSON that is safe inside <script type="application/json"> (no "</" or "<!--")."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def export_html(data: dict[str, Any]) -> HTMLResponse:
    """One HTML file with the data, the studio's CSS and scripts inlined: it shows the same views
    opened from disk with no server. Its own meta CSP allows exactly its inline script and style."""
    index = _studio_index()
    css = (STUDIO_DIR / "studio.css").read_text(encoding="utf-8")
    script = bundled_script()
    csp = page_csp(script_hashes=[script], style_hashes=[css], self_assets=False)
    meta_csp = csp.replace("; frame-ancestors 'none'", "").replace("; form-action 'self'", "")
    title = f"Attention: {data.get('model', '')} – {data.get('output', '')}"
    page = index.replace('<link rel="stylesheet" href="/static/studio/studio.css">', f"<style>{css}</style>")
    page = page.replace('<script type="module" src="/static/studio/studio.js"></script>', "")
    page = page.replace("<title>Attention Studio</title>",
                        f'<meta http-equiv="Content-Security-Policy" content="{html.escape(meta_csp)}">\n'
                        f"<title>{html.escape(title)}</title>")
    page = page.replace(
        "</body>",
        f'<script type="application/json" id="studio-data">{_json_for_script(data)}</script>\n'
        f'<script type="module">{script}</script>\n</body>',
    )
    response = HTMLResponse(page)
    response.headers["Content-Security-Policy"] = csp
    response.headers["Content-Disposition"] = 'inline; filename="attention.html"'
    return response
