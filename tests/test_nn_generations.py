"""yinsh.nn.generations: the generation loop end to end on tiny sizes (the
train extra: JAX, optax): the records, the lineage in the network files, a
gate that fails keeps the parent, and a rerun resumes without redoing steps.

The gate plays at depth 1, so its games are fixed; an SPRT between +1990
and +2000 Elo always fails (no score of a few games comes near 0.99999), one
between -2000 and -1990 always passes."""
from __future__ import annotations

import json
import os

import pytest

import jax  # noqa: F401  (conftest: a missing jax skips this module, naming the train extra)

from yinsh.cli import main  # noqa: E402
from yinsh.distributed.engines import EngineSpec  # noqa: E402
from yinsh.distributed.manifest import sha256_of  # noqa: E402
from yinsh.engine.network import lineage, load, packaged_network  # noqa: E402
from yinsh.nn.generations import (GenerationConfig, GenerationError, STATE,  # noqa: E402
                                  run_generations)
from yinsh.nn.lineage import lineage_rows, lineage_table  # noqa: E402

FAIL = (1990.0, 2000.0)
PASS = (-2000.0, -1990.0)
STEPS = ["selfplay", "data", "train", "gate", "network"]
#: The packaged network's generation: a run started from it carries its lineage on.
BASE = lineage(load(packaged_network("yinsh")))["generation"]
INSERT_BASE = lineage(load(packaged_network("insert")))["generation"]


def tiny(out, sprt, generations=2, **options):
    return GenerationConfig(out=str(out), generations=generations, games=4, depth=1,
                            games_per_shard=2, epochs=2, batch_size=64, gate_depth=1,
                            gate_games=4, gate_round=2, sprt=sprt, **options)


def state(out, generation):
    with open(os.path.join(out, f"gen-{generation:03d}", STATE)) as f:
        return json.load(f)


def network_of(out, generation):
    return load(os.path.join(out, f"gen-{generation:03d}", "yinsh.nnue"), "yinsh")


@pytest.fixture(scope="module")
def failed(tmp_path_factory):
    """A run whose gates fail: stopped after generation 1's training set,
    then resumed to two generations."""
    out = str(tmp_path_factory.mktemp("failed"))
    ran = []

    def stop_after_data(generation, step):
        ran.append((generation, step))
        if (generation, step) == (1, "data"):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_generations(tiny(out, FAIL), after_step=stop_after_data)
    first = list(ran)
    shard = os.path.join(out, "gen-001", "selfplay", "shard-000000.npz")
    written = os.stat(shard).st_mtime_ns
    ran.clear()
    records = run_generations(tiny(out, FAIL), after_step=lambda g, s: ran.append((g, s)))
    return out, first, list(ran), records, os.stat(shard).st_mtime_ns == written


def test_an_interrupted_run_resumes_where_it_stopped(failed):
    out, first, resumed, records, shard_kept = failed
    assert first == [(1, "selfplay"), (1, "data")]
    assert resumed == [(1, s) for s in STEPS[2:]] + [(2, s) for s in STEPS]
    assert shard_kept                                     # the self-play was not played again
    ran = []
    again = run_generations(tiny(out, FAIL), after_step=lambda g, s: ran.append((g, s)))
    assert ran == [] and again == records                 # nothing is redone


def test_the_records(failed):
    out, _, _, records, _ = failed
    assert [r["generation"] for r in records] == [0, 1, 2]
    start = records[0]["steps"]["network"]
    assert start["promoted"] and start["source"] == "packaged"
    assert start["sha256"] == sha256_of(packaged_network("yinsh"))
    one = records[1]
    assert one["parent"] == 0 and one["seed"] == 1000 + BASE + 1
    steps = one["steps"]
    assert set(steps) == set(STEPS)
    assert steps["selfplay"]["games"] == 4 and steps["selfplay"]["positions"] > 0
    assert "network=" in steps["selfplay"]["engine"] and "evaluation=learned" in steps["selfplay"]["engine"]
    assert steps["selfplay"]["command"].startswith("yinsh selfplay --game yinsh --games 4")
    assert steps["data"]["generations"] == [1] and len(steps["data"]["sha256"]) == 64
    assert steps["train"]["command"].startswith("yinsh train ")
    assert steps["train"]["validation_loss"] > 0
    gate = steps["gate"]
    assert gate["wins"] + gate["draws"] + gate["losses"] == gate["games"] <= 4
    assert gate["sprt"] == list(FAIL) and gate["decision"] == "H0" and not gate["passed"]
    assert records[2]["steps"]["data"]["generations"] == [1, 2]      # the window of 2


