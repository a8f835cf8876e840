"""Type stubs of Insert's compiled search module with the learned evaluation:
the interface every game's has (yinsh/engine/_search_learned_api.pyi)."""
from yinsh.engine._search_learned_api import *  # every public name: the shared interface
