"""The error a model wrapper reports per text, and the signal that work was abandoned."""
from __future__ import annotations


class ModelInputError(ValueError):
    """This text cannot be handled by the model (the HTTP layer answers 4xx with the message)."""


class Cancelled(Exception):  # noqa: N818 - a signal, not a failure
    """Nobody waits for this work any more: it stopped early, on purpose."""
