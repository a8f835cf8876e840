"""The engine for other programs: UGI, the Universal Game Interface (UCI's
shape for any game), on standard input and output, for every registered
game (``yinsh ugi [--game NAME]``; docs/ugi.md).

``yinsh.ugi.server`` holds ``UgiServer`` (the engine following a front
end's commands), ``yinsh.ugi.commands`` reads the commands, and
``yinsh.ugi.options`` lists the options; ``yinsh.ugi.lines`` writes the
``info`` and ``bestmove`` lines. The package reaches games only through
the registry (``yinsh.games``), so a plugin game gets the engine too.
"""
from yinsh.ugi.server import UgiServer

__all__ = ["UgiServer"]
