"""Model versions: unusual directories, live swaps while requests run, pinning, no server paths."""
from __future__ import annotations

import json
import logging
import shutil
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from api_fakes import FakeTimeNormalizer, FakeTranslator, fake_wrappers, write_model
from conftest import ClientFactory
from fastapi.testclient import TestClient

from service.models.base import ModelInfo
from service.runtime import Runtime

TN = "time-normalizer"


def rescan(client: TestClient) -> None:
    """One poll of the models directory, run on the app's event loop (as the poll task does)."""
    runtime: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    client.portal.call(runtime.rescan)  # type: ignore[union-attr]


def versions(client: TestClient, name: str = TN) -> dict[str, tuple[str, str | None]]:
    r = client.get(f"/models/{name}")
    assert r.status_code == 200, r.text
    return {v["version"]: (v["state"], v["reason"]) for v in r.json()["versions"]}


def serving(client: TestClient, name: str = TN) -> str | None:
    version: str | None = client.get(f"/models/{name}").json()["serving_version"]
    return version


def broken_in(*bad_versions: str, warm_up: bool = False) -> Any:
    """A wrappers factory whose time normalizer fails to load (or to warm up) in ``bad_versions``."""

    class Broken(FakeTimeNormalizer):
        built: Counter[str] = Counter()

        def __init__(self, info: ModelInfo) -> None:
            type(self).built[info.version] += 1
            if info.version in bad_versions and not warm_up:
                raise OSError(f"SavedModel is corrupt: {info.path / 'variables' / 'variables.index'}")
            super().__init__(info)

        def attention(self, text: str, **kwargs: Any) -> Any:
            if self.info.version in bad_versions and warm_up:
                raise RuntimeError("op not supported on this CPU")
            return super().attention(text, **kwargs)

    def wrappers(kind: str) -> Any:
        return Broken if kind == TN else fake_wrappers(kind)

    wrappers.Broken = Broken  # type: ignore[attr-defined]
    return wrappers


# --- the models directory -------------------------------------------------------------------
def test_an_empty_higher_version_does_not_hide_a_lower_good_one(make_client: ClientFactory,
                                                                 fake_models_dir: Path) -> None:
    (fake_models_dir / TN / "3").mkdir()  # e.g. a copy that has not started yet
    client = make_client()
    assert client.get("/ready").json()["models"][TN] == "ready"
    assert versions(client) == {"3": ("failed", "version 3: saved_model.pb is missing"), "1": ("serving", None)}
    r = client.post("/normalize-time", json={"text": "noon"})
    assert r.status_code == 200 and r.json()["version"] == "1"


def test_a_higher_version_with_an_invalid_manifest_does_not_hide_a_lower_one(make_client: ClientFactory,
                                                                              fake_models_dir: Path) -> None:
    write_model(fake_models_dir, TN, TN, version="2", max_input_chars=0)
    client = make_client()
    state, reason = versions(client)["2"]
    assert state == "failed" and "version 2: model.json" in (reason or "") and "max_input_chars" in (reason or "")
    assert serving(client) == "1"


