"""``python -m service [--host H] [--port P] [--models-dir DIR] ...``: run the HTTP service.

Every setting of :class:`service.settings.Settings` has a flag (``--<field-name>``); a flag
overrides the matching ``SERVICE_*`` environment variable.
"""
from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from pydantic import ValidationError

from service.settings import Settings


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m service",
        description="Serve the exported translation and time-normalization models over HTTP.",
    )
    for name, field in Settings.model_fields.items():
        default = field.get_default(call_default_factory=True)
        parser.add_argument(
            "--" + name.replace("_", "-"),
            dest=name,
            default=None,
            metavar="VALUE",
            help=f"{field.description} [env {Settings.env_name(name)}; default {default!r}]",
        )
    return parser


def settings_from_args(argv: list[str] | None = None) -> Settings:
    args = build_parser().parse_args(argv)
    overrides: dict[str, Any] = {k: v for k, v in vars(args).items() if v is not None}
    return Settings(**overrides)


def main(argv: list[str] | None = None) -> int:
    try:
        settings = settings_from_args(argv)
    except ValidationError as exc:
        print(f"invalid settings:\n{exc}", file=sys.stderr)
        return 2

    from service.app import create_app
    from service.logs import configure_logging

    configure_logging(settings)
    DrainingServer(server_config(create_app(settings), settings)).run()
    return 0


def server_config(app: Any, settings: Settings) -> Any:
    """uvicorn's configuration for ``app``: proxies, graceful shutdown, the service's own logs."""
    import uvicorn

    return uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        log_config=None,  # keep the service's own (JSON) logging configuration
        access_log=False,  # the service logs each request itself, with its request id
        # X-Forwarded-For is believed only from the configured proxies (none by default).
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=",".join(settings.trusted_proxies) or "",
        # The app answers what is still running at the end of its own grace period (JSON 503);
        # uvicorn's own deadline comes a little later, so that it never has to.
        timeout_graceful_shutdown=math.ceil(settings.shutdown_grace_s) + 5,
    )


class DrainingServer:
    """uvicorn's server, told first when a shutdown signal arrives: the app starts draining
    (``/ready`` 503, new work 503, work in flight has ``SERVICE_SHUTDOWN_GRACE_S``)."""

    def __init__(self, config: Any) -> None:
        import uvicorn

        server = uvicorn.Server(config)
        app = config.app
        original = server.handle_exit

        def handle_exit(sig: int, frame: Any) -> None:
            app.state.lifecycle.begin_drain()
            original(sig, frame)

        server.handle_exit = handle_exit  # type: ignore[method-assign]
        self.server = server

    def run(self) -> None:
        self.server.run()


if __name__ == "__main__":
    raise SystemExit(main())
