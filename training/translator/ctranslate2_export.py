"""Derive a CTranslate2 model from an exported translator (the SavedModel stays the source of truth).

The Keras Transformer is rebuilt from the export's ``config.json``, its variables are read
from the export's ``variables/``, and each weight is placed in CTranslate2's
``TransformerSpec`` (pre-norm, ReLU, tied embeddings, the same interleaved sinusoidal
position table, layer-norm epsilon 1e-6). The vocabulary is the SentencePiece model's pieces
in id order, so token ids are the same in both engines. The result is written to
``<export>/ctranslate2/`` (``model.bin``, vocabularies, ``config.json``) with a small
``derived.json`` that records how it was made; it is reproducible from the export alone.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import sentencepiece as spm

from core.manifest import TranslatorManifest, dump, load
from training.translator.checkpoints import restore_model
from training.translator.config import TranslatorConfig
from training.translator.layers.positional import positional_encoding
from training.translator.transformer import build_transformer

ENGINE_DIR = "ctranslate2"
DEFAULT_QUANTIZATION = "int8"
# CTranslate2's search settings that stand in for the SavedModel's (core/ctranslate2_decoder.py);
# chosen on heldout-2021 dev (BLEU, beam 4: penalty 0.6 → 29.66, 1.0 → 29.90; docs/translator.md). A ban on
# repeated 4-grams implies the SavedModel's rule (a 5th identical token in a row repeats a 4-gram).
DEFAULT_SEARCH = {"length_penalty": 1.0, "no_repeat_ngram_size": 4}
LAYER_NORM_EPSILON = 1e-6  # ResidualNorm / LayerStack use keras LayerNormalization(epsilon=1e-6)


def _dense(spec, dense) -> None:
    """Keras ``Dense`` (kernel ``[in, out]``) → CTranslate2 ``LinearSpec`` (weight ``[out, in]``)."""
    spec.weight = np.ascontiguousarray(dense.kernel.numpy().T)
    spec.bias = dense.bias.numpy()


def _fused(spec, denses) -> None:
    """Several projections of the same input as one linear layer (Q/K/V or K/V)."""
    spec.weight = np.ascontiguousarray(np.concatenate([d.kernel.numpy().T for d in denses], axis=0))
    spec.bias = np.concatenate([d.bias.numpy() for d in denses], axis=0)


def _norm(spec, norm) -> None:
    spec.gamma = norm.gamma.numpy()
    spec.beta = norm.beta.numpy()


def _attention(spec, attention, norm, self_attention: bool) -> None:
    _norm(spec.layer_norm, norm)
    if self_attention:
        _fused(spec.linear[0], [attention.query, attention.key, attention.value])
    else:
        _dense(spec.linear[0], attention.query)
        _fused(spec.linear[1], [attention.key, attention.value])
    _dense(spec.linear[-1], attention.out)


def _feed_forward(spec, block, norm) -> None:
    _norm(spec.layer_norm, norm)
    _dense(spec.linear_0, block.inner)
    _dense(spec.linear_1, block.outer)


def _inputs(spec, embeddings: np.ndarray, positions: np.ndarray) -> None:
    table = spec.embeddings[0] if isinstance(spec.embeddings, list) else spec.embeddings
    table.weight = embeddings
    spec.scale_embeddings = True  # token embedding · √d_model, as PositionalEmbedding does
    spec.position_encodings.encodings = positions


def transformer_spec(model, pieces: list[str]):
    """The ``ctranslate2.specs.TransformerSpec`` holding ``model``'s weights."""
    from ctranslate2.specs import transformer_spec as ts

    cfg = model.config
    if not cfg.pre_norm:
        raise ValueError("only pre-norm translators can be derived (CTranslate2's layer order)")
    spec = ts.TransformerSpec.from_config((cfg.encoder_layers, cfg.decoder_layers), cfg.num_heads, pre_norm=True)
    spec.config.layer_norm_epsilon = LAYER_NORM_EPSILON
    spec.config.add_source_bos = False
    spec.config.add_source_eos = False  # the pipeline's source ids already end with </s>
    embeddings = model.embedding.token.embeddings.numpy()
    positions = positional_encoding(cfg.max_position, cfg.d_model)
    _inputs(spec.encoder, embeddings, positions)
    _inputs(spec.decoder, embeddings, positions)
    for layer_spec, layer in zip(spec.encoder.layer, model.encoder.blocks, strict=True):
        _attention(layer_spec.self_attention, layer.self_attention, layer.attention_block.norm, True)
        _feed_forward(layer_spec.ffn, layer.feed_forward, layer.ff_block.norm)
    for layer_spec, layer in zip(spec.decoder.layer, model.decoder.blocks, strict=True):
        _attention(layer_spec.self_attention, layer.self_attention, layer.self_block.norm, True)
        _attention(layer_spec.attention, layer.cross_attention, layer.cross_block.norm, False)
        _feed_forward(layer_spec.ffn, layer.feed_forward, layer.ff_block.norm)
    _norm(spec.encoder.layer_norm, model.encoder.final_norm)
    _norm(spec.decoder.layer_norm, model.decoder.final_norm)
    spec.decoder.projection.weight = embeddings  # tied output projection
    spec.decoder.projection.bias = model.embedding.output_bias.numpy()
    spec.register_source_vocabulary(pieces)
    spec.register_target_vocabulary(pieces)
    return spec


def subword_pieces(tokenizer: Path) -> list[str]:
    """Every piece of the SentencePiece model, in id order (so CTranslate2 ids = our ids)."""
    processor = spm.SentencePieceProcessor(model_file=str(tokenizer))
    return [processor.id_to_piece(i) for i in range(processor.get_piece_size())]


def derive_ctranslate2(export: Path, quantization: str = DEFAULT_QUANTIZATION, out: Path | None = None,
                       search: dict[str, float] | None = None) -> Path:
    """Write the CTranslate2 model of the translator exported at ``export``; return its directory.

    By default it goes into the export (``<export>/ctranslate2/``) and the export's manifest
    records it (``ctranslate2_dir``); with ``out`` it goes there and the export is left as is.
    """
    export = Path(export)
    manifest = load(export)
    if not isinstance(manifest, TranslatorManifest):
        raise ValueError(f"{export} is not a translator export")
    extra = export / "assets.extra"
    cfg = TranslatorConfig.load(extra / "config.json")
    model = build_transformer(cfg.model)
    restore_model(model, export)
    pieces = subword_pieces(extra / manifest.tokenizer_file)
    if len(pieces) != cfg.model.vocab_size:
        raise ValueError(f"tokenizer has {len(pieces)} pieces, the model {cfg.model.vocab_size}")
    spec = transformer_spec(model, pieces)
    spec.validate()
    spec.optimize(quantization=quantization)
    target = Path(out) if out is not None else export / ENGINE_DIR
    target.mkdir(parents=True, exist_ok=True)
    spec.save(str(target))
    record = {"source": "../variables (this export's SavedModel weights)", "quantization": quantization,
              "tokenizer_file": manifest.tokenizer_file, "ctranslate2": _ctranslate2_version(),
              "search": dict(search or DEFAULT_SEARCH)}
    (target / "derived.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    if out is None:
        dump(dataclasses.replace(manifest, ctranslate2_dir=ENGINE_DIR), export)
    return target


def _ctranslate2_version() -> str:
    import ctranslate2

    return str(ctranslate2.__version__)
