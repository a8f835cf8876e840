"""The structure of docs/architecture.md, checked: the import-linter contracts
of pyproject.toml (layers, games reached only through the registry, no
circle across packages), the same rules for the Python imports inside the
compiled modules' ``.pyx`` sources (import-linter reads ``.py`` files only),
and nothing below the Yinsh API importing the top-level package's names."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

grimp = pytest.importorskip("grimp")
importlinter_cli = pytest.importorskip("importlinter.cli")
tomllib = pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PACKAGE = SRC / "yinsh"


def contracts() -> list[dict]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        found: list[dict] = tomllib.load(f)["tool"]["importlinter"]["contracts"]
    return found


def contract(kind: str) -> dict:
    (found,) = [c for c in contracts() if c["type"] == kind]
    return found


def layer_of(module: str, layers: list[list[str]]) -> tuple[int, str]:
    """The layer's rank (0: the top) and the child of ``yinsh`` holding module."""
    child = module.split(".")[1] if "." in module else ""
    for rank, children in enumerate(layers):
        if child in children:
            return rank, child
    raise AssertionError(f"{module} is in no layer of the contract: add its package to one")


def parsed_layers() -> list[list[str]]:
    return [[part.strip().strip("()") for part in re.split(r"[|:]", layer)]
            for layer in contract("layers")["layers"]]


PYX_IMPORT = re.compile(r"^\s*(?:from\s+(yinsh(?:\.\w+)*)\s+import\s+(?!\*)([\w, ()]+)|import\s+(yinsh(?:\.\w+)*))",
                        re.MULTILINE)


def pyx_imports() -> list[tuple[str, str]]:
    """The (importer, imported) Python imports of the ``.pyx`` and ``.pyx.tp``
    sources (``cimport`` is compile time, not an import)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.pyx")) + sorted(PACKAGE.rglob("*.pyx.tp")):
        if path.name.endswith(".pyx") and path.with_name(path.name + ".tp").exists():
            continue
        importer = ".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".pyx")
        for match in PYX_IMPORT.finditer(path.read_text(encoding="utf-8")):
            base, names, plain = match.groups()
            if plain:
                found.append((importer, plain))
                continue
            for name in re.split(r"[,\s()]+", names):
                if not name or name == "as":
                    continue
                submodule = PACKAGE.joinpath(*base.split(".")[1:], name)
                is_module = submodule.with_suffix(".py").exists() or submodule.is_dir() or \
                    submodule.with_suffix(".pyx").exists()
                found.append((importer, f"{base}.{name}" if is_module else base))
    return sorted(set(found))


def test_the_import_contracts_are_kept():
    """``lint-imports``, in a fresh interpreter (it prints through a console
    of its own): every contract kept."""
    command = ("import sys; from importlinter.cli import lint_imports_command; "
               "sys.exit(lint_imports_command())")
    done = subprocess.run([sys.executable, "-c", command, "--config", str(ROOT / "pyproject.toml"),
                           "--no-cache"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0 and "0 broken" in done.stdout, done.stdout + done.stderr


def test_every_child_of_the_package_has_a_layer():
    layers = parsed_layers()
    for path in sorted(PACKAGE.iterdir()):
        if path.name.startswith(("__init__", ".")) or path.name == "__pycache__":
            continue
        if path.is_dir() and not (path / "__init__.py").exists():
            continue                                  # data folders (web/static lives in web)
        if path.is_file() and path.suffix not in (".py", ".pyx"):
            continue                                  # headers and .pxd: compile time
        name = path.name.split(".")[0]
        if path.suffix == ".pyx" or name.startswith("_") and name not in ("__main__", "_version"):
            continue                                  # compiled helpers of the base (_signals)
        layer_of(f"yinsh.{name}", layers)


def test_the_compiled_modules_imports_follow_the_layers():
    layers = parsed_layers()
    games = set(layers[[i for i, l in enumerate(layers) if "yinsh" in l][0]])
    forbidden = contract("forbidden")
    sources = {m.split(".")[1] for m in forbidden["source_modules"]}
    broken = []
    for importer, imported in pyx_imports():
        if imported == "yinsh":
            broken.append(f"{importer} -> {imported} (the top-level package: the Yinsh API)")
            continue
        (rank_from, child_from), (rank_to, child_to) = layer_of(importer, layers), layer_of(imported, layers)
        if rank_to < rank_from:
            broken.append(f"{importer} -> {imported} (a layer above)")
        elif rank_to == rank_from and child_from != child_to and child_from in games:
            broken.append(f"{importer} -> {imported} (another game)")
        elif child_from in sources and child_to in games:
            broken.append(f"{importer} -> {imported} (a game, not through the registry)")
    assert not broken, "\n".join(broken)


def test_only_the_yinsh_api_imports_the_top_level_package():
    """``from yinsh import Board`` below the top is an import of Yinsh's API
    (a game): the base, the engine and the layers import their names from
    the modules that hold them."""
    graph = grimp.build_graph("yinsh", cache_dir=None, exclude_type_checking_imports=True)
    importers = sorted(graph.find_modules_that_directly_import("yinsh"))
    importers += sorted(importer for importer, imported in pyx_imports() if imported == "yinsh")
    assert importers == [], importers


def test_no_import_circle_spans_two_packages():
    """Every strongly connected set of modules (Python and .pyx imports
    together) lies inside one package."""
    graph = grimp.build_graph("yinsh", cache_dir=None, exclude_type_checking_imports=True)
    for importer, imported in pyx_imports():
        for module in (importer, imported):
            if module not in graph.modules:
                graph.add_module(module)
        graph.add_import(importer=importer, imported=imported)
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []

    def visit(start: str) -> None:                # Tarjan's algorithm, without recursion
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                packages = {m.rpartition(".")[0] if not graph.is_module_squashed(m) and
                            not (PACKAGE.joinpath(*m.split(".")[1:]) / "__init__.py").exists()
                            else m for m in component}
                if len(component) > 1 and len(packages) > 1:
                    circles.append(sorted(component))

    for module in modules:
        if module not in index:
            visit(module)
    assert circles == [], circles


def test_the_architecture_page_shows_the_contracts_layers():
    """docs/architecture.md's table of layers is the layers contract, row by row."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("## The layers\n", 1)[1].split("```\n", 2)[1]
    rows = [line.split(None, 1)[1] for line in table.splitlines()[1:] if line.strip()]
    assert [re.sub(r"\s+", " ", row).strip() for row in rows] == contract("layers")["layers"]


