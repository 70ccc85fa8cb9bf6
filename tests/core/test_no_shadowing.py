"""No package of chieu binds, in its ``__init__``, a name that is also one of its submodules
(issue 27). Such a function or class is replaced by the submodule as soon as the submodule is
imported: ``chieu.rl.gym_env(...)`` worked once per process, then raised
``TypeError: 'module' object is not callable``.

The packages are walked with ``pkgutil`` without importing them (optional extras such as
gymnasium need not be installed); each ``__init__.py`` is read with ``ast``."""

from __future__ import annotations

import ast
import importlib.util
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import pytest


def _packages(name: str, path: Path) -> Iterator[tuple[str, Path]]:
    yield name, path
    for info in pkgutil.iter_modules([str(path)]):
        if info.ispkg:
            yield from _packages(f"{name}.{info.name}", path / info.name)


def _bindings(body: list[ast.stmt], package: str) -> Iterator[tuple[str, int, str | None]]:
    """The names a module's top level binds: (name, line, the module it is when it is one)."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name, node.lineno, None
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    yield alias.asname, node.lineno, alias.name
                else:
                    top = alias.name.split(".")[0]
                    yield top, node.lineno, top
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level > 1:
                base = base[: 1 - node.level]
            origin = (
                node.module if node.level == 0 else ".".join([*base, *filter(None, [node.module])])
            )
            for alias in node.names:
                # ``from pkg import sub`` binds the submodule itself when ``sub`` is one
                yield alias.asname or alias.name, node.lineno, f"{origin}.{alias.name}"
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Name):
                        yield sub.id, node.lineno, None
        elif isinstance(node, ast.If | ast.Try | ast.With):
            for block in (
                node.body,
                getattr(node, "orelse", []),
                getattr(node, "finalbody", []),
                *[h.body for h in getattr(node, "handlers", [])],
            ):
                yield from _bindings(block, package)


def shadowed(root: str = "chieu") -> list[str]:
    """Every ``package.name`` bound in a package's ``__init__`` that is also a submodule."""
    spec = importlib.util.find_spec(root)
    assert spec is not None and spec.submodule_search_locations
    offenders = []
    for package, path in _packages(root, Path(next(iter(spec.submodule_search_locations)))):
        subs = {info.name for info in pkgutil.iter_modules([str(path)])}
        init = path / "__init__.py"
        tree = ast.parse(init.read_text(encoding="utf-8"), filename=str(init))
        for name, line, module in _bindings(tree.body, package):
            if name in subs and module != f"{package}.{name}":
                offenders.append(f"{package}.{name} ({init}:{line})")
    return offenders


def test_no_package_binds_the_name_of_one_of_its_submodules() -> None:
    offenders = shadowed()
    assert not offenders, "names that a submodule replaces once imported: " + ", ".join(offenders)


def test_the_check_sees_a_function_a_submodule_shadows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "shadowpkg"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from . import fine\nfrom shadowpkg.fine import thing as other\n"
        "def tool():\n    from shadowpkg.tool import Tool\n    return Tool()\n"
    )
    (package / "tool.py").write_text("class Tool: ...\n")
    (package / "fine.py").write_text("thing = 1\n")
    (package / "other.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = shadowed("shadowpkg")
    assert [entry.split(" ")[0] for entry in found] == ["shadowpkg.other", "shadowpkg.tool"]
