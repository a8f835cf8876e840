"""The ``yinsh`` subcommands for people: ``play``, ``show`` and ``replay``.

- ``yinsh play [--engine-time S | --engine-depth D] [--color white|black]
  [--variant blitz]``: a game against the engine in the terminal. The
  diagram is printed after each action; type actions in the notation
  (``e5``, ``e5-e9``, ``xe5-e9``, ``xa2``, ``pass``; a whole turn such as
  ``e5-e9 xe6-e10 xa2`` or ``e5-e9;xe6-e10xa2`` works too) or a command:
  ``undo``, ``hint``, ``moves``, ``flip``, ``save FILE``, ``help``, ``quit``.
  A forced action (your only legal one) is played for you; the board is
  drawn turned for the side you play; Ctrl-C while the engine thinks makes
  it play its best action so far; leaving an unsaved game asks to save it.
  On a terminal, lines are read with ``readline`` (editing, history, Tab
  completion of actions and commands) when Python has it.
  ``--game insert [--layout N] [--color white|red]``: the same on Insert.
- ``yinsh play --game ludo [--players N] --seats human,mcts,mcts,random
  [--seed N]``: Ludo in the terminal, one seat a colour
  (``yinsh.cli.table``); the computer throws the dice for every seat; the
  same commands (``undo``, ``hint``, ``save FILE``, ...).
- ``yinsh show [--position P | --record FILE [--game N] [--ply N]] -o
  board.svg``: an SVG picture (``yinsh.svg``) of a position or of a recorded game.
- ``yinsh replay FILE [--game N] [--analyse [--depth D | --time S]]``: a record (ours or Boardspace SGF) action
  by action, with the engine's score and choice when ``--analyse`` is given.

``register(sub)`` adds them to the parser of ``yinsh.cli``.
"""
from __future__ import annotations

import argparse
import sys
from typing import IO, Any

from yinsh import games, record, svg
from yinsh.game_kind import GameKind
from yinsh.arguments import CommandError, Parser, int_in, nonnegative_int, positive_float
from yinsh.cli import (add_position_args, board_from_args, cannot_write, game_of, game_or_index, read_games,
                       search_depth, split_game_option)
from yinsh.engine import MAX_DEPTH, Analysis, session
from yinsh.engine.session import NotYourTurnError, Seat
from yinsh.engine.levels import MAX_LEVEL, MIN_LEVEL
from yinsh.cli.search import add_evaluation_args
from yinsh.cli.table import cmd_play_seated
from yinsh.cli.terminal import DEFAULT_ENGINE_TIME, Opponent, Terminal, score_words, side_name
from yinsh.errors import IllegalMoveError, InvalidMoveError

REPLAY_TIME = 0.2

HELP = """Commands:
  {notation}
  moves                          list the legal actions
  hint                           the engine's suggestion
  undo                           take back your last action (and the engine's replies)
{flip}  save FILE                      write the game to FILE (record format)
  help                           this text
  quit                           leave the game (asks to save an unsaved game)
Your only legal action is played for you. While the engine thinks, Ctrl-C makes it
play at once.{marks}"""

YINSH_MARKS = games.GAMES[games.DEFAULT].part("terminal").play_marks


def help_text(kind: GameKind) -> str:
    """play's help for a game."""
    terminal = kind.part("terminal")
    return HELP.format(notation=terminal.play_notation,
                       flip="  flip                           turn the board round\n"
                       if terminal.can_flip else "",
                       marks=terminal.play_marks)


SCORES = games.GAMES[games.DEFAULT].part("terminal").scores_help()

COMMANDS = ("moves", "hint", "undo", "flip", "save", "help", "quit")



def status(board: Any) -> str:
    """One line: who acts and what, or the result (``GameKind.status``)."""
    return str(games.of_board(board).part("terminal").status(board))


def game_status(board: Any) -> str:
    """One line for a board of any game: who acts, or the result."""
    if board.is_game_over():
        return f"Game over: {board.result()}"
    return f"{side_name(board.turn)} to act"


# yinsh show -----------------------------------------------------------------------

def load_game(path: str, number: int) -> record.Game:
    """Game number (from 1) of the record file at path; CommandError if the
    file cannot be read (``yinsh.cli.read_games``) or has no such game."""
    games = read_games(path)
    if not 1 <= number <= len(games):
        raise CommandError(f"{path} holds {len(games)} game(s); there is no game {number}")
    return games[number - 1]


