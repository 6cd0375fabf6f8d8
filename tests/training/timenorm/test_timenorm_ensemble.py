"""Ensembles: members decoded together in one SavedModel, checked against the members' teacher-forced outputs."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import tensorflow as tf

from training.timenorm.config import ModelConfig, TrainConfig
from training.timenorm.ensemble import ENSEMBLE_FILE, EnsembleConfig, make_ensemble, member_weight_files
from training.timenorm.export import export_run
from training.timenorm.vocab import END, MAX_OUTPUT_LENGTH, START

TINY = TrainConfig(model=ModelConfig(attention="bahdanau", embedding_dim=8, encoder_units=8, decoder_units=16,
                                     attention_units=8, max_input_chars=32))
TEXTS = ["quarter past ten in the evening", "7:45", "", "I have 3 apples"]


def _model(seed: int, config: TrainConfig = TINY):
    from training.timenorm.model import build_model

    tf.keras.utils.set_random_seed(seed)
    model = build_model(config.model)
    # a fresh model's output layer is nearly uniform; sharper logits make members disagree on real choices
    kernel = model.decoder.project.kernel
    kernel.assign(kernel * 40.0)
    return model


def _fake_export(root: Path, seed: int, config: TrainConfig = TINY) -> Path:
    extra = root / f"m{seed}" / "assets.extra"
    extra.mkdir(parents=True)
    (extra / "config.json").write_text(replace(config, seed=seed).to_json(), encoding="utf-8")
    _model(seed, config).save_weights(str(extra / "model.weights.h5"))
    return extra.parent


def _teacher_forced(models, module, texts):
    """Each member's next-character probabilities and attention, fed the ensemble's own output."""
    out = module.serve(tf.constant(texts))
    ids, _, _ = module.encode(tf.constant(texts))
    char_id = {c: i for i, c in enumerate(module.id_to_char)}  # "" is PAD, "</s>" is END
    chosen = np.vectorize(lambda c: char_id[c.decode()])(out["output_chars"].numpy())
    decoder_inputs = np.concatenate([np.full((len(texts), 1), START), chosen[:, :-1]], axis=1).astype("int32")
    assert decoder_inputs.shape[1] == MAX_OUTPUT_LENGTH
    forced = [m((ids, decoder_inputs)) for m in models]
    probs = [tf.nn.softmax(logits, axis=-1).numpy() for logits, _ in forced]
    attention = [att.numpy() for _, att in forced]
    return out, chosen, probs, attention


@pytest.mark.parametrize("members", [1, 3])
def test_the_graph_decodes_with_the_mean_of_the_members_probabilities(members: int) -> None:
    from training.timenorm.serving import TimeNormalizerServing

    models = [_model(seed) for seed in range(11, 11 + members)]
    module = TimeNormalizerServing(models, TINY.model)
    out, chosen, probs, attention = _teacher_forced(models, module, TEXTS)
    mean_probs, mean_attention = sum(probs) / members, sum(attention) / members
    disagreements = 0
    for i in range(len(TEXTS)):
        ends = [t for t in range(MAX_OUTPUT_LENGTH) if chosen[i, t] == END]
        n_out = ends[0] + 1 if ends else MAX_OUTPUT_LENGTH  # the graph decodes until END
        steps = range(n_out)
        assert [int(chosen[i, t]) for t in steps] == [int(np.argmax(mean_probs[i, t])) for t in steps]
        disagreements += sum(len({int(np.argmax(p[i, t])) for p in probs}) > 1 for t in steps)
        expected = np.prod([mean_probs[i, t, chosen[i, t]] for t in steps])
        np.testing.assert_allclose(out["confidence"][i], expected, rtol=1e-4)
        np.testing.assert_allclose(out["attention"].numpy()[i, :n_out], mean_attention[i, :n_out], atol=1e-5)
    if members > 1:
        assert disagreements > 0, "the members always agreed: the test would not see a wrong combination"


def test_one_model_and_a_list_of_one_serve_the_same() -> None:
    from training.timenorm.serving import TimeNormalizerServing

    model = _model(21)
    one, list_of_one = TimeNormalizerServing(model, TINY.model), TimeNormalizerServing([model], TINY.model)
    alone, listed = one.serve(tf.constant(TEXTS)), list_of_one.serve(tf.constant(TEXTS))
    for key in ("time", "output_chars", "input_chars"):
        assert alone[key].numpy().tolist() == listed[key].numpy().tolist()
    np.testing.assert_array_equal(alone["confidence"].numpy(), listed["confidence"].numpy())
    with pytest.raises(ValueError, match="at least one"):
        TimeNormalizerServing([], TINY.model)


def test_an_ensemble_exports_with_its_members_and_one_models_signature(tmp_path: Path) -> None:
    members = [_fake_export(tmp_path, s) for s in (31, 32)]
    written = make_ensemble(members, tmp_path / "ens")
    assert written == EnsembleConfig.load(tmp_path / "ens" / ENSEMBLE_FILE)
    assert written.seeds == (31, 32) and written.sources == tuple(str(m) for m in members)
    assert written.configs == (replace(TINY, seed=31), replace(TINY, seed=32)) and written.warm_starts == (None, None)
    assert member_weight_files(tmp_path / "ens") == ["model.weights.h5", "member-1.weights.h5"]
    out = tmp_path / "models" / "time-normalizer" / "9"
    metrics = export_run(tmp_path / "ens", out, command="pytest", threshold=0.5)
    extra = out / "assets.extra"
    assert metrics["ensemble_of"] == [str(m) for m in members]
    assert member_weight_files(extra) == ["model.weights.h5", "member-1.weights.h5"]
    for i, member in enumerate(members):  # member 0 is model.weights.h5, so --warm-start starts from it
        name = "model.weights.h5" if i == 0 else f"member-{i}.weights.h5"
        assert (extra / name).read_bytes() == (member / "assets.extra" / "model.weights.h5").read_bytes()
    single = sum(int(np.prod(v.shape)) for v in _model(1).trainable_variables)
    assert metrics["parameters"] == 2 * single
    manifest = json.loads((extra / "model.json").read_text())
    assert "ensemble of 2" in manifest["description"] and manifest["confidence_threshold"] == 0.5
    card = (extra / "MODEL_CARD.md").read_text()
    assert "Ensemble" in card and f"timenorm ensemble {members[0]} {members[1]} --out {tmp_path / 'ens'}" in card
    assert "--seed 31" in card and "--seed 32" in card and metrics["ensemble_members"][1]["seed"] == 32
    serve = tf.saved_model.load(str(out)).signatures["serving_default"]
    result = serve(text=tf.constant(TEXTS))
    n_in, n_out = result["input_chars"].shape[1], result["output_chars"].shape[1]
    assert result["attention"].shape == (len(TEXTS), n_out, n_in) and result["time"].shape == (len(TEXTS),)


def test_an_ensemble_refuses_one_model_other_architectures_and_nested_ensembles(tmp_path: Path) -> None:
    wider = replace(TINY, model=replace(TINY.model, decoder_units=24))
    a, b, c = _fake_export(tmp_path, 41), _fake_export(tmp_path, 42, wider), _fake_export(tmp_path, 43)
    with pytest.raises(ValueError, match="two"):
        make_ensemble([a], tmp_path / "one")
    with pytest.raises(ValueError, match="architecture"):
        make_ensemble([a, b], tmp_path / "mixed")
    make_ensemble([a, c], tmp_path / "ac")
    (c / "assets.extra" / ENSEMBLE_FILE).write_text((tmp_path / "ac" / ENSEMBLE_FILE).read_text())
    with pytest.raises(ValueError, match="ensemble already"):
        make_ensemble([a, c], tmp_path / "nested")
