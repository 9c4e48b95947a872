"""The one error the rules raise, whatever they refuse (a set-up, a house rule, a tally, a tap
on the hand in progress, a typed number): every refusal of the engine is a RulesError, as
cronsim's are a CronSimError. The engine says what happened as data, a code and its numbers;
the words a player reads, in each language, are the app's (games/words/)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

#: What a refusal's parameters may hold: numbers, names (of players, sides, fields, rule sets),
#: yes/no, and lists of those.
Param = int | str | bool | None | tuple["Param", ...]


@dataclass(frozen=True)
class Said:
    """Something the engine tells the players that is not (yet) a refusal, as data: why the
    game is over, a question about a value far beyond a real hand. `code` and `params` as a
    RulesError's; `hand_word` the rule set's word for a hand, where the words name one."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)
    hand_word: str = "hand"


def said(code: str, /, *, hand_word: str = "hand", **params: Param) -> Said:
    """`Said(code, params)` written as a refusal is: `said("game_over", last=3)`."""
    return Said(code, params, hand_word)


class RulesError(ValueError):
    """A game set-up or tally that the rules refuse: `code` names the refusal
    ("needs_canastas_to_go_out"), `params` its numbers and names ({"needed": 2}).

    `hand`, `side` and `field` say where the problem is (any may be None); `hand_word` is the
    rule set's word for a hand ("hand", "deal", "round"), for the place the app writes before
    the problem ("Hand 3, Ann & Cy: ..."). `str(error)` is for logs and tracebacks only.
    """

    def __init__(
        self,
        code: str,
        /,
        *,
        hand: int | None = None,
        side: str | None = None,
        field: str | None = None,
        hand_word: str = "hand",
        **params: Param,
    ) -> None:
        self.code = code
        self.params: Mapping[str, Param] = params
        self.hand = hand
        self.side = side
        self.field = field
        self.hand_word = hand_word
        super().__init__(code)

    def placed(
        self, *, hand: int | None = None, side: str | None = None, field: str | None = None
    ) -> RulesError:
        """The same refusal, placed where it happened (what it already says is kept)."""
        placed = type(self)(
            self.code,
            hand=self.hand if self.hand is not None else hand,
            side=self.side if self.side is not None else side,
            field=self.field if self.field is not None else field,
            hand_word=self.hand_word,
        )
        placed.params = self.params
        return placed

    @classmethod
    def of(
        cls,
        what: Said,
        *,
        hand: int | None = None,
        side: str | None = None,
        field: str | None = None,
    ) -> RulesError:
        """The refusal that says `what` (a code and its params, as a mapping: also another
        refusal's, `Said(new_code, error.params)`), placed at `hand`, `side` and `field`."""
        error = cls(what.code, hand=hand, side=side, field=field, hand_word=what.hand_word)
        error.params = what.params
        return error

    def __str__(self) -> str:
        where = [f"{name}={value!r}" for name, value in self._where().items()]
        said = [f"{name}={value!r}" for name, value in self.params.items()]
        return f"{self.code}({', '.join(where + said)})"

    def _where(self) -> dict[str, object]:
        place = {"hand": self.hand, "side": self.side, "field": self.field}
        return {name: value for name, value in place.items() if value is not None}
