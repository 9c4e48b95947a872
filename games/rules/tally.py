"""What the scorekeeper reads off the table for each side (`TallyField`, declared by each rule
set), and how one side's raw tally is read, field by field, the same for every rule set: what is
refused, and what is only asked about once (a value far beyond a real hand)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .errors import Param, RulesError, Said, said

if TYPE_CHECKING:
    from .core import GameSetup

#: No count, card points or hand score at a real table comes near this; anything bigger is a
#: slip of the finger (and would not fit the database's whole-number columns).
LARGEST_NUMBER = 1_000_000


class FieldKind(StrEnum):
    COUNT = "count"
    CARD_POINTS = "card_points"
    YES_NO = "yes_no"


@dataclass(frozen=True)
class TallyField:
    """One thing the scorekeeper reads off the table for a side."""

    #: Its code: the tally's key in a game file; its words are the app's (games/words/).
    name: str
    kind: FieldKind
    #: Points per unit (per card point for CARD_POINTS, for "yes" with YES_NO). None when the
    #: value depends on the rest of the tally (its words say how it scores).
    points_each: int | None = None
    maximum: int | None = None
    default: int | bool = 0
    #: Hand numbers that ask for it; None means every hand.
    hands: frozenset[int] | None = None
    #: A yes that scores alone: nothing else counts in the hand, for either side (a Splash).
    scores_alone: bool = False
    #: The most a real hand holds (a count, or card points either way); each rule set declares
    #: it. More is possible but far from any real hand ("20" typed for "2"): the form asks
    #: once ("20 natural canastas in one hand — is that right?"). None: never asked.
    usual_most: int | None = None
    #: Only the dealing side can have it (a perfect deal): the form asks that side alone.
    dealers_side_only: bool = False
    #: Card points whose cards are counted in another field too (Ten Pennies' cards caught):
    #: that field's name. The form's card counter fills both.
    cards_counted_in: str = ""
    #: Card points come in multiples of this: 5 where every card is worth 5, 10, 20 ...; 1
    #: where cards count their face value (Liverpool, Five Crowns).
    multiple_of: int = 5
    #: Only the side picked in this choice asked once can have it (the player who closed, for
    #: Chinchón's −10): the form asks it of that side alone, once picked.
    chosen_side_only: str = ""
    #: It brings a side that is out of the game back in (Chinchón's rejoin): the form asks it
    #: of a side that is out, as the one tap that side has.
    brings_back_in: bool = False
    #: A field whose value is a name (Modern American Canasta's special hand): the names it
    #: takes, in order. The engine keeps the name's place (0 for "none", 1 for the first); a
    #: game file may write the name itself.
    value_names: tuple[str, ...] = ()
    #: A value other than 0 scores alone for its side (a special hand laid down): nothing else
    #: of that side counts. The form asks it first and, once one is picked, not the rest.
    scores_side_alone: bool = False
    #: Card points whose 0 is a result of its own for the side picked in this choice asked once
    #: (Gin Rummy's knocker with no deadwood: gin): the form offers that 0 as one tap there.
    zero_tap_for: str = ""
    #: Asked only while this points box of the same side holds 0 or nothing (big gin needs the
    #: knocker's deadwood at 0): the form hides it otherwise, unless it holds a yes.
    shown_while_zero: str = ""

    def asked_in(self, hand_number: int) -> bool:
        return self.hands is None or hand_number in self.hands

    def is_unusual(self, value: int | bool) -> bool:
        """Whether `value` is beyond what a real hand holds (never for yes/no)."""
        if self.kind is FieldKind.YES_NO or self.usual_most is None or isinstance(value, bool):
            return False
        return abs(value) > self.usual_most

    def unusual_question(self, value: int, hand_word: str = "hand", rule_set: str = "") -> Said:
        """What the form asks about an unusual value ("20 natural canastas in one hand — is
        that right?"), for the app to put into the table's words: the field by its name, in
        the rule set `rule_set` (a slug)."""
        return said(
            "unusual_value", hand_word=hand_word, value=value, field=self.name, rule_set=rule_set
        )

    @property
    def minimum(self) -> int:
        return 0

    @property
    def blank(self) -> int | bool:
        """The value of a field left out of a tally: 0, or "no" (`on_board` says "yes")."""
        return bool(self.default) if self.kind is FieldKind.YES_NO else self.default


def read_tally(
    game: GameSetup, raw: Mapping[str, Any], hand_number: int, side: str
) -> dict[str, int | bool] | None:
    """Check one side's raw tally field by field; None means a bare total."""
    rules = game.rules

    def refuse(code: str, field: str | None = None, **params: Param) -> RulesError:
        # The rule set by its slug: the app says the field's label and the rule set's name.
        return RulesError(
            code,
            hand=hand_number,
            side=side,
            field=field,
            hand_word=rules.hand_word,
            rule_set=rules.slug,
            **params,
        )

    if not isinstance(raw, Mapping):
        raise refuse("tally_not_a_mapping")
    if rules.totals_only and "total" not in raw:
        raise refuse("type_side_score", "total")
    if "total" in raw:
        if not rules.allows_bare_total:
            raise refuse("needs_itemized_tally", "total")
        _read_total(raw, refuse)
        return None
    tally: dict[str, int | bool] = {}
    for f in game.tally_fields:
        tally[f.name] = _read_value(f, raw.get(f.name, f.blank), refuse)
    for name in raw:
        if name not in game.fields_by_name:
            raise refuse("no_such_field", name, name=repr(name))
    return tally


def is_blank(game: GameSetup, tally: Mapping[str, int | bool]) -> bool:
    """Whether every field of a read tally is as left out (0, "no"): the same as an empty
    tally, as a game file writes it."""
    return all(tally[f.name] == f.blank for f in game.tally_fields)


def _read_total(raw: Mapping[str, Any], refuse: Callable[..., RulesError]) -> None:
    """Check a bare total: one whole number for the side, instead of the itemized tally."""
    if any(name != "total" for name in raw):
        raise refuse("total_and_itemized", "total")
    total = raw["total"]
    if isinstance(total, bool) or not isinstance(total, int):
        raise refuse("total_not_whole", "total")
    if abs(total) > LARGEST_NUMBER:
        raise refuse("total_beyond_any_hand", "total", total=total)


def _read_value(f: TallyField, value: Any, refuse: Callable[..., RulesError]) -> int | bool:
    if f.value_names and (value is None or isinstance(value, str)):
        return _read_name(f, value, refuse)
    if f.kind is FieldKind.YES_NO:
        if not isinstance(value, bool):
            raise refuse("value_not_yes_no", f.name)
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse("value_not_whole", f.name)
    if value < 0:
        raise refuse("value_negative", f.name)
    if value > LARGEST_NUMBER:
        raise refuse("value_beyond_any_hand", f.name, value=value)
    if f.kind is FieldKind.CARD_POINTS and value % f.multiple_of:
        raise refuse("card_points_not_multiple", f.name, multiple=f.multiple_of, value=value)
    if f.maximum is not None and value > f.maximum:
        raise refuse("value_beyond_maximum", f.name, maximum=f.maximum, value=value)
    return value


def _read_name(f: TallyField, value: str | None, refuse: Callable[..., RulesError]) -> int:
    """A named value's place: 0 for "none" (or null), else its place among `value_names`."""
    if value is None or value == NO_NAME:
        return 0
    if value not in f.value_names:
        raise refuse("value_not_offered", f.name, value=value, names=f.value_names)
    return f.value_names.index(value) + 1


#: A named value left out: nothing chosen.
NO_NAME = "none"


def unusual_entries(
    game: GameSetup, hand_number: int, tallies: Mapping[str, Mapping[str, Any]]
) -> list[tuple[str, str, Said]]:
    """(side, field, question) for each value of the hand's tallies beyond its field's usual
    most: possible, so not refused, but asked about once."""
    found = []
    for side, tally in tallies.items():
        for f in game.fields(hand_number):
            value = tally.get(f.name)
            if value is not None and f.is_unusual(value):
                found.append(
                    (side, f.name, f.unusual_question(value, game.rules.hand_word, game.rules.slug))
                )
    return found
