"""The rule set's contract (`RuleSet`) and a game played under it: its set-up (`GameSetup`)
and everything the rules say about it so far (`GameScore`).

A rule set module describes its own numbers (card values, field table) and its features
(games/rules/features.py: opening minimum, pot, hand tracker, house options, seating) as data and
supplies two hooks: `check_hand` (the checks of RULINGS.md that look across sides) and
`score_side` (one side's itemized breakdown). What every rule set shares lives once, beside this
module: the sides (seats.py), a side's tally (tally.py), scoring a hand (scoring.py), a table's
house rules (house_rules.py) and the error they raise (errors.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from random import Random
from typing import Any, ClassVar, Self

# Only what this module uses itself: none is re-exported, so import each name from the module
# it lives in (or, in the app, from games.rules).
from .errors import RulesError, Said, said
from .features import (
    DealerPartner,
    HandTracker,
    HouseRule,
    OpeningMinimum,
    OptionValue,
    PennyPot,
    PhaseTrack,
    Pot,
    RoundCard,
    Seating,
)
from .house_rules import read_options
from .own_game import OwnGame
from .scoring import HandContext, HandInput, HandScore, game_over_reason, score_hand
from .seats import Side, check_players, check_sides, default_sides
from .tally import TallyField, unusual_entries

#: A standard pack: 52 cards, and the jokers that come with it.
PACK_CARDS = 52
JOKERS_PER_PACK = 2


def sample_card_points(rng: Random, most: int = 2_000) -> int:
    """Card points as a table counts them: a multiple of 5 up to `most`."""
    return 5 * rng.randint(0, most // 5)


@dataclass(frozen=True)
class PartReason:
    """Why a part of a hand score is what it is: a code ("melded_nothing", "fewer_canastas")
    and the number its words need (the canastas needed), for the screens to say."""

    code: str
    number: int | None = None


@dataclass(frozen=True)
class CardValue:
    #: The cards, as a key the words name them by ("Eight to King"), in each language.
    cards: str
    points: int
    #: A note beside the card in the card-value table, as a code the words say ("see_threes":
    #: it scores in items of its own); empty: none.
    note: str = ""


@dataclass(frozen=True)
class Settlement:
    """What one player pays another once a game is over (Gin Rummy: the difference of the final
    totals)."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class Shutout:
    """A finished game whose loser won nothing: who was shut out, and the name of the house
    rule that says what a shutout does (for the screens to say it as the table plays it)."""

    shut_out: str
    house_rule: str


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
        return self.closed or self.game.rules.game_is_over(self)

    @property
    def winners(self) -> list[str]:
        if not self.finished:
            return []
        return self.game.rules.winners_of(self)

    @property
    def victory_points(self) -> dict[str, int] | None:
        """Each side's victory points once the game is over, where its rule set decides the
        game in them (None: it does not, or the game goes on)."""
        return self.game.rules.victory_points_for(self.totals) if self.finished else None

    @property
    def boxes(self) -> dict[str, int] | None:
        """Each side's boxes (hands won) so far, where its rule set keeps them (Gin Rummy);
        None where it does not."""
        return self.game.rules.boxes_of(self)

    @property
    def final(self) -> dict[str, dict[str, int]] | None:
        """Each side's final account once the game is over, where its rule set adds one after
        the last hand (Gin Rummy: points, boxes, game bonus, total); None otherwise."""
        return self.game.rules.final_of(self)

    @property
    def games(self) -> list[dict[str, Any]] | None:
        """The games a session writes each hand into (Gin Rummy's Hollywood: three), as
        `score_game` prints them; None where a game is one game."""
        return self.game.rules.games_report(self)

    @property
    def next_games(self) -> dict[str, list[int]] | None:
        """Which of the session's games (numbered from 1) each side's next win would go into,
        while the session goes on; None where a game is one game, and once it is over."""
        return None if self.finished else self.game.rules.next_games(self)

    @property
    def settlements(self) -> list[Settlement] | None:
        """Who pays whom how much once the game is over, where its rule set settles the final
        totals (empty: nobody pays); None otherwise."""
        return self.game.rules.settlements_of(self) if self.finished else None

    @property
    def players_in(self) -> list[str] | None:
        """The sides still in the game after the hands played, in seat order, where a side
        can be knocked out (Chinchón); None where every side plays every hand."""
        return self.game.rules.sides_in(self)

    @property
    def rejoin_total(self) -> int | None:
        """The total a side that is out comes back in at before the next hand, while the game
        goes on (None where nobody rejoins, and once the game is over)."""
        return None if self.finished else self.game.rules.rejoin_total(self)

    @property
    def rejoins(self) -> dict[str, int] | None:
        """How many times each side has rejoined so far (only sides that have; None where
        nobody rejoins)."""
        return self.game.rules.rejoins_used(self)

    @property
    def leaders(self) -> list[str]:
        """Who would win if the game ended now (none before the first hand)."""
        return self.game.rules.leaders_of(self) if self.hands else []

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

    @property
    def phases(self) -> dict[str, int] | None:
        """The phase each player plays in the next hand, while the game goes on (None for a
        rule set without phases, and once the game is over)."""
        track = self.game.rules.phase_track
        return None if track is None or self.finished else track.next_phases(self)

    @property
    def completed_last_hand(self) -> list[str]:
        """Who completed their phase in the last hand (none for a rule set without phases)."""
        track = self.game.rules.phase_track
        return [] if track is None else track.completed_last_hand(self)


