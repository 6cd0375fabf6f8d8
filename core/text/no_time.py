"""Why a text holds no clock time: the wording of the time normalizer's "no time" error.

Pure Python, no TensorFlow. ``no_time_reason`` recognizes the look-alikes the normalizer is
trained to refuse (relative times, durations, money, versions, scores, phone numbers, dates,
years, codes, street addresses, quantities) and says what the text is instead. It only explains an answer of no time; it is
never used to overrule a time the model gives.
"""
from __future__ import annotations

import re

_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    "seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|ninety|a few|a couple of|several|a|an|half an"
)
_AMOUNT = rf"(?:\d+(?:[.,]\d+)?|(?:{_NUMBER_WORDS})(?:[ -](?:one|two|three|four|five|six|seven|eight|nine))?)"
_UNIT = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)"
_SPAN = rf"{_AMOUNT}(?: and a half)? {_UNIT}(?: and {_AMOUNT} {_UNIT})?|half an hour|an hour and a half"

_RELATIVE = re.compile(
    rf"\b(?:in|within)(?: about| around| like| roughly)? (?:{_SPAN})\b"
    rf"|\b(?:{_SPAN}) (?:ago|from now|later|earlier)\b"
    rf"|\b(?:every|once every) (?:{_SPAN})\b"
    rf"|\b(?:{_SPAN}) (?:before|after) (?:the|my|your|our|his|her|their|lunch|dinner|breakfast|work|school|class)\b"
)
_DURATION = re.compile(
    rf"\b(?:for|took(?: me)?|takes|take|lasts?|lasted|spent|waited|slept)(?: about| around| almost| over| just| only)? "
    rf"(?:{_SPAN})"
    rf"|\b(?:{_SPAN}) (?:long|walk|drive|ride|flight|trip|wait|break|delay)\b"
    rf"|\b\d+[ -](?:minute|hour)[ -](?:walk|drive|ride|flight|trip|wait|break|delay|meeting|call)\b"
    rf"|\b(?:is|was|be|takes about|about) (?:about |around |almost |over |roughly )?(?:{_SPAN})\b"
    rf"|^(?:just |only |about )?(?:{_SPAN})(?: of [a-z]+)?[.!?]*$"
)
_PRICE = re.compile(
    r"[$\u20ac\u00a3\u00a5]\s?\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s?[$\u20ac\u00a3\u00a5]"
    r"|\b\d+(?:[.,]\d+)? ?(?:dollars?|euros?|eur|usd|gbp|chf|bucks|pounds|cents?)\b"
    r"|\b(?:eur|usd|gbp|chf|us\$)\s?\d+(?:[.,]\d+)?"
    r"|\b\d+(?:[.,]\d+)? (?:each|apiece|a piece|per (?:person|head|unit|item|kilo|kg|night|month)|a (?:kilo|pop|head|month))\b"
)
_YEAR = re.compile(r"\b(?:in|since|back in|born in|built in|founded in|class of|est\.?|summer|winter|spring|autumn|fall)"
                   r" (?:1[0-9]|20)\d{2}s?\b")
_CODE = re.compile(r"\b(?:room|rm|suite|unit|apartment|apt|flat|pin|code|passcode|order|invoice|ref|account|locker|badge)"
                   r"(?: no\.?| number)?(?: is)? ?#?\d{3,}\b")
_STREET_KINDS = ("road|rd|street|st|lane|ln|avenue|ave|way|drive|dr|close|place|pl|square|sq|crescent|terrace|gardens"
                 "|grove|row|walk|boulevard|blvd|court|ct|parade|mews|hill")