def _web_imports() -> dict[str, set[str]]:
    """The modules of ``yinsh.web`` and the others of them each imports when
    it runs (an import under ``if TYPE_CHECKING:`` is left out, as
    ``exclude_type_checking_imports`` leaves it out of the contracts)."""
    import ast

    folder = SRC / "yinsh" / "web"
    names = {path.stem for path in folder.glob("*.py")} - {"__init__"}
    graph: dict[str, set[str]] = {}
    for name in names:
        found: set[str] = set()

        def visit(node: ast.AST) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                    continue
                if isinstance(child, ast.Import):
                    found.update(a.name.split(".")[2] for a in child.names if a.name.startswith("yinsh.web."))
                elif isinstance(child, ast.ImportFrom) and child.module:
                    if child.module.startswith("yinsh.web."):
                        found.add(child.module.split(".")[2])
                    elif child.module == "yinsh.web":
                        found.update(a.name for a in child.names)
                visit(child)

        visit(ast.parse((folder / f"{name}.py").read_text()))
        graph[name] = (found & names) - {name}
    return graph


def test_the_web_layers_import_chains_are_short():
    """The longest import chain inside ``yinsh.web`` (modules, the first and
    the last counted) is at most 6 (docs/web.md, "Import depth")."""
    graph = _web_imports()
    longest: list[str] = []

    def walk(path: list[str]) -> None:
        nonlocal longest
        if len(path) > len(longest):
            longest = list(path)
        for name in sorted(graph[path[-1]] - set(path)):
            walk(path + [name])

    for name in sorted(graph):
        walk([name])
    assert len(longest) <= 6, " -> ".join(longest)
