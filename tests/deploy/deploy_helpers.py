"""Readers shared by the deployment tests: Dockerfiles, YAML manifests, and the app's own
routes and settings (so that the manifests are checked against the code, not a copy of it)."""
from __future__ import annotations

import functools
import os
import re
import shlex
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[2]
K8S_DIR = REPO / "deploy" / "kubernetes"
COMPOSE_FILE = REPO / "docker-compose.yml"
SCHEMAS = Path(__file__).resolve().parent / "schemas"


# --------------------------------------------------------------------------- Dockerfiles
@dataclass(frozen=True)
class Instruction:
    keyword: str  # upper case, e.g. "RUN"
    args: str
    line: int
    stage: int  # index of the FROM this instruction belongs to (-1 before the first)


def dockerfile_instructions(path: Path) -> list[Instruction]:
    """The instructions of a Dockerfile, continuation lines joined, comments dropped."""
    instructions: list[Instruction] = []
    stage, buffer, start = -1, "", 0
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not buffer and (not line or line.startswith("#")):
            continue
        if buffer and line.startswith("#"):
            continue
        if not buffer:
            start = number
        if line.endswith("\\"):
            buffer += line[:-1] + " "
            continue
        text = (buffer + line).strip()
        buffer = ""
        keyword, _, args = text.partition(" ")
        keyword = keyword.upper()
        if keyword == "FROM":
            stage += 1
        instructions.append(Instruction(keyword, args.strip(), start, stage))
    return instructions


def final_stage(instructions: list[Instruction]) -> list[Instruction]:
    last = max(i.stage for i in instructions)
    return [i for i in instructions if i.stage == last]


def exec_form(args: str) -> list[str]:
    """The argument list of a JSON exec-form instruction (CMD ["a", "b"]) or shell words."""
    import json

    args = args.strip()
    if args.startswith("["):
        value = json.loads(args)
        assert isinstance(value, list)
        return [str(v) for v in value]
    return shlex.split(args)


def env_of(instructions: list[Instruction]) -> dict[str, str]:
    """ENV KEY=VALUE pairs (the modern form) of the given instructions."""
    env: dict[str, str] = {}
    for instruction in instructions:
        if instruction.keyword == "ENV":
            for word in shlex.split(instruction.args):
                key, sep, value = word.partition("=")
                assert sep, f"line {instruction.line}: use ENV KEY=VALUE, not the legacy form"
                env[key] = value
    return env


def exposed_ports(instructions: list[Instruction]) -> set[int]:
    ports: set[int] = set()
    for instruction in instructions:
        if instruction.keyword == "EXPOSE":
            ports |= {int(p.split("/")[0]) for p in instruction.args.split()}
    return ports


URL = re.compile(r"https?://(?:127\.0\.0\.1|localhost):(\d+|%s|\{[^}]*\})(/[A-Za-z0-9_/-]*)")


def probed_urls(command: str) -> list[tuple[int | None, str]]:
    """(port, path) of every loopback URL in a health-check command; port None where the
    command fills it in at run time (from SERVICE_PORT)."""
    return [(int(port) if port.isdigit() else None, path) for port, path in URL.findall(command)]


# --------------------------------------------------------------------------- YAML
def load_yaml_documents(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [doc for doc in yaml.safe_load_all(handle) if doc is not None]


def kubernetes_manifests() -> dict[Path, list[dict[str, Any]]]:
    return {
        path: load_yaml_documents(path)
        for path in sorted(K8S_DIR.glob("*.yaml"))
        if path.name != "kustomization.yaml"
    }


def kubernetes_objects() -> dict[tuple[str, str], dict[str, Any]]:
    """``{(kind, name): object}`` of every manifest in deploy/kubernetes."""
    objects = {}
    for docs in kubernetes_manifests().values():
        for doc in docs:
            objects[(doc["kind"], doc["metadata"]["name"])] = doc
    return objects


def one(kind: str) -> dict[str, Any]:
    matches = [obj for (k, _), obj in kubernetes_objects().items() if k == kind]
    assert len(matches) == 1, f"expected exactly one {kind}, found {len(matches)}"
    return matches[0]


# --------------------------------------------------------------------------- the app
@functools.cache
def app_get_paths() -> frozenset[str]:
    """Paths the app answers to GET, from its OpenAPI document (no model is loaded)."""
    from service.app import create_app
    from service.settings import Settings

    schema = create_app(Settings(models_dir=REPO / "models")).openapi()
    return frozenset(path for path, ops in schema["paths"].items() if "get" in ops)


def setting_env_names() -> set[str]:
    from service.settings import Settings

    return {Settings.env_name(name) for name in Settings.model_fields}


@contextmanager
def environment(values: Mapping[str, str]) -> Iterator[None]:
    """Only ``values`` as SERVICE_* variables for the duration (others removed, then restored)."""
    saved = {k: v for k, v in os.environ.items() if k.startswith("SERVICE_")}
    for key in saved:
        del os.environ[key]
    os.environ.update(values)
    try:
        yield
    finally:
        for key in values:
            os.environ.pop(key, None)
        os.environ.update(saved)


def settings_from_env(values: Mapping[str, str]) -> Any:
    """Build the service's Settings from these SERVICE_* variables (raises if one is invalid)."""
    from service.settings import Settings

    with environment(values):
        return Settings()


_INTERPOLATION = re.compile(r"\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}")


def compose_default(value: Any) -> str:
    """A compose value with every ``${VAR:-default}`` replaced by its default (as compose does
    when VAR is unset)."""
    return _INTERPOLATION.sub(lambda m: m.group(2) or "", str(value))
