"""The parts of a game that a layer needs: the interfaces the base declares.

A game's description (``GameKind.parts``) maps a part's name to a function
that imports the part from the game's own package; a layer asks the
registry's game for it (``kind.part("web")``) and never imports the game.
Each part implements the interface of its module here, so a game imports
only the base and the engine, never the layer that uses the part:

- ``"web"``: the web page's view of the game (``yinsh.parts.web``);
- ``"features"``: the learned evaluation's input features
  (``yinsh.parts.features``);
- ``"records"``: the game's record notation and dialects beyond the
  library's own format (``yinsh.parts.records``).

A game without a part gets the layer's generic behaviour where there is
one (the web page serves any board of the protocol), and a clear error
where there is none (no learned evaluation without features).
"""
