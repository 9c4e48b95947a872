"""What a rule set may have besides its tally: each feature is declared, typed, on the rule set,
so that forms, screens, game files and printouts ask the rule set instead of testing which
rule set it is.

- `Seating`: partners, everyone alone, or either (equal teams).
- `HouseRule`: a number (or yes/no) a table may change, with the values offered, its default
  and the player counts that allow it; `choice_rule` and `target_rule` build the usual ones.
- `OpeningMinimum`: by the side's total (`OpeningByTotal`), by hand (`OpeningByHand`) or none
  (`NO_OPENING_MINIMUM`); each says the minimum (the app words the rows a sheet prints).
- `PennyPot`: buys and a pot of pennies the lowest total takes.
- `RoundCard`: what a round (or deal) asks before anyone deals, as numbers and codes (each
  rule set with rounds has its own kind; the app words it); `PhaseTrack`: the phases each
  player works through (Phase 10).
- `HandTracker`: what the scorekeeper taps during a hand (Miromar: failed openings, openings
  made, the turn card), as state, actions and what they change.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import Param, RulesError

if TYPE_CHECKING:
    from .core import GameScore
    from .scoring import HandContext


class Seating(StrEnum):
    #: Teams of two, partners sitting opposite.
    PARTNERS = "partners"
    #: Everyone on their own.
    ALONE = "alone"
    #: Either, with teams of equal size.
    ALONE_OR_TEAMS = "alone_or_teams"

    @property
    def chooses_teams(self) -> bool:
        """Whether the table picks the team size when it sits down."""
        return self is Seating.ALONE_OR_TEAMS

    @property
    def side_word(self) -> str:
        """What a side is called, as a code the app says: "player" when everyone plays alone,
        else "side"."""
        return "player" if self is Seating.ALONE else "side"

    def side_counts(self, players: int) -> list[int]:
        """How many sides `players` can make."""
        if self is Seating.PARTNERS:
            return [players // 2]
        if self is Seating.ALONE or players == 1:
            return [players]
        return [sides for sides in range(2, players + 1) if players % sides == 0]

    def team_size(self, chosen: int) -> int:
        """Players per side, given what the table chose (ignored unless `chooses_teams`)."""
        if self is Seating.PARTNERS:
            return 2
        if self is Seating.ALONE:
            return 1
        return chosen or 1


class HouseRuleKind(StrEnum):
    #: One of a few numbers (a target of 10,000, 15,000 ...).
    CHOICE = "choice"
    YES_NO = "yes_no"
    #: Any whole number in a range, or none where the rule may be left out.
    NUMBER = "number"


#: What a house rule may be set to: a number, yes/no, or None (a NUMBER rule left out).
OptionValue = int | bool | None


class HouseRuleRefused(RulesError):
    """A value a house rule does not take: the rule (`rule`), what it takes and the value."""


#: The word a RULINGS section gives a house rule left out or not played ("no wild books").
NONE_WORD = "none"


def shown(value: Any) -> Param:
    """A value refused, as a refusal quotes it: 7, 1500 (a number, which the words group as the
    language does), 'abc', true, null, or the kind of a list or an object ("list", "object")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        return repr(value[:40])
    if isinstance(value, float):
        return repr(value)
    # A list or an object by its kind, a code the app words ("a list"): a string is quoted.
    return "list" if isinstance(value, list) else "object"


