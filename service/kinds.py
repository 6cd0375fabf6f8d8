"""The kind table: for each model kind (``core.manifest``), its wrapper class and runner.

Adding a kind means one manifest class in ``core.manifest``, one wrapper in
``service.models``, one runner in ``service.runners`` and one row here.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from core.manifest import TIME_NORMALIZER, TRANSLATOR
from service.models.base import Attends, ModelInfo
from service.runners import ModelRunner, TimeNormalizerRunner, TranslatorRunner
from service.settings import Settings


@dataclass(frozen=True)
class Kind:
    wrapper: str  # "module:Class", imported only when a model of this kind is loaded
    runner: type[ModelRunner[Any]]
    options: Callable[[Settings], dict[str, Any]] | None = None  # the wrapper's keyword arguments

    def load_wrapper(self, settings: Settings | None = None) -> Callable[[ModelInfo], Attends]:
        module_name, _, class_name = self.wrapper.partition(":")
        factory: Callable[[ModelInfo], Attends] = getattr(importlib.import_module(module_name), class_name)
        if settings is not None and self.options is not None:
            return partial(factory, **self.options(settings))
        return factory


def translator_options(settings: Settings) -> dict[str, Any]:
    return {"engine": settings.translator_engine, "threads": settings.intra_op_threads()}


KINDS: dict[str, Kind] = {
    TRANSLATOR: Kind("service.models.translator:Translator", TranslatorRunner, translator_options),
    TIME_NORMALIZER: Kind("service.models.time_normalizer:TimeNormalizer", TimeNormalizerRunner),
}


def kind_of(runner_type: type[ModelRunner[Any]]) -> str:
    """The kind whose models ``runner_type`` runs."""
    return next(name for name, kind in KINDS.items() if kind.runner is runner_type)
