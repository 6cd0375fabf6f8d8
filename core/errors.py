"""The one error a model wrapper reports per text."""
from __future__ import annotations


class ModelInputError(ValueError):
    """This text cannot be handled by the model (the HTTP layer answers 4xx with the message)."""
