"""Every setting of the service, in one place.

Each field is read from the environment variable ``SERVICE_<FIELD NAME IN CAPITALS>``
(e.g. ``SERVICE_MODELS_DIR``) and can be overridden on the command line of
``python -m service`` by ``--<field-name-with-dashes>`` (e.g. ``--models-dir``). Lists are
given comma-separated (``SERVICE_API_KEYS=key1,key2``). The README's settings table is
checked against this class by ``tests/service/test_settings.py``.
"""
from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

ENV_PREFIX = "SERVICE_"

CommaList = Annotated[list[str], NoDecode]


CGROUP_ROOT = Path("/sys/fs/cgroup")


def cgroup_cpu_quota(root: Path = CGROUP_ROOT) -> float | None:
    """The container's CPU limit in cores, from cgroup v2 ``cpu.max`` or cgroup v1
    ``cpu.cfs_quota_us``/``cpu.cfs_period_us``; None when there is no limit (or no cgroup)."""
    try:
        quota, period = (root / "cpu.max").read_text().split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError):
        pass
    try:
        quota_us = int((root / "cpu" / "cpu.cfs_quota_us").read_text())
        period_us = int((root / "cpu" / "cpu.cfs_period_us").read_text())
    except (OSError, ValueError):
        return None
    return quota_us / period_us if quota_us > 0 and period_us > 0 else None


