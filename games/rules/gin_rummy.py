"""Gin Rummy and Oklahoma Gin (RULINGS.md section 20): two players, each on their own. A hand
ends with a knock (gin and big gin among them) or dead; only its winner scores, and each hand won
is a box. The game ends after the hand that reaches the target; then the final account adds the
boxes, the game bonus and a shutout. With the house rule `hollywood` the same hands are written
into three games at once.

The numbers and the structure only: every word is the app's (games/words/games/gin_rummy.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from .core import CardValue, GameScore, GameSetup, RuleSet, Settlement, Shutout
from .errors import Said, said
from .features import NO_OPENING_MINIMUM, HouseRule, HouseRuleKind, Seating
from .scoring import HandContext, HandInput, HandScore
from .tally import FieldKind, TallyField
from .upcards import CARD, RANKS, SPADES, SUITS

KNOCKED = "knocked"
DEADWOOD = "deadwood"
BIG_GIN = "big_gin"
#: The parts of the winner's hand score: the deadwood points won (a part of its own, not the
#: `deadwood` field's, so that a sheet's deadwood column keeps what was typed), and a bonus.
POINTS = "points"
GIN = "gin"
UNDERCUT = "undercut"
SPADES_DOUBLE = "spades_double"

CARDS_DEALT = 10
MELD_LEAST = 3
GROUP_MOST = 4
#: A hand is dead when the stock is down to this many cards and nobody knocked.
STOCK_LEFT = 2
#: A knock needs deadwood of at most this (Oklahoma: the upcard's value, at most this).
KNOCK_LIMIT = 10
#: Ten unmatched cards hold at most this many points (four kings, four queens, two jacks less
#: what a meld would take: nine and ten court cards with no three of a rank nor run of three).
MOST_DEADWOOD = 98
COURT_VALUE = 10
#: Boxes per hand won, and with `extra_boxes` for an undercut and a gin.
BOX, UNDERCUT_BOXES, GIN_BOXES = 1, 2, 3
GAME_BONUS = 100
GAMES_IN_HOLLYWOOD = 3
#: A player's final account, as `score_game` prints it.
FINAL_KEYS = ("points", "boxes", "box_points", "game_bonus", "total")
#: The house rule that says what a shutout does.
SHUTOUT_RULE = "shutout"

# -- house rules (RULINGS.md section 20): the values kept, and the words a game file writes ------

TARGETS = (100, 50, 125, 150, 200, 250, 300, 500)
GIN_TARGET, OKLAHOMA_TARGET = 100, 150
GIN_BONUSES = (25, 20)
BIG_GIN_BONUSES = (31, 50, 0)
UNDERCUT_BONUSES = (25, 20, 15, 10)
BOX_BONUSES = (25, 20)
#: `shutout`: what a shutout does, kept as a number and written as its word.
NO_SHUTOUT, DOUBLE_GAME_BONUS, DOUBLE_HAND_POINTS, DOUBLE_TOTAL = 0, 1, 2, 3
SHUTOUT_WORDS = (
    ("double_game_bonus", DOUBLE_GAME_BONUS),
    ("double_hand_points", DOUBLE_HAND_POINTS),
    ("double_total", DOUBLE_TOTAL),
    ("none", NO_SHUTOUT),
)
#: Oklahoma's `ace_upcard`: an ace turned up means gin only, or a knock with 1.
GIN_ONLY, KNOCK_WITH_1 = 0, 1

#: Where a refusal about the hand's upcard is placed (the game file's key beside `dealer`).
UPCARD_KEY = "upcard"

CARD_VALUES = (
    CardValue("ace", 1),
    *(
        CardValue(name, value)
        for value, name in enumerate(
            ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), start=2
        )
    ),
    CardValue("jack_queen_king", COURT_VALUE),
)


def choice(
    name: str, default: int, values: tuple[int, ...], words: tuple[tuple[str, int], ...] = ()
) -> HouseRule:
    return HouseRule(name, HouseRuleKind.CHOICE, default, values=values, words=words)


def house_rules_for(target: int) -> tuple[HouseRule, ...]:
    return (
        choice("target", target, TARGETS),
        choice("gin_bonus", GIN_BONUSES[0], GIN_BONUSES),
        choice("big_gin_bonus", BIG_GIN_BONUSES[0], BIG_GIN_BONUSES, (("none", 0),)),
        choice("undercut_bonus", UNDERCUT_BONUSES[0], UNDERCUT_BONUSES),
        choice("box_bonus", BOX_BONUSES[0], BOX_BONUSES),
        choice(
            SHUTOUT_RULE,
            DOUBLE_GAME_BONUS,
            (DOUBLE_GAME_BONUS, DOUBLE_HAND_POINTS, DOUBLE_TOTAL, NO_SHUTOUT),
            SHUTOUT_WORDS,
        ),
        HouseRule("extra_boxes", HouseRuleKind.YES_NO, False),
        HouseRule("hollywood", HouseRuleKind.YES_NO, False),
    )


def tally_fields_for(big_gin: bool) -> tuple[TallyField, ...]:
    """The tally: who knocked (asked once), each player's deadwood, and big gin where it scores
    more than gin (with `big_gin_bonus` none it is not asked)."""
    fields = [
        TallyField(name=KNOCKED, kind=FieldKind.YES_NO),
        TallyField(
            name=DEADWOOD,
            kind=FieldKind.CARD_POINTS,
            points_each=None,
            maximum=MOST_DEADWOOD,
            usual_most=60,
            multiple_of=1,
            zero_tap_for=KNOCKED,
        ),
    ]
    if big_gin:
        fields.append(
            TallyField(
                name=BIG_GIN,
                kind=FieldKind.YES_NO,
                points_each=None,
                chosen_side_only=KNOCKED,
                shown_while_zero=DEADWOOD,
            )
        )
    return tuple(fields)


@dataclass(frozen=True)
class HandWin:
    """Who won a hand (None: a dead hand), the points it gave and the boxes it counts."""

    winner: str | None
    points: int = 0
    boxes: int = 0


@dataclass
class HollywoodGame:
    """One of Hollywood's three games: each player's points and boxes entered in it, and its
    winner once a player's points reach the target."""

    points: dict[str, int]
    boxes: dict[str, int]
    winner: str | None = None
    final: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def closed(self) -> bool:
        return self.winner is not None


