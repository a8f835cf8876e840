"""Toy games for the tests of the engine layer and as small worked examples
of the game interface (yinsh/engine/game.pxd; docs/architecture.md)."""
