"""A Griffe extension for the API reference site (mkdocs.yml, docs/reference/).

mkdocstrings reads the library with Griffe: the Python modules from their
source, the compiled ones (Cython) from their ``.pyi`` stubs, merged with
what importing them shows. This extension fills in what that leaves out and
turns the docstrings' reStructuredText habits into Markdown:

- the docstrings of compiled objects, which stubs do not carry: taken from
  the imported object, without the signature line Cython's ``embedsignature``
  puts first (the stub's typed signature is shown instead);
- the ``#:`` comments above a constant (Sphinx's convention, used throughout
  the library) as its docstring, in ``.py`` and ``.pyx`` sources alike;
- the exported names Griffe cannot see statically: ``A, B = 1, 2`` and the
  named squares made in a loop (``yinsh.insert.C4``), with their values from
  the imported module and their ``#:`` comment;
- ``__all__`` as the module has it once imported (Griffe does not evaluate
  ``[...] + [f + r for ...]``);
- doctest examples (``>>> ...``) and ``::`` literal blocks as fenced code
  blocks, which Markdown would otherwise read as quotes and paragraphs.

It imports the library (the compiled cores must be built), but never an
optional layer whose package is missing: such a module keeps what Griffe read.
"""
from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path
from typing import Any, Iterator, Optional

import griffe

_COMPILED_SUFFIXES = (".pyi", ".so", ".pyd")


class YinshDocstrings(griffe.Extension):
    """Completes and converts the docstrings of the ``yinsh`` package."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        if pkg.name != "yinsh":
            return
        for module in _modules(pkg):
            if _is_private(module.path):
                continue
            runtime = _import(module.path)
            if runtime is not None:
                _add_runtime_exports(module, runtime)
        for obj in _objects(pkg):
            _complete_docstring(obj)
            if obj.docstring is not None and _is_generic_doc(obj.name, obj.docstring.value):
                obj.docstring = None
            if obj.docstring is not None:
                obj.docstring.value = to_markdown(obj.docstring.value)
            if _is_dunder(obj.name) and obj.name != "__init__" and obj.docstring is None \
                    and obj.parent is not None:
                del obj.parent.members[obj.name]   # Python's own special methods: nothing to say


def _is_dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__") and len(name) > 4


#: The docstrings Python and Cython give special methods they make (``__init__``'s
#: "Initialize self. ...", ``__len__``'s "Return len(self).", pickling helpers).
_BUILTIN_TYPES = (object, type, int, float, tuple, list, dict, set, str, BaseException)


def _is_generic_doc(name: str, doc: str) -> bool:
    if not _is_dunder(name):
        return False
    if "_cython__" in doc or "Helper for pickle" in doc:
        return True
    for builtin in _BUILTIN_TYPES:
        generic = getattr(getattr(builtin, name, None), "__doc__", None)
        if isinstance(generic, str) and inspect.cleandoc(generic) == doc.strip():
            return True
    return False


def _is_private(path: str) -> bool:
    return any(part.startswith("_") for part in path.split("."))


def _modules(module: griffe.Module) -> Iterator[griffe.Module]:
    yield module
    for member in list(module.members.values()):
        if not member.is_alias and member.is_module:
            yield from _modules(member)  # type: ignore[arg-type]


def _objects(obj: griffe.Object) -> Iterator[griffe.Object]:
    """obj and every object defined in it (not the names it imports)."""
    yield obj
    for member in list(obj.members.values()):
        if not member.is_alias:
            yield from _objects(member)  # type: ignore[arg-type]


def _import(path: str) -> Any:
    try:
        return importlib.import_module(path)
    except ImportError:        # an optional layer whose extra is not installed
        return None


def _runtime_object(obj: griffe.Object) -> Any:
    """The imported object at obj's path (None when there is none)."""
    module = obj if obj.is_module else obj.module
    value = _import(module.path)
    if value is None:
        return None
    for name in obj.path[len(module.path) + 1:].split(".") if obj is not module else ():
        try:
            value = inspect.getattr_static(value, name)
        except AttributeError:
            return None
    return value


