"""Type stubs of the board tables and Zobrist keys (``_tables.pyx``)."""
from typing import Any

def export() -> dict[str, Any]: ...
