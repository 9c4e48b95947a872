"""The shared machinery of every rule set: tallies, sides, hands, totals, the end of a game.

A rule set module describes its own numbers (card values, field table) and its features
(games/rules/features.py: opening minimum, pot, hand tracker, house options, seating) as data and
supplies two hooks: `check_hand` (the checks of RULINGS.md that look across sides) and
`score_side` (one side's itemized breakdown). Everything else lives here once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from random import Random
from typing import Any, ClassVar, Self

from .features import (
    DealerPartner,
    HandTracker,
    HouseRule,
    HouseRuleRefused,
    OpeningMinimum,
    OptionValue,
    PennyPot,
    Pot,
    RoundCard,
    Seating,
)
from .prose import Prose

#: A standard pack: 52 cards, and the jokers that come with it.
PACK_CARDS = 52
JOKERS_PER_PACK = 2
#: A canasta (or a book) is seven cards or more.
CARDS_PER_CANASTA = 7

#: Small numbers in words, for prose filled from the rule data ("seven rounds").
NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
)


def in_words(number: int) -> str:
    """`number` as a word where it is small ("seven"), else in figures ("1,500")."""
    return NUMBER_WORDS[number] if 0 <= number < len(NUMBER_WORDS) else f"{number:,}"


#: No count, card points or hand score at a real table comes near this; anything bigger is a
#: slip of the finger (and would not fit the database's whole-number columns).
LARGEST_NUMBER = 1_000_000


def sample_card_points(rng: Random, most: int = 2_000) -> int:
    """Card points as a table counts them: a multiple of 5 up to `most`."""
    return 5 * rng.randint(0, most // 5)


class RulesError(ValueError):
    """A game set-up or tally that the rules refuse, in a player's words.

    `hand`, `side` and `field` say where the problem is (any may be None); `str(error)` is the
    whole sentence, e.g. "Hand 3, Ann & Cy: a side that goes out needs at least two canastas".
    """

    def __init__(
        self,
        problem: str,
        *,
        hand: int | None = None,
        side: str | None = None,
        field: str | None = None,
        hand_word: str = "Hand",
    ) -> None:
        self.problem = problem
        self.hand = hand
        self.side = side
        self.field = field
        self.hand_word = hand_word
        super().__init__(self.message)

    @property
    def message(self) -> str:
        place = []
        if self.hand is not None:
            place.append(f"{self.hand_word} {self.hand}")
        if self.side is not None:
            place.append(self.side)
        return f"{', '.join(place)}: {self.problem}" if place else self.problem


class FieldKind(StrEnum):
    COUNT = "count"
    CARD_POINTS = "card points"
    YES_NO = "yes/no"


@dataclass(frozen=True)
class TallyField:
    """One thing the scorekeeper reads off the table for a side."""

    name: str
    label: str
    kind: FieldKind
    #: Points per unit (per card point for CARD_POINTS, for "yes" with YES_NO). None when the
    #: value depends on the rest of the tally (explained by `scores`).
    points_each: int | None = None
    #: How it scores, in players' words, for forms and printed sheets.
    scores: str = ""
    maximum: int | None = None
    default: int | bool = 0
    #: Hand numbers that ask for it; None means every hand.
    hands: frozenset[int] | None = None
    #: A word for a narrow printed column ("Cards"); empty: the label.
    short_label: str = ""
    #: One of what a count counts, for a sentence ("card caught"); empty: the label.
    unit: str = ""
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

    @property
    def heading(self) -> str:
        """The column heading where there is room for a word only."""
        return self.short_label or self.label

    def asked_in(self, hand_number: int) -> bool:
        return self.hands is None or hand_number in self.hands

    def is_unusual(self, value: int | bool) -> bool:
        """Whether `value` is beyond what a real hand holds (never for yes/no)."""
        if self.kind is FieldKind.YES_NO or self.usual_most is None or isinstance(value, bool):
            return False
        return abs(value) > self.usual_most

    def unusual_question(self, value: int, hand_word: str = "Hand") -> str:
        """What the form asks about an unusual value, in the table's words."""
        what = self.label[:1].lower() + self.label[1:]
        return f"{value:,} {what} in one {hand_word.lower()} — is that right?"

    @property
    def minimum(self) -> int:
        return 0

    @property
    def blank(self) -> int | bool:
        """The value of a field left out of a tally: 0, or "no" (`on_board` says "yes")."""
        return bool(self.default) if self.kind is FieldKind.YES_NO else self.default


