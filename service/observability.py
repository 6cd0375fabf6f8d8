"""Prometheus metrics of one app instance (own registry, so that tests can build many apps).

Names follow Prometheus' conventions with the project's prefix ``attention_translate_``
(units in the name, ``_total`` on counters); every label takes a bounded set of values
(route templates, known methods, status codes, model names), so a scrape stays small
whatever clients send. Process metrics (memory, CPU, open files) and build and model
version information come along.
"""
from __future__ import annotations

from importlib import metadata

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, Info, PlatformCollector, ProcessCollector
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128)


class Metrics:
    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "attention_translate_http_requests",
            "HTTP requests answered, by route template, method and status code.",
            ["route", "method", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "attention_translate_http_request_duration_seconds",
            "Time to answer an HTTP request, by route template.",
            ["route"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.errors = Counter(
            "attention_translate_errors",
            "Error answers by kind (the `code` of the JSON error body).",
            ["code"],
            registry=self.registry,
        )
        self.batch_size = Histogram(
            "attention_translate_batch_size",
            "Texts per model call, by batcher (model/operation).",
            ["batcher"],
            buckets=BATCH_BUCKETS,
            registry=self.registry,
        )
        self.queue_depth = Gauge(
            "attention_translate_queue_depth",
            "Texts waiting for a model call, by batcher.",
            ["batcher"],
            registry=self.registry,
        )
        self.model_seconds = Histogram(
            "attention_translate_model_call_seconds",
            "Time of one model call (a whole batch), by batcher.",
            ["batcher"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.models_ready = Gauge(
            "attention_translate_model_ready",
            "1 if the model is loaded and serving, else 0.",
            ["model"],
            registry=self.registry,
        )
        self.model_info = Gauge(
            "attention_translate_model_info",
            "1 for the version of each model that serves (labels: model, version, kind).",
            ["model", "version", "kind"],
            registry=self.registry,
        )
        build = Info("attention_translate_build", "Version of the service.", registry=self.registry)
        build.info({"version": _version()})
        ProcessCollector(namespace="attention_translate", registry=self.registry)  # memory, CPU, open files
        PlatformCollector(registry=self.registry)

    def render(self) -> bytes:
        return generate_latest(self.registry)


def _version() -> str:
    try:
        return metadata.version("attention-translate")
    except metadata.PackageNotFoundError:
        return "unknown"
