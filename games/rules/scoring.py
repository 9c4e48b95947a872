"""Scoring one hand, the same for every rule set: the checks around the rule set's own hooks
(the game goes on, every side and no one else has a tally, each tally reads field by field, the
canastas fit in the cards in play, the buys) and the hand's result."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import Param, RulesError, Said, said
from .features import Seating
from .tally import is_blank, read_tally

if TYPE_CHECKING:
    from .core import GameScore, GameSetup, RuleSet

#: A canasta (or a book) is seven cards or more.
CARDS_PER_CANASTA = 7


@dataclass(frozen=True)
class HandInput:
    """One hand as recorded: who dealt (optional) and a raw tally per side name."""

    tallies: Mapping[str, Mapping[str, Any]]
    dealer: str | None = None
    #: The hand's first upcard where the rule set asks it (Oklahoma Gin: "7S"), else None.
    upcard: str | None = None


@dataclass(frozen=True)
class HandScore:
    number: int
    scores: dict[str, int]
    breakdown: dict[str, dict[str, int]]
    totals: dict[str, int]
    #: Each side's tally with defaults filled in (None for a bare total).
    tallies: dict[str, dict[str, int | bool] | None]
    dealer: str | None = None
    #: The sides that sat this hand out (out of the game, as in Chinchón): an empty tally,
    #: no score, their totals kept.
    sat_out: frozenset[str] = frozenset()


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
    #: The sides that sit this hand out (left out of `itemized`).
    sitting_out: frozenset[str] = frozenset()
    #: The hand's first upcard (HandInput.upcard).
    upcard: str | None = None

    def alone(self, side: str) -> bool:
        """Whether `side` is one player on their own (a refusal then says "a player who", not
        "a side that")."""
        return any(s.name == side and len(s.players) == 1 for s in self.game.sides)

    def refuse(
        self, code: str, side: str | None = None, field: str | None = None, **params: Param
    ) -> RulesError:
        """The error to raise for a broken rule (`code`, its `params`), placed at this hand,
        side and field; the rule set by its slug, for the app to name the field in its words."""
        return RulesError(
            code,
            hand=self.number,
            side=side,
            field=field,
            hand_word=self.game.rules.hand_word,
            **{"rule_set": self.game.rules.slug, **params},
        )


def score_hand(rules: RuleSet, game: GameSetup, so_far: GameScore, hand: HandInput) -> HandScore:
    """The next hand after `so_far`, scored: each side's itemized parts and the new totals, or
    RulesError for the first check it fails."""
    number = so_far.next_hand_number
    _check_place(rules, game, so_far, hand)
    raw = {name: hand.tallies.get(name, {}) for name in game.side_names}
    tallies = {name: read_tally(game, raw[name], number, name) for name in game.side_names}
    sitting_out = frozenset(
        name
        for name, tally in tallies.items()
        if tally is not None and is_blank(game, tally) and rules.may_sit_out(so_far, name)
    )
    itemized = {
        name: tally
        for name, tally in tallies.items()
        if tally is not None and name not in sitting_out
    }
    context = HandContext(
        game, so_far, number, itemized, hand.dealer, sitting_out, upcard=hand.upcard
    )
    rules.check_hand(context)
    check_cards_in_play(rules, context)
    if rules.pot is not None:
        rules.pot.check_buys(context)
    breakdown: dict[str, dict[str, int]] = {}
    for name, tally in tallies.items():
        if tally is None:
            breakdown[name] = {"total": hand.tallies[name]["total"]}
        elif name in sitting_out:
            breakdown[name] = {}
        else:
            breakdown[name] = _in_field_order(rules, rules.score_side(context, name, tally))
    scores = {name: sum(parts.values()) for name, parts in breakdown.items()}
    before = {name: rules.total_before(context, name, t) for name, t in so_far.totals.items()}
    return HandScore(
        number=number,
        scores=scores,
        breakdown=breakdown,
        totals={name: before[name] + scores[name] for name in game.side_names},
        tallies=tallies,
        dealer=hand.dealer,
        sat_out=sitting_out,
    )


def _check_place(rules: RuleSet, game: GameSetup, so_far: GameScore, hand: HandInput) -> None:
    """Refuse a hand the game has no room for, or whose dealer or sides are not the game's."""
    number = so_far.next_hand_number

    def refuse(code: str, side: str | None = None, **params: Param) -> RulesError:
        return RulesError.of(
            said(code, hand_word=rules.hand_word, **params), hand=number, side=side
        )

    if so_far.finished:
        raise RulesError.of(rules.game_over_reason(so_far), hand=number)
    if number > rules.most_hands:
        raise RulesError.of(rules.too_many_hands(number), hand=number)
    if not isinstance(hand.tallies, Mapping):
        raise refuse("hand_needs_every_tally")
    if hand.dealer is not None and hand.dealer not in game.players:
        raise refuse("dealer_not_playing", dealer=hand.dealer)
    for name in hand.tallies:
        if name not in game.side_names:
            alone = rules.seating_for(len(game.players)) is Seating.ALONE
            raise refuse("no_such_player" if alone else "no_such_side", name=name)
    for name in game.side_names:
        if name not in hand.tallies and not rules.may_sit_out(so_far, name):
            raise refuse("hand_lacks_side_tally", side=name)


def _in_field_order(rules: RuleSet, parts: dict[str, int]) -> dict[str, int]:
    """A side's parts in the order its rule set declares its fields, parts of no field last."""
    ordered = {f.name: parts.pop(f.name) for f in rules.tally_fields if f.name in parts}
    ordered.update(parts)
    return ordered


def check_cards_in_play(rules: RuleSet, hand: HandContext) -> None:
    """Over all sides, the canastas of every kind cannot need more cards than are in play
    ("500 natural canastas" is a slip of the finger, not a hand)."""
    if not rules.canasta_fields:
        return
    cards = rules.cards_in_play(len(hand.game.players))
    counted = 0
    for side, tally in hand.itemized.items():
        # A field a house rule takes away (Hand and Foot without wild books) counts none.
        counted += sum(int(tally.get(name, 0)) for name in rules.canasta_fields)
        if counted * CARDS_PER_CANASTA > cards:
            raise hand.refuse(
                "books_beyond_cards" if rules.canasta_kind == "book" else "canastas_beyond_cards",
                side,
                max(rules.canasta_fields, key=lambda name: int(tally.get(name, 0))),
                count=counted,
                needed=counted * CARDS_PER_CANASTA,
                cards=cards,
            )


def game_over_reason(rules: RuleSet, hands_played: int) -> Said:
    """Why no hand can follow the `hands_played` of a game that is over."""
    if rules.ends_by_scorekeeper:
        return said("game_finished_by_scorekeeper")
    word = rules.hand_word
    if rules.fixed_hands is not None and hands_played >= rules.fixed_hands:
        return said(
            "game_over_after_hands", hand_word=word, rule_set=rules.slug, hands=rules.fixed_hands
        )
    return said("game_over_at_target", hand_word=word, last=hands_played, target=rules.target_score)