@dataclass(frozen=True)
class HouseRule:
    """A number (or yes/no) a table may change, declared once in its rule set's module: the
    new-game page, the scoreboard, the printouts and the game file all read this."""

    #: Its code: the key in a game file; its label and phrases are the app's (games/words/).
    name: str
    kind: HouseRuleKind
    default: OptionValue
    #: The numbers offered (CHOICE).
    values: tuple[int, ...] = ()
    #: The range of a NUMBER rule, and whether it may be left out (None: "no target").
    lowest: int = 0
    highest: int = 0
    optional: bool = False
    #: The values its RULINGS section names by a word, as (word, value): a game file and the
    #: command line write the word, and the game keeps the value (Hand and Foot's wild books
    #: not made are "none", kept as 0). An optional NUMBER rule's "none" is None.
    words: tuple[tuple[str, OptionValue], ...] = ()
    #: The player counts it may be changed with; None: any.
    player_counts: frozenset[int] | None = None
    #: The code of its refusal with another number of players (its words are the app's, in
    #: games/words/; params `house_rule`, `rule_set`, `players` and `allowed`, and `{rule}`
    #: is the rule's label); empty: the usual one.
    refusal: str = ""
    #: A default that depends on the number of players (canasta: two canastas to go out when
    #: two play), by player count.
    default_by_players: tuple[tuple[int, OptionValue], ...] = ()

    def default_for(self, players: int | None) -> OptionValue:
        return dict(self.default_by_players).get(players, self.default) if players else self.default

    def allowed_with(self, players: int) -> bool:
        return self.player_counts is None or players in self.player_counts

    def read(self, value: Any) -> OptionValue:
        """`value` (as a game file writes it) if this rule takes it, else HouseRuleRefused
        saying what it takes."""
        named = self.named_values
        if value is None and NONE_WORD in named:
            return named[NONE_WORD]  # JSON null means "none" (RULINGS.md section 8)
        if isinstance(value, str) and value in named:
            return named[value]
        if self.takes(value):
            return value
        raise self.refused(value)

    def refused(self, value: Any) -> HouseRuleRefused:
        """The refusal of `value`, saying what the rule takes."""
        if self.kind is HouseRuleKind.YES_NO:
            return HouseRuleRefused("house_rule_takes_yes_no", rule=self.name, value=shown(value))
        if self.kind is HouseRuleKind.CHOICE:
            choices = tuple(self.written(choice) for choice in self.values)
            return HouseRuleRefused(
                "house_rule_takes_choices", rule=self.name, choices=choices, value=shown(value)
            )
        return HouseRuleRefused(
            "house_rule_takes_range_or_none" if self.optional else "house_rule_takes_range",
            rule=self.name,
            lowest=self.lowest,
            highest=self.highest,
            value=shown(value),
        )

    def takes(self, value: Any) -> bool:
        """Whether `value` is one this rule keeps (a word already read as its value)."""
        if self.kind is HouseRuleKind.YES_NO:
            return isinstance(value, bool)
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        if self.kind is HouseRuleKind.CHOICE:
            return value in self.values
        return self.lowest <= value <= self.highest

    @property
    def named_values(self) -> dict[str, OptionValue]:
        """The values named by a word, by that word."""
        named = dict(self.words)
        if self.optional:
            named.setdefault(NONE_WORD, None)
        return named

    def written(self, value: OptionValue) -> OptionValue | str:
        """`value` as a game file writes it: its word where its section names it by one."""
        for word, named in self.named_values.items():
            if type(named) is type(value) and named == value:
                return word
        return value


def target_rule(default: int, values: tuple[int, ...]) -> HouseRule:
    """The house rule of every game played to a target score: the target ("game to 20,000")."""
    return choice_rule("target", default, values)


def choice_rule(name: str, default: int, values: tuple[int, ...]) -> HouseRule:
    """A house rule that picks one of a few numbers."""
    return HouseRule(name, HouseRuleKind.CHOICE, default, values=values)


@dataclass(frozen=True)
class DealerPartner:
    """Something the dealer's partner deals (Pennies From Heaven: the Pennies): the words say
    what (games/words/, the rule set's `texts["dealer_partner"]`)."""


class OpeningKind(StrEnum):
    BY_TOTAL = "by_total"
    BY_HAND = "by_hand"
    NONE = "none"


class OpeningMinimum(ABC):
    """What a side needs to lay down to open (get on the board) in the next hand."""

    kind: OpeningKind
    #: Added to a side's minimum for each failed attempt to open in the hand (0: not played).
    failed_step: int = 0

    @property
    def exists(self) -> bool:
        return self.kind is not OpeningKind.NONE

    @abstractmethod
    def minimum(self, total: int, hand_number: int, failed_openings: int = 0) -> int:
        """The minimum for a side with `total` before hand `hand_number`."""

    def hand_minimum(self, hand_number: int) -> int | None:
        """The minimum printed beside a hand's number (only an opening by hand has one)."""
        return None


class NoOpeningMinimum(OpeningMinimum):
    kind = OpeningKind.NONE

    def minimum(self, total: int, hand_number: int, failed_openings: int = 0) -> int:
        raise ValueError("this rule set has no opening minimum")


NO_OPENING_MINIMUM = NoOpeningMinimum()