def upcard_value(upcard: str) -> int:
    """The knock limit an upcard sets: ace 1, two to nine face value, ten and court cards 10."""
    rank = upcard[:-1]
    if rank == "A":
        return 1
    return int(rank) if rank.isdigit() and int(rank) < KNOCK_LIMIT else KNOCK_LIMIT


class GinRummy(RuleSet):
    slug = "gin-rummy"
    family = "rummy"
    player_counts = (2,)
    seating = Seating.ALONE
    card_values = CARD_VALUES
    allows_bare_total = False
    fixed_packs = 1
    opening = NO_OPENING_MINIMUM
    one_side_fields = frozenset({KNOCKED})
    target_score = GIN_TARGET
    house_rules = house_rules_for(GIN_TARGET)
    tally_fields = tally_fields_for(big_gin=True)
    #: "Nobody knocked" is a dead hand, with nothing else typed.
    nobody_is_a_hand = True

    # Numbers the words read; those a house rule changes are set per table.
    cards_each = CARDS_DEALT
    big_gin_cards = CARDS_DEALT + 1
    meld_least = MELD_LEAST
    group_most = GROUP_MOST
    stock_left = STOCK_LEFT
    games_in_hollywood = GAMES_IN_HOLLYWOOD
    knock_limit = KNOCK_LIMIT
    game_bonus = GAME_BONUS
    gin_bonus: int = GIN_BONUSES[0]
    big_gin_bonus: int = BIG_GIN_BONUSES[0]
    undercut_bonus: int = UNDERCUT_BONUSES[0]
    box_bonus: int = BOX_BONUSES[0]
    shutout: int = DOUBLE_GAME_BONUS
    extra_boxes: bool = False
    hollywood: bool = False

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        self.gin_bonus = self.chosen_number("gin_bonus")
        self.big_gin_bonus = self.chosen_number("big_gin_bonus")
        self.undercut_bonus = self.chosen_number("undercut_bonus")
        self.box_bonus = self.chosen_number("box_bonus")
        self.shutout = self.chosen_number(SHUTOUT_RULE)
        self.extra_boxes = self.options["extra_boxes"] is True
        self.hollywood = self.options["hollywood"] is True
        self.tally_fields = tally_fields_for(big_gin=self.big_gin_bonus > 0)

    # -- the hand's upcard (Oklahoma) -------------------------------------------------------

    def limit_for(self, upcard: str | None) -> int:
        """The most deadwood a knock may have in a hand with `upcard`."""
        return KNOCK_LIMIT

    def doubles(self, upcard: str | None) -> bool:
        """Whether the hand's score is doubled (Oklahoma's spade upcard)."""
        return False

    def check_upcard(self, hand: HandContext, knocker: str | None) -> None:
        if hand.upcard is not None:
            raise hand.refuse("upcard_not_played", field=UPCARD_KEY, upcard=hand.upcard)

    def hand_said(self, hand: HandScore) -> Said | None:
        """Who knocked, with what, against what, and what it came to for whom."""
        itemized = {name: tally for name, tally in hand.tallies.items() if tally is not None}
        knocker = next((name for name, tally in itemized.items() if tally.get(KNOCKED)), None)
        if knocker is None:
            return said("gin_said_dead_hand") if len(itemized) == len(hand.tallies) else None
        other = next(name for name in hand.tallies if name != knocker)
        winner = next((name for name, score in hand.scores.items() if score > 0), None)
        if winner is None:
            return None
        parts = hand.breakdown[winner]
        kind = next((part for part in (BIG_GIN, GIN, UNDERCUT) if part in parts), "knock")
        code = f"gin_said_{kind}"
        bonus = sum(parts.get(part, 0) for part in (UNDERCUT, GIN, BIG_GIN))
        if SPADES_DOUBLE in parts:
            code += "_doubled"
        other_tally = itemized.get(other, {})
        return said(
            code,
            knocker=knocker,
            other=other,
            knocked=int(itemized[knocker].get(DEADWOOD, 0)),
            deadwood=int(other_tally.get(DEADWOOD, 0)),
            bonus=bonus,
            points=hand.scores[winner],
        )

    def deals_again(self, hand: HandInput | HandScore) -> bool:
        """A dead hand (nobody knocked) is dealt again by the same dealer (section 20)."""
        return not any(tally and tally.get(KNOCKED) for tally in hand.tallies.values())

    # -- checks and scores ------------------------------------------------------------------

    def check_hand(self, hand: HandContext) -> None:
        knockers = [name for name, tally in hand.itemized.items() if tally[KNOCKED]]
        if len(knockers) > 1:
            raise hand.refuse("both_knocked", knockers[1], KNOCKED, other=knockers[0])
        knocker = knockers[0] if knockers else None
        self.check_upcard(hand, knocker)
        for name, tally in hand.itemized.items():
            self.check_player(hand, name, tally, knocker)

    def check_player(
        self, hand: HandContext, name: str, tally: Mapping[str, int | bool], knocker: str | None
    ) -> None:
        deadwood = int(tally[DEADWOOD])
        big_gin = tally.get(BIG_GIN) is True
        if knocker is None:
            if deadwood:
                raise hand.refuse("dead_hand_deadwood", name, DEADWOOD, points=deadwood)
            if big_gin:
                raise hand.refuse("dead_hand_big_gin", name, BIG_GIN)
            return
        if name != knocker:
            if big_gin:
                raise hand.refuse("big_gin_not_knocker", name, BIG_GIN)
            return
        limit = self.limit_for(hand.upcard)
        if deadwood > limit:
            raise hand.refuse("knock_over_limit", name, DEADWOOD, points=deadwood, most=limit)
        if big_gin and deadwood:
            raise hand.refuse("big_gin_with_deadwood", name, BIG_GIN, points=deadwood)

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        """The winner's parts (the deadwood difference, a bonus, spades' doubling); nothing
        for the other player and in a dead hand."""
        knocker = next((name for name, t in hand.itemized.items() if t[KNOCKED]), None)
        if knocker is None:
            return {}
        other = next(name for name in hand.itemized if name != knocker)
        k = int(hand.itemized[knocker][DEADWOOD])
        d = int(hand.itemized[other][DEADWOOD])
        if k == 0:
            winner = knocker
            bonus = (BIG_GIN, self.big_gin_bonus)
            if hand.itemized[knocker].get(BIG_GIN) is not True:
                bonus = (GIN, self.gin_bonus)
            parts = {POINTS: d, bonus[0]: bonus[1]}
        elif k < d:
            winner, parts = knocker, {POINTS: d - k}
        else:
            winner, parts = other, {POINTS: k - d, UNDERCUT: self.undercut_bonus}
        if side != winner:
            return {}
        if self.doubles(hand.upcard):
            parts[SPADES_DOUBLE] = sum(parts.values())
        return parts

    def score_hand(self, game: GameSetup, so_far: GameScore, hand: HandInput) -> HandScore:
        """With `hollywood`, the totals are the points of the three games summed: a hand's
        score counts once in each game it is entered in."""
        scored = super().score_hand(game, so_far, hand)
        if not self.hollywood:
            return scored
        games = self.hollywood_games([*so_far.hands, scored], game.side_names)
        totals = {name: sum(g.points[name] for g in games) for name in game.side_names}
        return dataclasses.replace(scored, totals=totals)

    # -- hands won, boxes and the end of the game ------------------------------------------

    def hand_win(self, hand: HandScore) -> HandWin:
        winner = next((name for name, score in hand.scores.items() if score > 0), None)
        if winner is None:
            return HandWin(None)
        parts = hand.breakdown[winner]
        boxes = BOX
        if self.extra_boxes:
            if UNDERCUT in parts:
                boxes = UNDERCUT_BOXES
            elif GIN in parts or BIG_GIN in parts:
                boxes = GIN_BOXES
        return HandWin(winner, hand.scores[winner], boxes)

    def boxes_of(self, score: GameScore) -> dict[str, int]:
        boxes = dict.fromkeys(score.game.side_names, 0)
        for hand in score.hands:
            win = self.hand_win(hand)
            if win.winner is not None:
                boxes[win.winner] += win.boxes
        return boxes

    def final_account(
        self, points: Mapping[str, int], boxes: Mapping[str, int], winner: str
    ) -> dict[str, dict[str, int]]:
        """Each player's final total: points, boxes × the box bonus, the game bonus for the
        winner, and a shutout (the loser won no box) as the house rule says."""
        shutout = all(boxes[name] == 0 for name in points if name != winner)
        account = {}
        for name in points:
            hand_points = points[name]
            game_bonus = self.game_bonus if name == winner else 0
            if name == winner and shutout:
                if self.shutout == DOUBLE_GAME_BONUS:
                    game_bonus *= 2
                elif self.shutout == DOUBLE_HAND_POINTS:
                    hand_points *= 2
            box_points = self.box_bonus * boxes[name]
            total = hand_points + box_points + game_bonus
            if name == winner and shutout and self.shutout == DOUBLE_TOTAL:
                total *= 2
            account[name] = {
                "points": hand_points,
                "boxes": boxes[name],
                "box_points": box_points,
                "game_bonus": game_bonus,
                "total": total,
            }
        return account

    def target_reached_by(self, points: Mapping[str, int]) -> str | None:
        target = self.target_score or 0
        return next((name for name, total in points.items() if total >= target), None)

    def hollywood_games(
        self, hands: Sequence[HandScore], names: Sequence[str]
    ) -> list[HollywoodGame]:
        """The three games after `hands`: each win goes to every open game its winner has
        scored in, and to the first open game they have not scored in yet."""
        games = [
            HollywoodGame(dict.fromkeys(names, 0), dict.fromkeys(names, 0))
            for _ in range(GAMES_IN_HOLLYWOOD)
        ]
        for hand in hands:
            win = self.hand_win(hand)
            if win.winner is None:
                continue
            for game in self.games_for(games, win.winner):
                game.points[win.winner] += win.points
                game.boxes[win.winner] += win.boxes
                reached = self.target_reached_by(game.points)
                if reached is not None:
                    game.winner = reached
                    game.final = self.final_account(game.points, game.boxes, reached)
        return games

    @staticmethod
    def games_for(games: Sequence[HollywoodGame], player: str) -> list[HollywoodGame]:
        """The games `player`'s next win goes into (Hollywood)."""
        open_games = [game for game in games if not game.closed]
        entered = [game for game in open_games if game.boxes[player]]
        first_new = next((game for game in open_games if not game.boxes[player]), None)
        return entered + ([first_new] if first_new is not None else [])

    def next_games(self, score: GameScore) -> dict[str, list[int]] | None:
        """Which games (numbered from 1) each player's next win would go into (Hollywood;
        None without it)."""
        if not self.hollywood:
            return None
        games = self.hollywood_games(score.hands, score.game.side_names)
        return {
            name: [games.index(game) + 1 for game in self.games_for(games, name)]
            for name in score.game.side_names
        }

    def game_is_over(self, score: GameScore) -> bool:
        if not self.hollywood:
            return super().game_is_over(score)
        games = self.hollywood_games(score.hands, score.game.side_names)
        return all(game.closed for game in games)

    def winners_of(self, score: GameScore) -> list[str]:
        final = self.final_of(score)
        if final is None:
            return []
        if not self.hollywood:
            return [name for name in score.totals if score.totals[name] >= (self.target_score or 0)]
        return self.winners({name: account["total"] for name, account in final.items()})

    def final_of(self, score: GameScore) -> dict[str, dict[str, int]] | None:
        """Each player's final account once the game is over (with `hollywood`, the three
        games' final totals summed); None while it goes on."""
        if not score.hands or not self.game_is_over(score):
            return None
        names = score.game.side_names
        if self.hollywood:
            games = self.hollywood_games(score.hands, names)
            return {
                name: {key: sum(game.final[name][key] for game in games) for key in FINAL_KEYS}
                for name in names
            }
        winner = self.target_reached_by(score.totals)
        assert winner is not None
        return self.final_account(score.totals, self.boxes_of(score), winner)

    def games_report(self, score: GameScore) -> list[dict[str, Any]] | None:
        """Hollywood's three games as `score_game` prints them (None without `hollywood`)."""
        if not self.hollywood:
            return None
        report = []
        for game in self.hollywood_games(score.hands, score.game.side_names):
            entry: dict[str, Any] = {"points": dict(game.points), "closed": game.closed}
            if game.winner is not None:
                entry["winners"] = [game.winner]
                entry["final"] = game.final
            report.append(entry)
        return report

    def settlements_of(self, score: GameScore) -> list[Settlement] | None:
        """The player with the lower final total pays the other the difference (with
        `hollywood`, of the three games' final totals summed); equal totals: nobody pays."""
        final = self.final_of(score)
        if final is None:
            return None
        (first, first_total), (second, second_total) = (
            (name, account["total"]) for name, account in final.items()
        )
        if first_total == second_total:
            return []
        payer, payee = (first, second) if first_total < second_total else (second, first)
        return [Settlement(payer, payee, abs(first_total - second_total))]

    def shutout_in(self, account: Mapping[str, Mapping[str, int]]) -> Shutout | None:
        """A game's winner always has a box (the hand that reached the target), so a player
        with none in a game's account is its loser, shut out."""
        shut_out = next((name for name, line in account.items() if not line["boxes"]), None)
        return None if shut_out is None else Shutout(shut_out, SHUTOUT_RULE)

    def game_over_reason(self, score: GameScore) -> Said:
        if self.hollywood:
            return said("hollywood_over", last=len(score.hands))
        return super().game_over_reason(score)

    # -- hands a table could play ----------------------------------------------------------

    def sample_hand(self, game: GameSetup, rng: Random) -> HandInput:
        """A knock, a gin or an undercut now and then a dead hand; small scores, so that a
        game a test plays a few hands of goes on."""
        names = list(game.side_names)
        tallies: dict[str, dict[str, Any]] = {name: {} for name in names}
        upcard = self.sample_upcard(rng) if self.uses_upcard else None
        if rng.random() < 0.1:
            return HandInput(tallies, upcard=upcard)
        knocker, other = rng.sample(names, 2)
        limit = self.limit_for(upcard)
        knock = 0 if limit == 0 or rng.random() < 0.3 else rng.randint(1, limit)
        tallies[knocker] = {KNOCKED: True, DEADWOOD: knock}
        if knock == 0 and self.big_gin_bonus and rng.random() < 0.2:
            tallies[knocker][BIG_GIN] = True
        tallies[other] = {DEADWOOD: rng.randint(0, 30)}
        return HandInput(tallies, upcard=upcard)

    @staticmethod
    def sample_upcard(rng: Random) -> str:
        return rng.choice(RANKS) + rng.choice(SUITS)


