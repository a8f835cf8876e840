"""The documentation site (mkdocs.yml): it builds with warnings as errors, and
its API reference has every public name of the library with its signature and
docstring.

The public names are those of each public module's ``__all__`` (every module
of the package whose dotted name has no part starting with ``_``, except the
command line ``yinsh.cli``, which ``yinsh --help`` documents). Each must be in
mkdocstrings' inventory (``objects.inv``, as Sphinx writes it) and have a block
of its own on a reference page, under its path (``yinsh.Board`` and
``yinsh.yinsh.Board`` both), with a signature (functions, and classes whose
constructor the library declares) and a docstring. A module named in an
``__all__`` (``yinsh.record``) counts under its own name.
"""
from __future__ import annotations

import doctest
import html
import importlib
import inspect
import os
import pkgutil
import re
import subprocess
import sys
import types
import zlib
from pathlib import Path

import pytest

# The docs extra: without it this module is skipped (an error under YINSH_REQUIRE_ALL=1).
import material  # noqa: F401
import mkdocs  # noqa: F401
import mkdocstrings  # noqa: F401

import yinsh

ROOT = Path(__file__).resolve().parent.parent
if not (ROOT / "mkdocs.yml").is_file():      # a copy of the tests beside an installed wheel
    pytest.skip("the site's sources (mkdocs.yml, tools/) are not beside these tests",
                allow_module_level=True)


def public_modules() -> list[str]:
    """The public modules: yinsh and every submodule without a private part, but the CLI."""
    names = ["yinsh"]
    for info in pkgutil.walk_packages(yinsh.__path__, "yinsh."):
        parts = info.name.split(".")
        if any(part.startswith("_") for part in parts) or parts[1] == "cli":
            continue
        names.append(info.name)
    return names


def public_names() -> dict[str, object]:
    """Every public name (module.name) -> its value."""
    names: dict[str, object] = {}
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            names[f"{module_name}.{name}"] = getattr(module, name)
    return names


def read_inventory(path: Path) -> dict[str, str]:
    """objects.inv (Sphinx's format 2) -> {name: page#anchor}."""
    data = path.read_bytes()
    header_lines = 4
    parts = data.split(b"\n", header_lines)
    assert parts[0] == b"# Sphinx inventory version 2", parts[0]
    entries: dict[str, str] = {}
    for line in zlib.decompress(parts[header_lines]).decode().splitlines():
        match = re.match(r"(?x)(.+?)\s+(\S+:\S+)\s+(-?\d+)\s+(\S*)\s+(.*)", line)
        assert match, line
        name, _, _, location, _ = match.groups()
        if location.endswith("$"):
            location = location[:-1] + name
        entries.setdefault(name, location)
    return entries


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for this module with ``mkdocs build --strict``."""
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    src = str(ROOT / "src")
    if (ROOT / "src" / "yinsh").is_dir():      # this tree's code, not an installed copy
        env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out),
         "--config-file", str(ROOT / "mkdocs.yml")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr, result.stderr
    return out


def test_the_site_builds_with_its_guides(site: Path) -> None:
    """Every guide of docs/ is a page of the site, and the reference pages are there."""
    for guide in sorted((ROOT / "docs").glob("*.md")):
        assert (site / guide.with_suffix(".html").name).is_file(), guide.name
    for page in sorted((ROOT / "docs" / "reference").glob("*.md")):
        assert (site / "reference" / page.with_suffix(".html").name).is_file(), page.name
    assert (site / "objects.inv").is_file()


def test_the_site_needs_no_network(site: Path) -> None:
    """No page loads anything from another host (no web fonts, scripts or styles)."""
    for page in site.rglob("*.html"):
        text = page.read_text()
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text, page
        for tag in re.findall(r"<(?:script|link|img)\b[^>]*>", text):
            assert not re.search(r"""(?:src|href)=["']?(?:https?:)?//""", tag), (page, tag)


def test_every_public_name_is_in_the_reference(site: Path) -> None:
    """Each public name is in the inventory, and has its own anchor (HTML id) on a page."""
    inventory = read_inventory(site / "objects.inv")
    blocks = object_blocks(site)
    missing, no_anchor = [], []
    for path, value in public_names().items():
        if inspect.ismodule(value):
            path = value.__name__          # a module is documented under its own name
        if path not in inventory:
            missing.append(path)
        if path not in blocks:
            no_anchor.append(path)
    assert not missing, f"{len(missing)} public names are not in objects.inv: {missing}"
    assert not no_anchor, f"{len(no_anchor)} public names have no block of their own: {no_anchor}"


