"""``yinsh play --game ludo``: a game of 2..4 seats in the terminal.

``Table`` seats a person or a computer player at each colour, throws the
dice for every seat and prints each throw and move; a person sees the
numbered legal moves and types a number, a move's text or a command:
``moves``, ``board``, ``hint`` (the MCTS's suggestion), ``undo`` (take back
your last move and everything after it; the dice of that turn stay),
``save FILE``, ``help``, ``quit`` (asks to save an unsaved game), as in
``yinsh play`` for Yinsh and Insert (``yinsh.cli.play``). The game is a
``yinsh.engine.session.Session``, so undo and saving are the same code.
"""
from __future__ import annotations

import argparse
import random
import sys
from typing import IO, Any, Optional

from yinsh import games, record
from yinsh.game_kind import GameKind
from yinsh.errors import IllegalMoveError, InvalidMoveError
from yinsh.arguments import CommandError
from yinsh.cli import board_from_args
from yinsh.cli.terminal import Opponent, Terminal, score_words, side_name
from yinsh.engine import session
from yinsh.engine.session import Seat

#: Seconds the MCTS thinks for a hint.
HINT_TIME = 1.0

#: What the MCTS's score of a hint means.
MCTS_NOTE = " (the MCTS's mean result: 1000 a sure win, -1000 a sure loss)"

SEATED_HELP = """Commands:
  N  or an action (s-3, 21-24, h1-h4)   play the move numbered N, or named
  moves                                 list the legal moves again
  board                                 draw the board
  hint                                  the engine's suggestion (the MCTS)
  undo                                  take back your last move (and the moves and throws after it)
  save FILE                             write the game to FILE (record format)
  help                                  this text
  quit                                  leave the game (asks to save an unsaved game)
The computer throws the dice for every seat; a single legal move is played for you."""

COMMANDS = ("moves", "board", "hint", "undo", "save", "help", "quit")


