"""deploy/kubernetes, offline: every manifest valid against the Kubernetes OpenAPI schemas
(strict: unknown fields are errors), and the things that matter checked against the app,
the image and each other: probe routes, ports, selectors, HPA target, resources, settings."""
from __future__ import annotations

import copy
import shutil
import subprocess
from typing import Any

import pytest

pytest.importorskip("yaml", reason="pyyaml is not installed (dev extra)")

from deploy_helpers import (  # noqa: E402
    K8S_DIR,
    REPO,
    app_get_paths,
    dockerfile_instructions,
    exposed_ports,
    final_stage,
    kubernetes_manifests,
    kubernetes_objects,
    load_yaml_documents,
    one,
    setting_env_names,
    settings_from_env,
)

try:  # ships the Kubernetes OpenAPI schemas of every minor version, for offline validation
    import kubernetes_validate
except ImportError:  # pragma: no cover - the structural checks below still run
    kubernetes_validate = None

needs_schemas = pytest.mark.skipif(
    kubernetes_validate is None, reason="kubernetes-validate is not installed (dev extra): no schema validation")

# The oldest and the newest Kubernetes minor versions the manifests are checked against.
KUBERNETES_VERSIONS = ("1.29.0", kubernetes_validate.latest_version() if kubernetes_validate else "latest")


def validation_error(obj: dict[str, Any], version: str) -> str | None:
    try:
        kubernetes_validate.validate(obj, version, strict=True)
    except kubernetes_validate.ValidationError as exc:
        return f"{exc.path}: {exc.message}" if hasattr(exc, "path") else str(exc)
    return None


def container(deployment: dict[str, Any]) -> dict[str, Any]:
    containers = deployment["spec"]["template"]["spec"]["containers"]
    assert len(containers) == 1
    return containers[0]


def cpu_cores(quantity: str) -> float:
    return float(quantity[:-1]) / 1000 if quantity.endswith("m") else float(quantity)


@needs_schemas
@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_manifests_are_valid_kubernetes_objects(version: str) -> None:
    errors = {
        f"{path.name}: {doc['kind']}": error
        for path, docs in kubernetes_manifests().items()
        for doc in docs
        if (error := validation_error(doc, version)) is not None
    }
    assert errors == {}


@needs_schemas
def test_schema_validation_is_live() -> None:
    """The schema test can fail: a misspelt field and a wrong type are reported."""
    deployment = copy.deepcopy(one("Deployment"))
    container(deployment)["readinesProbe"] = container(deployment).pop("readinessProbe")
    assert validation_error(deployment, KUBERNETES_VERSIONS[-1]) is not None
    hpa = copy.deepcopy(one("HorizontalPodAutoscaler"))
    hpa["spec"]["minReplicas"] = "two"
    assert validation_error(hpa, KUBERNETES_VERSIONS[-1]) is not None


