"""The version of yinsh, in one place: ``yinsh.__version__``, ``yinsh
--version`` and the package metadata (pyproject.toml reads it as a dynamic
version) all come from here."""

__version__ = "0.1.0"