class OpeningByTotal(OpeningMinimum):
    """The minimum of the highest bracket the side's total has reached."""

    kind = OpeningKind.BY_TOTAL

    def __init__(self, brackets: Sequence[tuple[int | None, int]], failed_step: int = 0) -> None:
        #: From low to high; a lower bound of None is the floor (any score, negative included).
        self.brackets: tuple[tuple[int | None, int], ...] = tuple(brackets)
        self.failed_step = failed_step

    def minimum(self, total: int, hand_number: int, failed_openings: int = 0) -> int:
        minimum = self.brackets[0][1]
        for lower, bracket_minimum in self.brackets:
            if lower is None or total >= lower:
                minimum = bracket_minimum
        return minimum + self.failed_step * failed_openings


class OpeningByHand(OpeningMinimum):
    """A minimum for each hand (the last one for any later hand), and one for a side below 0."""

    kind = OpeningKind.BY_HAND

    def __init__(self, by_hand: Mapping[int, int], below_zero: int | None = None) -> None:
        self.by_hand: dict[int, int] = dict(sorted(by_hand.items()))
        self.below_zero = below_zero

    def minimum(self, total: int, hand_number: int, failed_openings: int = 0) -> int:
        if total < 0 and self.below_zero is not None:
            return self.below_zero
        return self.by_hand[min(hand_number, max(self.by_hand))]

    def hand_minimum(self, hand_number: int) -> int | None:
        return self.by_hand.get(hand_number)


# -- a pot of pennies ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Pot:
    """The pennies in the bowl: who put in how many, what buys are left, who takes it."""

    total: int
    pennies: dict[str, int]
    buys_left: dict[str, int]
    payout: dict[str, int] = field(default_factory=dict)
    #: Pennies left in the bowl when equal winners cannot split the pot evenly.
    odd_pennies: int = 0

    def as_dict(self) -> dict[str, object]:
        return {
            "total": self.total,
            "pennies": self.pennies,
            "buys_left": self.buys_left,
            "payout": self.payout,
            "odd_pennies": self.odd_pennies,
        }


@dataclass(frozen=True)
class PennyPot:
    """`pennies_each` pennies into the bowl for each unit of `penny_fields`; the winners take
    the bowl. Each player has `buys_per_game` buys (the `buy_field` of the tally) for the whole
    game."""

    buys_per_game: int
    buy_field: str
    penny_fields: tuple[str, ...]
    pennies_each: int = 1

    def buys_so_far(self, so_far: GameScore) -> dict[str, int]:
        bought = dict.fromkeys(so_far.game.side_names, 0)
        for hand in so_far.hands:
            for name, tally in hand.tallies.items():
                if tally is not None:
                    bought[name] += int(tally[self.buy_field])
        return bought

    def check_buys(self, hand: HandContext) -> None:
        bought = self.buys_so_far(hand.so_far)
        for name, tally in hand.itemized.items():
            buys = bought[name] + int(tally[self.buy_field])
            if buys > self.buys_per_game:
                raise hand.refuse(
                    "too_many_buys", name, self.buy_field, buys=buys, most=self.buys_per_game
                )

    def pot(self, so_far: GameScore) -> Pot:
        """The pot after the hands played; the payout once the game is over."""
        pennies = dict.fromkeys(so_far.game.side_names, 0)
        for hand in so_far.hands:
            for name, tally in hand.tallies.items():
                if tally is not None:
                    pennies[name] += self.pennies_each * sum(
                        int(tally[f]) for f in self.penny_fields
                    )
        bought = self.buys_so_far(so_far)
        buys_left = {name: self.buys_per_game - bought[name] for name in bought}
        total = sum(pennies.values())
        if not so_far.finished:
            return Pot(total, pennies, buys_left)
        winners = so_far.winners
        share, odd = divmod(total, len(winners))
        return Pot(total, pennies, buys_left, dict.fromkeys(winners, share), odd)


@dataclass(frozen=True)
class CardLine:
    """One line of a round card as a screen draws it: `lead`, then `value` (what a player looks
    for, in bold), then `tail`: "Round 1: " **2 sets of 3**, "Wild: " **twos** " · 1 wild card
    per set"."""

    lead: str
    value: str
    tail: str = ""

    def __str__(self) -> str:
        return f"{self.lead}{self.value}{self.tail}"


