"""The options of a new game, declared once by each game: ``Option``.

A game's description lists the options a new game takes
(``GameKind.options``): each one's name, its label for people, the values
it takes (words to choose from, whole numbers between bounds, or both)
and its default. The web page draws its New game form from the list and
checks what a client sends against it (``check``), so a game's options
are written in one place.

>>> variant = Option("variant", "Variant", "standard", choices=("standard", "blitz"))
>>> players = Option("players", "Players", 4, minimum=2, maximum=4)
>>> check("Ludo", (players, variant), {"players": "3"})
{'players': 3, 'variant': 'standard'}
>>> check("Ludo", (players, variant), {"players": 5})
Traceback (most recent call last):
ValueError: Ludo takes 2, 3 or 4 players, not '5'
>>> check("Ludo", (players, variant), {"colour": "red"})
Traceback (most recent call last):
ValueError: Ludo takes the options players and variant, not 'colour'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

__all__ = ["Option", "Options", "check"]

#: the digits of a whole number given as text (a form's field)
_DIGITS = 6


@dataclass(frozen=True)
class Option:
    """One option of a new game: ``name`` (the key a client sends, the
    keyword of the board), ``label`` (the form's), ``default``, and the
    values it takes: one of ``choices`` (words; ``texts``, where given,
    says each for people), a whole number ``minimum..maximum``, or either
    where both are given (Insert's layout: ``"random"`` or a number).

    >>> layout = Option("layout", "Layout", "random", choices=("random",), minimum=0, maximum=6143)
    >>> layout.check("Insert", "17"), layout.check("Insert", "random")
    (17, 'random')
    >>> layout.check("Insert", 6144)
    Traceback (most recent call last):
    ValueError: an Insert layout is 'random' or a number 0..6143, not '6144'
    """

    name: str
    label: str
    default: Any
    choices: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()
    minimum: Optional[int] = None
    maximum: Optional[int] = None

    @property
    def tag(self) -> str:
        """The record tag of the option: its name capitalised (``Variant``)."""
        return self.name.capitalize()

    @property
    def drawn(self) -> bool:
        """Whether a new game draws the value (the default ``"random"``:
        the web page records the value drawn)."""
        return bool(self.default == "random")

    @property
    def fixed(self) -> Any:
        """The default where a start must be reproducible (the RL
        environments, records): a drawn option's least number."""
        return self.minimum if self.drawn and self.numbers else self.default

    def check_tag(self, title: str, text: str) -> Any:
        """The value of the option's record tag (``check``; a tag names a
        value, never ``"random"``)."""
        if self.drawn and text == self.default:
            raise ValueError(self.refusal(title, text))
        return self.check(title, text)

    @property
    def numbers(self) -> bool:
        """Whether the option takes whole numbers."""
        return self.minimum is not None and self.maximum is not None

    def check(self, title: str, value: Any) -> Any:
        """value as the board takes it (a number given as text becomes the
        number); ``ValueError`` saying what the option takes, for the game
        titled title."""
        if self.choices and isinstance(value, str) and value in self.choices:
            return value
        if self.numbers:
            number = value
            if isinstance(number, str) and number.isascii() and number.isdigit() and len(number) <= _DIGITS:
                number = int(number)
            if isinstance(number, int) and not isinstance(number, bool):
                assert self.minimum is not None and self.maximum is not None
                if self.minimum <= number <= self.maximum:
                    return number
        raise ValueError(self.refusal(title, value))

    def refusal(self, title: str, value: Any) -> str:
        """Why value is not one this option takes, in words."""
        given = repr(str(value)[:20])
        label = self.label.lower()
        if self.choices and self.numbers:
            article = "an" if title[:1].lower() in "aeiou" else "a"
            words = " or ".join(repr(c) for c in self.choices)
            return f"{article} {title} {label} is {words} or a number {self.minimum}..{self.maximum}, not {given}"
        if self.choices:
            return f"{title} {label}s are {_listed(self.choices, 'and')}, not {given}"
        assert self.minimum is not None and self.maximum is not None
        if self.maximum - self.minimum < 4:
            allowed = _listed([str(n) for n in range(self.minimum, self.maximum + 1)], "or")
        else:
            allowed = f"{self.minimum} to {self.maximum}"
        return f"{title} takes {allowed} {label}, not {given}"

    def as_json(self) -> dict[str, Any]:
        """The option as the web page's form draws it."""
        out: dict[str, Any] = {"name": self.name, "label": self.label, "default": self.default}
        if self.choices:
            out["choices"] = [{"value": c, "text": t}
                              for c, t in zip(self.choices, self.texts or self.choices)]
        if self.numbers:
            out["minimum"], out["maximum"] = self.minimum, self.maximum
        return out


class Options(tuple[Option, ...]):
    """A game's options (``GameKind.options``): a tuple of ``Option`` with
    what follows from it.

    >>> options = Options((Option("players", "Players", 4, minimum=2, maximum=4),
    ...                    Option("variant", "Variant", "standard", choices=("standard", "places"))))
    >>> options.defaults, options.choices("variant"), options.tags
    ({'players': 4, 'variant': 'standard'}, ('standard', 'places'), ('Position', 'Players', 'Variant'))
    """

    @property
    def defaults(self) -> dict[str, Any]:
        """Each option's fixed default, by name (the RL environments' options)."""
        return {option.name: option.fixed for option in self}

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(option.name for option in self)

    @property
    def tags(self) -> tuple[str, ...]:
        """The record tags a start takes: ``Position`` and the options' tags."""
        return ("Position",) + tuple(option.tag for option in self)

    @property
    def drawn(self) -> tuple[str, ...]:
        """The options whose default is drawn at random (the web page
        records the value drawn)."""
        return tuple(option.name for option in self if option.drawn)

    def choices(self, name: str) -> tuple[str, ...]:
        """The words the option ``name`` takes (empty where the game has no
        such option): ``choices("variant")`` are the variants."""
        return next((option.choices for option in self if option.name == name), ())

    def of(self, board: Any) -> dict[str, Any]:
        """The options that make board's start: its attributes of the
        options' names (``players``: their number)."""
        return {option.name: len(board.players) if option.name == "players"
                else getattr(board, option.name) for option in self}


def _listed(words: Sequence[str], last: str) -> str:
    """'a, b and c'."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def check(title: str, options: Sequence[Option], values: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of the game titled title with its value: the one given
    in values (checked, ``Option.check``) or its default; ``ValueError``
    for a value the option does not take, or a key that is no option
    (naming the options)."""
    names = [option.name for option in options]
    for key in values:
        if key not in names:
            takes = (f"the option{'s' if len(names) > 1 else ''} {_listed(names, 'and')}" if names
                     else "no options")
            raise ValueError(f"{title} takes {takes}, not {str(key)[:20]!r}")
    return {option.name: option.check(title, values[option.name]) if option.name in values
            else option.default for option in options}