_BLOCK = re.compile(r'<div class="doc doc-object doc-(?P<kind>\w+)">\s*'
                    r'<h\d[^>]*\bid="(?P<id>[^"]+)"')


def object_blocks(site: Path) -> dict[str, tuple[str, str]]:
    """id -> (kind, HTML of the object's block up to its first member) in the reference."""
    blocks: dict[str, tuple[str, str]] = {}
    for page in sorted((site / "reference").glob("*.html")):
        text = page.read_text()
        starts = list(_BLOCK.finditer(text))
        for here, after in zip(starts, starts[1:] + [None]):
            end = after.start() if after is not None else len(text)
            blocks.setdefault(html.unescape(here["id"]), (here["kind"], text[here.end():end]))
    return blocks


def docstring_text(block: str) -> str:
    """The text of the docstring in an object's block (without its bases line)."""
    contents = block.partition('<div class="doc doc-contents')[2].partition(">")[2]
    contents = contents.partition('<div class="doc doc-children">')[0]
    contents = re.sub(r'<p class="doc doc-class-bases">.*?</p>', "", contents, flags=re.S)
    return re.sub(r"<[^>]+>", "", contents).strip()


def has_constructor(cls: object) -> bool:
    """Whether the library declares cls's ``__init__``: in a Python class of the library, or
    in the type stub of a compiled one (enums, exceptions and protocols have no signature of
    their own to show, and a compiled class made only by factories has none in its stub)."""
    if not isinstance(cls, type) or getattr(cls, "_is_protocol", False):
        return False
    for base in cls.__mro__:
        if not base.__module__.startswith("yinsh") or "__init__" not in vars(base):
            continue
        if isinstance(vars(base)["__init__"], types.FunctionType):
            return True
        stub = Path(sys.modules[base.__module__].__file__ or "").with_suffix("")
        stub = stub.with_name(stub.name.split(".")[0] + ".pyi")
        body = re.search(rf"^class {base.__name__}\b.*:\n((?:[ \t]+.*\n|\n)*)",
                         stub.read_text() if stub.is_file() else "", re.M)
        return bool(body and re.search(r"\bdef __init__\(", body.group(1)))
    return False


def test_every_public_name_has_a_signature_and_a_docstring(site: Path) -> None:
    """The block of each public name shows a signature (functions, and classes whose
    constructor the library declares) and a docstring."""
    blocks = object_blocks(site)
    no_docstring, no_signature = [], []
    for path, value in public_names().items():
        if inspect.ismodule(value):
            path = value.__name__
        kind, block = blocks[path]
        if not docstring_text(block):
            no_docstring.append(path)
        if (kind == "function" or kind == "class" and has_constructor(value)) and \
                'class="doc-signature' not in block:
            no_signature.append(path)
    assert not no_docstring, f"{len(no_docstring)} public names have no docstring: {no_docstring}"
    assert not no_signature, f"{len(no_signature)} public names have no signature: {no_signature}"


def test_compiled_objects_show_their_stub_signatures(site: Path) -> None:
    """The compiled cores' objects have the stubs' typed signatures, and their docstrings
    without the signature line Cython writes first."""
    inventory = read_inventory(site / "objects.inv")
    blocks = object_blocks(site)
    _, point_name = blocks[inventory["yinsh.point_name"].partition("#")[2]]
    text = re.sub(r"<[^>]+>", "", html.unescape(point_name))
    assert re.search(r"point_name\(\s*point: SupportsIndex\s*\)\s*->\s*str", text), text[:500]
    assert "point_name(point)" not in text.split("->", 1)[1]     # Cython's embedded signature is gone
    # perft is made at import (yinsh.counting): its signature and docstring come from the function
    _, perft = blocks[inventory["yinsh.perft"].partition("#")[2]]
    text = re.sub(r"<[^>]+>", "", html.unescape(perft))
    assert re.search(r"perft\(\s*board: Any,\s*depth: int,\s*threads: int = 1\s*\)\s*->\s*int", text)
    assert "The number of action sequences" in text
    _, move = blocks[inventory["yinsh.insert.Move"].partition("#")[2]]
    assert "square: str | SupportsIndex" in re.sub(r"<[^>]+>", "", html.unescape(move)) or \
        "Union[str, SupportsIndex]" in re.sub(r"<[^>]+>", "", html.unescape(move))