def test_unusual_version_names_are_skipped_with_a_logged_reason(make_client: ClientFactory, fake_models_dir: Path,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    for name in ("²", "latest"):
        (fake_models_dir / TN / name).mkdir()
    with caplog.at_level(logging.WARNING, logger="service.registry"):
        client = make_client()
    assert client.get("/ready").json()["models"] == {TN: "ready", "translator-en-de": "ready"}
    found = versions(client)
    assert found["1"] == ("serving", None)
    for name in ("²", "latest"):
        state, reason = found[name]
        assert state == "skipped" and "ASCII digits" in (reason or "")
    logged = {getattr(r, "directory", None) for r in caplog.records if r.getMessage() == "directory skipped"}
    assert logged == {"²", "latest"}


def test_unknown_model_versions_are_a_404(client: TestClient) -> None:
    r = client.get("/models/nope")
    assert r.status_code == 404 and r.json()["code"] == "unknown_model" and TN in r.json()["error"]


def test_models_lists_each_models_versions(client: TestClient) -> None:
    body = {m["name"]: m for m in client.get("/models").json()["models"]}
    assert [(v["version"], v["state"], v["reason"]) for v in body[TN]["versions"]] == [("1", "serving", None)]
    r = client.get(f"/models/{TN}").json()
    assert (r["name"], r["kind"], r["state"], r["serving_version"], r["error"]) == (TN, TN, "ready", "1", None)


# --- live swaps -----------------------------------------------------------------------------
def test_a_new_version_swaps_in_while_requests_run_without_an_error(make_client: ClientFactory,
                                                                    fake_models_dir: Path) -> None:
    client = make_client(model_grace_s=0)
    FakeTimeNormalizer.delay_s = 0.003  # requests are in flight on the old runner at the swap
    answered: Counter[str] = Counter()
    errors: list[str] = []
    stop = threading.Event()

    def hammer() -> None:
        while not stop.is_set():
            r = client.post("/normalize-time", json={"texts": ["noon", "at 7:45"]})
            if r.status_code == 200:
                answered[r.json()["version"]] += 1
            else:
                errors.append(f"{r.status_code} {r.text}")

    threads = [threading.Thread(target=hammer) for _ in range(4)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(0.3)
        write_model(fake_models_dir, TN, TN, version="2")
        rescan(client)
        time.sleep(0.3)
    finally:
        stop.set()
        for thread in threads:
            thread.join(10)
    assert errors == []
    assert answered["1"] > 0 and answered["2"] > 0
    assert versions(client) == {"2": ("serving", None), "1": ("retired", "replaced by version 2")}
    runtime: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    deadline = time.monotonic() + 5
    while runtime._draining and time.monotonic() < deadline:
        time.sleep(0.01)
    assert runtime.loaded_versions(TN) == ["2"] and not runtime._draining  # the old runner was closed


def test_the_model_info_metric_follows_the_serving_version(make_client: ClientFactory,
                                                          fake_models_dir: Path) -> None:
    client = make_client(model_grace_s=0)
    write_model(fake_models_dir, TN, TN, version="2")
    rescan(client)
    lines = [line for line in client.get("/metrics").text.splitlines()
             if line.startswith("attention_translate_model_info{") and f'model="{TN}"' in line]
    assert len(lines) == 1 and 'version="2"' in lines[0] and lines[0].endswith(" 1.0")


def test_the_poll_picks_up_a_new_version(make_client: ClientFactory, fake_models_dir: Path) -> None:
    client = make_client(model_poll_s=0.05)
    write_model(fake_models_dir, TN, TN, version="5")
    deadline = time.monotonic() + 10
    while serving(client) != "5" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert serving(client) == "5"
    assert client.post("/normalize-time", json={"text": "noon"}).json()["version"] == "5"


@pytest.mark.parametrize("warm_up", [False, True])
def test_a_broken_new_version_is_reported_and_the_old_one_keeps_serving(make_client: ClientFactory,
                                                                        fake_models_dir: Path, warm_up: bool) -> None:
    wrappers = broken_in("2", warm_up=warm_up)
    client = make_client(wrappers=wrappers)
    write_model(fake_models_dir, TN, TN, version="2")
    rescan(client)
    state, reason = versions(client)["2"]
    assert state == "failed"
    assert ("warm-up failed" in (reason or "") and "op not supported" in (reason or "")) if warm_up \
        else "SavedModel is corrupt" in (reason or "")
    assert serving(client) == "1"
    ready = client.get("/ready").json()
    assert ready["ready"] is True and ready["models"][TN] == "ready" and TN not in ready["errors"]
    assert client.post("/normalize-time", json={"text": "noon"}).json()["version"] == "1"
    models = {m["name"]: m for m in client.get("/models").json()["models"]}
    assert models[TN]["version"] == "1" and models[TN]["versions"][0]["state"] == "failed"
    # Not tried again on every poll; tried again once its files change.
    rescan(client)
    assert wrappers.Broken.built["2"] == 1
    time.sleep(0.01)
    manifest = fake_models_dir / TN / "2" / "saved_model.pb"
    manifest.write_bytes(b"new")
    rescan(client)
    assert wrappers.Broken.built["2"] == 2


def test_removing_the_serving_version_rolls_back_to_the_next_that_loads(make_client: ClientFactory,
                                                                        fake_models_dir: Path) -> None:
    write_model(fake_models_dir, TN, TN, version="2")
    client = make_client(model_grace_s=0)
    assert serving(client) == "2" and versions(client)["1"] == ("available", None)
    shutil.rmtree(fake_models_dir / TN / "2")
    rescan(client)
    assert serving(client) == "1" and set(versions(client)) == {"1"}
    assert client.post("/normalize-time", json={"text": "noon"}).json()["version"] == "1"


def test_a_rollback_within_the_grace_period_reuses_the_loaded_previous_version(make_client: ClientFactory,
                                                                              fake_models_dir: Path) -> None:
    wrappers = broken_in()  # nothing broken: it counts the versions built
    client = make_client(wrappers=wrappers, model_grace_s=60)
    write_model(fake_models_dir, TN, TN, version="2")
    rescan(client)
    assert serving(client) == "2" and versions(client)["1"][0] == "ready"
    shutil.rmtree(fake_models_dir / TN / "2")
    rescan(client)
    assert serving(client) == "1" and wrappers.Broken.built == Counter({"1": 1, "2": 1})  # not built again
    assert versions(client)["2"] == ("ready", "previous version; unloaded 60 s after the swap; directory removed")
    assert client.post("/normalize-time", json={"text": "noon", "version": "2"}).json()["version"] == "2"


def test_pinning_a_failed_version_is_a_409_naming_why(make_client: ClientFactory, fake_models_dir: Path) -> None:
    (fake_models_dir / TN / "4").mkdir()
    client = make_client()
    r = client.post("/normalize-time", json={"text": "noon", "version": "4"})
    assert r.status_code == 409 and r.json()["code"] == "version_not_loaded"
    assert "failed: version 4: saved_model.pb is missing" in r.json()["error"]
    assert "loaded versions: 1 (serving)" in r.json()["error"]


def test_removing_the_only_version_keeps_it_serving(client: TestClient, fake_models_dir: Path) -> None:
    shutil.rmtree(fake_models_dir / TN / "1")
    rescan(client)
    assert serving(client) == "1"
    assert versions(client) == {"1": ("serving", "directory removed; serves until another version loads")}
    assert client.post("/normalize-time", json={"text": "noon"}).status_code == 200
    write_model(fake_models_dir, TN, TN, version="1")  # put back: a later version takes over as usual
    write_model(fake_models_dir, TN, TN, version="2")
    rescan(client)
    assert serving(client) == "2"


def test_a_model_appearing_later_is_loaded(client: TestClient, fake_models_dir: Path) -> None:
    write_model(fake_models_dir, "tn-late", TN, version="1")
    rescan(client)
    assert client.get("/ready").json()["models"]["tn-late"] == "ready"
    r = client.post("/attention", json={"model": "tn-late", "text": "noon"})
    assert r.status_code == 200 and r.json()["version"] == "1"


def test_a_removed_model_that_never_loaded_is_forgotten(client: TestClient, fake_models_dir: Path) -> None:
    (fake_models_dir / "half-copied" / "1").mkdir(parents=True)
    rescan(client)
    assert client.get("/ready").json()["models"]["half-copied"] == "failed"
    shutil.rmtree(fake_models_dir / "half-copied")
    rescan(client)
    assert "half-copied" not in client.get("/ready").json()["models"]
    assert client.get("/models/half-copied").status_code == 404


# --- pinning ------------------------------------------------------------------------------------
def test_pinned_versions_answer_until_the_grace_period_ends(make_client: ClientFactory,
                                                            fake_models_dir: Path) -> None:
    client = make_client(model_grace_s=1.5)
    write_model(fake_models_dir, TN, TN, version="2")
    write_model(fake_models_dir, "translator-en-de", "translator", version="2")
    rescan(client)
    assert versions(client)["1"][0] == "ready"
    for pin in ("1", "2"):
        r = client.post("/normalize-time", json={"text": "noon", "version": pin})
        assert r.status_code == 200 and r.json()["version"] == pin
        r = client.post("/translate", json={"text": "hi", "version": pin})
        assert r.status_code == 200 and r.json()["version"] == pin
        r = client.get("/attention", params={"model": TN, "text": "noon", "version": pin})
        assert r.status_code == 200 and r.json()["version"] == pin
    assert client.post("/normalize-time", json={"text": "noon"}).json()["version"] == "2"
    r = client.post("/normalize-time", json={"text": "noon", "version": "7"})
    assert r.status_code == 404 and r.json()["code"] == "unknown_version"
    assert "loaded versions: 2 (serving), 1" in r.json()["error"]
    deadline = time.monotonic() + 5
    while versions(client)["1"][0] != "retired" and time.monotonic() < deadline:
        time.sleep(0.05)
    r = client.post("/normalize-time", json={"text": "noon", "version": "1"})
    assert r.status_code == 409 and r.json()["code"] == "version_not_loaded"
    assert "retired" in r.json()["error"] and "loaded versions: 2 (serving)" in r.json()["error"]


@pytest.mark.parametrize("version", ["²", "latest", "", "-1", 2])
def test_a_version_that_is_not_digits_is_a_422(client: TestClient, version: object) -> None:
    r = client.post("/normalize-time", json={"text": "noon", "version": version})
    assert r.status_code == 422 and r.json()["details"][0]["loc"][-1] == "version"


def test_libretranslate_requests_use_the_serving_version(client: TestClient) -> None:
    r = client.post("/translate", json={"q": "hi", "source": "en", "target": "de"})
    assert r.status_code == 200 and r.json() == {"translatedText": "HI"}
    assert FakeTranslator.calls.batches == [["hi"]]


# --- no server paths --------------------------------------------------------------------------
def test_no_response_carries_a_server_path(make_client: ClientFactory, fake_models_dir: Path) -> None:
    write_model(fake_models_dir, TN, TN, version="2")
    (fake_models_dir / TN / "3").mkdir()
    (fake_models_dir / TN / "²").mkdir()
    (fake_models_dir / "nothing-here").mkdir()
    (fake_models_dir / "translator-en-de" / "1" / "assets.extra" / "model.json").unlink()
    client = make_client(wrappers=broken_in("1", "2"))  # every time-normalizer version fails
    bodies = [client.get(path) for path in ("/ready", "/models", f"/models/{TN}", "/models/translator-en-de",
                                            "/models/nothing-here")]
    bodies += [client.post("/normalize-time", json={"text": "noon"}),
               client.post("/translate", json={"text": "hi"}),
               client.get("/attention", params={"model": TN, "text": "noon"})]
    assert [r.status_code for r in bodies[-3:]] == [503, 503, 503]
    errors = client.get("/ready").json()["errors"]
    assert "SavedModel is corrupt: tn" not in errors[TN] and f"{TN}/2/variables/variables.index" in errors[TN]
    assert "model.json" in errors["translator-en-de"]
    roots = {str(fake_models_dir), str(fake_models_dir.resolve()), str(fake_models_dir.parent)}
    for r in bodies:
        text = json.dumps(r.json(), ensure_ascii=False)
        for root in roots:
            assert root not in text, (r.request.url, text)
