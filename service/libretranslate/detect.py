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


# A served language wins over a likelier other one when it has at least this share of that
# one's confidence: short texts ("Hallo", "thank you") are often a near tie, and a text in a
# served language is by far the likelier input here (benchmarks/detect_accuracy.py: 1-word
# texts 47% -> 70% right in English, 57% -> 72% in German; 12 of 13 foreign sentences still named).
PREFERENCE = 0.5
# For texts of one or two words, which lingua often gets wrong ("Hello." is 33% Italian, 15%
# English), a served language wins at this smaller share.
SHORT_PREFERENCE = 0.3


class LanguageDetector:
    """Detects among ``languages`` (ISO 639-1 codes lingua knows), preferring ``preferred``
    (the served languages) in near ties (:data:`PREFERENCE`)."""

    def __init__(self, languages: tuple[str, ...] = COMMON_LANGUAGES, preferred: tuple[str, ...] = ("en", "de"),
                 preference: float = PREFERENCE, short_preference: float = SHORT_PREFERENCE) -> None:
        self.languages = tuple(dict.fromkeys(languages + preferred))
        self.preferred = preferred
        self.preference = preference
        self.short_preference = short_preference
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
        """The likeliest languages of ``text``, best first (empty for a text with no letters);
        a preferred language in a near tie is moved to the front."""
        if not any(c.isalpha() for c in text):
            return []
        values = self._build().compute_language_confidence_values(text)
        found = [Detection(v.language.iso_code_639_1.name.lower(), round(100.0 * v.value, 1))
                 for v in values if v.value > 0]
        served = [d for d in found if d.language in self.preferred]
        top = found[0] if found else None
        share = self.short_preference if len(text.split()) <= 2 else self.preference
        if top is not None and served and top is not served[0] and served[0].confidence >= share * top.confidence:
            found.remove(served[0])
            found.insert(0, served[0])
        return found[:limit]

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