@dataclass(frozen=True)
class GameSetup:
    """A game's set-up: its rules (the rule set with this table's house rules), seating and
    sides. Built by `RuleSet.new_game`."""

    rules: RuleSet
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    #: The scorekeeper ended the game (only for rules whose game has no end of its own).
    closed: bool = False
    #: The table's own game it is played as (a name and a note; scored as `rules`), or None.
    own_game: OwnGame | None = None

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
        raise RulesError("not_playing", player=player)

    @cached_property
    def tally_fields(self) -> tuple[TallyField, ...]:
        """The rule set's fields with this game's bounds (worked out once per game)."""
        return self.rules.game_fields(self)

    @cached_property
    def fields_by_name(self) -> dict[str, TallyField]:
        return {f.name: f for f in self.tally_fields}

    def dealer_for(
        self,
        first_dealer: str,
        hand_number: int,
        hands: Sequence[HandInput | HandScore] = (),
    ) -> str:
        """Who deals hand `hand_number`: the deal passes to the left (the next seat clockwise),
        or to the right where the rule set says (`deal_passes_right`), once after every earlier
        hand but one its dealer deals again (`RuleSet.deals_again`). `hands`: the hands
        recorded so far (extra ones are not read); an earlier hand not given passes the deal."""
        earlier = hands[: hand_number - 1]
        repeats = sum(1 for hand in earlier if self.rules.deals_again(hand))
        return self.dealer_after(first_dealer, hand_number - 1 - repeats)

    def dealers(self, first_dealer: str, hands: Sequence[HandInput | HandScore]) -> list[str]:
        """The dealer of each of `hands` and then of the next hand, in one pass."""
        passes = 0
        dealers = [first_dealer]
        for hand in hands:
            passes += 0 if self.rules.deals_again(hand) else 1
            dealers.append(self.dealer_after(first_dealer, passes))
        return dealers

    def dealer_after(self, first_dealer: str, passes: int) -> str:
        """Who has the deal once it has passed `passes` times from `first_dealer`."""
        start = self.players.index(first_dealer)
        step = -1 if self.rules.deal_passes_right else 1
        return self.players[(start + step * passes) % len(self.players)]

    def deals(self, dealer: str) -> list[tuple[str, str]]:
        """Who deals what this hand, by a code the words say: ("dealer", name), then
        ("dealer_partner", partner) where the dealer's partner deals something too (Pennies
        From Heaven: the Pennies)."""
        deals = [("dealer", dealer)]
        if self.rules.dealer_partner is not None:
            partners = [p for p in self.side_of(dealer).players if p != dealer]
            if partners:
                deals.append(("dealer_partner", partners[0]))
        return deals

    def fields(self, hand_number: int) -> list[TallyField]:
        """The fields the form asks for in this hand, with bounds for this game's packs."""
        return [f for f in self.tally_fields if f.asked_in(hand_number)]

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


