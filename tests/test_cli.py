"""The `yinsh` command line: perft, bench, help and error handling."""
import hashlib
import os
import re
import subprocess
import sys

import pytest

from yinsh.cli import main

CROSSCHECK = "h6 g6 g8 c6 e10 f8 g11 e9 h11 d7"
PERFT_LEAVES = 170637095         # perft part
SEARCH_NODES = 496021            # search part (one thread)
BENCH_SIGNATURE = PERFT_LEAVES + SEARCH_NODES
# The learned evaluation's search signature depends on the packaged network:
# a new network (by its SHA-256) needs its signature here.
LEARNED_SIGNATURES = {"25e06195cfd2837a802cadb5fa5ff10594ea335492abf15625e35c911df50814": 247997}


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "yinsh", *args], capture_output=True, text=True,
                          timeout=120)


def test_perft_prints_nodes_time_and_rate(capsys):
    assert main(["perft", "3", "--moves", CROSSCHECK]) == 0
    out = capsys.readouterr().out
    assert "Nodes       : 240259" in out and "Nodes/second:" in out and "Time" in out


def test_perft_divide(capsys):
    assert main(["perft", "2", "--divide", "--moves", CROSSCHECK]) == 0
    lines = capsys.readouterr().out.splitlines()
    counts = dict(line.split(": ") for line in lines if line[:1].islower() and "-" in line)
    assert len(counts) == 54 and sum(map(int, counts.values())) == 4705


def test_perft_on_threads(capsys):
    assert main(["perft", "3", "--threads", "2", "--moves", CROSSCHECK]) == 0
    out = capsys.readouterr().out
    assert "Nodes       : 240259" in out and "Threads     : 2" in out
    assert main(["perft", "2", "--divide", "--threads", "3", "--moves", CROSSCHECK]) == 0
    lines = capsys.readouterr().out.splitlines()
    counts = dict(line.split(": ") for line in lines if line[:1].islower() and "-" in line)
    assert len(counts) == 54 and sum(map(int, counts.values())) == 4705


def test_perft_from_position(capsys):
    assert main(["perft", "1", "--position", "4/7/8/9/10/9/10/9/8/7/4 w place - 0:0 0 blitz"]) == 0
    assert "Nodes       : 85" in capsys.readouterr().out


def test_bench_signature_is_deterministic(capsys):
    assert main(["bench"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("perft (the default evaluation: learned)\n")
    assert out.count("Nodes searched :") == 1                            # one signature line
    assert out.splitlines()[-2:][0] == f"Nodes searched : {BENCH_SIGNATURE}"
    assert out.splitlines()[-1].startswith("Nodes/second : ")
    assert f"Perft leaves : {PERFT_LEAVES}" in out and f"Search nodes : {SEARCH_NODES}" in out
    assert "Playouts/second :" in out and "MCTS playouts/second :" in out
    assert "Search nodes/second (2 threads) :" in out and "Speed-up (nodes/second) :" in out
    import yinsh.yinsh
    with open(os.path.join(os.path.dirname(yinsh.yinsh.__file__), "yinsh.nnue"), "rb") as f:
        network = hashlib.sha256(f.read()).hexdigest()
    assert network in LEARNED_SIGNATURES, f"a new packaged network {network}: add its bench signature"
    assert out.count("Learned nodes searched :") == 1
    assert f"Learned nodes searched : {LEARNED_SIGNATURES[network]}\n" in out
    assert "Learned search nodes/second :" in out
    for label, count in (("Position", 7), ("Search", 6), ("Threads", 6), ("Mcts", 6), ("Learned", 6)):
        assert len(re.findall(rf"^{label} \d/{count}", out, re.M)) == count   # a line per position


@pytest.mark.parametrize("command", [[], ["perft"], ["bench"]])
def test_help_on_every_command(command):
    result = run(*command, "--help")
    assert result.returncode == 0 and "usage: yinsh" in result.stdout


@pytest.mark.parametrize("args,message", [
    (["perft", "2", "--moves", "e5 zz"], "not a point"),
    (["perft", "2", "--moves", "e5 e5"], "already holds a ring"),
    (["perft", "2", "--position", "nonsense"], "7 fields"),
    (["perft", "-1"], "between 0 and 64"),
    (["perft", "x"], "not a whole number"),
    (["perft", "99"], "between 0 and 64"),
    (["perft", "0", "--divide"], "between 1 and 64"),
    (["perft", "2", "--threads", "0"], "between 1 and 256"),
    (["perft", "2", "--threads", "two"], "not a whole number"),
])
def test_errors_are_one_line_and_nonzero(args, message):
    result = run(*args)
    assert result.returncode != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