def test_a_failed_gate_does_not_promote(failed):
    out, _, _, records, _ = failed
    assert not os.path.exists(os.path.join(out, "yinsh.nnue"))
    assert records[2]["parent"] == 0                      # generation 2 played with generation 0
    assert not records[1]["steps"]["network"]["promoted"]
    assert records[2]["steps"]["selfplay"]["engine"].endswith(os.path.join("gen-000", "yinsh.nnue"))


def test_the_lineage_in_the_files(failed):
    out, _, _, records, _ = failed
    for g in (1, 2):
        found = lineage(network_of(out, g))
        assert found["generation"] == BASE + g
        assert found["parent"] == records[0]["steps"]["network"]["sha256"]
        assert found["data_hash"] == records[g]["steps"]["data"]["sha256"]
        assert found["data_hash"] == network_of(out, g).meta["data_hash"]
        assert found["gate"]["passed"] is False and found["gate"]["decision"] == "H0"
        assert records[g]["steps"]["network"]["sha256"] == sha256_of(
            os.path.join(out, f"gen-{g:03d}", "yinsh.nnue"))
    assert BASE == 2                                        # the packaged network: generation 2
    assert INSERT_BASE == 3                                 # Insert's: its loop's third
    first = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "data", "insert-gen0.nnue")
    assert lineage(load(first)) is None                     # files made outside the loop load unchanged


def test_a_passed_gate_promotes(tmp_path):
    out = str(tmp_path)
    records = run_generations(tiny(out, PASS))
    assert [r["steps"]["network"]["promoted"] for r in records] == [True, True, True]
    assert records[2]["parent"] == 1
    assert lineage(network_of(out, 2))["parent"] == records[1]["steps"]["network"]["sha256"]
    assert sha256_of(os.path.join(out, "yinsh.nnue")) == records[2]["steps"]["network"]["sha256"]
    # A run started from that network carries its lineage on: its generation 1 is BASE + 3.
    more = str(tmp_path / "more")
    later = run_generations(tiny(more, PASS, generations=1, start=os.path.join(out, "yinsh.nnue")))
    assert later[0]["steps"]["network"]["base"] == BASE + 2 and later[1]["seed"] == 1000 + BASE + 3
    assert lineage(network_of(more, 1))["generation"] == BASE + 3
    assert lineage(network_of(more, 1))["parent"] == records[2]["steps"]["network"]["sha256"]
    rows = lineage_table(more).splitlines()[2:]
    assert rows[0].startswith(f"| {BASE + 2} | - |") and rows[1].startswith(f"| {BASE + 3} | {BASE + 2} |")


def test_another_run_in_the_folder_is_refused(failed):
    out = failed[0]
    with pytest.raises(GenerationError, match="other options .*games"):
        run_generations(GenerationConfig(out=out, generations=2, games=5, depth=1, sprt=FAIL))


def test_the_lineage_table(failed, capsys):
    out, _, _, records, _ = failed
    table = lineage_table(out)
    assert lineage_rows(out) == records
    lines = table.splitlines()
    assert len(lines) == 2 + 3 and lines[0].startswith("| generation | parent | games |")
    assert lines[3].startswith(f"| {BASE + 1} | {BASE} | 4 |") and "H0" in lines[3] and "kept aside" in lines[3]
    assert main(["lineage", out]) == 0
    assert capsys.readouterr().out.strip() == table


def test_the_command_line(tmp_path, capsys):
    out = str(tmp_path / "run")
    assert main(["generations", "--out", out, "--generations", "1", "--games", "2", "--depth",
                 "1", "--epochs", "1", "--batch-size", "32", "--gate-depth", "1",
                 "--gate-games", "2", "--sprt", "1990,2000", "--workers", "1", "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("| generation |") and f"| {BASE + 1} | {BASE} | 2 |" in printed
    assert main(["generations", "--out", out, "--generations", "1", "--games", "3",
                 "--quiet"]) == 2
    assert "other options" in capsys.readouterr().err


def test_engine_specs_take_a_network():
    spec = EngineSpec.parse(f"alphabeta:depth=1,evaluation=learned,network={packaged_network('yinsh')}")
    assert spec.network == packaged_network("yinsh") and spec.engine().network == spec.network
    with pytest.raises(ValueError, match="needs evaluation=learned"):
        EngineSpec.parse("alphabeta:network=x.nnue")


def test_insert_generations_and_the_classic_match(tmp_path):
    out = str(tmp_path)
    records = run_generations(tiny(out, PASS, generations=1, game="insert", classic_games=2))
    classic = records[1]["steps"]["classic"]
    assert classic["games"] == 2 and classic["opponent"] == "classic"
    first = load(os.path.join(out, "gen-001", "insert.nnue"), "insert")
    assert lineage(first)["generation"] == INSERT_BASE + 1
