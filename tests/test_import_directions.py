"""Who may import whom: ``service`` and ``training`` never import each other; ``core`` (what they
share) imports neither, nor TensorFlow, Keras or FastAPI. Checked on every import statement,
including the ones inside functions, so a lazy import cannot slip through."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

FORBIDDEN = {
    "service": {"training"},
    "training": {"service"},
    "core": {"service", "training", "tensorflow", "keras", "fastapi", "starlette"},
}


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_what_it_may(package: str) -> None:
    files = sorted((REPO / package).rglob("*.py"))
    assert len(files) > 3, f"no sources found for {package}"
    offenders = {
        f"{path.relative_to(REPO)}: {module}"
        for path in files
        for module in imported_modules(path)
        if module.split(".")[0] in FORBIDDEN[package]
    }
    assert not offenders, sorted(offenders)


def test_the_checker_sees_lazy_imports(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from training.x import y\n    import service.app\n")
    assert imported_modules(source) == {"training.x", "service.app"}