def _is_compiled(obj: griffe.Object) -> bool:
    filepath = obj.module.filepath
    return isinstance(filepath, Path) and filepath.suffix in _COMPILED_SUFFIXES


# Docstrings of compiled objects and #: comments ---------------------------------------------

def _complete_docstring(obj: griffe.Object) -> None:
    if obj.is_module:
        return
    if _is_compiled(obj):
        runtime = _runtime_object(obj)
        doc = _runtime_doc(obj, runtime)
        if doc is not None and (obj.docstring is None or obj.docstring.value.startswith(obj.name + "(")
                                or _is_type_doc(obj, runtime)):
            obj.docstring = griffe.Docstring(doc, parent=obj)
        elif obj.docstring is not None and _is_type_doc(obj, runtime):
            obj.docstring = None
        elif obj.docstring is not None:
            obj.docstring.value = _strip_signature(obj.name, obj.docstring.value)
    if obj.docstring is None and obj.is_attribute:
        comment = _comment_doc(obj)
        if comment:
            obj.docstring = griffe.Docstring(comment, parent=obj)


def _runtime_doc(obj: griffe.Object, runtime: Any) -> Optional[str]:
    if runtime is None:
        return None
    if isinstance(runtime, (staticmethod, classmethod)):
        runtime = runtime.__func__
    if obj.is_attribute and not isinstance(runtime, (property, type(int.real))) and \
            not type(runtime).__name__.endswith("descriptor"):
        return None          # a constant: its docstring would be its type's
    doc = getattr(runtime, "__doc__", None)
    if not isinstance(doc, str) or not doc.strip():
        return None
    doc = _strip_signature(obj.name, inspect.cleandoc(doc))
    return doc or None


def _is_type_doc(obj: griffe.Object, runtime: Any) -> bool:
    """Whether obj's docstring is only the docstring of its value's type (as inspecting a
    constant such as a tuple gives)."""
    if not obj.is_attribute or obj.docstring is None:
        return False
    if runtime is None:
        runtime = _runtime_object(obj)
    type_doc = getattr(type(runtime), "__doc__", None)
    return isinstance(type_doc, str) and inspect.cleandoc(type_doc) == obj.docstring.value


_SIGNATURE = re.compile(r"^(?:\w+\.)*(?P<name>\w+)\(.*\)(\s*->\s*.+)?$")   # Class.method(...)


def _strip_signature(name: str, doc: str) -> str:
    """doc without the signature lines Cython's embedsignature puts first."""
    lines = doc.splitlines()
    while lines:
        match = _SIGNATURE.match(lines[0].strip())
        if not match or match["name"] not in (name, "__init__"):
            break
        lines.pop(0)
        while lines and not lines[0].strip():
            lines.pop(0)
    return "\n".join(lines)


def _source_lines(obj: griffe.Object) -> list[str]:
    """The lines of the source the object is defined in: the ``.pyx`` beside a compiled
    module's stub, otherwise its own file."""
    filepath = obj.module.filepath
    if not isinstance(filepath, Path):
        return []
    if filepath.suffix in _COMPILED_SUFFIXES:
        filepath = filepath.with_name(filepath.name.split(".")[0] + ".pyx")
    try:
        return filepath.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []


