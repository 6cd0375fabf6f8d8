"""The CTranslate2 model derived from a translator's weights computes what the Keras model computes."""
from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import numpy as np
import pytest
import tensorflow as tf
from translator_toy import TOY, VOCAB, trained_copy_model, untrained_model

from core.manifest import dump, load
from training.translator.ctranslate2_export import ENGINE_DIR, derive_ctranslate2, transformer_spec
from training.translator.serving import TranslatorModule

ctranslate2 = pytest.importorskip("ctranslate2")

PIECES = ["<pad>", "<unk>", "<s>", "</s>", *(f"p{i}" for i in range(4, VOCAB))]
SOURCES = [[5, 9, 7, 12, 3], [4, 15, 3], [6, 8, 10, 11, 13, 3], [14, 14, 14, 4, 3]]


def derived(model, tmp_path, quantization: str = "float32"):
    spec = transformer_spec(model, PIECES)
    spec.validate()
    spec.optimize(quantization=quantization)
    spec.save(str(tmp_path))
    return ctranslate2.Translator(str(tmp_path), device="cpu", compute_type=quantization, intra_threads=1)


def tokens(ids: list[int]) -> list[str]:
    return [PIECES[i] for i in ids]


def keras_log_probs(model, source: list[int], target: list[int]) -> np.ndarray:
    """Teacher-forced log-probabilities of ``target`` (ids after BOS), one per target token."""
    src = tf.constant([source], tf.int32)
    dec_in = tf.constant([[TOY.bos_id, *target[:-1]]], tf.int32)
    memory, bias, _ = model.encode(src)
    logits, _, _ = model.decode(dec_in, memory, bias)
    log_probs = tf.nn.log_softmax(logits)[0].numpy()
    return np.array([log_probs[i, t] for i, t in enumerate(target)])


@pytest.mark.parametrize("which", ["untrained", "trained"])
def test_same_log_probabilities_token_by_token(which, tmp_path):
    """Any misplaced weight (a transposed kernel, the position table, the tied projection, a norm)
    changes these numbers; an untrained model's are as sensitive as a trained one's."""
    model = untrained_model() if which == "untrained" else trained_copy_model()[0]
    translator = derived(model, tmp_path)
    rng = np.random.default_rng(1)
    targets = [[int(t) for t in rng.integers(4, VOCAB, len(s) - 1)] + [TOY.eos_id] for s in SOURCES]
    results = translator.score_batch([tokens(s) for s in SOURCES], [tokens(t[:-1]) for t in targets])
    for source, target, result in zip(SOURCES, targets, results, strict=True):
        np.testing.assert_allclose(result.log_probs, keras_log_probs(model, source, target), atol=2e-4)


def test_same_greedy_and_beam_outputs_as_the_saved_model_graph(tmp_path):
    model, _ = trained_copy_model()
    translator = derived(model, tmp_path)
    module = TranslatorModule(model)
    padded = np.zeros((len(SOURCES), max(map(len, SOURCES))), np.int32)
    for row, ids in enumerate(SOURCES):
        padded[row, : len(ids)] = ids
    for beam in (1, 3):
        out = module.translate(source_ids=tf.constant(padded), beam_size=tf.constant(beam),
                               max_length=tf.constant(12), length_penalty=tf.constant(0.0))
        ids, lengths = out["target_ids"].numpy(), out["target_length"].numpy()
        keras_outputs = [ids[row, : lengths[row]].tolist() for row in range(len(SOURCES))]
        results = translator.translate_batch([tokens(s) for s in SOURCES], beam_size=beam, length_penalty=0.0,
                                             max_decoding_length=12, return_end_token=True)
        ct2_outputs = [[PIECES.index(t) for t in r.hypotheses[0]] for r in results]
        assert ct2_outputs == keras_outputs
        assert ct2_outputs == [s for s in SOURCES]  # and it is the copy task's answer


def test_int8_derivation_keeps_the_copy_task(tmp_path):
    translator = derived(trained_copy_model()[0], tmp_path, "int8")
    results = translator.translate_batch([tokens(s) for s in SOURCES], beam_size=1, max_decoding_length=12)
    assert [[PIECES.index(t) for t in r.hypotheses[0]] for r in results] == [s[:-1] for s in SOURCES]


def test_post_norm_models_are_refused():
    from training.translator.transformer import build_transformer

    with pytest.raises(ValueError, match="pre-norm"):
        transformer_spec(build_transformer(dataclasses.replace(TOY, pre_norm=False)), PIECES)


SHIPPED = Path(__file__).resolve().parents[3] / "models" / "translator-en-de"


def shipped_with_derived_model() -> Path:
    versions = sorted((p for p in SHIPPED.glob("*") if p.name.isdigit()), key=lambda p: int(p.name))
    if not versions or load(versions[-1]).ctranslate2_dir is None:  # type: ignore[attr-defined]
        pytest.skip("no shipped translator with a derived CTranslate2 model")
    return versions[-1]


def test_the_shipped_derived_model_is_reproducible_from_its_saved_model(tmp_path):
    shipped = shipped_with_derived_model()
    out = derive_ctranslate2(shipped, out=tmp_path / "again")
    for name in ("model.bin", "shared_vocabulary.json", "config.json"):
        assert (out / name).read_bytes() == (shipped / "ctranslate2" / name).read_bytes(), name
    assert json.loads((out / "derived.json").read_text())["search"] == \
        json.loads((shipped / "ctranslate2" / "derived.json").read_text())["search"]


def test_deriving_into_an_export_records_it_in_the_manifest(tmp_path):
    shipped = shipped_with_derived_model()
    export = tmp_path / "4"
    shutil.copytree(shipped, export, ignore=shutil.ignore_patterns("ctranslate2"))
    manifest = load(export)
    dump(dataclasses.replace(manifest, ctranslate2_dir=None), export)
    derive_ctranslate2(export)
    assert load(export).ctranslate2_dir == ENGINE_DIR  # type: ignore[attr-defined]
    assert (export / ENGINE_DIR / "model.bin").is_file()
