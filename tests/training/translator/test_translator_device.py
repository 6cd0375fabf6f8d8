"""Training settings that follow the device (issue 10, item 6): precision and batch size."""
from __future__ import annotations

from training.translator.device import (
    CPU_BATCH_TOKENS,
    GPU_MAX_BATCH_TOKENS,
    Device,
    detect,
    resolve_batch_tokens,
    resolve_precision,
)

CPU_AMX = Device("cpu", bfloat16=True)
OLD_CPU = Device("cpu", bfloat16=False)
H100 = Device("gpu", bfloat16=True, memory_gib=79.6)
T4 = Device("gpu", bfloat16=False, memory_gib=15.0)


def test_auto_precision_is_bfloat16_only_where_the_device_has_it() -> None:
    assert resolve_precision("auto", CPU_AMX) == "mixed_bfloat16"
    assert resolve_precision("auto", H100) == "mixed_bfloat16"
    assert resolve_precision("auto", OLD_CPU) == "float32"
    assert resolve_precision("auto", T4) == "float32"  # never float16: no loss scaling here
    assert resolve_precision("float32", H100) == "float32"  # an explicit choice is kept


def test_auto_batch_grows_with_gpu_memory_and_stays_the_shipped_one_on_cpu() -> None:
    assert resolve_batch_tokens(0, CPU_AMX) == CPU_BATCH_TOKENS
    assert resolve_batch_tokens(0, H100) == GPU_MAX_BATCH_TOKENS
    assert CPU_BATCH_TOKENS < resolve_batch_tokens(0, T4) < GPU_MAX_BATCH_TOKENS
    assert resolve_batch_tokens(2500, H100) == 2500


def test_detect_describes_this_machine() -> None:
    device = detect()
    assert device.kind in {"cpu", "gpu"}
    assert (device.memory_gib > 0) == (device.kind == "gpu")