@dataclass(frozen=True)
class CardValue:
    cards: str
    points: int
    #: Said beside the card in the card-value table, e.g. that it scores in items of its own.
    note: str = ""


#: The card values of the canasta games (Pennies From Heaven and Hearts of Miromar Canasta).
CANASTA_CARD_VALUES = (
    CardValue("Joker", 50),
    CardValue("Two, Ace", 20),
    CardValue("Eight to King", 10),
    CardValue("Four to Seven", 5),
)


@dataclass(frozen=True)
class Side:
    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class HandInput:
    """One hand as recorded: who dealt (optional) and a raw tally per side name."""

    tallies: Mapping[str, Mapping[str, Any]]
    dealer: str | None = None


@dataclass(frozen=True)
class HandScore:
    number: int
    scores: dict[str, int]
    breakdown: dict[str, dict[str, int]]
    totals: dict[str, int]
    #: Each side's tally with defaults filled in (None for a bare total).
    tallies: dict[str, dict[str, int | bool] | None]
    dealer: str | None = None


@dataclass
class GameScore:
    """Everything the rules say about a game so far."""

    game: GameSetup
    hands: list[HandScore] = field(default_factory=list)
    #: The scorekeeper ended the game after these hands (GameSetup.closed).
    closed: bool = False

    @property
    def totals(self) -> dict[str, int]:
        if self.hands:
            return dict(self.hands[-1].totals)
        return {side.name: 0 for side in self.game.sides}

    @property
    def next_hand_number(self) -> int:
        return len(self.hands) + 1

    @property
    def finished(self) -> bool:
        return self.closed or self.game.rules.is_finished(self.totals, len(self.hands))

    @property
    def winners(self) -> list[str]:
        if not self.finished:
            return []
        return self.game.rules.winners(self.totals)

    def opening_minimums(self, failed_openings: Mapping[str, int] | None = None) -> dict[str, int]:
        """What each side needs to open in the next hand (empty once the game is over)."""
        opening = self.game.rules.opening
        if self.finished or not opening.exists:
            return {}
        failed = failed_openings or {}
        return {
            name: opening.minimum(total, self.next_hand_number, failed_openings=failed.get(name, 0))
            for name, total in self.totals.items()
        }

    def pot(self) -> Pot | None:
        """The pot after the hands played (None for a rule set without one)."""
        pot = self.game.rules.pot
        return None if pot is None else pot.pot(self)

    @property
    def round_card(self) -> RoundCard | None:
        """The next round's card, while the game goes on (None for a rule set without rounds)."""
        return None if self.finished else self.game.rules.round_card(self.next_hand_number)


@dataclass(frozen=True)
class HandContext:
    """One hand being scored, as the rule set's hooks see it."""

    game: GameSetup
    #: The hands before this one.
    so_far: GameScore
    number: int
    #: The itemized tallies (bare totals left out), by side name, defaults filled in.
    itemized: dict[str, dict[str, int | bool]]
    dealer: str | None

    def refuse(
        self, problem: str, side: str | None = None, field_name: str | None = None
    ) -> RulesError:
        """The error to raise for a broken rule, placed at this hand, side and field."""
        return RulesError(
            problem,
            hand=self.number,
            side=side,
            field=field_name,
            hand_word=self.game.rules.hand_word,
        )


