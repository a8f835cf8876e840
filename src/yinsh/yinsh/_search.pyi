"""Type stubs of Yinsh's compiled search module: the interface every
game's search has (yinsh/engine/_search_api.pyi)."""
from yinsh.engine._search_api import *  # every public name: the shared interface
