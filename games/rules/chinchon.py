"""Chinchón (RULINGS.md section 18): the rummy of Spain, Argentina and Uruguay. Each player is on
their own and a low total is good; a player whose total passes the limit is out, and may buy back
in (rejoin) at the highest total among the players still in. The game ends after a chinchón, or
once at most one player is still in.

The numbers and the structure only: every word is the app's (games/words/games/chinchon.py)."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from .core import CardValue, GameScore, GameSetup, RuleSet
from .errors import Said, said
from .features import NO_OPENING_MINIMUM, HouseRule, HouseRuleKind, Seating
from .scoring import HandContext, HandInput, HandScore
from .tally import FieldKind, TallyField

PLAYER_COUNTS = tuple(range(2, 9))
#: One Spanish pack for up to four players, two for five to eight.
ONE_PACK_MOST_PLAYERS = 4
CARDS_DEALT = 7
#: A group is three or four cards of a rank; a run three or more in one suit.
MELD_LEAST = 3
GROUP_MOST = 4

POINTS = "points"
CLOSED = "closed"
MINUS_TEN = "minus_ten"
CHINCHON = "chinchon"
REJOINED = "rejoined"
MINUS_TEN_SCORE = -10
MINUS_50_SCORE = -50

# -- house rules (RULINGS.md section 18): the values kept, and the words a game file writes ------

LIMIT = 100
LIMITS = (50, 70, 100, 150)
#: `elimination`: out with a total over the limit, or at it or over.
OVER, REACHED = 0, 1
CLOSING_LIMIT = 5
CLOSING_LIMITS = (4, 5)
#: "unlimited" rejoins, kept as a number no game reaches: a game has at most this many hands.
UNLIMITED_REJOINS = 300
REJOIN_CHOICES = (0, 1, 2, UNLIMITED_REJOINS)
#: `chinchon`: a chinchón wins the game at once, or scores −50 and play goes on.
WINS, MINUS_50 = 0, -MINUS_50_SCORE
PACK = 40
PACKS = (40, 48, 50)
#: `figures`: sota, caballo and rey 10 each, or by index (the rey's value kept: 12).
FIGURES_TEN, BY_INDEX = 10, 12
WILD_VALUE = 25
WILD_VALUES = (0, 25, 50)

#: The number cards, by their value: ace to seven, and eight and nine in a 48- or 50-card pack.
NUMBER_CARDS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine")
SHORT_PACK_TOP = 7
FIGURES = ("sota", "caballo", "rey")
#: The figures by index: after the seven in a 40-card pack, after the nine in the others.
BY_INDEX_SHORT = (8, 9, 10)
BY_INDEX_LONG = (10, 11, 12)
WILD = "wild"


def card_values_for(pack: int, figures: int, wild_value: int) -> tuple[CardValue, ...]:
    """The unmatched cards' values at a table: the number cards their number, the figures 10
    each or by index, and a wild card left unmatched its `wild_value` (none: no wild card)."""
    top = SHORT_PACK_TOP if pack == PACK else len(NUMBER_CARDS)
    values = [CardValue(card, number) for number, card in enumerate(NUMBER_CARDS[:top], start=1)]
    if figures == FIGURES_TEN:
        figure_values: tuple[int, ...] = (FIGURES_TEN,) * len(FIGURES)
    else:
        figure_values = BY_INDEX_SHORT if pack == PACK else BY_INDEX_LONG
    values += [CardValue(card, value) for card, value in zip(FIGURES, figure_values, strict=True)]
    if wild_value:
        values.append(CardValue(WILD, wild_value))
    return tuple(values)


def tally_fields_for(most_points: int, chinchon_wins: bool) -> tuple[TallyField, ...]:
    """The tally at a table: `points` at most seven of its highest card; a chinchón scores
    −50 only where it does not win the game."""
    return (
        TallyField(
            name=POINTS,
            kind=FieldKind.CARD_POINTS,
            points_each=1,
            maximum=most_points,
            usual_most=60,
            multiple_of=1,
        ),
        TallyField(name=CLOSED, kind=FieldKind.YES_NO),
        TallyField(
            name=MINUS_TEN,
            kind=FieldKind.YES_NO,
            points_each=MINUS_TEN_SCORE,
            chosen_side_only=CLOSED,
        ),
        TallyField(
            name=CHINCHON,
            kind=FieldKind.YES_NO,
            points_each=None if chinchon_wins else MINUS_50_SCORE,
            chosen_side_only=CLOSED,
        ),
        TallyField(name=REJOINED, kind=FieldKind.YES_NO, brings_back_in=True),
    )


def choice(
    name: str, default: int, values: tuple[int, ...], words: tuple[tuple[str, int], ...] = ()
) -> HouseRule:
    """A house rule of the section: one of a few values, some named by a word in a game file
    (its label and phrases are the app's words)."""
    return HouseRule(name, HouseRuleKind.CHOICE, default, values=values, words=words)


HOUSE_RULES = (
    choice("limit", LIMIT, LIMITS),
    choice("elimination", OVER, (OVER, REACHED), (("over", OVER), ("reached", REACHED))),
    choice("closing_limit", CLOSING_LIMIT, CLOSING_LIMITS),
    choice("rejoins", UNLIMITED_REJOINS, REJOIN_CHOICES, (("unlimited", UNLIMITED_REJOINS),)),
    choice("chinchon", WINS, (WINS, MINUS_50), (("wins", WINS), ("minus_50", MINUS_50))),
    choice("pack", PACK, PACKS),
    choice("figures", FIGURES_TEN, (FIGURES_TEN, BY_INDEX), (("by_index", BY_INDEX),)),
    choice("wild_value", WILD_VALUE, WILD_VALUES, (("none", 0),)),
)


class Chinchon(RuleSet):
    slug = "chinchon"
    family = "rummy"
    player_counts = PLAYER_COUNTS
    seating = Seating.ALONE
    card_values = card_values_for(PACK, FIGURES_TEN, WILD_VALUE)
    allows_bare_total = False
    high_score_wins = False
    ends_by_own_rule = True
    opening = NO_OPENING_MINIMUM
    deal_passes_right = True
    one_side_fields = frozenset({CLOSED})
    someone_every_hand = True
    own_points_field = POINTS
    house_rules = HOUSE_RULES
    tally_fields = tally_fields_for(CARDS_DEALT * WILD_VALUE, True)

    # Numbers the words read; those a house rule changes are set per table.
    seven_cards = CARDS_DEALT
    meld_least = MELD_LEAST
    group_most = GROUP_MOST
    one_pack_most_players = ONE_PACK_MOST_PLAYERS
    minus_ten_score = MINUS_TEN_SCORE
    minus_50_score = MINUS_50_SCORE
    limit: int = LIMIT
    out_at_limit: bool = False
    closing_limit: int = CLOSING_LIMIT
    rejoins_allowed: int = UNLIMITED_REJOINS
    chinchon_wins: bool = True
    pack_cards: int = PACK
    figures_by_index: bool = False
    wild_value: int = WILD_VALUE
    highest_card: int = WILD_VALUE
    most_points: int = CARDS_DEALT * WILD_VALUE

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        self.limit = self.chosen_number("limit")
        self.out_at_limit = self.chosen_number("elimination") == REACHED
        self.closing_limit = self.chosen_number("closing_limit")
        self.rejoins_allowed = self.chosen_number("rejoins")
        self.chinchon_wins = self.chosen_number("chinchon") == WINS
        self.pack_cards = self.chosen_number("pack")
        self.figures_by_index = self.chosen_number("figures") == BY_INDEX
        self.wild_value = self.chosen_number("wild_value")
        self.card_values = card_values_for(
            self.pack_cards, self.chosen_number("figures"), self.wild_value
        )
        self.highest_card = max(value.points for value in self.card_values)
        self.most_points = CARDS_DEALT * self.highest_card
        self.tally_fields = tally_fields_for(self.most_points, self.chinchon_wins)

    @property
    def unlimited_rejoins(self) -> bool:
        return self.rejoins_allowed >= UNLIMITED_REJOINS

    def rejoins_limit(self) -> int | None:
        return None if self.unlimited_rejoins else self.rejoins_allowed

    def packs(self, players: int) -> int:
        return 1 if players <= ONE_PACK_MOST_PLAYERS else 2

    def cards_in_play(self, players: int) -> int:
        return self.packs(players) * self.pack_cards

    def owes_own_points(self, tally: Mapping[str, Any]) -> bool:
        """Every player types their points, the closer too, unless the hand scores −10 or
        chinchón (nothing left unmatched)."""
        return not (tally.get(MINUS_TEN) is True or tally.get(CHINCHON) is True)

    # -- who is in, who is out, and rejoining -----------------------------------------------

    def is_out(self, total: int) -> bool:
        """Whether a player who played a hand is out after it with `total`."""
        return total >= self.limit if self.out_at_limit else total > self.limit

    def to_knock_out(self, total: int) -> int | None:
        """How far `total` is from the limit ("76, 24 to go" with the limit at 100)."""
        return self.limit - total

    def sides_in(self, score: GameScore) -> list[str]:
        """The players in after `score`'s hands: those who played the last hand and did not
        pass the limit in it (everyone before the first hand)."""
        names = score.game.side_names
        if not score.hands:
            return list(names)
        last = score.hands[-1]
        return [n for n in names if n not in last.sat_out and not self.is_out(last.totals[n])]

    def may_sit_out(self, so_far: GameScore, side: str) -> bool:
        return side not in self.sides_in(so_far)

    def rejoin_total(self, score: GameScore) -> int | None:
        """R: the highest total among the players in after `score`'s hands."""
        still_in = self.sides_in(score)
        totals = score.totals
        return max(totals[name] for name in still_in) if still_in else None

    def rejoins_used(self, score: GameScore) -> dict[str, int]:
        used: dict[str, int] = {}
        for hand in score.hands:
            for name, tally in hand.tallies.items():
                if tally is not None and tally.get(REJOINED) is True:
                    used[name] = used.get(name, 0) + 1
        return {name: used[name] for name in score.game.side_names if name in used}

    def stakes(self, score: GameScore) -> int:
        """The pot in stakes: one per player, and one more per rejoin."""
        return len(score.game.side_names) + sum(self.rejoins_used(score).values())

    def may_rejoin(self, score: GameScore) -> list[str]:
        """The players out after `score`'s hands who may rejoin before the next (none once the
        game is over)."""
        if self.game_is_over(score):
            return []
        still_in, used = self.sides_in(score), self.rejoins_used(score)
        return [
            name
            for name in score.game.side_names
            if name not in still_in and used.get(name, 0) < self.rejoins_allowed
        ]

    def total_before(self, hand: HandContext, side: str, total: int) -> int:
        tally = hand.itemized.get(side)
        if tally is not None and tally[REJOINED] is True:
            rejoin_at = self.rejoin_total(hand.so_far)
            return total if rejoin_at is None else rejoin_at
        return total

    # -- checks and scores ------------------------------------------------------------------

    def check_hand(self, hand: HandContext) -> None:
        self.check_in_or_out(hand)
        closers = [name for name, tally in hand.itemized.items() if tally[CLOSED]]
        if not closers:
            raise hand.refuse("nobody_closed", None, CLOSED)
        if len(closers) > 1:
            raise hand.refuse("two_closed", closers[1], CLOSED, other=closers[0])
        for name, tally in hand.itemized.items():
            self.check_player(hand, name, tally, closed=name == closers[0])

    def check_in_or_out(self, hand: HandContext) -> None:
        """An out player plays only by rejoining (with rejoins left); a player in never
        rejoins."""
        was_in = self.sides_in(hand.so_far)
        used = self.rejoins_used(hand.so_far)
        for name, tally in hand.itemized.items():
            if tally[REJOINED]:
                if name in was_in:
                    raise hand.refuse("rejoin_while_in", name, REJOINED)
                allowed = self.rejoins_allowed
                if used.get(name, 0) >= allowed:
                    raise hand.refuse(
                        "no_rejoining"
                        if allowed == 0
                        else "one_rejoin_used"
                        if allowed == 1
                        else "rejoins_used_up",
                        name,
                        REJOINED,
                        allowed=allowed,
                    )
            elif name not in was_in:
                typed = next(f.name for f in self.tally_fields if tally[f.name] != f.blank)
                raise hand.refuse("out_player_tally", name, typed)

    def check_player(
        self, hand: HandContext, name: str, tally: Mapping[str, int | bool], closed: bool
    ) -> None:
        points = int(tally[POINTS])
        if tally[MINUS_TEN] and not closed:
            raise hand.refuse("minus_ten_not_closer", name, MINUS_TEN)
        if tally[CHINCHON] and not closed:
            raise hand.refuse("chinchon_not_closer", name, CHINCHON)
        if tally[MINUS_TEN] and tally[CHINCHON]:
            raise hand.refuse("minus_ten_and_chinchon", name, CHINCHON)
        if tally[MINUS_TEN] and points:
            raise hand.refuse("points_with_minus_ten", name, POINTS, points=points)
        if tally[CHINCHON] and points:
            raise hand.refuse("points_with_chinchon", name, POINTS, points=points)
        if closed and not (tally[MINUS_TEN] or tally[CHINCHON]):
            if not points:
                raise hand.refuse("closer_without_points", name, POINTS)
            if points > self.closing_limit:
                raise hand.refuse(
                    "closer_over_limit", name, POINTS, points=points, most=self.closing_limit
                )

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        parts = {POINTS: int(tally[POINTS])}
        if tally[MINUS_TEN]:
            parts[MINUS_TEN] = MINUS_TEN_SCORE
        if tally[CHINCHON]:
            parts[CHINCHON] = 0 if self.chinchon_wins else MINUS_50_SCORE
        return parts

    # -- the end of the game ----------------------------------------------------------------

    def chinchon_winner(self, score: GameScore) -> str | None:
        """The player whose chinchón in the last hand won the game (with `chinchon` = wins)."""
        if not score.hands or not self.chinchon_wins:
            return None
        last = score.hands[-1]
        return next((name for name in score.game.side_names if made_chinchon(last, name)), None)

    def game_is_over(self, score: GameScore) -> bool:
        if not score.hands:
            return False
        return self.chinchon_winner(score) is not None or len(self.sides_in(score)) <= 1

    def played_last(self, score: GameScore) -> dict[str, int]:
        """The totals of the players who played the last hand."""
        last = score.hands[-1]
        return {n: last.totals[n] for n in score.game.side_names if n not in last.sat_out}

    def winners_of(self, score: GameScore) -> list[str]:
        maker = self.chinchon_winner(score)
        if maker is not None:
            return [maker]
        still_in = self.sides_in(score)
        if still_in:
            return still_in
        return self.winners(self.played_last(score))

    def leaders_of(self, score: GameScore) -> list[str]:
        """The lowest total among the players still in (the winners once it is over)."""
        if self.game_is_over(score):
            return self.winners_of(score)
        totals = score.totals
        return self.winners({name: totals[name] for name in self.sides_in(score)})

    def standings(self, score: GameScore) -> list[str]:
        """The winners first once the game is over, then the players still in, then those out;
        each lowest total first (equal players in seat order)."""
        winners = set(self.winners_of(score)) if self.game_is_over(score) else set()
        still_in = set(self.sides_in(score))
        totals = score.totals
        return sorted(
            totals, key=lambda name: (name not in winners, name not in still_in, totals[name])
        )

    def game_over_reason(self, score: GameScore) -> Said:
        last = len(score.hands)
        maker = self.chinchon_winner(score)
        if maker is not None:
            return said("chinchon_over_by_chinchon", last=last, player=maker)
        still_in = self.sides_in(score)
        if still_in:
            return said("chinchon_over_last_in", last=last, player=still_in[0])
        return said("chinchon_over_all_out", last=last)

    def why_they_won(self, score: GameScore) -> Said | None:
        if self.chinchon_winner(score) is not None:
            return said("chinchon_won_by_chinchon", player=self.winners_of(score)[0])
        if self.sides_in(score):
            return said("chinchon_won_last_in", player=self.sides_in(score)[0])
        return said("chinchon_won_lowest_of_last", players=tuple(self.winners_of(score)))

    # -- hands a table could play ----------------------------------------------------------

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        """Everyone plays, nobody near the limit in a few hands, no chinchón: a hand that fits
        after any hands of the same kind (a hand that knocks players out needs to know who is
        in: `sample_next_hand`)."""
        closer = rng.choice(game.side_names)
        tallies: dict[str, dict[str, Any]] = {}
        for name in game.side_names:
            if name == closer:
                tallies[name] = self.closer_tally(rng, chinchon=False)
            else:
                tallies[name] = {POINTS: rng.randint(0, 12)}
        return HandInput(tallies)

    def sample_next_hand(self, so_far: GameScore, rng: Random) -> HandInput:
        """A hand after `so_far`'s: the players in play, some out players rejoin (while they
        may), the others sit it out; points now and then enough to knock a player out."""
        game = so_far.game
        playing = self.sides_in(so_far) or list(game.side_names)
        used = self.rejoins_used(so_far)
        tallies: dict[str, dict[str, Any]] = {name: {} for name in game.side_names}
        for name in game.side_names:
            rejoins_left = used.get(name, 0) < self.rejoins_allowed
            if name not in playing and rejoins_left and rng.random() < 0.5:
                tallies[name][REJOINED] = True
                playing.append(name)
        closer = rng.choice(playing)
        for name in playing:
            if name == closer:
                tallies[name].update(self.closer_tally(rng, chinchon=rng.random() < 0.05))
            else:
                most = self.most_points if rng.random() < 0.1 else 40
                tallies[name][POINTS] = rng.randint(0, most)
        return HandInput(tallies)

    def closer_tally(self, rng: Random, chinchon: bool) -> dict[str, Any]:
        if chinchon:
            return {CLOSED: True, CHINCHON: True}
        if rng.random() < 0.2:
            return {CLOSED: True, MINUS_TEN: True}
        return {CLOSED: True, POINTS: rng.randint(1, self.closing_limit)}


def made_chinchon(hand: HandScore, name: str) -> bool:
    tally = hand.tallies.get(name)
    return tally is not None and name not in hand.sat_out and tally.get(CHINCHON) is True