def _comment_doc(obj: griffe.Object) -> Optional[str]:
    """The ``#:`` comment of the attribute: the comment lines right above the statement
    that assigns it, or one at the end of that statement's line (for a compiled module: in
    its ``.pyi`` stub, else in its ``.pyx`` source)."""
    if not _is_compiled(obj):
        lines = _source_lines(obj)
        if obj.lineno is not None and 0 < obj.lineno <= len(lines):
            return _comment_above(lines, obj.lineno - 1)
        return None
    filepath = obj.module.filepath
    assert isinstance(filepath, Path)
    stem = filepath.name.split(".")[0]
    in_class = bool(obj.parent and obj.parent.is_class)
    for source in (filepath.with_name(stem + ".pyi"), filepath.with_name(stem + ".pyx")):
        try:
            lines = source.read_text(encoding="utf-8").splitlines()
        except OSError:
            continue
        index = _assignment_line(obj.name, lines, in_class)
        doc = _comment_above(lines, index) if index is not None else None
        if doc:
            return doc
    return None


def _comment_above(lines: list[str], index: int) -> Optional[str]:
    """The ``#:`` comment lines above lines[index], or a ``#:`` comment at its end; failing
    those, a plain comment at its end (``MAX_TEXT = 48 * 1024  # characters of ...``)."""
    code, _, trailing = _split_comment(lines[index])
    if trailing.startswith(":"):
        return trailing[1:].strip() or None
    comment: list[str] = []
    i = index - 1
    while i >= 0 and lines[i].strip().startswith("#:"):
        comment.insert(0, lines[i].strip()[2:].strip())
        i -= 1
    if comment:
        return "\n".join(comment)
    trailing = trailing.strip()
    if not code.strip() or code[:1].isspace() or trailing.startswith(_TOOL_COMMENTS):
        return None            # only a module-level constant's own comment
    return trailing or None


#: Comments addressed to tools, not to readers.
_TOOL_COMMENTS = ("type:", "noqa", "pragma", "pylint", "fmt:", "isort:")


