"""Language detection (``POST /detect``, ``source: "auto"``) with lingua, offline.

The detector knows the languages the translators serve plus a few common others, so that a
French text is named French (and refused clearly) rather than forced onto English or German.
It is built once, on first use (a second or two, some tens of MB); lingua's models ship in
its wheel, nothing is downloaded.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

# The served languages are added to these; each is an ISO 639-1 code with lingua's name.
COMMON_LANGUAGES = ("en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "ru", "tr")

NAMES = {
    "en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "nl": "Dutch",
    "pt": "Portuguese", "pl": "Polish", "sv": "Swedish", "da": "Danish", "ru": "Russian", "tr": "Turkish",
}


@dataclass(frozen=True)
class Detection:
    language: str  # ISO 639-1 code
    confidence: float  # 0..100, as LibreTranslate reports it

    @property
    def name(self) -> str:
        return NAMES.get(self.language, self.language)


class LanguageDetector:
    """Detects among ``languages`` (ISO 639-1 codes lingua knows)."""

    def __init__(self, languages: tuple[str, ...] = COMMON_LANGUAGES) -> None:
        self.languages = tuple(dict.fromkeys(languages))
        self._detector: Any = None
        self._lock = threading.Lock()

    def _build(self) -> Any:
        with self._lock:
            if self._detector is None:
                from lingua import IsoCode639_1, LanguageDetectorBuilder

                codes = [getattr(IsoCode639_1, code.upper()) for code in self.languages]
                self._detector = LanguageDetectorBuilder.from_iso_codes_639_1(*codes).build()
        return self._detector

    def detect(self, text: str, limit: int = 3) -> list[Detection]:
        """The likeliest languages of ``text``, likeliest first (empty for a text with no letters)."""
        if not any(c.isalpha() for c in text):
            return []
        values = self._build().compute_language_confidence_values(text)
        return [Detection(v.language.iso_code_639_1.name.lower(), round(100.0 * v.value, 1))
                for v in values[:limit] if v.value > 0]

    def best(self, text: str) -> Detection | None:
        found = self.detect(text, limit=1)
        return found[0] if found else None


_shared: LanguageDetector | None = None


def shared_detector() -> LanguageDetector:
    """The process's detector (built on first use)."""
    global _shared
    if _shared is None:
        _shared = LanguageDetector()
    return _shared
