"""``python fake_server.py MODELS_DIR PORT [SETTING=VALUE ...]``: the real server entry point
(``service.__main__``'s uvicorn configuration and SIGTERM draining) on the fake models."""
from __future__ import annotations

import sys
from pathlib import Path

from api_fakes import fake_wrappers

from service.__main__ import DrainingServer, server_config
from service.app import create_app
from service.registry import ModelRegistry
from service.settings import Settings

if __name__ == "__main__":
    models, port, *pairs = sys.argv[1:]
    settings = Settings(models_dir=Path(models), port=int(port), **dict(p.split("=", 1) for p in pairs))  # type: ignore[arg-type]
    app = create_app(settings, registry=ModelRegistry(settings.models_dir, wrappers=fake_wrappers))
    DrainingServer(server_config(app, settings)).run()
