"""``python -m training <model> <command> ...``: one sub-CLI per model family."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    usage = "usage: python -m training {timenorm,translator} <command> [options]  (-h for help)"
    if not argv or argv[0] in {"-h", "--help"}:
        print(usage)
        return 0 if argv else 2
    family, rest = argv[0], argv[1:]
    if family == "timenorm":
        from training.timenorm.cli import main as family_main
    elif family == "translator":
        from training.translator.cli import main as family_main
    else:
        print(f"unknown model family {family!r}\n{usage}", file=sys.stderr)
        return 2
    return family_main(rest)


if __name__ == "__main__":
    raise SystemExit(main())
