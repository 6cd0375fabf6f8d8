"""Export of a tiny trained Transformer; the SavedModel must run without the project's code."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import tensorflow as tf
from translator_toy import TOY, trained_copy_model

from core.manifest import dump, load
from training.translator.config import TranslatorConfig
from training.translator.export import translator_manifest
from training.translator.serving import TranslatorModule

SOURCES = [[5, 9, 7, 12, 3, 0], [4, 15, 3, 0, 0, 0], [6, 8, 10, 11, 13, 3]]

RUNNER = """
import json, sys
import tensorflow as tf
assert 'training' not in sys.modules and 'service' not in sys.modules
m = tf.saved_model.load(sys.argv[1])
src = tf.constant(json.loads(sys.argv[2]), tf.int32)
out = {}
for name in ("translate", "translate_uncached", "serving_default"):
    for beam in (1, 3):
        r = m.signatures[name](source_ids=src, beam_size=tf.constant(beam), max_length=tf.constant(10),
                               length_penalty=tf.constant(0.6))
        out[f"{name}/{beam}"] = [r["target_ids"].numpy().tolist(), r["target_length"].numpy().tolist(),
                                 r["score"].numpy().tolist()]
a = m.signatures["attention"](source_ids=src, target_ids=tf.constant(out["translate/1"][0], tf.int32))
out["attention"] = {k: [list(v.shape), float(v.numpy().sum(-1).min()), float(v.numpy().sum(-1).max())]
                    for k, v in a.items()}
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    model, _ = trained_copy_model()
    path = tmp_path_factory.mktemp("export") / "1"
    TranslatorModule(model).save(str(path))
    return path


def test_saved_model_runs_without_project_code(exported, tmp_path):
    model, _ = trained_copy_model()
    result = subprocess.run(
        [sys.executable, "-I", "-c", RUNNER, str(exported), json.dumps(SOURCES)],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
        env={"PATH": "/usr/bin:/bin", "TF_CPP_MIN_LOG_LEVEL": "2"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    out = json.loads(result.stdout.strip().splitlines()[-1])
    expected = [[t for t in row if t] for row in SOURCES]  # the copy model copies
    for key in ("translate/1", "translate/3", "translate_uncached/1", "translate_uncached/3", "serving_default/3"):
        ids, lengths, _ = out[key]
        assert [row[:n] for row, n in zip(ids, lengths, strict=False)] == expected, key
    assert out["translate/1"] == out["translate_uncached/1"]
    np.testing.assert_allclose(out["translate/3"][2], out["translate_uncached/3"][2], atol=1e-4)
    # In-process module and reloaded SavedModel agree.
    module = TranslatorModule(model)
    local = module.translate(tf.constant(SOURCES, tf.int32), tf.constant(3), tf.constant(10), tf.constant(0.6))
    assert local["target_ids"].numpy().tolist() == out["translate/3"][0]
    layers, heads = TOY.decoder_layers, TOY.num_heads
    t = len(out["translate/1"][0][0])
    assert out["attention"]["cross_attention"][0] == [3, layers, heads, t, 6]
    assert out["attention"]["encoder_attention"][0] == [3, TOY.encoder_layers, heads, 6, 6]
    assert out["attention"]["decoder_attention"][0] == [3, layers, heads, t, t]
    for _, low, high in out["attention"].values():
        assert abs(low - 1) < 1e-4 and abs(high - 1) < 1e-4


def test_manifest_follows_the_contract_and_round_trips(tmp_path):
    cfg = TranslatorConfig()
    manifest = translator_manifest(cfg, "1", "spm.model", 123, ["ckpt-1"])
    assert load(dump(manifest, tmp_path).parent.parent) == manifest
    assert manifest.name == "translator-en-de" and manifest.kind == "translator" and manifest.version == "1"
    assert (manifest.pad_id, manifest.bos_id, manifest.eos_id) == (cfg.model.pad_id, cfg.model.bos_id, cfg.model.eos_id)
    assert (manifest.source_language, manifest.target_language) == (cfg.data.source_language, cfg.data.target_language)
    assert manifest.max_tokens == cfg.model.max_position - 1 and manifest.d_model == cfg.model.d_model
    assert TranslatorConfig.from_dict(json.loads(cfg.to_json())) == cfg


def test_config_refuses_unknown_keys():
    raw = json.loads(TranslatorConfig().to_json())
    raw["model"]["d_modle"] = 128
    with pytest.raises(ValueError, match="d_modle"):
        TranslatorConfig.from_dict(raw)


def test_warm_start_reads_weights_from_an_export(exported):
    from translator_toy import untrained_model

    from training.translator.checkpoints import restore_model

    trained, _ = trained_copy_model()
    fresh = untrained_model()
    restore_model(fresh, exported)
    for a, b in zip(trained.trainable_variables, fresh.trainable_variables, strict=False):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