@dataclass(frozen=True)
class GameSetup:
    """A game's set-up: its rules (the rule set with this table's house rules), seating and
    sides. Built by `RuleSet.new_game`."""

    rules: RuleSet
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    #: The scorekeeper ended the game (only for rules whose game has no end of its own).
    closed: bool = False

    @property
    def options(self) -> dict[str, OptionValue]:
        """Every house rule of the game, defaults included."""
        return dict(self.rules.options)

    @property
    def chosen_options(self) -> dict[str, OptionValue]:
        """The house rules this table changed from their defaults (what a game keeps)."""
        return self.rules.chosen_options(len(self.players))

    @property
    def side_names(self) -> list[str]:
        return [side.name for side in self.sides]

    @property
    def packs(self) -> int:
        return self.rules.packs(len(self.players))

    def side_of(self, player: str) -> Side:
        for side in self.sides:
            if player in side.players:
                return side
        raise RulesError(f"{player} is not playing in this game")

    @cached_property
    def tally_fields(self) -> tuple[TallyField, ...]:
        """The rule set's fields with this game's bounds (worked out once per game)."""
        return self.rules.game_fields(self)

    @cached_property
    def fields_by_name(self) -> dict[str, TallyField]:
        return {f.name: f for f in self.tally_fields}

    def dealer_for(self, first_dealer: str, hand_number: int) -> str:
        """The deal passes to the left (the next seat clockwise) every hand."""
        start = self.players.index(first_dealer)
        return self.players[(start + hand_number - 1) % len(self.players)]

    def deals(self, dealer: str) -> list[tuple[str, str]]:
        """Who deals what this hand: ("Dealer", name), then anything the dealer's partner
        deals (Pennies From Heaven: ("Pennies", partner))."""
        deals = [("Dealer", dealer)]
        partner_deals = self.rules.dealer_partner
        if partner_deals is not None:
            partners = [p for p in self.side_of(dealer).players if p != dealer]
            if partners:
                deals.append((partner_deals.deals, partners[0]))
        return deals

    def fields(self, hand_number: int) -> list[TallyField]:
        return self.rules.fields_for(self, hand_number)

    def score(self, hands: Sequence[HandInput]) -> GameScore:
        """Score every hand in order; the first refused tally raises RulesError."""
        result = GameScore(self)
        for hand in hands:
            result.hands.append(self.score_next_hand(result, hand))
        result.closed = self.closed
        return result

    def score_next_hand(self, so_far: GameScore, hand: HandInput) -> HandScore:
        """Score one more hand after `so_far`, without changing `so_far`."""
        return self.rules.score_hand(self, so_far, hand)