#: A house number and then a street's name and kind ("1830 mill road"); the words between are names, never "on"/"at"/...
_ADDRESS = re.compile(rf"\b\d{{1,5}}[a-z]? (?:(?!(?:on|at|in|the|to|by|from|for|and)\b)[a-z']+ ){{1,3}}(?:{_STREET_KINDS})\b")
_VERSION = re.compile(
    r"\bv\d+(?:\.\d+)+\b|\b\d+\.\d+\.\d+\b"
    r"|\b(?:version|release|python|ios|android|firmware|build|ubuntu|node|update to|upgrade to|angular|java)"
    r" v?\d+(?:\.\d+)+"
)
_PHONE = re.compile(
    r"\+\d{1,3}(?:[ -]?\d{2,5}){2,}|\(\d{3}\) ?\d{3}[-. ]\d{4}|\b\d{3}[-.]\d{3}[-.]\d{4}\b|\b\d{3}-\d{4}\b"
    r"|\b0\d{2,4} \d{2,}(?: \d{2,})*\b|\b\d{3} \d{3} \d{4}\b"
    r"|\b(?:phone|tel|call|dial|fax|mobile|number|hotline|line)\b\D{0,12}\+?\(?\d{3,}(?:[ ().-]+\d+)*"
)
_MONTH = (r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
          r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)")
_DATE = re.compile(
    rf"\b{_MONTH}\.? \d{{1,2}}(?:st|nd|rd|th)?\b|\b\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{_MONTH}\b"
    r"|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\bon \d{1,2}/\d{1,2}\b"
)
_SCORE = re.compile(r"(?<![\d:.])\d{1,3} ?- ?\d{1,3}(?![\d:.])|\b(?:won|lost|beat|drew|score|scored)\b[^.]*?\d+ ?(?:-|:|to) ?\d+")
_COUNT_NOUNS = (
    "apples|oranges|bananas|eggs|kids|children|people|persons|guests|tickets|pages|emails|chairs|tables|boxes|"
    "cats|dogs|books|items|bottles|slices|cups|glasses|seats|rooms|bags|players|points|stars|votes|files|"
    "photos|cookies|pills|beers|cars|bikes|steps|pieces|copies|units|friends|students|days|weeks|months|years"
)
_QUANTITY = re.compile(
    r"(?<![\d:.,])\d+(?:[.,]\d+)?\s?(?:%|percent|kg|g|lbs?|km|miles?|m|cm|mm|l|liters?|litres?|ml|oz|gb|mb|kwh"
    r"|degrees?|\u00b0)(?!\w)"
    rf"|\b(?:\d+|{_NUMBER_WORDS}) (?:[a-z]+ )?(?:{_COUNT_NOUNS})\b"
)

_CAPACITY = re.compile(
    r"\b(?:sleeps|seats|serves|feeds|holds|accommodates|caters for|has room for|is big enough for)"
    r" (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)\b"
)

#: (pattern, wording) in the order they are tried; ``{span}`` is the matched text.
_REASONS = (
    (_RELATIVE, "'{span}' is a relative time, not a clock time"),
    (_DURATION, "'{span}' is a duration, and a duration is not a clock time"),
    (_PRICE, "'{span}' is an amount of money, not a time"),
    (_DATE, "'{span}' is a date without a time of day"),
    (_YEAR, "'{span}' is a year, not a time"),
    (_ADDRESS, "'{span}' is a street address, not a time"),
    (_CODE, "'{span}' is a number that names something (a room, a code, an order), not a time"),
    (_PHONE, "'{span}' looks like a phone number, not a time"),
    (_VERSION, "'{span}' is a version number, not a time"),
    (_SCORE, "'{span}' looks like a score, not a time"),
    (_CAPACITY, "'{span}' says how many, not a time"),
    (_QUANTITY, "'{span}' is a quantity, not a time"),
)


def no_time_reason(text: str) -> str | None:
    """Why ``text`` holds no clock time ("'in 20 minutes' is a relative time, ..."), or None."""
    lowered = " ".join(text.lower().replace("\u2019", "'").split())
    for pattern, wording in _REASONS:
        match = pattern.search(lowered)
        if match:
            return wording.format(span=match.group(0).strip())
    return None