def available_cpus(root: Path = CGROUP_ROOT) -> int:
    """CPU cores this process may use: its affinity mask, capped by the container's CPU quota
    rounded up (a pod limited to 1.5 CPUs gets 2 threads, not the node's 64)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    quota = cgroup_cpu_quota(root)
    if quota is not None:
        cores = min(cores, math.ceil(quota))
    return max(1, cores)


DEFAULT_INTER_OP_THREADS = 4


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX, extra="forbid", frozen=True, validate_default=True
    )

    # --- where and how to run --------------------------------------------------------
    models_dir: Path = Field(
        Path("./models"),
        description="Directory scanned for <name>/<version>/ SavedModels (a version is ASCII digits); "
        "the highest version of each name that loads and warms up serves.",
    )
    model_poll_s: float = Field(
        30.0, ge=0, description="Seconds between scans of the models directory for new or removed "
        "versions, which are swapped in live (0: scan once, at start-up)."
    )
    model_grace_s: float = Field(
        60.0, ge=0, description="After a swap, how long the previous version stays loaded for "
        "requests that pin it (`version`); 0: unloaded once its requests are answered."
    )
    host: str = Field("127.0.0.1", description="Interface to bind (0.0.0.0 for all).")
    port: int = Field(8000, ge=0, le=65535, description="TCP port to listen on.")
    log_level: Literal["debug", "info", "warning", "error", "critical"] = Field(
        "info", description="Log level of the service's JSON logs."
    )
    log_json: bool = Field(True, description="One JSON object per log line (false: plain text).")

    # --- request limits ---------------------------------------------------------------
    max_text_chars: int = Field(
        1000, ge=1, description="Most characters in one text (a longer text is answered 422)."
    )
    max_texts: int = Field(
        64, ge=1, description="Most texts in one request (`texts` or a LibreTranslate `q` list)."
    )
    max_body_bytes: int = Field(
        1_048_576, ge=1024, description="Largest request body accepted (larger: 413)."
    )
    request_timeout_s: float = Field(
        60.0, gt=0, description="A request still unanswered after this many seconds gets 503."
    )
    max_json_depth: int = Field(
        32, ge=2, le=256, description="Deepest nesting of arrays/objects in a JSON body (deeper: 400, "
        "checked before anything parses the body)."
    )
    shutdown_grace_s: float = Field(
        20.0, ge=0, description="On SIGTERM, how long requests in flight may still finish; after that they "
        "get a JSON 503."
    )

    # --- translation -----------------------------------------------------------------
    default_beam_size: int | None = Field(
        None, ge=1, description="Beam size when a request gives none (1 = greedy decoding); "
        "unset: the model's own default (its model.json), for /translate and /attention alike."
    )
    max_beam_size: int = Field(8, ge=1, description="Largest beam size a request may ask for.")
    max_output_tokens: int = Field(
        256, ge=1, description="Largest `max_length` (target subword tokens) a request may ask for."
    )

    translator_engine: Literal["auto", "ctranslate2", "tensorflow"] = Field(
        "auto", description="What decodes translations: `ctranslate2` (the int8 model derived from the SavedModel "
        "at export, `<version>/ctranslate2/`), `tensorflow` (the SavedModel's `translate` graph), or `auto`: "
        "CTranslate2 on CPU when the version has a derived model, TensorFlow otherwise (and on a GPU). "
        "Attention maps always come from the SavedModel."
    )
    max_alternatives: int = Field(
        3, ge=0, le=16, description="Most `alternatives` (n-best translations) a request may ask for; "
        "the beam is raised to alternatives + 1 where it is smaller."
    )

    # --- LibreTranslate files (/translate_file, /download_file) ------------------------
    files_dir: Path | None = Field(
        None, description="Where translated files wait for their download; unset: a private temporary directory."
    )
    files_max_bytes: int = Field(
        500_000, ge=1, description="Largest file /translate_file accepts (also bounded by SERVICE_MAX_BODY_BYTES)."
    )
    files_ttl_s: float = Field(
        600.0, gt=0, description="Seconds a translated file can be downloaded; then it is deleted."
    )

    # --- access -----------------------------------------------------------------------
    api_keys: CommaList = Field(
        default_factory=list,
        description="Accepted API keys, comma-separated. Empty: no key needed. A key is sent "
        "as `X-API-Key`, `Authorization: Bearer <key>`, or LibreTranslate's `api_key`.",
    )
    rate_limit_per_minute: int = Field(
        0, ge=0, description="Requests per minute per API key (or client IP without keys); 0 = off."
    )
    rate_limit_burst: int = Field(
        0, ge=0, description="Requests allowed at once above the steady rate (0: same as the rate)."
    )
    auth_failures_per_minute: int = Field(
        10, ge=1, description="Failed API-key attempts per minute per client address; more get 429 "
        "(only with SERVICE_API_KEYS)."
    )
    trusted_proxies: CommaList = Field(
        default_factory=list,
        description="Addresses of reverse proxies whose X-Forwarded-For is believed, comma-separated; "
        "empty (default): the client address is the socket's, whatever the headers say.",
    )
    cors_origins: CommaList = Field(
        default_factory=list,
        description="Origins allowed by CORS, comma-separated (`*` for any). Empty: CORS off.",
    )

    # --- dynamic batching and threads ------------------------------------------------
    batch_max_size: int = Field(
        64, ge=1, description="Most texts decoded together in one model call (across requests); the translator "
        "sorts their sentences by length and decodes them 32 at a time."
    )
    batch_max_wait_ms: float = Field(
        5.0, ge=0, description="How long a batch waits for more texts before it runs."
    )
    batch_max_queue: int = Field(
        1024, ge=1, description="Texts waiting per model before new requests get 503."
    )
    tf_intra_op_threads: int = Field(
        0, ge=0, description="TensorFlow threads inside one op (0: the CPU cores available, capped by the "
        "container's CPU quota)."
    )
    tf_inter_op_threads: int = Field(
        0, ge=0, description="TensorFlow ops (and so models' graphs) run in parallel (0: 4, so that a long "
        "translation never holds up the time normalizer's graph)."
    )
    warmup: bool = Field(
        True, description="Run each model once at start-up, before /ready, so that no request pays its warm-up."
    )
    release_memory: bool = Field(
        True, description="After a large translation batch, give freed memory back to the OS (glibc malloc_trim)."
    )
    metrics_enabled: bool = Field(True, description="Serve Prometheus metrics at GET /metrics.")
    ready_requires_all: bool = Field(
        False,
        description="GET /ready answers 200 only when every model found serves "
        "(false: when at least one does).",
    )

    @field_validator("api_keys", "cors_origins", "trusted_proxies", mode="before")
    @classmethod
    def _split_commas(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("max_beam_size")
    @classmethod
    def _beam_limits(cls, value: int, info: Any) -> int:
        default = info.data.get("default_beam_size")
        if default is not None and default > value:
            raise ValueError(f"default_beam_size ({default}) exceeds max_beam_size ({value})")
        return value

    def intra_op_threads(self) -> int:
        return self.tf_intra_op_threads or available_cpus()

    def inter_op_threads(self) -> int:
        # With one inter-op thread a running translation graph blocks every other model's graph
        # (measured: /normalize-time p99 782 ms → 269 ms with 4, translation throughput unchanged).
        return self.tf_inter_op_threads or DEFAULT_INTER_OP_THREADS

    @classmethod
    def env_name(cls, field: str) -> str:
        return f"{ENV_PREFIX}{field.upper()}"
