"""Where training runs, and what that implies: compute precision and batch size (issue 10, item 6).

The training loop is the same on a CPU and a GPU; only two settings follow the device when
the config says ``auto``. Checkpoints hold float32 weights either way, so a run started on one
device resumes on the other.
"""
from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

import tensorflow as tf

CPU_BATCH_TOKENS = 4000  # what versions 2-4 were trained with on 2 vCPUs
GPU_TOKENS_PER_GIB = 512  # padded tokens per GiB of device memory for this model size
GPU_MAX_BATCH_TOKENS = 32768  # beyond this the model (d_model 256) gains nothing per step


@dataclass(frozen=True)
class Device:
    kind: str  # "cpu" or "gpu"
    bfloat16: bool  # fast bfloat16 matrix units (AMX / AVX512-BF16, or a GPU of compute capability ≥ 8)
    memory_gib: float = 0.0  # of the GPU; 0 on a CPU


def detect() -> Device:
    gpus = tf.config.list_physical_devices("GPU")
    if gpus:
        details = tf.config.experimental.get_device_details(gpus[0])
        major = (details.get("compute_capability") or (0, 0))[0]
        memory = 0.0
        try:
            tf.config.experimental.set_memory_growth(gpus[0], True)
        except RuntimeError:  # already initialised
            pass
        try:
            out = subprocess.run(["nvidia-smi", "--query-gpu=memory.total", "--format=csv,noheader,nounits"],
                                 capture_output=True, text=True, check=True, timeout=10)
            memory = float(out.stdout.split()[0]) / 1024
        except (OSError, subprocess.SubprocessError, ValueError, IndexError):
            memory = 16.0  # unknown: assume a small GPU
        return Device("gpu", major >= 8, memory)
    flags = _cpuinfo()
    return Device("cpu", "amx_bf16" in flags or "avx512_bf16" in flags)


def _cpuinfo() -> str:
    info = Path("/proc/cpuinfo")
    return info.read_text() if info.exists() else ""


def cpu_name() -> str:
    """This machine's CPU as /proc/cpuinfo names it, with its count ("2 vCPUs (AMD EPYC)")."""
    names = [line.split(":", 1)[1].strip() for line in _cpuinfo().splitlines() if line.startswith("model name")]
    return f"{len(names)} vCPUs ({names[0]})" if names else "CPU"


def resolve_precision(requested: str, device: Device) -> str:
    """``auto``: bfloat16 compute (float32 weights) where the device has bfloat16 units, else
    float32. float16 is never chosen: it needs loss scaling, which this loop does not do."""
    if requested != "auto":
        return requested
    return "mixed_bfloat16" if device.bfloat16 else "float32"


def resolve_batch_tokens(requested: int, device: Device) -> int:
    """``0`` (auto): the CPU setting of the shipped versions, or on a GPU as many tokens as its
    memory holds comfortably for this model (capped)."""
    if requested > 0:
        return requested
    if device.kind == "gpu":
        return int(min(GPU_MAX_BATCH_TOKENS, max(CPU_BATCH_TOKENS, GPU_TOKENS_PER_GIB * device.memory_gib)))
    return CPU_BATCH_TOKENS
