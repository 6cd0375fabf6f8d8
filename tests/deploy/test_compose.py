"""docker-compose.yml, without a Docker engine: valid against the Compose Specification's JSON
schema, a CPU service and a GPU service (under the `gpu` profile, reserving an NVIDIA GPU),
and consistent with the Dockerfiles and the app (ports, health-check route, settings)."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest

pytest.importorskip("yaml", reason="pyyaml is not installed (dev extra)")
pytest.importorskip("jsonschema", reason="jsonschema is not installed (dev extra)")

from deploy_helpers import (  # noqa: E402
    COMPOSE_FILE,
    REPO,
    SCHEMAS,
    app_get_paths,
    compose_default,
    dockerfile_instructions,
    exposed_ports,
    load_yaml_documents,
    probed_urls,
    setting_env_names,
    settings_from_env,
)

CPU, GPU = "translate", "translate-gpu"


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    docs = load_yaml_documents(COMPOSE_FILE)
    assert len(docs) == 1
    return docs[0]


def schema_errors(document: dict[str, Any]) -> list[str]:
    import jsonschema

    schema = json.loads((SCHEMAS / "compose-spec.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft201909Validator(schema)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(document)]


def test_compose_file_is_valid_against_the_compose_spec(compose: dict[str, Any]) -> None:
    assert schema_errors(compose) == []


def test_schema_validation_is_live(compose: dict[str, Any]) -> None:
    """The schema test can fail: a misspelt key and a wrong type are reported."""
    broken = copy.deepcopy(compose)
    broken["services"][CPU]["healthcheck"]["intervall"] = "10s"
    broken["services"][GPU]["ports"] = "8001:8000"
    errors = schema_errors(broken)
    assert any("intervall" in e for e in errors) and any(e.startswith(f"services/{GPU}/ports") for e in errors), errors


def test_cpu_and_gpu_services_build_their_dockerfiles(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert {CPU, GPU} <= set(services)
    assert services[CPU]["build"]["dockerfile"] == "Dockerfile"
    assert services[GPU]["build"]["dockerfile"] == "Dockerfile.gpu"
    for service in services.values():
        assert (REPO / service["build"].get("context", ".") / service["build"]["dockerfile"]).is_file()
        assert service.get("image"), "tag the image, so that `docker compose build` output is reusable"


def test_gpu_service_is_opt_in_and_reserves_an_nvidia_gpu(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert "profiles" not in services[CPU], "the CPU service starts with a plain `docker compose up`"
    assert services[GPU]["profiles"] == ["gpu"]
    devices = services[GPU]["deploy"]["resources"]["reservations"]["devices"]
    assert any(d["driver"] == "nvidia" and "gpu" in d["capabilities"] for d in devices), devices


@pytest.mark.parametrize("name", [CPU, GPU])
def test_ports_and_healthcheck_match_the_image_and_the_app(compose: dict[str, Any], name: str) -> None:
    service = compose["services"][name]
    env = {k: compose_default(v) for k, v in service["environment"].items()}
    assert set(k for k in env if k.startswith("SERVICE_")) <= setting_env_names()
    settings = settings_from_env({k: v for k, v in env.items() if k.startswith("SERVICE_")})
    assert settings.host == "0.0.0.0"
    image_ports = exposed_ports(dockerfile_instructions(REPO / service["build"]["dockerfile"]))
    container_ports = {int(str(p).rsplit(":", 1)[1]) for p in service["ports"]}
    assert container_ports == image_ports == {settings.port}
    urls = probed_urls(" ".join(service["healthcheck"]["test"]))
    assert urls and all(port in {None, settings.port} for port, _ in urls)
    assert all(path in app_get_paths() for _, path in urls), urls
    assert service["healthcheck"]["start_period"], "loading the models needs a start period"


def test_services_publish_distinct_host_ports_on_loopback(compose: dict[str, Any]) -> None:
    published = [str(p).rsplit(":", 1)[0] for s in compose["services"].values() for p in s["ports"]]
    assert len(published) == len(set(published)), published
    assert all(p.startswith("127.0.0.1:") for p in published), "no unauthenticated port on all interfaces by default"


def test_containers_are_hardened(compose: dict[str, Any]) -> None:
    for name, service in compose["services"].items():
        assert service.get("read_only") is True, name
        assert "/tmp" in service.get("tmpfs", []), f"{name}: a read-only root needs a writable /tmp"
        assert service.get("cap_drop") == ["ALL"], name
        assert "no-new-privileges:true" in service.get("security_opt", []), name
        assert service["deploy"]["resources"]["limits"]["memory"], name
