"""Ctrl-C (SIGINT) stops every long compiled call within milliseconds.

Each test sends SIGINT to this process from another thread while the main
thread is inside one long call (the handler then runs in the main thread, as
for Ctrl-C) and checks that the call raises the handler's exception soon
after. The calls would run for seconds to hours if the interrupt were only
seen at their end, so the generous MARGIN still tells the two apart.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

try:
    import resource                      # POSIX
except ImportError:                      # pragma: no cover (Windows)
    resource = None  # type: ignore[assignment]

import yinsh
from yinsh.yinsh.bench import POSITIONS

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")

MARGIN = 1.0          # seconds allowed from the signal to the exception (it takes milliseconds)
MIDGAME = next(p for p in POSITIONS if p.name == "midgame, ply 31")    # perft 6: 6-8 s
CROSSCHECK = next(p for p in POSITIONS if p.name == "crosscheck")       # perft 2: 4705


class Boom(Exception):
    """What a custom SIGINT handler raises."""


def _raise_boom(signum, frame):
    raise Boom()


def interrupted(call, delay: float = 0.3, handler=signal.default_int_handler,
                after: threading.Event | None = None):
    """Runs call() in the main thread with SIGINT sent to the process delay
    seconds after the start (or after the event ``after`` is set), handled
    by handler; returns (the exception call raised, the seconds from the
    signal to it). Fails if call returns first."""
    previous = signal.signal(signal.SIGINT, handler)
    done = threading.Event()
    sent: list = []

    def send():
        while after is not None and not after.wait(0.01):
            if done.is_set():
                return
        if not done.wait(delay):
            sent.append(time.perf_counter())
            os.kill(os.getpid(), signal.SIGINT)

    sender = threading.Thread(target=send, daemon=True)
    try:
        sender.start()
        try:
            call()
        except (KeyboardInterrupt, Boom) as exc:
            caught = time.perf_counter()
            sender.join()
            return exc, caught - sent[0]
        done.set()
        try:                                   # a signal already sent arrives here, not later
            sender.join()
            time.sleep(0.1)
        except (KeyboardInterrupt, Boom):
            pass
        pytest.fail("the call returned before the interrupt")
    finally:
        done.set()
        signal.signal(signal.SIGINT, previous)


def test_perft_raises_keyboard_interrupt_at_once():
    board = MIDGAME.board()
    exc, latency = interrupted(lambda: yinsh.perft(board, 6))
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    assert yinsh.perft(CROSSCHECK.board(), 2) == 4705                # nothing left behind


def test_perft_raises_the_handlers_own_exception():
    board = MIDGAME.board()
    exc, latency = interrupted(lambda: yinsh.perft(board, 6), handler=_raise_boom)
    assert type(exc) is Boom and latency < MARGIN


@pytest.mark.parametrize("call", [yinsh.perft, yinsh.divide])
def test_perft_on_threads_raises_keyboard_interrupt_at_once(call):
    """The main thread polls for the signal and stops the helper threads."""
    board = MIDGAME.board()
    exc, latency = interrupted(lambda: call(board, 6, threads=2))
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    assert yinsh.perft(CROSSCHECK.board(), 2, threads=2) == 4705      # nothing left behind


def test_divide_raises_keyboard_interrupt_at_once():
    board = MIDGAME.board()
    exc, latency = interrupted(lambda: yinsh.divide(board, 6))
    assert type(exc) is KeyboardInterrupt and latency < MARGIN


def test_random_playouts_raise_keyboard_interrupt_at_once():
    exc, latency = interrupted(lambda: yinsh.random_playouts(10**6, seed=3))    # 25 s
    assert type(exc) is KeyboardInterrupt and latency < MARGIN


def test_batch_step_random_is_interrupted_inside_the_call():
    games = yinsh.BatchGames(1 << 18, seed=5)    # a step takes tens of milliseconds

    def play():
        for _ in range(30):                      # no game can end in 30 plies
            games.step_random()

    exc, latency = interrupted(play)
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    plies = games.plies
    # stopped inside a step: the games before the point of interruption have
    # one ply more than the others (seen only between steps, all would be equal)
    assert plies.max() == plies.min() + 1


def test_analyse_raises_keyboard_interrupt_holding_the_last_finished_iteration():
    board = yinsh.Board()               # placements: depth 6 in ~0.3 s, then depth 7 takes ~2 s
    engine = yinsh.Engine(hash_mb=16)
    depth_6 = threading.Event()

    def on_info(a):
        if a.depth == 6:
            depth_6.set()

    exc, latency = interrupted(lambda: engine.analyse(board, depth=30, on_info=on_info),
                               delay=0.1, after=depth_6)      # 0.1 s into iteration 7
    assert type(exc) is KeyboardInterrupt and latency < MARGIN
    analysis = exc.analysis
    assert analysis is not None and analysis.depth == 6
    assert analysis.best_move in board.legal_moves and analysis.pv[0] == analysis.best_move
    assert engine.stop() is None                          # nothing left running
    assert engine.analyse(board, depth=2).depth == 2      # and the engine still works


# The command line: `yinsh` catches KeyboardInterrupt in cli.main, prints one
# line and exits with status 130.

def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


_START_UP: list[float] = []


def start_up_cpu() -> float:
    """The CPU seconds of ``python -m yinsh`` doing nothing (imports), measured
    once: more on a fresh install (no bytecode yet) or a slow machine."""
    if resource is None:                                 # pragma: no cover (Windows)
        return 0.3
    if not _START_UP:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "yinsh", "perft", "0"], capture_output=True, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        _START_UP.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return _START_UP[0]


def run_interrupted(*args: str, busy: float = 0.3):
    """Runs ``python -m yinsh args``, sends it SIGINT once it has used busy
    CPU seconds more than its start-up (``start_up_cpu``: it is then busy in
    the command), and returns (exit status, stdout, stderr, seconds from the
    signal to the exit)."""
    cpu = start_up_cpu() + busy
    proc = subprocess.Popen([sys.executable, "-m", "yinsh", *args], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            # Ctrl-C must not be ignored, even if this runner ignores it
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 30
        if os.path.exists(f"/proc/{proc.pid}/stat"):
            while (proc.poll() is None and time.monotonic() < deadline
                   and _cpu_seconds(proc.pid) < cpu):
                time.sleep(0.02)
        else:                                            # pragma: no cover (no /proc)
            time.sleep(2.0)
        assert proc.poll() is None, "the command ended before the interrupt"
        sent = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        return proc.returncode, out, err, time.perf_counter() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def test_cli_perft_exits_130_on_ctrl_c():
    status, out, err, seconds = run_interrupted("perft", "7")      # hours without the interrupt
    assert (status, err, out) == (130, "yinsh perft: interrupted\n", "")
    assert seconds < MARGIN


def test_cli_perft_divide_exits_130_on_ctrl_c():
    status, out, err, seconds = run_interrupted("perft", "7", "--divide")
    assert (status, err, out) == (130, "yinsh perft: interrupted\n", "")
    assert seconds < MARGIN


def test_cli_bench_exits_130_on_ctrl_c():
    status, out, err, seconds = run_interrupted("bench")
    assert (status, err) == (130, "yinsh bench: interrupted\n")
    assert out.startswith("perft (the default evaluation: learned)\n") and seconds < MARGIN


def test_cli_analyse_prints_the_best_move_so_far_and_exits_130_on_ctrl_c():
    status, out, err, seconds = run_interrupted("analyse", "--depth", "30")
    assert (status, err) == (130, "yinsh analyse: interrupted\n")
    lines = out.splitlines()
    assert lines[0].startswith("depth 1 ") and lines[-1].startswith("bestmove ")
    last_info = lines[-2].split()
    assert lines[-1].split()[1] == last_info[last_info.index("pv") + 1]    # the last finished iteration
    assert seconds < MARGIN