def test_expected_objects_and_kustomization_lists_every_manifest() -> None:
    kinds = {kind for kind, _ in kubernetes_objects()}
    assert {"ConfigMap", "Deployment", "Service", "HorizontalPodAutoscaler"} <= kinds
    kustomization = load_yaml_documents(K8S_DIR / "kustomization.yaml")[0]
    assert sorted(kustomization["resources"]) == sorted(p.name for p in kubernetes_manifests())


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl not installed")
def test_kustomize_renders_offline() -> None:
    result = subprocess.run(["kubectl", "kustomize", str(K8S_DIR)], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert "kind: HorizontalPodAutoscaler" in result.stdout


def test_probes_use_the_app_routes_on_the_container_port() -> None:
    api = container(one("Deployment"))
    port_names = {p["name"]: p["containerPort"] for p in api["ports"]}
    assert api["readinessProbe"]["httpGet"]["path"] == "/ready", "traffic only once the models are loaded"
    assert api["livenessProbe"]["httpGet"]["path"] == "/health", "liveness must not depend on the models"
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        get = api[probe]["httpGet"]
        assert get["path"] in app_get_paths(), f"{probe}: {get['path']} is not a GET route of the app"
        assert get["port"] in port_names or get["port"] in port_names.values(), get
    startup = api["startupProbe"]
    assert startup["periodSeconds"] * startup["failureThreshold"] >= 120, "time to load the models"


def test_ports_agree_between_image_configmap_deployment_and_service() -> None:
    config = one("ConfigMap")["data"]
    api = container(one("Deployment"))
    image_ports = exposed_ports(dockerfile_instructions(REPO / "Dockerfile"))
    assert image_ports == {int(config["SERVICE_PORT"])} == {p["containerPort"] for p in api["ports"]}
    service = one("Service")
    port_names = {p["name"]: p["containerPort"] for p in api["ports"]}
    for port in service["spec"]["ports"]:
        target = port["targetPort"]
        assert target in port_names or target in port_names.values(), target


def test_selectors_match_the_pods() -> None:
    deployment = one("Deployment")
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    selectors = [deployment["spec"]["selector"]["matchLabels"], one("Service")["spec"]["selector"]]
    if ("PodDisruptionBudget", deployment["metadata"]["name"]) in kubernetes_objects():
        selectors.append(one("PodDisruptionBudget")["spec"]["selector"]["matchLabels"])
    for selector in selectors:
        assert selector and selector.items() <= pod_labels.items(), selector


def test_hpa_scales_the_deployment_on_cpu() -> None:
    hpa, deployment = one("HorizontalPodAutoscaler"), one("Deployment")
    assert hpa["apiVersion"] == "autoscaling/v2"
    target = hpa["spec"]["scaleTargetRef"]
    assert (target["apiVersion"], target["kind"], target["name"]) == (
        deployment["apiVersion"], "Deployment", deployment["metadata"]["name"])
    cpu = [m["resource"] for m in hpa["spec"]["metrics"] if m["type"] == "Resource" and m["resource"]["name"] == "cpu"]
    assert cpu and cpu[0]["target"]["type"] == "Utilization" and 0 < cpu[0]["target"]["averageUtilization"] <= 100
    assert 2 <= hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"], "at least two replicas behind the Service"
    if ("PodDisruptionBudget", deployment["metadata"]["name"]) in kubernetes_objects():
        assert one("PodDisruptionBudget")["spec"]["minAvailable"] < hpa["spec"]["minReplicas"], "drains must proceed"


def test_resources_are_requested_and_limited() -> None:
    resources = container(one("Deployment"))["resources"]
    for kind in ("requests", "limits"):
        assert {"cpu", "memory"} <= set(resources[kind]), f"{kind}: CPU utilization needs CPU requests"
    assert cpu_cores(resources["requests"]["cpu"]) <= cpu_cores(resources["limits"]["cpu"])
    threads = settings_from_env(one("ConfigMap")["data"]).tf_intra_op_threads
    assert 0 < threads <= cpu_cores(resources["limits"]["cpu"]), (
        "TensorFlow sees the node's cores: set SERVICE_TF_INTRA_OP_THREADS to at most the CPU limit")


def test_settings_come_from_the_configmap_and_are_valid() -> None:
    config, deployment = one("ConfigMap"), one("Deployment")
    api = container(deployment)
    assert {"configMapRef": {"name": config["metadata"]["name"]}} in api["envFrom"]
    assert set(config["data"]) <= setting_env_names(), set(config["data"]) - setting_env_names()
    settings = settings_from_env(config["data"])
    assert settings.host == "0.0.0.0"
    image_env = {i.args for i in final_stage(dockerfile_instructions(REPO / "Dockerfile")) if i.keyword == "ENV"}
    assert any(f"SERVICE_MODELS_DIR={settings.models_dir}" in args for args in image_env), "models dir of the image"
    secret_env = {e["name"] for e in api.get("env", []) if "secretKeyRef" in e.get("valueFrom", {})}
    assert "SERVICE_API_KEYS" not in config["data"] and secret_env <= setting_env_names()


def test_pods_run_unprivileged() -> None:
    spec = one("Deployment")["spec"]["template"]["spec"]
    api = container(one("Deployment"))
    pod, ctr = spec["securityContext"], api["securityContext"]
    image_user = [i.args for i in final_stage(dockerfile_instructions(REPO / "Dockerfile")) if i.keyword == "USER"][-1]
    assert pod["runAsNonRoot"] is True and str(pod["runAsUser"]) == image_user.split(":")[0]
    assert ctr["allowPrivilegeEscalation"] is False and ctr["capabilities"]["drop"] == ["ALL"]
    assert pod["seccompProfile"]["type"] == "RuntimeDefault"
    assert spec["automountServiceAccountToken"] is False
    if ctr.get("readOnlyRootFilesystem"):
        assert any(m["mountPath"] == "/tmp" for m in api["volumeMounts"]), "a read-only root needs a writable /tmp"
