"""The tensor type of the layers: whatever Keras 3's backend computes with.

The layers use ``keras.ops`` only, so one model definition trains under TensorFlow (CPU, and
the exported SavedModel) and under JAX or PyTorch (a GPU machine without TensorFlow).
"""
from __future__ import annotations

from typing import Any

Tensor = Any  # tf.Tensor under TensorFlow, jax.Array under JAX, torch.Tensor under PyTorch
