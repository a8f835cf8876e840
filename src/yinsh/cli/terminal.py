"""What the terminal games of ``yinsh play`` share: the engine with its
limits (``Opponent``), the words for sides and scores, and ``Terminal``, the
line input and output with saving and leaving, over a
``yinsh.engine.session.Session``.

``yinsh.cli.play`` (Yinsh and Insert: a person against the engine) and
``yinsh.cli.table`` (Ludo: 2..4 seats) build on them.
"""
from __future__ import annotations

import datetime
import sys
import threading
from types import ModuleType
from typing import IO, Any, Callable, Optional

from yinsh.arguments import CommandError
from yinsh.engine import Analysis, session
from yinsh.engine.session import search_in_thread, wait_for

DEFAULT_ENGINE_TIME = 1.0


class Opponent:
    """The engine (``yinsh.engine.Engine``) with a depth or time limit:
    ``choose(board)`` returns (move, score text from the side to act);
    ``think(board)`` returns (``Analysis``, interrupted), searching in a
    worker thread that Ctrl-C stops (the best action so far is kept;
    ``yinsh.engine.session.search_in_thread``). ``algorithm`` and
    ``evaluation`` as for ``Engine`` (both ``auto`` by default: the game's
    search and its default evaluation), and ``level`` (1..8, 8: the full
    engine) with the ``seed`` of its choices.

    Raises ``CommandError`` for a depth or time the engine does not take.
    """

    def __init__(self, depth: Optional[int] = None, time: Optional[float] = None,
                 algorithm: str = "auto", evaluation: str = "auto", level: int = 8,
                 seed: Optional[int] = None) -> None:
        try:
            from yinsh.engine import Engine
        except ImportError as exc:
            raise CommandError(f"the search engine is not available: {exc}") from None
        if depth is None and time is None:
            time = DEFAULT_ENGINE_TIME
        self.depth, self.time = depth, time
        try:
            self.engine = Engine(hash_mb=16, depth=depth, time=time,   # checks the limits
                                 algorithm=algorithm, evaluation=evaluation, level=level, seed=seed)
        except (TypeError, ValueError) as exc:
            raise CommandError(str(exc)) from None
        #: How ``think`` waits for the search (an Event set when it ends); tests replace it.
        self.wait: Callable[[threading.Event], None] = wait_for

    @property
    def limits(self) -> dict[str, Any]:
        """The search limits, as keyword arguments of ``Engine.analyse``."""
        return {"depth": self.depth, "time": self.time}

    def choose(self, board: Any) -> tuple[Optional[Any], str]:
        analysis = self.engine.analyse(board, **self.limits)
        return analysis.best_move, analysis.score_text()

    def think(self, board: Any,
              on_start: Optional[Callable[[], None]] = None) -> tuple[Analysis, bool]:
        """(analysis, interrupted): searches board in a worker thread while
        this thread waits; a ``KeyboardInterrupt`` while waiting stops the
        search, which answers with its best action so far (iteration 1
        always finishes), and interrupted is True."""
        return search_in_thread(self.engine, board, self.limits, wait=self.wait, on_start=on_start)

    def describe(self, board: Any) -> str:
        """How the engine plays board's game: its limit, and its level below 8."""
        limit = f"depth {self.depth}" if self.depth is not None else f"{self.time:g} s a move"
        if self.engine.level == 8:
            return limit
        level = self.engine.level_for(board)
        return f"level {level.number}, {level.name}, at most {limit}"


def side_name(color: Any) -> str:
    """A side's name for people: ``White``, ``Green``."""
    return str(color.label.capitalize())


def score_words(analysis: Analysis, side: Any, note: str = "; 10000 = one ring") -> str:
    """The engine's score for people, saying whose view and what unit:
    ``score -88 for Black; 10000 = one ring`` or ``White wins in 3 actions``."""
    name = side_name(side)
    mate = analysis.mate
    if mate is not None:
        n = abs(mate)
        return f"{name} {'wins' if mate > 0 else 'loses'} in {n} action{'' if n == 1 else 's'}"
    return f"score {analysis.score:+d} for {name}{note}"


def load_readline(completer: Callable[[str, int], Optional[str]]) -> Optional[ModuleType]:
    """Imports ``readline`` (which then edits the lines ``input()`` reads and
    keeps their history) and sets Tab completion; None where Python has no
    readline."""
    try:
        import readline
    except ImportError:
        return None
    readline.set_completer(completer)
    readline.set_completer_delims(" ;\t\n")
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return readline


class Terminal:
    """A game in the terminal: the lines of a person on ``inp``, the
    messages on ``out``, the game in ``self.game`` (a
    ``yinsh.engine.session.Session``, set by the subclass). When ``inp`` is a
    terminal and is ``sys.stdin``, lines are read with ``input()`` and
    ``readline`` (line editing, history, Tab completion through
    ``complete``), else with ``inp.readline()`` and echoed to ``out``.
    ``save`` writes the game, ``leave`` asks to save an unsaved one."""

    game: session.Session
    #: the commands Tab completes (besides the legal actions)
    commands: tuple[str, ...] = ()

    def __init__(self, inp: IO[str], out: IO[str]) -> None:
        self.inp, self.out = inp, out
        interactive = hasattr(inp, "isatty") and inp.isatty()
        self.echo = not interactive
        self.use_input = interactive and inp is sys.stdin and out is sys.stdout
        self.readline = load_readline(self.complete) if self.use_input else None

    @property
    def board(self) -> Any:
        return self.game.board

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def read(self, prompt: str) -> Optional[str]:
        """One input line without its newline, or None at the end of input.
        Ctrl-C comes through as ``KeyboardInterrupt``."""
        if self.use_input:
            try:
                return input(prompt)
            except EOFError:
                self.say()
                return None
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.say()
            return None
        line = line.rstrip("\r\n")
        if self.echo:
            self.say(line.strip())
        return line

    def complete(self, text: str, state: int) -> Optional[str]:
        """readline's completer: the commands and the legal actions."""
        words = list(self.commands) + [str(m) for m in self.board.legal_moves]
        matches = sorted(w for w in words if w.startswith(text.lower()))
        return matches[state] if state < len(matches) else None

    def unsaved(self) -> bool:
        return self.game.unsaved

    def save(self, path: str) -> bool:
        """Writes the game to path (the record format); says what happened."""
        if not path:
            self.say("save needs a file name: save FILE")
            return False
        try:
            game = self.game.save(path, Event="yinsh play",
                                  Date=datetime.date.today().strftime("%Y.%m.%d"))
        except OSError as exc:
            self.say(f"Cannot save to {path}: {exc.strerror or exc}")
            return False
        self.say(f"Saved {len(game.actions)} actions to {path}")
        return True

    def leave(self) -> bool:
        """Asks to save an unsaved game; True to end the session."""
        if self.unsaved():
            try:
                answer = self.read("Save the game before quitting? [y/N/file name] ")
            except KeyboardInterrupt:
                self.say()
                answer = None
            answer = (answer or "").strip()
            if answer.lower() in ("y", "yes"):
                answer = datetime.datetime.now().strftime("yinsh-%Y%m%d-%H%M%S.txt")
            if answer and answer.lower() not in ("n", "no"):
                if not self.save(answer):
                    self.say("The game is not saved; back to it (quit again to leave anyway).")
                    return False
            else:
                self.say("Not saved.")
        self.say("Bye.")
        return True
