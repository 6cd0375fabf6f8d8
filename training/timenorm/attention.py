"""Attention over encoder states: Bahdanau (additive) and Luong (multiplicative).

Each layer maps ``(query [B, Dq], keys [B, T, Dk], key_mask [B, T])`` to
``(context [B, Dk], weights [B, T])``; padded keys get zero weight.
"""
from __future__ import annotations

import keras
from keras import ops

from training.shared import NEG_INF


def masked_softmax(scores, key_mask):
    """Softmax over the last axis where ``key_mask`` is true; masked entries get 0."""
    mask = ops.cast(key_mask, scores.dtype)
    scores = scores + (1.0 - mask) * NEG_INF
    weights = ops.softmax(scores, axis=-1) * mask
    return weights / ops.maximum(ops.sum(weights, axis=-1, keepdims=True), 1e-9)


def context_vector(weights, keys):
    return ops.einsum("bt,btd->bd", weights, keys)


@keras.saving.register_keras_serializable("timenorm")
class BahdanauAttention(keras.layers.Layer):
    """Additive attention: ``score(s, h) = v . tanh(W1 h + W2 s)``."""

    def __init__(self, units: int, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.key_projection = keras.layers.Dense(units, use_bias=False, name="W1")
        self.query_projection = keras.layers.Dense(units, use_bias=False, name="W2")
        self.score_vector = keras.layers.Dense(1, use_bias=False, name="v")

    def project_keys(self, keys):
        """``W1 h`` for all keys; computed once per input and reused at every decoder step."""
        return self.key_projection(keys)

    def scores(self, query, keys, projected_keys=None):
        projected = self.project_keys(keys) if projected_keys is None else projected_keys
        hidden = ops.tanh(projected + ops.expand_dims(self.query_projection(query), 1))
        return ops.squeeze(self.score_vector(hidden), -1)

    def call(self, query, keys, key_mask, projected_keys=None):
        weights = masked_softmax(self.scores(query, keys, projected_keys), key_mask)
        return context_vector(weights, keys), weights

    def get_config(self):
        return {**super().get_config(), "units": self.units}


@keras.saving.register_keras_serializable("timenorm")
class LuongAttention(keras.layers.Layer):
    """Multiplicative attention: ``dot``: ``score = s . h``; ``general``: ``score = s . W h``."""

    def __init__(self, score: str = "general", query_units: int | None = None, **kwargs):
        super().__init__(**kwargs)
        if score not in ("dot", "general"):
            raise ValueError(f"Luong score must be 'dot' or 'general', not {score!r}")
        if score == "general" and query_units is None:
            raise ValueError("Luong 'general' needs query_units (the size of s)")
        self.score = score
        self.query_units = query_units
        self.key_projection = (
            keras.layers.Dense(query_units, use_bias=False, name="W") if score == "general" else None
        )

    def project_keys(self, keys):
        """``W h`` (general) or ``h`` (dot) for all keys."""
        return keys if self.key_projection is None else self.key_projection(keys)

    def scores(self, query, keys, projected_keys=None):
        projected = self.project_keys(keys) if projected_keys is None else projected_keys
        return ops.einsum("bd,btd->bt", query, projected)

    def call(self, query, keys, key_mask, projected_keys=None):
        weights = masked_softmax(self.scores(query, keys, projected_keys), key_mask)
        return context_vector(weights, keys), weights

    def get_config(self):
        return {**super().get_config(), "score": self.score, "query_units": self.query_units}


def make_attention(kind: str, *, attention_units: int, query_units: int) -> keras.layers.Layer:
    """The attention layer named by ``ModelConfig.attention``."""
    if kind == "bahdanau":
        return BahdanauAttention(attention_units, name="bahdanau_attention")
    if kind == "luong-dot":
        return LuongAttention("dot", name="luong_dot_attention")
    if kind == "luong-general":
        return LuongAttention("general", query_units=query_units, name="luong_general_attention")
    raise ValueError(f"unknown attention kind {kind!r}")
