"""docs/insert.md: its Python examples run as doctests."""
import doctest
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs" / "insert.md"


def test_insert_md_examples():
    failures, attempted = doctest.testfile(str(DOCS), module_relative=False,
                                           optionflags=doctest.ELLIPSIS)
    assert attempted > 30 and failures == 0
