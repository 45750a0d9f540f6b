"""The dependency rule and the "no I/O, no clock" rule of the pure packages (DESIGN §2).

Every module of `catalog`, `programming`, `memory`, `analytics` (and `timekeeping`, the
calendar they share) is parsed, not imported, and checked for:

- imports of fitcoach only along the allowed edges (`docs/architecture.md`): an import
  statement, a relative import, or a "fitcoach.…" string (a lazy `import_module` target);
- no clock, no randomness, no environment, no files: `datetime.now`/`utcnow`, `date.today`,
  the `time`, `random`, `secrets`, `uuid`, `os`, `pathlib` … modules, `open(`, `print(`,
  `.read_text()`/`.read_bytes()`/`.open()`/`.write_*()`.

The one allowed read is the catalog's one-time load of its data file through
`importlib.resources` (`catalog/registry.py`, `default_catalog`); the allowance is checked to
be used, so it cannot go stale. The checker is tested on violating snippets, so this test can
fail.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "fitcoach"

# The layers of the pure core, and which fitcoach packages each may import (besides itself).
ALLOWED: dict[str, frozenset[str]] = {
    "timekeeping": frozenset(),
    "catalog": frozenset(),
    "analytics": frozenset({"catalog", "timekeeping"}),
    "memory": frozenset({"catalog", "timekeeping"}),
    "programming": frozenset({"catalog", "analytics", "timekeeping"}),
}

# Modules whose mere import means I/O, a clock, randomness, the environment or a layer the
# pure packages must not reach.
FORBIDDEN_MODULES = frozenset({
    "time", "random", "secrets", "uuid", "os", "sys", "pathlib", "io", "shutil", "tempfile",
    "glob", "socket", "subprocess", "threading", "asyncio", "urllib", "http", "sqlite3",
    "logging", "sqlalchemy", "fastapi", "httpx", "requests", "google", "openai",
})
# `datetime.now()`, `dt.datetime.utcnow()`, `date.today()`, `dt.date.today()` …
CLOCK_ATTRIBUTES = frozenset({"now", "utcnow", "today", "fromtimestamp", "utcfromtimestamp"})
CLOCK_OWNERS = frozenset({"datetime", "date"})
FORBIDDEN_BUILTINS = frozenset({"open", "input", "print", "breakpoint", "__import__"})
FILE_METHODS = frozenset({"read_text", "read_bytes", "write_text", "write_bytes", "open",
                          "getenv", "environ"})


@dataclass(frozen=True)
class Allowance:
    """One explicit exception: `what` may appear in `module`, inside `function`."""

    module: str
    function: str
    what: str


ALLOWANCES = (
    # The shipped encyclopedia is read once per process, from the package's own data.
    Allowance("fitcoach.catalog.registry", "default_catalog", "read_text"),
    Allowance("fitcoach.catalog.registry", "<module>", "import importlib.resources"),
)


@dataclass(frozen=True)
class Finding:
    module: str
    line: int
    what: str
    function: str = "<module>"

    def __str__(self) -> str:
        return f"{self.module}:{self.line}: {self.what}"


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "fitcoach" else None


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


class _Checker(ast.NodeVisitor):
    def __init__(self, module: str, is_package: bool) -> None:
        self.module = module
        self.is_package = is_package
        self.layer = layer_of(module)
        self.findings: list[Finding] = []
        self.functions: list[str] = []

    def _find(self, node: ast.AST, what: str) -> None:
        function = self.functions[-1] if self.functions else "<module>"
        self.findings.append(Finding(self.module, getattr(node, "lineno", 0), what, function))

    def _imported(self, node: ast.AST, target: str) -> None:
        top = target.split(".")[0]
        if top in FORBIDDEN_MODULES:
            self._find(node, f"import {target}")
        elif target == "importlib.resources" or target.startswith("importlib.resources."):
            self._find(node, "import importlib.resources")
        elif top == "fitcoach":
            layer = layer_of(target)
            if layer is None:  # `from fitcoach import x` is handled with its names
                return
            if layer != self.layer and layer not in ALLOWED.get(self.layer or "", frozenset()):
                self._find(node, f"import {target} ({self.layer} -> {layer})")

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815 (the ast.NodeVisitor name)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._imported(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        target = _absolute(self.module, self.is_package, node)
        if target in {"fitcoach", "importlib"}:
            for alias in node.names:
                self._imported(node, f"{target}.{alias.name}")
        else:
            self._imported(node, target)

    def visit_Constant(self, node: ast.Constant) -> None:
        # "fitcoach.x.y" strings: targets of lazy imports (`import_module`).
        if isinstance(node.value, str) and node.value.startswith("fitcoach."):
            self._imported(node, node.value.split()[0])

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_BUILTINS:
            self._find(node, f"{node.func.id}(")
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        owner = _dotted(node.value).split(".")[-1]
        if node.attr in CLOCK_ATTRIBUTES and owner in CLOCK_OWNERS:
            self._find(node, f"{owner}.{node.attr}")
        elif node.attr in FILE_METHODS:
            self._find(node, node.attr)
        self.generic_visit(node)


def check_source(source: str, module: str, is_package: bool = False) -> list[Finding]:
    """What in `source` (the text of `module`) breaks the rules, allowances not applied."""
    checker = _Checker(module, is_package)
    checker.visit(ast.parse(source))
    return checker.findings


def pure_modules() -> list[tuple[str, Path]]:
    found = [("fitcoach.timekeeping", SRC / "timekeeping.py")]
    for package in ("catalog", "programming", "memory", "analytics"):
        for path in sorted((SRC / package).rglob("*.py")):
            parts = path.relative_to(SRC.parent).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found.append((".".join(parts), path))
    return found


def _allowed(finding: Finding) -> Allowance | None:
    return next((a for a in ALLOWANCES if (a.module, a.function, a.what)
                 == (finding.module, finding.function, finding.what)), None)


def test_the_pure_packages_keep_the_dependency_and_no_io_rules():
    violations: list[str] = []
    used: set[Allowance] = set()
    modules = pure_modules()
    assert len(modules) > 50  # the walk found the packages
    for module, path in modules:
        for finding in check_source(path.read_text("utf-8"), module,
                                    is_package=path.name == "__init__.py"):
            allowance = _allowed(finding)
            if allowance is None:
                violations.append(str(finding))
            else:
                used.add(allowance)
    assert not violations, "\n".join(violations)
    assert used == set(ALLOWANCES), f"unused allowances: {set(ALLOWANCES) - used}"


# The checker itself: each snippet is one violation it must catch.
@pytest.mark.parametrize(("module", "source", "what"), [
    ("fitcoach.analytics.x", "import datetime as dt\nnow = dt.datetime.now(dt.UTC)", "now"),
    ("fitcoach.memory.x", "from datetime import datetime\nnow = datetime.utcnow()", "utcnow"),
    ("fitcoach.programming.x", "import datetime\nday = datetime.date.today()", "today"),
    ("fitcoach.programming.x", "from datetime import date\nday = date.today()", "today"),
    ("fitcoach.catalog.x", "import time\nt = time.time()", "import time"),
    ("fitcoach.catalog.x", "from time import perf_counter", "import time"),
    ("fitcoach.analytics.x", "import random", "import random"),
    ("fitcoach.memory.x", "import secrets", "import secrets"),
    ("fitcoach.memory.x", "from uuid import uuid4", "import uuid"),
    ("fitcoach.programming.x", "import os\nkey = os.environ['K']", "import os"),
    ("fitcoach.programming.x", "key = settings.environ['K']", "environ"),
    ("fitcoach.programming.x", "text = open('f').read()", "open("),
    ("fitcoach.programming.x", "from pathlib import Path", "import pathlib"),
    ("fitcoach.analytics.x", "text = path.read_text()", "read_text"),
    ("fitcoach.analytics.x", "from importlib import resources", "import importlib.resources"),
    ("fitcoach.catalog.x", "from fitcoach.programming.plan import WeeklyPlan",
     "(catalog -> programming)"),
    ("fitcoach.catalog.x", "from fitcoach import timekeeping", "(catalog -> timekeeping)"),
    ("fitcoach.analytics.x", "from fitcoach.programming.profile import Profile",
     "(analytics -> programming)"),
    ("fitcoach.analytics.x", "from ..memory import entries", "(analytics -> memory)"),
    ("fitcoach.memory.x", "import fitcoach.analytics.logs", "(memory -> analytics)"),
    ("fitcoach.programming.x", "from fitcoach.brain import tools", "(programming -> brain)"),
    ("fitcoach.programming.x", "from fitcoach.store.database import Database",
     "(programming -> store)"),
    ("fitcoach.programming.x", "from fitcoach import api", "(programming -> api)"),
    ("fitcoach.programming.x", "TARGET = 'fitcoach.evals.runner'", "(programming -> evals)"),
    ("fitcoach.memory.x", "from fitcoach.web import x", "(memory -> web)"),
    ("fitcoach.analytics.x", "from fitcoach.cli import app", "(analytics -> cli)"),
    ("fitcoach.timekeeping", "from fitcoach.catalog import CATALOG",
     "(timekeeping -> catalog)"),
])
def test_the_checker_catches(module: str, source: str, what: str):
    findings = check_source(source, module)
    assert any(what in f.what for f in findings), findings


@pytest.mark.parametrize(("module", "source"), [
    ("fitcoach.programming.x", "from fitcoach.analytics.known_loads import working_load"),
    ("fitcoach.programming.x", "from fitcoach import timekeeping"),
    ("fitcoach.programming.x", "from .plan import WeeklyPlan"),
    ("fitcoach.analytics.x", "from fitcoach.catalog import CATALOG"),
    ("fitcoach.memory.x", "import datetime as dt\nt = dt.time(9, 0)\nself.now = now"),
    ("fitcoach.memory.x", "def f(turn):\n    return turn.now"),
])
def test_the_checker_lets_the_allowed_through(module: str, source: str):
    assert check_source(source, module) == []


def test_the_catalog_data_load_is_allowed_only_where_it_is():
    source = "from importlib import resources\ndef default_catalog():\n    return p.read_text()\n"
    findings = check_source(source, "fitcoach.catalog.registry")
    assert [_allowed(f) is not None for f in findings] == [True, True]
    moved = source.replace("default_catalog", "another_loader")
    assert [_allowed(f) is not None for f in check_source(moved, "fitcoach.catalog.registry")] \
        == [True, False]