class OklahomaGin(GinRummy):
    """As Gin Rummy but for the upcard: it sets the knock limit (an ace: gin only), and a spade
    doubles the hand."""

    slug = "oklahoma-gin"
    target_score = OKLAHOMA_TARGET
    house_rules = (
        *house_rules_for(OKLAHOMA_TARGET),
        choice(
            "ace_upcard",
            GIN_ONLY,
            (GIN_ONLY, KNOCK_WITH_1),
            (("gin_only", GIN_ONLY), ("knock_with_1", KNOCK_WITH_1)),
        ),
        HouseRule("spades_double", HouseRuleKind.YES_NO, True),
    )
    uses_upcard = True
    ace_gin_only: bool = True
    spades_double: bool = True

    def apply_house_rules(self) -> None:
        super().apply_house_rules()
        self.ace_gin_only = self.chosen_number("ace_upcard") == GIN_ONLY
        self.spades_double = self.options["spades_double"] is True

    def limit_for(self, upcard: str | None) -> int:
        if upcard is None or not CARD.fullmatch(upcard):
            return KNOCK_LIMIT
        value = upcard_value(upcard)
        return 0 if value == 1 and self.ace_gin_only else value

    def doubles(self, upcard: str | None) -> bool:
        return self.spades_double and upcard is not None and upcard.endswith(SPADES)

    def upcard_said(self, upcard: str | None) -> Said | None:
        """The knock limit the upcard sets (an ace: gin only, at this table), and whether the
        hand counts double."""
        if upcard is None or not CARD.fullmatch(upcard):
            return None
        limit = self.limit_for(upcard)
        code = "upcard_knock_limit" if limit else "upcard_gin_only"
        return said(code + ("_doubled" if self.doubles(upcard) else ""), most=limit)

    def check_upcard(self, hand: HandContext, knocker: str | None) -> None:
        upcard = hand.upcard
        if upcard is not None and not CARD.fullmatch(upcard):
            raise hand.refuse("upcard_not_a_card", field=UPCARD_KEY, upcard=repr(upcard[:10]))
        if knocker is not None and upcard is None:
            raise hand.refuse("knock_without_upcard", field=UPCARD_KEY)
        if knocker is not None and upcard is not None:
            deadwood = int(hand.itemized[knocker][DEADWOOD])
            if self.limit_for(upcard) == 0 and deadwood:
                raise hand.refuse("ace_upcard_gin_only", knocker, DEADWOOD, points=deadwood)
