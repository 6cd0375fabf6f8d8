"""Generator g23: a day word between what happens and its time, and the next or last service."""
from __future__ import annotations

import random
import re
from itertools import islice

from training.timenorm import schedule_g23
from training.timenorm.conventions import DAY_WORDS_AFTER, NO_TIME, day_word_agrees, resolve
from training.timenorm.generator import GeneratorConfig, iterate

DAY_WORDS = sorted(DAY_WORDS_AFTER, key=len, reverse=True)


def _digits(text: str, compact: bool) -> list[str]:
    return re.findall(r"\b\d{4}\b" if compact else r"\b\d{1,2}[.:]\d{2}\b", text)


def test_a_day_word_before_the_time_agrees_with_it_and_the_time_is_the_label() -> None:
    rng = random.Random(8)
    with_word = 0
    for compact in (False, True):
        for _ in range(400):
            text, spoken = schedule_g23.day_word_before(rng, compact)
            label = resolve(spoken)
            found = _digits(text, compact)
            assert len(found) == 1 and int(re.sub(r"\D", "", found[0])) == int(label.replace(":", "")), text
            word = next((w for w in DAY_WORDS if f" {w} " in f" {text} "), None)
            if word is not None:
                with_word += 1
                assert day_word_agrees(word, label), (text, label)  # never "sunset tonight 0612"
                assert text.index(word) < text.index(found[0])
    assert with_word > 700  # only the rare text too long for it drops the word


def test_the_next_service_is_a_vehicle_after_an_order_word() -> None:
    rng = random.Random(9)
    for compact in (False, True):
        for _ in range(300):
            text, spoken = schedule_g23.next_service(rng, compact)
            assert re.match(r"((the )?(next|last|first|earliest)|our) ", text), text
            found = _digits(text, compact)
            assert len(found) == 1 and int(re.sub(r"\D", "", found[0])) == int(resolve(spoken).replace(":", ""))


def test_the_generator_draws_g23_texts_with_their_labels() -> None:
    samples = list(islice(iterate(GeneratorConfig(seed=13)), 20_000))
    services = "|".join(map(re.escape, schedule_g23.SERVICES))
    nexts = [s for s in samples if re.match(rf"(the )?(next|last|earliest) ({services})\b.*\d", s.text.lower().strip())]
    assert len(nexts) > 15 and all(s.label != NO_TIME for s in nexts)
