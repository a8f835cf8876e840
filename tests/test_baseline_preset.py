"""The frozen players: today's engine with the ``baseline`` preset
reproduces the engine of the git tag ``engine-baseline`` (node counts, best
moves and scores of fixed-depth searches recorded from the tag's build in
tests/data/engine_baseline.json), the ``classic`` preset that of the tag
``engine-classic`` (tests/data/engine_classic.json), and the match runner
accepts them."""
from __future__ import annotations

import json
import os
import sys

import pytest

import yinsh
from yinsh.cli import CommandError
from yinsh.cli.search import TunedEngineFactory, parse_player
from yinsh.engine.presets import PRESETS, preset

HERE = os.path.dirname(__file__)
sys.path.insert(0, os.path.join(HERE, "..", "benchmarks"))
from baseline_reference import figures  # noqa: E402

with open(os.path.join(HERE, "data", "engine_baseline.json"), encoding="utf-8") as f:
    REFERENCE = json.load(f)["rows"]


def test_baseline_preset_reproduces_the_tagged_engine():
    assert figures(preset("baseline")) == REFERENCE


def test_classic_preset_reproduces_the_tagged_engine():
    with open(os.path.join(HERE, "data", "engine_classic.json"), encoding="utf-8") as f:
        classic = json.load(f)["rows"]
    assert figures(preset("classic")) == classic
    # every tunable of the classic searcher is frozen, not only today's changes
    assert set(preset("classic")) == {p.name for p in yinsh.Engine(hash_mb=0, evaluation="classic").params(yinsh.Board)}


def test_todays_defaults_differ_from_the_baseline():
    # the preset sets back every default that changed; were it empty, this
    # test and the one above could not both pass after a change of the search
    defaults = {p.name: p.default for p in yinsh.Engine(hash_mb=0, evaluation="classic").params(yinsh.Board)}
    assert any(defaults[name] != value for name, value in preset("baseline").items())
    assert figures({}) != REFERENCE


def test_every_preset_names_known_tunables_in_range():
    for name in PRESETS:
        yinsh.Engine(hash_mb=0, evaluation="classic").configure(yinsh.Board, **preset(name))


def test_unknown_preset():
    with pytest.raises(ValueError, match="unknown preset 'nope'"):
        preset("nope")
    with pytest.raises(TypeError):
        preset(3)  # type: ignore[arg-type]


def test_match_players_take_the_preset():
    for spec in ("baseline", "engine:preset=baseline", "baseline:time=0.1"):
        player = parse_player(spec, {"time": 0.1})
        assert player.limits == {"time": 0.1}
        assert isinstance(player.make, TunedEngineFactory)
        got = {p.name: p.value for p in player.make(0).params(yinsh.Board)}
        assert all(got[k] == v for k, v in preset("baseline").items())
    # a setting given overrides the preset's
    got = {p.name: p.value for p in parse_player("baseline:soft_time=0.9", {}).make(0).params(yinsh.Board)}
    assert got["soft_time"] == 0.9
    for spec, message in (("engine:preset=nope", "unknown preset"),
                          ("engine:preset=baseline,preset=baseline", "twice")):
        with pytest.raises(CommandError, match=message):
            parse_player(spec, {})


def test_match_players_may_keep_their_tables():
    assert parse_player("engine:keep=1", {}).make(0).keep_tables is True
    assert parse_player("baseline:keep=0", {}).make(0).keep_tables is False
    assert parse_player("engine", {}).make(0).keep_tables is False
    with pytest.raises(CommandError, match="keep: must be between 0 and 1"):
        parse_player("engine:keep=2", {})
