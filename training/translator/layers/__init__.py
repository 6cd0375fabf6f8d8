"""Transformer building blocks (one concept per module)."""
from training.translator.layers.attention import MultiHeadAttention
from training.translator.layers.decoder import CausalSelfAttention, CrossAttention, Decoder, DecoderLayer
from training.translator.layers.encoder import Encoder, EncoderLayer
from training.translator.layers.feed_forward import FeedForward
from training.translator.layers.positional import PositionalEmbedding, positional_encoding

__all__ = [
    "CausalSelfAttention", "CrossAttention", "Decoder", "DecoderLayer", "Encoder",
    "EncoderLayer", "FeedForward", "MultiHeadAttention", "PositionalEmbedding",
    "positional_encoding",
]
