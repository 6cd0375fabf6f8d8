"""Small pieces both training packages use (the translator and the time normalizer)."""
from __future__ import annotations

from typing import Any

import numpy as np

# Additive mask value: after softmax a masked position gets exactly 0 (float32 and bfloat16).
NEG_INF = -1e9


def parameter_count(model: Any) -> int:
    """Trainable parameters of a Keras model."""
    return int(sum(int(np.prod(v.shape)) for v in model.trainable_variables))