def cmd_show(args: argparse.Namespace) -> None:
    """Writes an SVG picture of a position or of a recorded game."""
    if args.output == "":
        raise CommandError("-o needs a file name (or - for standard output)")
    split_game_option(args)
    if args.record is not None:
        if any(getattr(args, o) is not None for o in ("position", "variant", "moves", "layout",
                                                       "players")):
            raise CommandError("--record cannot be combined with --position, --variant or --moves")
        game = load_game(args.record, 1 if args.game is None else args.game)
        ply = len(game.actions) if args.ply is None else args.ply
        if ply > len(game.actions):
            raise CommandError(f"--ply {ply}: the game has only {len(game.actions)} actions")
        board = game.board_at(ply)
    else:
        if args.ply is not None:
            raise CommandError("--ply needs --record")
        if args.game is not None:
            raise CommandError("--game needs --record")
        board = board_from_args(args)
    picture = picture_of(board, args)
    if args.output in (None, "-"):
        sys.stdout.write(picture)
        return
    try:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(picture)
    except OSError as exc:
        raise cannot_write(args.output, exc) from None
    print(f"wrote {args.output}")


def picture_of(board: Any, args: argparse.Namespace) -> str:
    """The SVG of board (any game) with the options of ``yinsh show``."""
    options: dict[str, Any] = {"size": args.size, "coordinates": not args.no_coordinates,
                               "last_move": not args.no_last_move,
                               "highlight": args.highlight.split() if args.highlight else None}
    if args.orientation is not None:           # else the game's own default
        options["orientation"] = args.orientation
    try:
        return svg.board(board, **options)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


# yinsh replay ----------------------------------------------------------------------

def cmd_replay(args: argparse.Namespace) -> None:
    """Prints a recorded game action by action."""
    if not args.analyse and (args.depth is not None or args.time is not None):
        raise CommandError(f"{'--depth' if args.depth is not None else '--time'} needs --analyse")
    split_game_option(args)
    game = load_game(args.file, args.game or 1)
    kind = getattr(args, "kind", None)
    if kind is not None and kind != game.game.name:
        raise CommandError(f"--game {kind}: the record is a game of {game.game.name}")
    time = args.time if args.time is not None or args.depth is not None else REPLAY_TIME
    start = game.start_board()
    opponent = Opponent(args.depth, time, game.game.algorithm(start)) if args.analyse else None
    for name, value in game.tags.items():
        print(f"{name}: {value}")
    board = game.start_board()
    if args.boards:
        print(board.unicode() if args.unicode else str(board))
    comments: dict[int, list[str]] = {}
    for ply, text in game.comments:
        comments.setdefault(ply, []).append(text)
    for ply, move in enumerate(game.actions, start=1):
        for text in comments.get(ply - 1, []):
            print(f"    {{{text}}}")
        line = f"{ply:4d}. {side_name(board.turn):5s} {str(move):9s}"
        if opponent is not None and game.game.search_problem(board, "mcts") is None:
            best, score = opponent.choose(board)
            mark = "=" if best == move else " "
            line += f"  score {score:>9s}  best {best!s:9s}{mark}"
        board.push(move)
        print(line.rstrip())
        if args.boards:
            print(board.unicode() if args.unicode else str(board))
    for text in comments.get(len(game.actions), []):
        print(f"    {{{text}}}")
    if not args.boards:
        print(board.unicode() if args.unicode else str(board))
    end = status(board) if game.game.name == games.DEFAULT else game_status(board)
    if not board.is_game_over() and game.result != "*":
        how = game.termination or "unknown"
        end += f"\nResult {game.result} ({how})"
    print(end)


# yinsh play -------------------------------------------------------------------------