def test_docstring_examples_are_code_blocks(site: Path) -> None:
    """Doctest examples are highlighted code, not Markdown quotes."""
    page = (site / "reference" / "insert.html").read_text()
    assert "<blockquote>" not in page
    assert "language-pycon" in page or 'class="gp"' in page


def test_home_page_examples_run() -> None:
    """docs/index.md's Python example is a doctest, as the README's."""
    text = (ROOT / "docs" / "index.md").read_text()
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "index.md", str(ROOT / "docs" / "index.md"), 0)
    assert test.examples
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0


def load_extension() -> types.ModuleType:
    """tools/griffe_yinsh.py, the site's Griffe extension."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module("griffe_yinsh")
    finally:
        sys.path.remove(str(ROOT / "tools"))


def test_docstring_markup_to_markdown() -> None:
    to_markdown = load_extension().to_markdown
    assert to_markdown("Text.\n\n>>> 1 + 1\n2\n\nMore::\n\n    a b\n\nEnd.") == (
        "Text.\n\n```pycon\n>>> 1 + 1\n2\n```\n\nMore:\n\n```text\na b\n```\n\nEnd.")
    # an example right after a paragraph line, and one inside a list item
    assert to_markdown("So:\n>>> x\n1") == "So:\n\n```pycon\n>>> x\n1\n```"
    assert to_markdown("- item\n\n  >>> x\n  1\n") == "- item\n\n  ```pycon\n  >>> x\n  1\n  ```"
    # fenced blocks and a lone "::" stay as they are
    fenced = "```python\n>>> x\n```"
    assert to_markdown(fenced) == fenced
    assert to_markdown("::\n\n    a") == "::\n\n    a"


def test_comments_as_docstrings() -> None:
    ext = load_extension()
    lines = ["#: The answer,", "#: in full.", "ANSWER = 42", "B, C = 1, 2  # two numbers",
             "D = 3  # type: ignore", "class K:", "    x = 1  # not a module constant"]
    assert ext._comment_above(lines, 2) == "The answer,\nin full."
    assert ext._assignment_line("C", lines, in_class=False) == 3
    assert ext._comment_above(lines, 3) == "two numbers"
    assert ext._comment_above(lines, 4) is None
    assert ext._comment_above(lines, 6) is None
    assert ext._comment_above(['S = "#: not a comment"'], 0) is None
    assert ext._strip_signature("reset", "BatchGames.reset(self, i=None)\n\nStarts again.") == \
        "Starts again."


def test_lists_indented_as_on_github() -> None:
    """tools/mkdocs_hooks.py: list items continue and nest at the item's text (two or three
    spaces), and an item right after a paragraph's line starts a list, as on GitHub."""
    import markdown
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        hooks = importlib.import_module("mkdocs_hooks")
    finally:
        sys.path.remove(str(ROOT / "tools"))
    md = markdown.Markdown(extensions=["pymdownx.superfences", hooks.TwoSpaceLists()])
    page = md.convert("1. one\n   - a\n   - b\n\n   more of one\n2. two\n\nBetween.\n\n"
                      "- x\n\n  ```python\n  code\n  ```\n\n  after the code\n- y\n\n"
                      "Text:\n- z\n\nAfter.\n\n    indented code\n")
    flat = re.sub(r"\s+", " ", page)
    assert re.search(r"<ol> <li> <p>one</p> <ul> <li>a</li> <li>b</li> </ul> "
                     r"<p>more of one</p> </li> <li> <p>two</p> </li> </ol>", flat), flat
    assert re.search(r"<li> <p>x</p> .*code.* <p>after the code</p> </li> <li> <p>y</p> </li>",
                     flat), flat
    assert re.search(r"<p>Text:</p> <ul> <li>z</li> </ul> <p>After.</p> <pre><code>indented code",
                     flat), flat
