"""Made-up hyphen chains ("Rohr-Ad-Fahrungsbaum", "USA-Kom-Bürger"): the small translator's way of failing
on long out-of-domain sentences, and what the pipeline's beam steers away from (core/translation.py).

A chain is a word of three or more hyphen-joined alphabetic parts that the source does not have. German
writes a few such words ("Max-Planck-Institut", "E-Mail-Adresse"); they count all the same, so as a measure
(``fragment_chain_share`` in the translator's evaluation) the figure is an upper bound.
"""
from __future__ import annotations

import re

_CHAIN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+){2,}")


def made_up_chains(hypothesis: str, source: str = "") -> list[str]:
    """The words of ``hypothesis`` made of three or more hyphen-joined parts that ``source`` does not hold."""
    return [w for w in _CHAIN.findall(hypothesis) if w not in source]