class RoundCard(ABC):
    """What a round (or deal) asks of the players before anyone deals, as numbers and codes. A
    rule set whose rounds differ declares one card per round (`RuleSet.rounds`), each of a kind
    of its own: Ten Pennies' first-down requirement and wild cards, Liverpool's contract, Five
    Crowns' wild rank. Its words (headline, detail, the rule sheet's row, a pad's lines) are the
    app's (games/words/, `RoundWords`)."""

    number: int
    #: Which columns of the rule sheet's round table (after the round's number, by index) hold
    #: a number: printed narrow.
    numeric_columns: ClassVar[frozenset[int]] = frozenset()

    @abstractmethod
    def as_dict(self) -> dict[str, object]:
        """The round as `score_game` prints it (GAME-FILE.md, `round`)."""


# -- phases ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PhaseTrack:
    """Phases each player works through in order, one at a time (Phase 10): a yes in
    `completed_field` moves the player on to the next phase for the following hand; one who
    does not complete it stays on it. What each phase asks is `phases`, first to last, as data
    (the app words it: "a run of seven")."""

    phases: tuple[Any, ...]
    completed_field: str

    @property
    def last(self) -> int:
        return len(self.phases)

    def next_phases(self, score: GameScore) -> dict[str, int]:
        """The phase each player plays in the hand after `score`'s hands (one past the last
        phase for a player who completed them all)."""
        reached = dict.fromkeys(score.game.side_names, 1)
        for hand in score.hands:
            for name in self.completed_in(hand.tallies):
                reached[name] += 1
        return reached

    def completed_in(self, tallies: Mapping[str, Mapping[str, int | bool] | None]) -> list[str]:
        """Who completed their phase in a hand with these tallies."""
        return [
            name
            for name, tally in tallies.items()
            if tally is not None and tally.get(self.completed_field) is True
        ]

    def phases_played(self, score: GameScore) -> list[dict[str, int]]:
        """The phase each player played in each of `score`'s hands, hand by hand."""
        reached = dict.fromkeys(score.game.side_names, 1)
        played = []
        for hand in score.hands:
            played.append(dict(reached))
            for name in self.completed_in(hand.tallies):
                reached[name] += 1
        return played

    def completed_last_hand(self, score: GameScore) -> list[str]:
        """Who completed their phase in the last hand played (none before the first)."""
        return self.completed_in(score.hands[-1].tallies) if score.hands else []

    def completed_every_phase(self, score: GameScore) -> list[str]:
        """Who has completed the last phase."""
        return [name for name, phase in self.next_phases(score).items() if phase > self.last]


# -- the hand in progress -----------------------------------------------------------------------


class TrackerRefused(RulesError):
    """An action the tracker does not know, a side that is not in the game, or a state read
    from a backup that the tracker would never leave."""


#: More taps than any hand in progress has (failed openings of a side, openings made).
MOST_TAPS = 1_000


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MOST_TAPS


class UnknownSide(TrackerRefused):
    """The action names a side that is not in the game."""


@dataclass(frozen=True)
class TrackerButton:
    """One button of the hand in progress, as a screen draws it: its action; its label (and
    what a screen reader says, where the label alone would be unclear) are the app's words,
    empty here (games/words/)."""

    action: str
    label: str = ""
    aria_label: str = ""
    #: None for a plain button; on or off for a switch.
    switch: bool | None = None


@dataclass(frozen=True)
class TrackerView:
    """What the scoreboard shows of the hand in progress."""

    #: Names the card on the screen (CSS class), e.g. "toulon".
    key: str
    #: (label, value) lines: the engine's (code, number), e.g. ("next_toulon", "4"); the app's
    #: words say them ("Next Toulon", "4 cards").
    facts: list[tuple[str, str]]
    buttons: list[TrackerButton]
    #: Per side index: buttons beside that side's minimum, and a note for read-only views (the
    #: app's words; empty here).
    side_buttons: list[list[TrackerButton]]
    side_notes: list[str]


class HandTracker(ABC):
    """The hand in progress: a small state (a JSON-friendly dict the model keeps and clears
    when a hand is saved), the actions that change it, and what it changes on the scoreboard."""

    @abstractmethod
    def act(
        self, state: Mapping[str, Any], action: str, side: str | None, sides: int
    ) -> dict[str, Any]:
        """The state after `action` (by side index `side`, as posted); TrackerRefused if the
        action or side is unknown."""

    @abstractmethod
    def view(self, state: Mapping[str, Any], side_names: Sequence[str]) -> TrackerView:
        """What the scoreboard shows."""

    @abstractmethod
    def read_state(self, raw: Any, sides: int) -> dict[str, Any]:
        """A state read from outside (a backup), checked as `act` would leave it for a game of
        `sides` sides; TrackerRefused (a ValueError) says what is wrong."""

    def failed_openings(
        self, state: Mapping[str, Any], side_names: Sequence[str]
    ) -> dict[str, int]:
        """Failed openings per side name in this hand (they raise the opening minimum)."""
        return dict.fromkeys(side_names, 0)


