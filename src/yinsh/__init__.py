"""yinsh: a fast Yinsh engine library."""
try:
    from yinsh import _core
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError(
        "yinsh's compiled core (yinsh._core) is missing or failed to load; "
        "build it with `pip install .` (needs a C compiler): " + str(exc)
    ) from exc