class Table(Terminal):
    """A game of 2..4 seats (Ludo) in the terminal: ``seats`` gives one
    ``(label, player)`` a colour in turn order, player ``None`` for a person
    (on ``inp``/``out``) or an object with ``best_move(board)``. The dice are
    thrown with ``dice`` (a ``random.Random``) for every seat and printed.
    ``hint_time``: the seconds the MCTS thinks for ``hint`` (default
    ``HINT_TIME``)."""

    commands = COMMANDS

    def __init__(self, board: Any, seats: list[tuple[str, Any]], dice: Any, inp: IO[str],
                 out: IO[str], hint_time: Optional[float] = None) -> None:
        self.kind = games.of_board(board)
        self.dice = dice
        self.hint_time = HINT_TIME if hint_time is None else hint_time
        self.labels = {int(color): label for color, (label, _) in zip(board.players, seats)}
        self.people = any(player is None for _, player in seats)
        places = [Seat() for _ in type(board.turn)]
        for color, (label, player) in zip(board.players, seats):
            places[int(color)] = Seat(name="Human") if player is None else Seat(player, name=label)
        self.game = session.Session(board, places, record=record)
        self._hinter: Optional[Opponent] = None
        super().__init__(inp, out)

    def name(self, color: Any) -> str:
        return f"{side_name(color)} ({self.labels[int(color)]})"

    def moves(self) -> list[Any]:
        return list(self.board.legal_moves)

    def list_moves(self) -> None:
        self.say("  ".join(f"{k}) {m}" for k, m in enumerate(self.moves(), 1)))

    def run(self) -> bool:
        """Plays until the person quits, or with no person at the table to
        the end; returns whether the game is over."""
        self.say("Seats: " + ", ".join(self.name(c) for c in self.board.players)
                 + ". The computer throws the dice. Type help for the commands.")
        self.say(str(self.board))
        while True:
            self.advance()
            if self.game.is_over():
                self.report_end()
                if not self.people:
                    return True
            else:
                self.say(str(self.board))
                self.list_moves()
            if not self.ask():
                return self.game.is_over()

    def advance(self) -> None:
        """Throws the dice and plays the computer seats' moves and every
        forced move, until a person must choose or the game is over."""
        while not self.board.is_game_over():
            board, side = self.board, self.board.turn
            if board.is_chance():                 # the throws of side in a row: "Green throws 6 3"
                throws = []
                while board.is_chance() and not board.is_game_over() and board.turn == side:
                    throws.append(str(board.throw(self.dice))[1:])
                self.say(f"{side_name(side)} throws {' '.join(throws)}")
                continue
            event = self.game.step()
            if event is None:
                return
            forced = " (the only legal move)" if event.kind == "forced" else ""
            self.say(f"{self.name(side)} plays {event.move}{forced}")

    def report_end(self) -> None:
        board = self.board
        self.say(str(board))
        order = [int(c) for c in board.finishing_order]
        order += [int(c) for c in board.players if int(c) not in order]
        colors = {int(c): c for c in board.players}
        self.say(f"Game over, {board.result()}: finishing order "
                 + ", ".join(f"{k}. {self.name(colors[c])}" for k, c in enumerate(order, 1)))

    def ask(self) -> bool:
        """Carries out the person's lines until one changes the game (a
        move, an undo: True) or the person leaves (False)."""
        prompt = "game over> " if self.game.is_over() else f"{side_name(self.board.turn)}> "
        while True:
            try:
                line = self.read(prompt)
            except KeyboardInterrupt:             # Ctrl-C at the prompt: leave, as quit does
                self.say()
                line = None
            text = (line or "").strip()
            word, _, rest = text.partition(" ")
            word = word.lower()
            if line is None or word in ("quit", "exit", "q"):
                if self.leave():
                    return False
            elif not text:
                continue
            elif word in ("help", "?"):
                self.say(SEATED_HELP)
            elif word == "moves":
                self.list_moves()
            elif word == "board":
                self.say(str(self.board))
            elif word == "flip":
                self.say(f"The {self.kind.name} board is drawn one way only.")
            elif word == "hint":
                self.hint()
            elif word == "save":
                self.save(rest.strip())
            elif word == "undo":
                if self.undo():
                    return True
            elif self.choose(text):
                return True

    def choose(self, text: str) -> bool:
        """Plays the move numbered or named by text (True), else says why not."""
        if self.game.is_over():
            self.say("The game is over: undo, save FILE or quit.")
            return False
        moves = self.moves()
        if text.isdigit():
            if not 1 <= int(text) <= len(moves):
                self.say(f"No move {text}: type 1..{len(moves)}.")
                return False
            move = moves[int(text) - 1]
        else:                                 # worded as yinsh play words them
            try:
                move = self.board.parse_move(text)
            except InvalidMoveError as exc:
                self.say(f"Not understood: {exc}. Type help for the notation.")
                return False
            except IllegalMoveError as exc:
                self.say(f"Illegal: {exc}. The legal moves:")
                self.list_moves()
                return False
        side = self.board.turn
        self.game.play(move)
        self.say(f"{self.name(side)} plays {move}")
        return True

    def undo(self) -> bool:
        """Takes back the person's last move and the throws and moves after it."""
        taken = self.game.undo()
        if not taken:
            self.say("Nothing to undo.")
            return False
        self.say(f"Took back: {' '.join(str(m) for m in taken)}")
        return True

    def hint(self) -> None:
        """The MCTS's move for the person, with its score (Ctrl-C: at once)."""
        if self.game.is_over():
            self.say("The game is over.")
            return
        if self._hinter is None:
            self._hinter = Opponent(time=self.hint_time, algorithm="mcts")
            mcts_seat = self.kind.part("match").player_factory("mcts")()        # the settings of the mcts seats
            self._hinter.engine.configure(type(self.board), **mcts_seat.settings)
        analysis, _ = self._hinter.think(self.board)
        self.say(f"Hint: {analysis.best_move}   [{score_words(analysis, self.board.turn, MCTS_NOTE)}]")


def cmd_play_seated(args: argparse.Namespace, kind: GameKind) -> None:
    """``yinsh play --game ludo --seats ...``: every option is checked before
    the game starts."""
    from yinsh.cli.search import parse_seat
    for option, given in (("--color", args.color), ("--engine-depth", args.engine_depth),
                          ("--engine-time", args.engine_time), ("--unicode", args.unicode or None),
                          ("--level", None if args.level == 8 else args.level)):
        if given is not None:
            raise CommandError(f"{option} is not an option of {kind.name} play (it takes "
                               f"--seats, --players, --variant, --seed)")
    board = board_from_args(args)
    count = len(board.players)
    specs = (args.seats or ",".join(["human"] + ["mcts"] * (count - 1))).split(",")
    if len(specs) != count:
        raise CommandError(f"--seats gives {len(specs)} seat(s) for {count} players "
                           f"(one a colour: {', '.join(c.label for c in board.players)})")
    seats: list[tuple[str, Any]] = []
    for k, spec in enumerate(specs):
        spec = spec.strip()
        if spec == "human":
            seats.append(("you", None))
            continue
        if spec.partition(":")[0] not in kind.part("match").player_classes:
            raise CommandError(f"unknown seat {spec!r} (expected human, "
                               f"{', '.join(kind.part('match').player_classes)}, mcts:time=S)")
        _, factory = parse_seat(spec, 0.1, kind)
        seats.append((spec, factory(args.seed * 7919 + k)))
    Table(board, seats, random.Random(args.seed), sys.stdin, sys.stdout).run()