def _split_comment(line: str) -> tuple[str, str, str]:
    """(code, "#", comment) of a line, the ``#`` outside string literals."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "#":
            return line[:i], "#", line[i + 1:]
    return line, "", ""


def _assignment_line(name: str, lines: list[str], in_class: bool) -> Optional[int]:
    """The line that assigns name at the top level (or in a class body), ``A, B = ...`` too."""
    indent = r"\s+" if in_class else ""
    pattern = re.compile(rf"^{indent}(?:cdef\s+[\w\[\], ]+\s+)?(?:\w+\s*,\s*)*{re.escape(name)}"
                         rf"(?:\s*,\s*\w+)*\s*(?::[^=]*$|(?::[^=]*)?=(?!=))")
    for i, line in enumerate(lines):
        if pattern.match(line):
            return i
    return None


# Exports that only the imported module shows ------------------------------------------------

def _add_runtime_exports(module: griffe.Module, runtime: Any) -> None:
    names = getattr(runtime, "__all__", None)
    if not isinstance(names, (list, tuple)):
        return
    module.exports = list(names)
    lines: Optional[list[str]] = None
    for name in names:
        if name in module.members or not hasattr(runtime, name):
            continue
        value = getattr(runtime, name)
        if lines is None:
            lines = _source_lines(module)
        if inspect.isfunction(value):   # made by a factory (``perft, divide = counters(...)``)
            module.set_member(name, _runtime_function(name, value, _assignment_line(name, lines, False)))
            continue
        if inspect.ismodule(value) or inspect.isclass(value) or callable(value):
            continue          # only constants are made where Griffe cannot see them
        origin = _star_origin(name, lines)
        if origin is not None:          # ``from yinsh.insert.squares import *``: its documented name
            module.set_member(name, griffe.Alias(name, f"{origin}.{name}"))
            continue
        attribute = griffe.Attribute(name, value=repr(value), annotation=type(value).__name__)
        module.set_member(name, attribute)
        index = _assignment_line(name, lines, in_class=False)
        if index is None:           # made in a loop: for ...: globals()[...] = ...
            index = next((i for i, line in enumerate(lines) if "globals()[" in line), None)
            while index is not None and index > 0 and lines[index].startswith((" ", "\t")):
                index -= 1            # up to the loop's first line
        doc = _comment_above(lines, index) if index is not None else None
        if doc:
            attribute.docstring = griffe.Docstring(doc, parent=attribute)
        if index is not None:
            attribute.lineno = attribute.endlineno = index + 1


_STAR = re.compile(r"^from ([\w.]+) import \*", re.MULTILINE)


def _star_origin(name: str, lines: list[str]) -> Optional[str]:
    """The module of a ``from M import *`` of lines whose ``__all__`` has name."""
    for match in _STAR.finditer("\n".join(lines)):
        if name in getattr(_import(match.group(1)), "__all__", ()):
            return match.group(1)
    return None


_KINDS = {inspect.Parameter.POSITIONAL_ONLY: griffe.ParameterKind.positional_only,
          inspect.Parameter.POSITIONAL_OR_KEYWORD: griffe.ParameterKind.positional_or_keyword,
          inspect.Parameter.VAR_POSITIONAL: griffe.ParameterKind.var_positional,
          inspect.Parameter.KEYWORD_ONLY: griffe.ParameterKind.keyword_only,
          inspect.Parameter.VAR_KEYWORD: griffe.ParameterKind.var_keyword}


def _annotation(value: Any) -> Optional[str]:
    if value is inspect.Parameter.empty:
        return None
    return value if isinstance(value, str) else getattr(value, "__name__", repr(value))


def _runtime_function(name: str, value: Any, index: Optional[int]) -> griffe.Function:
    """A function Griffe cannot see in the source (made at import), from its
    signature and docstring at run time; index: the line that assigns it."""
    signature = inspect.signature(value)
    parameters = griffe.Parameters(*[
        griffe.Parameter(p.name, annotation=_annotation(p.annotation), kind=_KINDS[p.kind],
                         default=None if p.default is inspect.Parameter.empty else repr(p.default))
        for p in signature.parameters.values()])
    function = griffe.Function(name, parameters=parameters,
                               returns=_annotation(signature.return_annotation))
    if value.__doc__:
        function.docstring = griffe.Docstring(inspect.cleandoc(value.__doc__), parent=function)
    if index is not None:
        function.lineno = function.endlineno = index + 1
    return function


# reStructuredText habits to Markdown -----------------------------------------------------------

_FENCE = re.compile(r"^\s*(```|~~~)")


def to_markdown(text: str) -> str:
    """Doctest examples (a run of lines from one starting ``>>>`` to a blank line) and
    ``::`` literal blocks (the indented lines after ``text::`` and a blank line) as
    fenced code blocks, ``pycon`` and ``text``; fenced blocks already there are kept
    (tests/test_docs_site.py has examples)."""
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    in_fence = False
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        indent = line[:len(line) - len(stripped)]
        if _FENCE.match(line):
            in_fence = not in_fence
            out.append(line)
            i += 1
            continue
        if not in_fence and stripped.startswith(">>>"):
            if out and out[-1].strip():
                out.append("")
            out.append(indent + "```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(indent + lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
                i += 1
            out.append(indent + "```")
            continue
        if not in_fence and stripped.endswith("::") and stripped != "::" and \
                i + 1 < len(lines) and not lines[i + 1].strip():
            block_start = i + 2
            j = block_start
            block: list[str] = []
            while j < len(lines) and (not lines[j].strip() or _indent(lines[j]) > len(indent)):
                block.append(lines[j])
                j += 1
            while block and not block[-1].strip():
                block.pop()
            if block:
                out.append(line[:-1])            # "result::" -> "result:"
                out.append("")
                out.append(indent + "```text")
                common = min(_indent(b) for b in block if b.strip())
                out.extend(indent + b[common:] if b.strip() else "" for b in block)
                out.append(indent + "```")
                if j < len(lines):
                    out.append("")
                i = j
                while i < len(lines) and not lines[i].strip():
                    i += 1
                continue
        out.append(line)
        i += 1
    return "\n".join(out)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
