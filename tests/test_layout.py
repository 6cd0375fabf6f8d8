"""The README's "where things are" table and each package's one-line docstring say the same."""
from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def readme_rows() -> dict[str, str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## Where things are", 1)[1].split("\n## ", 1)[0]
    return {m[1]: m[2].strip() for m in re.finditer(r"^\| `([\w/]+)/` \| (.+?) \|$", section, re.MULTILINE)}


def test_every_package_is_in_the_table_with_its_docstring() -> None:
    rows = readme_rows()
    packages = sorted(p.parent.relative_to(REPO).as_posix() for p in REPO.glob("[cst]*/**/__init__.py")
                      if p.relative_to(REPO).parts[0] not in {"tests"})
    assert {"core", "service", "training"} <= set(packages)
    for package in packages:
        docstring = ast.get_docstring(ast.parse((REPO / package / "__init__.py").read_text(encoding="utf-8")))
        first_line = (docstring or "").splitlines()[0] if docstring else ""
        assert package in rows, f"{package}/ is missing from the README's table"
        assert rows[package] == first_line, (package, rows[package], first_line)
