"""Browser tests (Playwright + Chromium); a package, so that its conftest does not shadow tests/service/conftest.py."""