class _Attributes(dict):
    """format_map source for `terms`: the rule set's own attributes."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, key: str) -> Any:
        return getattr(self.rules, key)


#: What every rule set must declare; a class missing one fails when it is defined.
REQUIRED_ATTRIBUTES = (
    "slug",
    "name",
    "summary",
    "family",
    "player_counts",
    "seating",
    "cards_dealt",
    "card_values",
    "wild_cards",
    "tally_fields",
    "opening",
)


class RuleSet:
    """A complete rule set, as one table plays it: an instance carries a value for every house
    rule (`options`), and everything a house rule can change (the target, the end of the game,
    who wins, the opening minimum, the point values) is asked of the instance. `RULE_SETS`
    holds each rule set with its defaults; `with_options` gives a table's own.

    Subclasses set the class attributes, `packs`, `describe_packs` and the scoring hooks
    `score_side` (required) and `check_hand` (optional); a rule set whose numbers follow its
    house rules sets them in `apply_house_rules`."""

    slug: ClassVar[str]
    name: ClassVar[str]
    #: One line about the game (a house rule may change a number in it: the instance's own).
    summary: str
    family: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    seating: ClassVar[Seating]
    hand_word: ClassVar[str] = "Hand"
    cards_dealt: ClassVar[str]
    card_values: ClassVar[tuple[CardValue, ...]]
    wild_cards: ClassVar[str]
    #: What the scorekeeper reads off the table for each side (a house rule may change the
    #: points of a field: the instance's own).
    tally_fields: tuple[TallyField, ...]
    allows_bare_total: ClassVar[bool] = True
    #: Every tally is a bare total: the form asks one number per side and nothing else.
    totals_only: ClassVar[bool] = False
    #: The fewest sides a game may have (a score pad also keeps one player's score).
    fewest_sides: ClassVar[int] = 2
    #: Highest total wins (False: lowest total wins).
    high_score_wins: bool = True
    target_score: int | None = None
    fixed_hands: int | None = None
    #: A game may have neither a target nor a number of hands: it ends when the scorekeeper
    #: says so ("Finish the game").
    may_have_no_end: ClassVar[bool] = False
    #: The most hands a real game of this rule set runs to: a game (or a game file) longer than
    #: this is refused at once, before any scoring.
    most_hands: ClassVar[int] = 300
    #: How a side opens: by total, by hand, or NO_OPENING_MINIMUM.
    opening: OpeningMinimum
    #: Buys and a pot of pennies, or None.
    pot: ClassVar[PennyPot | None] = None
    #: Each round's card (what it asks before laying down), or () when rounds are all alike.
    rounds: ClassVar[tuple[RoundCard, ...]] = ()
    #: What the scorekeeper taps during a hand (failed openings ...), or None.
    tracker: ClassVar[HandTracker | None] = None
    #: Something the dealer's partner deals, or None.
    dealer_partner: ClassVar[DealerPartner | None] = None
    #: The numbers (or yes/no) a table may change; `options` holds this table's.
    house_rules: ClassVar[tuple[HouseRule, ...]] = ()
    #: Tally fields that each count a canasta (or book) of seven cards or more: over all sides
    #: of a hand they cannot need more cards than are in play.
    canasta_fields: ClassVar[tuple[str, ...]] = ()
    #: What one of those is called in a message ("canasta", "book").
    canasta_word: ClassVar[str] = "canasta"
    #: Fields seldom scored: the hand form tucks them away under "more" to save scrolling.
    rare_fields: ClassVar[frozenset[str]] = frozenset()
    #: Yes/no fields that at most one side answers "yes" in a hand (going out): the hand form
    #: asks them once, as one choice between the sides, instead of once per side.
    one_side_fields: ClassVar[frozenset[str]] = frozenset()
    #: The cards that count as card points on the table and in hand (what the card counter
    #: offers); None means all of `card_values`. A rule set whose threes score in fields of
    #: their own leaves them out, so that a three is never counted twice.
    card_point_values: ClassVar[tuple[CardValue, ...] | None] = None

    #: The words of its rule sheet and score pad (games/rules/prose.py).
    prose: ClassVar[Prose] = Prose()

    #: One-line explanations of the game's own words, shown when the word is tapped on a screen
    #: (placeholders as in rule_notes, filled from the rule set's attributes).
    terms: ClassVar[Mapping[str, str]] = {}

    def explain(self, word: str) -> str | None:
        """The one-line explanation of `word` in this game, or None."""
        text = self.terms.get(word)
        return None if text is None else text.format_map(_Attributes(self))

    @property
    def counted_card_values(self) -> tuple[CardValue, ...]:
        if self.card_point_values is None:
            return self.card_values
        return self.card_point_values

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = [name for name in REQUIRED_ATTRIBUTES if not hasattr(cls, name)]
        missing += [
            name
            for name in ("packs", "describe_packs", "score_side", "sample_hand")
            if getattr(cls, name) is getattr(RuleSet, name)
        ]
        if cls.target_score is None and cls.fixed_hands is None and not cls.may_have_no_end:
            missing.append("target_score or fixed_hands")
        if missing:
            raise TypeError(f"rule set {cls.__name__} must declare {', '.join(missing)}")

    # -- set-up ---------------------------------------------------------------------------------

    def packs(self, players: int) -> int:
        raise NotImplementedError

    def describe_packs(self) -> str:
        raise NotImplementedError

    def __init__(self, options: Mapping[str, OptionValue] | None = None) -> None:
        """The rule set with `options` (every house rule filled in; checked by `with_options`),
        or with its defaults."""
        self.options: dict[str, OptionValue] = (
            dict(options) if options is not None else self.default_options(None)
        )
        self.apply_house_rules()

    def apply_house_rules(self) -> None:
        """Set what this table's house rules change. The rules every kind of game understands
        are applied here (`target`, a number of `hands`, `lowest_wins`); a rule set with
        numbers of its own to change extends this."""
        if "target" in self.options:
            self.target_score = self.option_number("target")
        if "hands" in self.options:
            self.fixed_hands = self.option_number("hands")
        if "lowest_wins" in self.options:
            self.high_score_wins = not self.options["lowest_wins"]

    def option_number(self, name: str) -> int | None:
        value = self.options[name]
        return None if value is None else int(value)

    def house_rule(self, name: str) -> HouseRule | None:
        return next((rule for rule in self.house_rules if rule.name == name), None)

    def default_options(self, players: int | None) -> dict[str, OptionValue]:
        return {rule.name: rule.default_for(players) for rule in self.house_rules}

    def with_options(self, options: Mapping[str, Any], players: int | None = None) -> Self:
        """This rule set with a table's house rules (a missing one takes its default), or
        RulesError naming the rule a value is refused for."""
        if not isinstance(options, Mapping):
            raise RulesError("the house rules must name each rule and its value")
        filled = self.default_options(players)
        for name, value in options.items():
            rule = self.house_rule(name)
            if rule is None:
                raise RulesError(f"{self.name} has no house rule called {name}")
            try:
                filled[name] = rule.read(value)
            except HouseRuleRefused as refused:
                raise RulesError(f"house rule {name} {refused}") from None
            if (
                players is not None
                and filled[name] != rule.default_for(players)
                and not rule.allowed_with(players)
            ):
                raise RulesError(rule.refusal or f"{rule.label}: not with {players} players")
        return type(self)(filled)

    def chosen_options(self, players: int | None) -> dict[str, OptionValue]:
        """The house rules that differ from their defaults."""
        defaults = self.default_options(players)
        return {name: value for name, value in self.options.items() if value != defaults[name]}

    def house_rules_in_force(self, players: int | None) -> list[str]:
        """The changed house rules in a few words each ("game to 20,000"), for the scoreboard
        and the printouts; empty when the table plays every default."""
        chosen = self.chosen_options(players)
        return [
            rule.describe(chosen[rule.name]) for rule in self.house_rules if rule.name in chosen
        ]

    @property
    def ends_by_scorekeeper(self) -> bool:
        """The game has no end of its own: the scorekeeper finishes it."""
        return self.target_score is None and self.fixed_hands is None

    def cards_in_play(self, players: int) -> int:
        """Every card dealt from, jokers included."""
        return self.packs(players) * (PACK_CARDS + JOKERS_PER_PACK)

    def round_card(self, number: int) -> RoundCard | None:
        """Round `number`'s card, or None when the rule set has no round table."""
        return self.rounds[number - 1] if 1 <= number <= len(self.rounds) else None

    def new_game(
        self,
        players: Sequence[str],
        sides: Sequence[Side] | None = None,
        options: Mapping[str, Any] | None = None,
        closed: bool = False,
    ) -> GameSetup:
        """Check a game's set-up and return it, or raise RulesError saying what is wrong."""
        players = tuple(players)
        for player in players:
            if not isinstance(player, str) or not player.strip():
                raise RulesError("every player needs a name")
        if len(set(players)) != len(players):
            duplicate = next(p for p in players if players.count(p) > 1)
            raise RulesError(f"{duplicate} is listed twice; every player needs a different name")
        if len(players) not in self.player_counts:
            raise RulesError(
                f"{self.name} is played by {self.describe_player_counts()}, not {len(players)}"
            )
        sides = tuple(sides) if sides else self._default_sides(players)
        self._check_sides(players, sides)
        rules = self.with_options(options or {}, len(players))
        if closed and not rules.ends_by_scorekeeper:
            raise RulesError(
                f"this game of {self.name} ends by itself: the scorekeeper cannot finish it"
            )
        return GameSetup(rules=rules, players=players, sides=sides, closed=closed)

    def describe_player_counts(self) -> str:
        counts = self.player_counts
        if len(counts) == 2:
            return f"{counts[0]} or {counts[1]} players"
        if list(counts) == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
            return f"{counts[0]} to {counts[-1]} players"
        return f"{counts[0]} players"

    @property
    def seating_words(self) -> str:
        """How the players sit, as the new-game page says it."""
        return self.seating.words

    @property
    def table_chooses_teams(self) -> bool:
        """Whether the table picks the team size when it sits down (for some player count)."""
        return any(self.seating_for(players).chooses_teams for players in self.player_counts)

    def seating_for(self, players: int) -> Seating:
        """How `players` sit at this game; a rule set whose seating changes with the number of
        players (classic Canasta: partners with four, alone with two or three) answers here."""
        return self.seating

    def _default_sides(self, players: tuple[str, ...]) -> tuple[Side, ...]:
        if self.seating_for(len(players)) is Seating.PARTNERS:
            raise RulesError(f"{self.name} is played in partnerships: name the sides")
        return tuple(Side(name=player, players=(player,)) for player in players)

    def _check_sides(self, players: tuple[str, ...], sides: tuple[Side, ...]) -> None:
        names = [side.name for side in sides]
        for side in sides:
            if not isinstance(side.name, str) or not side.name.strip():
                raise RulesError("every side needs a name")
            if not side.players:
                raise RulesError(f"side {side.name} has no players")
        if len(set(names)) != len(names):
            duplicate = next(n for n in names if names.count(n) > 1)
            raise RulesError(f"two sides are called {duplicate}; give each side its own name")
        seated = [player for side in sides for player in side.players]
        for player in seated:
            if player not in players:
                raise RulesError(
                    f"side {self._side_holding(sides, player)} names {player}, "
                    "who is not among the players"
                )
            if seated.count(player) > 1:
                raise RulesError(f"{player} is on more than one side")
        for player in players:
            if player not in seated:
                raise RulesError(f"{player} is not on any side")
        if len(sides) < self.fewest_sides:
            raise RulesError(f"a game needs at least {in_words(self.fewest_sides)} sides")
        sizes = {len(side.players) for side in sides}
        if len(sizes) > 1:
            raise RulesError("the sides must be the same size")
        size = sizes.pop()
        seating = self.seating_for(len(players))
        if seating is Seating.PARTNERS and size != 2:
            raise RulesError(f"{self.name} is played by partners: every side has two players")
        if seating is Seating.ALONE and size != 1:
            raise RulesError(f"in {self.name} everyone plays on their own")

    @staticmethod
    def _side_holding(sides: Iterable[Side], player: str) -> str:
        return next(side.name for side in sides if player in side.players)

    # -- tallies --------------------------------------------------------------------------------

    def fields_for(self, game: GameSetup, hand_number: int) -> list[TallyField]:
        """The fields the form asks for in this hand, with bounds for this game's packs."""
        return [f for f in game.tally_fields if f.asked_in(hand_number)]

    def game_fields(self, game: GameSetup) -> tuple[TallyField, ...]:
        """All tally fields, with any bound that depends on the number of packs filled in."""
        return self.tally_fields

    def field_named(self, game: GameSetup, name: str) -> TallyField | None:
        return game.fields_by_name.get(name)

    def unusual_entries(
        self, game: GameSetup, hand_number: int, tallies: Mapping[str, Mapping[str, Any]]
    ) -> list[tuple[str, str, str]]:
        """(side, field, question) for each value of the hand's tallies beyond its field's
        usual most: possible, so not refused, but asked about once."""
        found = []
        for side, tally in tallies.items():
            for f in self.fields_for(game, hand_number):
                value = tally.get(f.name)
                if value is not None and f.is_unusual(value):
                    found.append((side, f.name, f.unusual_question(value, self.hand_word)))
        return found

    def read_tally(
        self, game: GameSetup, raw: Mapping[str, Any], hand_number: int, side: str
    ) -> dict[str, int | bool] | None:
        """Check one side's raw tally field by field; None means a bare total."""

        def refuse(problem: str, field_name: str | None = None) -> RulesError:
            return RulesError(
                problem, hand=hand_number, side=side, field=field_name, hand_word=self.hand_word
            )

        if not isinstance(raw, Mapping):
            raise refuse("the tally must list the side's counts and points")
        if self.totals_only and "total" not in raw:
            raise refuse("type the side's score for the hand", "total")
        if "total" in raw:
            if not self.allows_bare_total:
                raise refuse(
                    f"{self.name} needs the cards, points and buys of every player, "
                    "not just a total",
                    "total",
                )
            extra = [name for name in raw if name != "total"]
            if extra:
                raise refuse("give either just the total or the itemized tally, not both", "total")
            total = raw["total"]
            if isinstance(total, bool) or not isinstance(total, int):
                raise refuse("the total must be a whole number", "total")
            if abs(total) > LARGEST_NUMBER:
                raise refuse(f"a hand score of {total:,} is far beyond any real hand", "total")
            return None
        tally: dict[str, int | bool] = {}
        for f in game.tally_fields:
            value = raw.get(f.name, f.blank)
            tally[f.name] = self._read_value(f, value, refuse)
        for name in raw:
            if name not in game.fields_by_name:
                raise refuse(f"{self.name} does not score anything called {name!r}", name)
        return tally

    @staticmethod
    def _read_value(
        f: TallyField, value: Any, refuse: Callable[[str, str | None], RulesError]
    ) -> int | bool:
        if f.kind is FieldKind.YES_NO:
            if not isinstance(value, bool):
                raise refuse(f"{f.label} is a yes or no", f.name)
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise refuse(f"{f.label} must be a whole number", f.name)
        if value < 0:
            raise refuse(f"{f.label} can't be negative", f.name)
        if value > LARGEST_NUMBER:
            raise refuse(f"{f.label} of {value:,} is far beyond any real hand", f.name)
        if f.kind is FieldKind.CARD_POINTS and value % 5:
            raise refuse(f"{f.label} must be a multiple of 5 (it is {value})", f.name)
        if f.maximum is not None and value > f.maximum:
            raise refuse(f"{f.label} can be at most {f.maximum} (it is {value})", f.name)
        return value

    # -- scoring --------------------------------------------------------------------------------

    def score_hand(self, game: GameSetup, so_far: GameScore, hand: HandInput) -> HandScore:
        number = so_far.next_hand_number

        def refuse(
            problem: str, side: str | None = None, field_name: str | None = None
        ) -> RulesError:
            return RulesError(
                problem, hand=number, side=side, field=field_name, hand_word=self.hand_word
            )

        if so_far.finished:
            raise refuse(self._game_over_reason(len(so_far.hands)))
        if number > self.most_hands:
            raise refuse(self.too_many_hands(number))
        if not isinstance(hand.tallies, Mapping):
            raise refuse("the hand needs a tally for every side")
        if hand.dealer is not None and hand.dealer not in game.players:
            raise refuse(f"the dealer {hand.dealer} is not playing in this game")
        for name in hand.tallies:
            if name not in game.side_names:
                alone = self.seating_for(len(game.players)) is Seating.ALONE
                who = "player" if alone else "side"
                raise refuse(f"there is no {who} called {name} in this game")
        for name in game.side_names:
            if name not in hand.tallies:
                raise refuse("the hand has no tally for this side", side=name)

        tallies = {
            name: self.read_tally(game, hand.tallies[name], number, name)
            for name in game.side_names
        }
        itemized = {name: tally for name, tally in tallies.items() if tally is not None}
        context = HandContext(game, so_far, number, itemized, hand.dealer)
        self.check_hand(context)
        self.check_cards_in_play(context)
        if self.pot is not None:
            self.pot.check_buys(context)

        breakdown: dict[str, dict[str, int]] = {}
        order = self.tally_fields
        for name, tally in tallies.items():
            if tally is None:
                breakdown[name] = {"total": hand.tallies[name]["total"]}
            else:
                parts = self.score_side(context, name, tally)
                breakdown[name] = {f.name: parts.pop(f.name) for f in order if f.name in parts}
                breakdown[name].update(parts)
        scores = {name: sum(parts.values()) for name, parts in breakdown.items()}
        before = so_far.totals
        totals = {name: before[name] + scores[name] for name in game.side_names}
        return HandScore(
            number=number,
            scores=scores,
            breakdown=breakdown,
            totals=totals,
            tallies=tallies,
            dealer=hand.dealer,
        )

    def check_hand(self, hand: HandContext) -> None:
        """Checks across sides: raise hand.refuse(problem, side, field) for the first broken
        one. Most rule sets have some; none is required."""

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        """A hand a table could have played in `game` (every check holds, whatever was played
        before), drawn with `rng`: each rule set draws its own, so that the property tests and
        the bench cover every rule set in the registry without a list of them."""
        raise NotImplementedError

    def check_cards_in_play(self, hand: HandContext) -> None:
        """Over all sides, the canastas of every kind cannot need more cards than are in play
        ("500 natural canastas" is a slip of the finger, not a hand)."""
        if not self.canasta_fields:
            return
        cards = self.cards_in_play(len(hand.game.players))
        counted = 0
        for side, tally in hand.itemized.items():
            counted += sum(int(tally[name]) for name in self.canasta_fields)
            if counted * CARDS_PER_CANASTA > cards:
                word = self.canasta_word
                raise hand.refuse(
                    f"that makes {counted:,} {word}s in the hand, which need "
                    f"{counted * CARDS_PER_CANASTA:,} cards, but only {cards:,} cards are in play",
                    side,
                    max(self.canasta_fields, key=lambda name: int(tally[name])),
                )

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        """One side's itemized hand score, as parts that add up to it."""
        raise NotImplementedError

    def plain_parts(self, tally: Mapping[str, int | bool], names: Iterable[str]) -> dict[str, int]:
        """The parts that are simply count (or yes) times points_each."""
        points = self.points_each
        return {name: int(tally[name]) * points[name] for name in names}

    @cached_property
    def points_each(self) -> dict[str, int]:
        return {f.name: f.points_each or 0 for f in self.tally_fields}

    # -- the end of the game --------------------------------------------------------------------

    def is_finished(self, totals: Mapping[str, int], hands_played: int) -> bool:
        """Whether the game ends here: after its number of hands, or after the hand in which a
        side reaches the target, whichever comes first."""
        if self.fixed_hands is not None and hands_played >= self.fixed_hands:
            return True
        target = self.target_score
        return target is not None and any(total >= target for total in totals.values())

    def too_many_hands(self, hands: int) -> str:
        word = self.hand_word.lower()
        most = f"{self.most_hands:,} {word}s at most"
        return f"no game of {self.name} runs to {hands:,} {word}s ({most})"

    def _game_over_reason(self, hands_played: int) -> str:
        if self.ends_by_scorekeeper:
            return "the scorekeeper finished the game; reopen it to add a hand"
        if self.fixed_hands is not None and hands_played >= self.fixed_hands:
            return (
                f"{self.name} has only {self.fixed_hands} "
                f"{self.hand_word.lower()}s; the game is over"
            )
        return (
            f"the game ended after {self.hand_word.lower()} {hands_played}, "
            f"when a side reached {self.target_score:,}"
        )

    def winners(self, totals: Mapping[str, int]) -> list[str]:
        best = max(totals.values()) if self.high_score_wins else min(totals.values())
        return [name for name, total in totals.items() if total == best]