class OpeningsTracker(HandTracker):
    """Failed openings per side, openings made (for the Toulon) and the turn card."""

    def __init__(self, failed_step: int, toulon_draws: tuple[int, ...]) -> None:
        self.failed_step = failed_step
        #: Extra cards drawn by the first, second ... player to open, until the turn card.
        self.toulon_draws = toulon_draws

    def next_toulon(self, openings_so_far: int, turn_card_reached: bool) -> int | None:
        """How many extra cards the next player to open draws (None: no Toulon left)."""
        if turn_card_reached or openings_so_far >= len(self.toulon_draws):
            return None
        return self.toulon_draws[openings_so_far]

    def act(
        self, state: Mapping[str, Any], action: str, side: str | None, sides: int
    ) -> dict[str, Any]:
        new = dict(state)
        failed = {str(k): int(v) for k, v in dict(state.get("failed", {})).items()}
        openings = int(state.get("openings", 0))
        if action in {"fail", "unfail"}:
            if side not in {str(index) for index in range(sides)}:
                raise UnknownSide("no_such_side_here")
            assert side is not None
            step = 1 if action == "fail" else -1
            failed[side] = max(0, failed.get(side, 0) + step)
        elif action == "opened":
            new["openings"] = openings + 1
        elif action == "unopened":
            new["openings"] = max(0, openings - 1)
        elif action == "turn_card":
            new["turn_card"] = not state.get("turn_card", False)
        else:
            raise TrackerRefused("unknown_tracker_action", action=repr(action))
        new["failed"] = failed
        return new

    def failed_openings(
        self, state: Mapping[str, Any], side_names: Sequence[str]
    ) -> dict[str, int]:
        failed = state.get("failed", {})
        return {name: int(failed.get(str(i), 0)) for i, name in enumerate(side_names)}

    def read_state(self, raw: Any, sides: int) -> dict[str, Any]:
        if not isinstance(raw, Mapping):
            raise TrackerRefused("tracker_state_not_object")
        state: dict[str, Any] = {}
        failed = raw.get("failed", {})
        indexes = {str(index) for index in range(sides)}
        if not isinstance(failed, Mapping) or not all(
            key in indexes and _is_count(value) for key, value in failed.items()
        ):
            raise TrackerRefused("tracker_failed_not_counts")
        if "failed" in raw:
            state["failed"] = dict(failed)
        if "openings" in raw:
            if not _is_count(raw["openings"]):
                raise TrackerRefused("tracker_openings_not_count")
            state["openings"] = raw["openings"]
        if "turn_card" in raw:
            if not isinstance(raw["turn_card"], bool):
                raise TrackerRefused("tracker_turn_card_not_yes_no")
            state["turn_card"] = raw["turn_card"]
        unknown = set(raw) - {"failed", "openings", "turn_card"}
        if unknown:
            raise TrackerRefused("tracker_unknown_key", key=repr(sorted(unknown)[0]))
        return state

    def view(self, state: Mapping[str, Any], side_names: Sequence[str]) -> TrackerView:
        turn_card = bool(state.get("turn_card", False))
        openings = int(state.get("openings", 0))
        toulon = self.next_toulon(openings, turn_card)
        buttons = [TrackerButton("opened")]
        if openings:
            buttons.append(TrackerButton("unopened"))
        buttons.append(TrackerButton("turn_card", switch=turn_card))
        failed = self.failed_openings(state, side_names)
        side_buttons = []
        for name in side_names:
            row = [TrackerButton("fail")]
            if failed[name]:
                row.append(TrackerButton("unfail"))
            # A table where a failed opening costs nothing (Modern American Canasta's default)
            # has nothing to count.
            side_buttons.append(row if self.failed_step else [])
        if not self.toulon_draws:
            # Failed openings alone (Buraco's vulnerable sides): no Toulon to follow.
            return TrackerView("toulon", [], [], side_buttons, ["" for _ in side_names])
        return TrackerView(
            key="toulon",
            facts=[("next_toulon", str(toulon or 0))],
            buttons=buttons,
            side_buttons=side_buttons,
            side_notes=["" for _ in side_names],
        )