#: What every rule set must declare; a class missing one fails when it is defined.
REQUIRED_ATTRIBUTES = (
    "slug",
    "family",
    "player_counts",
    "seating",
    "card_values",
    "tally_fields",
    "opening",
)


class RuleSet:
    """What a game's rules must say to be set up, scored, checked and printed: the contract
    between one rule set and everything that plays it. The web app, the printouts and the game
    files ask only this.

    A rule set module declares its numbers and features as class attributes (who plays and how
    they sit, the cards, what is read off the table for each side, the opening, the pot, the
    house rules) and supplies the hooks `packs`, `score_side`, `sample_hand` and, where it has
    checks across sides, `check_hand`. The checks every rule set shares are plain functions
    beside it: players and sides in seats.py, a side's tally in tally.py, a hand in scoring.py,
    a table's house rules in house_rules.py. It holds no word a player reads: its name, labels,
    phrases and rule sheet are the app's (games/words/games/<its module>.py), filled with its
    numbers.

    An instance is the rule set as one table plays it: it carries a value for every house rule
    (`options`), and everything a house rule can change (the target, the end of the game, who
    wins, the opening minimum, the point values) is asked of the instance. `RULE_SETS` holds
    each rule set with its defaults; `with_options` gives a table's own; a rule set whose numbers
    follow its house rules sets them in `apply_house_rules`."""

    # -- what each rule set declares ------------------------------------------------------------

    slug: ClassVar[str]
    #: The kind of game it is, as a code ("canasta", "contract_rummy").
    family: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    seating: ClassVar[Seating]
    #: What a hand is called at this game, as a code: "hand", "deal" or "round" (the app's
    #: games.words.hand_word writes it in the table's language).
    hand_word: ClassVar[str] = "hand"
    #: The cards' values (a house rule may change one: the instance's own).
    card_values: tuple[CardValue, ...]
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
    #: The game ends by a rule of its own (`game_is_over`: Phase 10 after the hand in which a
    #: player completes the last phase), with neither a target nor a number of hands.
    ends_by_own_rule: ClassVar[bool] = False
    #: The most hands a real game of this rule set runs to: a game (or a game file) longer than
    #: this is refused at once, before any scoring.
    most_hands: ClassVar[int] = 300
    #: How a side opens: by total, by hand, or NO_OPENING_MINIMUM.
    opening: OpeningMinimum
    #: Buys and a pot of pennies, or None.
    pot: ClassVar[PennyPot | None] = None
    #: Each round's card (what it asks before anyone deals), or () when rounds are all alike.
    rounds: ClassVar[tuple[RoundCard, ...]] = ()
    #: The phases each player works through, one at a time, or None.
    phase_track: ClassVar[PhaseTrack | None] = None
    #: What the scorekeeper taps during a hand (failed openings ...), or None.
    tracker: ClassVar[HandTracker | None] = None
    #: Something the dealer's partner deals, or None.
    dealer_partner: ClassVar[DealerPartner | None] = None
    #: The numbers (or yes/no) a table may change; `options` holds this table's.
    house_rules: ClassVar[tuple[HouseRule, ...]] = ()
    #: Tally fields that each count a canasta (or book) of seven cards or more: over all sides
    #: of a hand they cannot need more cards than are in play.
    canasta_fields: ClassVar[tuple[str, ...]] = ()
    #: What one of those is, as a code: "canasta", or "book" (Hand and Foot), for the refusal
    #: of more than the cards in play allow.
    canasta_kind: ClassVar[str] = "canasta"
    #: Fields seldom scored: the hand form tucks them away under "more" to save scrolling.
    rare_fields: ClassVar[frozenset[str]] = frozenset()
    #: Items a paper pad leaves out: they score nothing at this table (set with house rules).
    unwritten_fields: frozenset[str] = frozenset()
    #: Yes/no fields that at most one side answers "yes" in a hand (going out): the hand form
    #: asks them once, as one choice between the sides, instead of once per side.
    one_side_fields: ClassVar[frozenset[str]] = frozenset()
    #: The field each side types its own points into every hand (a rummy's points left in
    #: hand, a score pad's score): left blank, it is likelier forgotten than meant, and the hand
    #: form asks before counting it as 0. None where no such field stands alone.
    own_points_field: ClassVar[str | None] = None
    #: Some side answers "yes" to each of the `one_side_fields` in every hand (a contract rummy:
    #: someone goes out every round), so the hand form offers no "Nobody".
    someone_every_hand: ClassVar[bool] = False
    #: "Nobody" to the `one_side_fields` is a whole hand with nothing else typed (Gin Rummy's
    #: dead hand): the hand form leaves the choice unpicked until it is tapped, and a hand with
    #: only "Nobody" tapped is a hand, not one forgotten.
    nobody_is_a_hand: ClassVar[bool] = False
    #: Each hand names its first upcard (`HandInput.upcard`, Oklahoma Gin): the hand form asks
    #: its rank and whether it is a spade, and says what it sets (`upcard_said`).
    uses_upcard: ClassVar[bool] = False
    #: Yes/no fields a side answers "yes" to by answering "yes" to another (Phase 10: a player
    #: who went out completed the phase): the hand form takes them as ticked, one tap saved.
    implied_by: ClassVar[Mapping[str, str]] = {}
    #: The cards that count as card points on the table and in hand (what the card counter
    #: offers); None means all of `card_values`. A rule set whose threes score in fields of
    #: their own leaves them out, so that a three is never counted twice.
    card_point_values: ClassVar[tuple[CardValue, ...] | None] = None
    #: Packs in play whatever the number of players (None: `packs` says, by players).
    fixed_packs: ClassVar[int | None] = None
    #: The deal passes to the right (counter-clockwise) instead of to the left (Chinchón).
    deal_passes_right: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = [name for name in REQUIRED_ATTRIBUTES if not hasattr(cls, name)]
        hooks: tuple[str, ...] = ("score_side", "sample_hand")
        if cls.fixed_packs is None:
            hooks += ("packs",)
        missing += [name for name in hooks if getattr(cls, name) is getattr(RuleSet, name)]
        ends = cls.target_score, cls.fixed_hands
        if ends == (None, None) and not (cls.may_have_no_end or cls.ends_by_own_rule):
            missing.append("target_score or fixed_hands")
        if missing:
            raise TypeError(f"rule set {cls.__name__} must declare {', '.join(missing)}")

    # -- the hooks each rule set supplies -------------------------------------------------------

    def packs(self, players: int) -> int:
        if self.fixed_packs is None:
            raise NotImplementedError
        return self.fixed_packs

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        """One side's itemized hand score, as parts that add up to it."""
        raise NotImplementedError

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        """A hand a table could have played in `game` (every check holds, whatever was played
        before), drawn with `rng`: each rule set draws its own, so that the property tests and
        the bench cover every rule set in the registry without a list of them."""
        raise NotImplementedError

    def sample_next_hand(self, so_far: GameScore, rng: Random) -> HandInput:
        """A hand a table could play after `so_far`'s hands, drawn with `rng`: `sample_hand`,
        unless what may be played depends on the hands before (who is out in Chinchón)."""
        return self.sample_hand(so_far.game, rng)

    def check_hand(self, hand: HandContext) -> None:
        """Checks across sides: raise hand.refuse(code, side, field, **params) for the first
        broken one. Most rule sets have some; none is required."""

    def seating_for(self, players: int) -> Seating:
        """How `players` sit at this game; a rule set whose seating changes with the number of
        players (classic Canasta: partners with four, alone with two or three) answers here."""
        return self.seating

    def game_fields(self, game: GameSetup) -> tuple[TallyField, ...]:
        """All tally fields, with any bound that depends on the number of packs filled in."""
        return self.tally_fields

    # -- a table's house rules ------------------------------------------------------------------

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

    def chosen_number(self, name: str) -> int:
        """A house rule that is always a number."""
        value: OptionValue = self.options[name]
        assert isinstance(value, int) and not isinstance(value, bool), name
        return value

    def house_rule(self, name: str) -> HouseRule | None:
        return next((rule for rule in self.house_rules if rule.name == name), None)

    def house_rule_in_play(self, name: str) -> bool:
        """Whether house rule `name` changes anything at this table: a rule about something
        another of the table's house rules took away (Hand and Foot's wild book needed to go
        out, at a table that makes no wild books) does not, and no sheet offers it."""
        return True

    def default_options(self, players: int | None) -> dict[str, OptionValue]:
        return {rule.name: rule.default_for(players) for rule in self.house_rules}

    def with_options(self, options: Mapping[str, Any], players: int | None = None) -> Self:
        """This rule set with a table's house rules (games/rules/house_rules.py)."""
        return type(self)(read_options(self, options, players))

    def chosen_options(self, players: int | None) -> dict[str, OptionValue]:
        """The house rules that differ from their defaults."""
        defaults = self.default_options(players)
        return {name: value for name, value in self.options.items() if value != defaults[name]}

    # -- a game's set-up ------------------------------------------------------------------------

    def new_game(
        self,
        players: Sequence[str],
        sides: Sequence[Side] | None = None,
        options: Mapping[str, Any] | None = None,
        closed: bool = False,
        own_game: OwnGame | None = None,
    ) -> GameSetup:
        """Check a game's set-up and return it, or raise RulesError saying what is wrong."""
        players = tuple(players)
        check_players(self, players)
        sides = tuple(sides) if sides else default_sides(self, players)
        check_sides(self, players, sides)
        rules = self.with_options(options or {}, len(players))
        if closed and not rules.ends_by_scorekeeper:
            raise RulesError("game_ends_by_itself", rule_set=self.slug)
        return GameSetup(
            rules=rules, players=players, sides=sides, closed=closed, own_game=own_game
        )

    def cards_in_play(self, players: int) -> int:
        """Every card dealt from, jokers included."""
        return self.packs(players) * (PACK_CARDS + JOKERS_PER_PACK)

    def round_card(self, number: int) -> RoundCard | None:
        """Round `number`'s card, or None when the rule set has no round table."""
        return self.rounds[number - 1] if 1 <= number <= len(self.rounds) else None

    # -- scoring a hand -------------------------------------------------------------------------

    def score_hand(self, game: GameSetup, so_far: GameScore, hand: HandInput) -> HandScore:
        """The hand after `so_far` in `game`, scored (games/rules/scoring.py)."""
        return score_hand(self, game, so_far, hand)

    def part_reasons(
        self, tally: Mapping[str, int | bool], parts: Mapping[str, int]
    ) -> dict[str, PartReason]:
        """Why a part of a side's hand score is what it is, where its rule is not plain from
        the tally (threes against a side that melded nothing): codes and numbers, which the
        screens put into words. None here; a rule set with such rules says."""
        return {}

    def deals_again(self, hand: HandInput | HandScore) -> bool:
        """Whether the same dealer deals the next hand after `hand` (none here: the deal
        passes every hand; Gin Rummy: after a dead hand)."""
        return False

    def upcard_said(self, upcard: str | None) -> Said | None:
        """What a hand's upcard sets (Oklahoma Gin: the knock limit, a doubling), as codes and
        numbers for the hand form to say as soon as it is picked; None: nothing to say."""
        return None

    def hand_said(self, hand: HandScore) -> Said | None:
        """What a scored hand came to in one sentence, as codes and numbers, where its parts
        alone do not tell the story (Gin Rummy: who knocked, an undercut); None: the parts do."""
        return None

    def plain_parts(self, tally: Mapping[str, int | bool], names: Iterable[str]) -> dict[str, int]:
        """The parts that are simply count (or yes) times points_each."""
        points = self.points_each
        return {name: int(tally[name]) * points[name] for name in names}

    @cached_property
    def points_each(self) -> dict[str, int]:
        return {f.name: f.points_each or 0 for f in self.tally_fields}

    def field_named(self, game: GameSetup, name: str) -> TallyField | None:
        return game.fields_by_name.get(name)

    def unusual_entries(
        self, game: GameSetup, hand_number: int, tallies: Mapping[str, Mapping[str, Any]]
    ) -> list[tuple[str, str, Said]]:
        """What the hand form asks about once (games/rules/tally.py)."""
        return unusual_entries(game, hand_number, tallies)

    # -- the end of the game --------------------------------------------------------------------

    @property
    def ends_by_scorekeeper(self) -> bool:
        """The game has no end of its own: the scorekeeper finishes it."""
        return not self.ends_by_own_rule and self.target_score is None and self.fixed_hands is None

    def game_is_over(self, score: GameScore) -> bool:
        """Whether no hand can follow `score`'s hands (the scorekeeper's say aside); a rule set
        whose end needs more than the totals and the count of hands answers here."""
        return self.is_finished(score.totals, len(score.hands))

    def is_finished(self, totals: Mapping[str, int], hands_played: int) -> bool:
        """Whether the game ends here: after its number of hands, or after the hand in which a
        side reaches the target, whichever comes first."""
        if self.fixed_hands is not None and hands_played >= self.fixed_hands:
            return True
        target = self.target_score
        if target is None or not any(total >= target for total in totals.values()):
            return False
        return not self.target_needs_one_leader or len(self.winners(totals)) == 1

    #: The game ends at the target only when one side alone has the best total (Buraco): equal
    #: leaders play another hand.
    target_needs_one_leader: ClassVar[bool] = False

    def tied_at_target(self, totals: Mapping[str, int]) -> bool:
        """Whether the target is reached but the best totals are equal, so that another hand is
        played (only where `target_needs_one_leader`): the scoreboard says why the game goes
        on."""
        target = self.target_score
        return (
            self.target_needs_one_leader
            and target is not None
            and any(total >= target for total in totals.values())
            and len(self.winners(totals)) > 1
        )

    # -- sides knocked out of the game, and back in (Chinchón) ----------------------------------

    def sides_in(self, score: GameScore) -> list[str] | None:
        """The sides still in after `score`'s hands, in seat order, where a side can be
        knocked out; None where every side plays every hand."""
        return None

    def may_sit_out(self, so_far: GameScore, side: str) -> bool:
        """Whether `side` may sit the next hand out: its tally empty (or left out), it scores
        0 in it and keeps its total."""
        return False

    def total_before(self, hand: HandContext, side: str, total: int) -> int:
        """`side`'s total as `hand` starts, from its `total` after the hands before: a rule
        set that sets a total before a hand (a player rejoining) says it here."""
        return total

    def rejoin_total(self, score: GameScore) -> int | None:
        """The total a side that is out rejoins at before the next hand (None: no rejoining)."""
        return None

    def rejoins_used(self, score: GameScore) -> dict[str, int] | None:
        """The rejoins each side has used (None: no rejoining)."""
        return None

    def may_rejoin(self, score: GameScore) -> list[str]:
        """The sides out after `score`'s hands that may rejoin before the next (none where
        nobody is knocked out, and once the game is over)."""
        return []

    def rejoins_limit(self) -> int | None:
        """How many times each side may rejoin a game (None: as often as it is knocked out,
        or where nobody is)."""
        return None

    def stakes(self, score: GameScore) -> int | None:
        """The pot in stakes after `score`'s hands (None: the game has no such pot)."""
        return None

    def to_knock_out(self, total: int) -> int | None:
        """How far a side with `total` is from the limit that knocks it out (None where no
        total does)."""
        return None

    def victory_points_for(self, totals: Mapping[str, int]) -> dict[str, int] | None:
        """The victory points `totals` would give each side, where the rule set decides its
        game in them (Burraco's tournament game); None where it does not."""
        return None

    def boxes_of(self, score: GameScore) -> dict[str, int] | None:
        """Each side's boxes after `score`'s hands (None: the rule set keeps no boxes)."""
        return None

    def final_of(self, score: GameScore) -> dict[str, dict[str, int]] | None:
        """Each side's final account once `score`'s game is over (None: no account after the
        last hand, or the game goes on)."""
        return None

    def games_report(self, score: GameScore) -> list[dict[str, Any]] | None:
        """The games each hand is written into, as `score_game` prints them (None: one)."""
        return None

    def next_games(self, score: GameScore) -> dict[str, list[int]] | None:
        """Which games (numbered from 1) each side's next win goes into (None: one game)."""
        return None

    def settlements_of(self, score: GameScore) -> list[Settlement] | None:
        """Who pays whom once `score`'s game is over (None: the rule set settles nothing)."""
        return None

    def shutout_in(self, account: Mapping[str, Mapping[str, int]]) -> Shutout | None:
        """The shutout in a finished game whose final account (`final_of`, or one of the
        session's games') is `account`; None where there is none or no rule counts one."""
        return None

    def too_many_hands(self, hands: int) -> Said:
        """Why a game of `hands` hands is refused before any is scored."""
        return said(
            "too_many_hands",
            hand_word=self.hand_word,
            rule_set=self.slug,
            hands=hands,
            most=self.most_hands,
        )

    def game_over_reason(self, score: GameScore) -> Said:
        """Why no hand can follow `score`'s hands, once the game is over."""
        return game_over_reason(self, len(score.hands))

    def winners(self, totals: Mapping[str, int]) -> list[str]:
        best = max(totals.values()) if self.high_score_wins else min(totals.values())
        return [name for name, total in totals.items() if total == best]

    def winners_of(self, score: GameScore) -> list[str]:
        """Who won the game `score` ended (a rule set whose winners need more than the totals
        answers here)."""
        return self.winners(score.totals)

    def owes_own_points(self, tally: Mapping[str, Any]) -> bool:
        """Whether the side of `tally` should have typed its `own_points_field`: every side
        but one that went out (answered "yes" to a `one_side_fields`)."""
        return not any(tally.get(name) is True for name in self.one_side_fields)

    def with_implied(self, tally: Mapping[str, Any]) -> dict[str, Any]:
        """`tally` with each field another implies answered "yes" where that one is
        (`implied_by`): what the hand form sends and its likely taps are scored as."""
        done = dict(tally)
        for name, by in self.implied_by.items():
            if done.get(by) is True:
                done[name] = True
        return done

    def why_they_won(self, score: GameScore) -> Said | None:
        """Why the winners of the game `score` ended won, where the totals alone do not say
        (Phase 10: a lower total of a player who did not complete the last phase wins
        nothing), as data the app puts into words; None where the best total wins."""
        return None

    #: How `leaders_of` ranks, where it is not by the best total alone: a code the screens put
    #: into words ("phase_then_points": the furthest phase, then the fewest points).
    leads_by: ClassVar[str | None] = None

    def leaders_of(self, score: GameScore) -> list[str]:
        """Who would win if the game ended after `score`'s hands."""
        return self.winners(score.totals)

    def standings(self, score: GameScore) -> list[str]:
        """The sides best first, as `leaders_of` ranks them (equal sides in seat order)."""
        sign = -1 if self.high_score_wins else 1
        return sorted(score.totals, key=lambda name: sign * score.totals[name])

    # -- what the screens and the printouts ask -------------------------------------------------

    @property
    def table_chooses_teams(self) -> bool:
        """Whether the table picks the team size when it sits down (for some player count)."""
        return any(self.seating_for(players).chooses_teams for players in self.player_counts)

    @property
    def counted_card_values(self) -> tuple[CardValue, ...]:
        points = self.card_point_values
        return self.card_values if points is None else points

    def counted_values_in(self, number: int) -> tuple[CardValue, ...]:
        """What the card counter offers in hand `number`: the counted card values, unless a
        rule set's values change from round to round (Five Crowns' wild rank)."""
        return self.counted_card_values