class Session(Terminal):
    """A game of a person (on ``inp``/``out``) against the engine: the
    terminal (``Terminal``: reading lines, saving, leaving) over a
    ``yinsh.engine.session.Session`` (``self.game``), which keeps the board,
    the turns and undo; this class carries out the commands and prints the
    boards and messages.

    The board is drawn for ``orientation`` (default: the person's side, so
    Black sees it turned round).
    """

    commands = COMMANDS

    def __init__(self, board: Any, human: Any, opponent: Opponent, inp: IO[str],
                 out: IO[str], unicode: bool = False, orientation: Any = None) -> None:
        self.kind = games.of_board(board)
        color = type(board.turn)
        self.human, self.opponent = color.of(human), opponent
        seats = [Seat(), Seat()]
        seats[self.human.other()] = Seat(opponent.engine, name="yinsh engine", **opponent.limits)
        self.game = session.Session(board, seats, record=record, search=self.think)
        self.unicode = unicode
        self.orientation = self.human if orientation is None else color.of(orientation)
        super().__init__(inp, out)

    def show(self) -> None:
        self.say(self.kind.part("terminal").draw(self.board, unicode=self.unicode, orientation=self.orientation))
        self.say(self.kind.part("terminal").status(self.board))

    def run(self) -> None:
        self.say(f"You play {side_name(self.human)}; the engine plays "
                 f"{side_name(self.human.other())} ({self.opponent.describe(self.board)}). "
                 f"Type help for the commands.")
        self.say(self.kind.part("terminal").scores_help())
        self.show()
        while True:
            event = self.game.step()              # forced actions and the engine's replies
            if event is not None:
                self.report(event)
                continue
            prompt = f"{side_name(self.human)}> " if not self.game.is_over() else "game over> "
            try:
                line = self.read(prompt)
            except KeyboardInterrupt:             # Ctrl-C at the prompt: leave, as quit does
                self.say()
                line = None
            if line is None:
                if self.leave():
                    return
                continue
            text = line.strip()
            if not text:
                continue
            if not self.command(text):
                return

    def think(self, seat: Seat, board: Any) -> tuple[Analysis, bool]:
        """The session's search hook: the engine thinks in a worker thread
        (Ctrl-C makes it play at once)."""
        name = side_name(board.turn)
        return self.opponent.think(board, on_start=lambda: self.say(
            f"Engine ({name}) is thinking... (Ctrl-C: play now)"))

    def report(self, event: session.Event) -> None:
        """Prints an automatic action and the board after it."""
        name = side_name(event.side)
        if event.kind == "forced" and event.human:
            self.say(f"forced: {event.move} (your only legal action)")
        elif event.kind == "forced":
            self.say(f"Engine ({name}) plays {event.move} (forced)")
        else:
            if event.interrupted:
                self.say(f"Interrupted: the engine plays its best action so far "
                         f"(depth {event.analysis.depth}).")
            self.say(f"Engine ({name}) plays {event.move}   "
                     f"[{score_words(event.analysis, event.side, self.kind.part('terminal').score_note)}]")
        self.show()

    def command(self, text: str) -> bool:
        """Carries out one input line; False ends the session."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            return not self.leave()
        if word in ("help", "?"):
            self.say(help_text(self.kind))
        elif word == "moves":
            moves = [str(m) for m in sorted(self.board.legal_moves)]
            self.say(f"{len(moves)} legal actions: {' '.join(moves)}" if moves else
                     "No legal actions: the game is over.")
        elif word == "hint":
            if self.game.is_over():
                self.say("The game is over.")
            else:
                analysis, _ = self.opponent.think(self.board)
                self.say(f"Hint: {analysis.best_move}   [{score_words(analysis, self.board.turn, self.kind.part('terminal').score_note)}]")
        elif word == "undo":
            self.undo()
        elif word == "flip" and not self.kind.part("terminal").can_flip:
            self.say(f"The {self.kind.name} board is drawn one way only.")
        elif word == "flip":
            self.orientation = self.orientation.other()
            self.show()
        elif word == "save":
            self.save(rest.strip())
        else:
            self.play(text)
        return True

    def play(self, text: str) -> None:
        if self.game.is_over():
            self.say("The game is over: undo, save FILE or quit.")
            return
        try:
            texts = self.game.split(text)
            self.game.play(texts)
        except NotYourTurnError as exc:
            self.say(f"Too many actions: after {' '.join(str(m) for m in exc.moves)} "
                     f"it is not your turn any more; nothing was played.")
            return
        except InvalidMoveError as exc:
            self.say(f"Not understood: {exc}. Type help for the notation.")
            return
        except IllegalMoveError as exc:
            self.say(f"Illegal: {exc}. Type moves for the legal actions; nothing was played."
                     if len(texts) > 1 else f"Illegal: {exc}. Type moves for the legal actions.")
            return
        self.show()

    def undo(self) -> None:
        """Takes back to before the person's last chosen action (past a
        forced one, which would only be played again)."""
        taken = self.game.undo()
        if not taken:
            self.say("Nothing to undo.")
            return
        self.say(f"Took back: {' '.join(str(m) for m in taken)}")
        self.show()


def cmd_play(args: argparse.Namespace) -> None:
    """A game against the engine in the terminal. Every option is checked
    (by the parser, the board and the engine's limits) before the game
    starts."""
    kind = game_of(args)
    if kind.part("match").seated:
        cmd_play_seated(args, kind)
        return
    if args.seats is not None:
        raise CommandError(f"--seats is an option of ludo, not {kind.name} (it takes --color)")
    color = args.color or kind.sides[0]
    if color not in kind.sides:
        raise CommandError(f"--color {color}: the sides of {kind.name} are "
                           f"{' and '.join(kind.sides)}")
    board = board_from_args(args)
    try:
        kind.search(args.evaluation)
    except ValueError as exc:
        raise CommandError(f"--evaluation {args.evaluation}: {exc}") from None
    opponent = Opponent(args.engine_depth, args.engine_time, kind.algorithm(board), args.evaluation,
                        args.level, args.seed)
    human = type(board.turn).of(color)
    Session(board, human, opponent, sys.stdin, sys.stdout, unicode=args.unicode).run()


# Registration -----------------------------------------------------------------------

def register(sub: argparse._SubParsersAction[Parser]) -> None:
    """Adds ``play``, ``show`` and ``replay`` to the subcommands of ``yinsh``."""
    p = sub.add_parser("play", help="play against the engine in the terminal",
                       description="A game against the engine: the board is printed after each "
                                   "action; type actions in the notation (e5, e5-e9, xe5-e9, xa2, "
                                   "pass) or undo, hint, moves, flip, save FILE, help, quit. "
                                   "Ctrl-C while the engine thinks makes it play at once. Ludo "
                                   "(--game ludo): one seat a colour (--seats), the computer "
                                   "throws the dice; type a numbered move or undo, hint, moves, "
                                   "board, save FILE, help, quit.")
    limit = p.add_mutually_exclusive_group()
    limit.add_argument("--engine-time", type=positive_float, metavar="S",
                       help=f"seconds the engine thinks per action (default {DEFAULT_ENGINE_TIME:g})")
    limit.add_argument("--engine-depth", type=search_depth, metavar="D",
                       help="the engine searches D plies per action instead "
                            f"(1..{MAX_DEPTH})")
    add_evaluation_args(p)
    p.add_argument("--level", type=int_in(MIN_LEVEL, MAX_LEVEL), default=MAX_LEVEL, metavar="L",
                   help="the engine's level, 1 (Beginner) to 8 (the full engine, the default): "
                        "a weaker engine to beat (docs/levels.md); --seed seeds its choices")
    p.add_argument("--seats", metavar="S1,S2,...",
                   help="ludo: one seat a colour in turn order: human, random, heuristic, "
                        "mcts[:time=S] (default: human, then mcts)")
    p.add_argument("--seed", type=nonnegative_int, default=1,
                   help="the seed of the engine level's choices; ludo: of the dice and the "
                        "computer seats (default 1)")
    p.add_argument("--color", choices=["white", "black", "red"],
                   help="your side: white or black (insert: white or red); default white, "
                        "who acts first")
    add_position_args(p)
    p.add_argument("--unicode", action="store_true", help="draw the board with Unicode pieces")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("show", help="write an SVG picture of a position or a recorded game",
                       description="Writes an SVG picture of a position (--position/--variant/"
                                   "--moves) or of a recorded game (--record, after --ply actions).")
    add_position_args(p, kind=False)
    p.add_argument("--record", metavar="FILE", help="a game record (ours, or Boardspace SGF)")
    p.add_argument("--game", type=game_or_index, metavar="N|GAME",
                   help="which game of the record (default 1), or the game of --position "
                        "(yinsh, insert, ludo)")
    p.add_argument("--ply", type=nonnegative_int, metavar="N",
                   help="show the game after its first N actions (default: the end)")
    p.add_argument("-o", "--output", metavar="FILE", help="the SVG file (default: standard output)")
    size = games.get(games.DEFAULT).svg.DEFAULT_SIZE          # the default game's picture
    p.add_argument("--size", type=int_in(svg.MIN_SIZE, svg.MAX_SIZE), default=size,
                   metavar="PX", help=f"width in pixels, {svg.MIN_SIZE}..{svg.MAX_SIZE} "
                                      f"(default {size})")
    p.add_argument("--orientation", metavar="COLOR",
                   help="the side at the bottom: yinsh white (default) or black, insert white "
                        "(default) or red, ludo the colour whose corner is at the bottom left")
    p.add_argument("--highlight", metavar='"..."',
                   help='places and actions to mark, space-separated (e.g. "e5 f6-f2"; '
                        'ludo: moves of the side to act, "s-3")')
    p.add_argument("--no-coordinates", action="store_true",
                   help="leave out the names along the edges (a..k and 1..11; ludo: field numbers)")
    p.add_argument("--no-last-move", action="store_true", help="do not mark the last action")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("replay", help="print a recorded game action by action",
                       description="Prints a game record (ours, or Boardspace SGF) action by action, "
                                   "with the engine's score and best action before each action "
                                   "when --analyse is given ('=' marks an action the engine agrees with).")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--game", type=game_or_index, default=1, metavar="N",
                   help="which game of the record (default 1); a game's name (yinsh, insert, "
                        "ludo) is accepted and checked against the record")
    p.add_argument("--analyse", "--analyze", action="store_true",
                   help="show the engine's score (from the side to act) and best action")
    limit = p.add_mutually_exclusive_group()
    limit.add_argument("--depth", type=search_depth, metavar="D",
                       help=f"search depth for --analyse, 1..{MAX_DEPTH} (default: --time)")
    limit.add_argument("--time", type=positive_float, metavar="S",
                       help=f"seconds per position for --analyse (default {REPLAY_TIME:g})")
    p.add_argument("--boards", action="store_true", help="print the board after every action")
    p.add_argument("--unicode", action="store_true", help="draw the board with Unicode pieces")
    p.set_defaults(func=cmd_replay, depth=None, time=None)
