"""What the contract rummies scored by the cards left in hand share (Liverpool, Five Crowns and
Phase 10, RULINGS.md sections 12 to 14): each player on their own, a tally of the card points
left in hand and who went out, exactly one player out in every hand with nothing left in hand,
and a worked hand said card by card."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import ClassVar

from .scoring import HandContext, HandInput
from .tally import FieldKind, TallyField

POINTS_FIELD = "points"
WENT_OUT_FIELD = "went_out"


def points_left_field(
    usual_most: int, maximum: int | None = None, multiple_of: int = 1
) -> TallyField:
    """The card points of the cards a player is left holding: they count against the player."""
    return TallyField(
        POINTS_FIELD,
        FieldKind.CARD_POINTS,
        1,
        maximum=maximum,
        usual_most=usual_most,
        multiple_of=multiple_of,
    )


def went_out_field() -> TallyField:
    """Who went out: nothing left in hand, so no points; it scores nothing of its own."""
    return TallyField(WENT_OUT_FIELD, FieldKind.YES_NO, None)


def check_one_out(hand: HandContext) -> str:
    """Exactly one player went out, holding no points: that player's name, else the refusal."""
    out = [name for name, tally in hand.itemized.items() if tally[WENT_OUT_FIELD]]
    if not out:
        raise hand.refuse("nobody_went_out", None, WENT_OUT_FIELD)
    if len(out) > 1:
        raise hand.refuse("two_went_out", out[1], WENT_OUT_FIELD, other=out[0])
    points = int(hand.itemized[out[0]][POINTS_FIELD])
    if points:
        raise hand.refuse("points_after_going_out", out[0], POINTS_FIELD, points=points)
    return out[0]


class ScoredByPointsLeft:
    """A rule set whose player's hand score is the points left in hand, all of it against the
    player (listed before RuleSet among the bases, it supplies `score_side`)."""

    own_points_field: ClassVar[str | None] = POINTS_FIELD

    def score_side(
        self, hand: HandContext, side: str, tally: dict[str, int | bool]
    ) -> dict[str, int]:
        return {POINTS_FIELD: int(tally[POINTS_FIELD])}


class OwnPack:
    """A rule set played with a pack of its own, not standard packs and jokers (Five Crowns,
    Phase 10): every card of it is in play, whatever the number of players."""

    #: The cards of the game's own pack (or packs), jokers, wilds and skips included.
    own_pack_cards: ClassVar[int]

    def cards_in_play(self, players: int) -> int:
        return self.own_pack_cards


def sample_out_hand(
    players: Sequence[str],
    rng: Random,
    most: int,
    multiple_of: int = 1,
    also: Sequence[str] = (),
) -> HandInput:
    """A hand a table could have played: one player out with nothing left, the others caught
    with up to `most` points (never nothing: they still hold cards); `also` adds a yes/no to
    every tally, drawn at random, that the player out always answers yes."""
    out = rng.choice(list(players))
    tallies: dict[str, dict[str, int | bool]] = {}
    for player in players:
        went_out = player == out
        points = 0 if went_out else multiple_of * rng.randint(1, most // multiple_of)
        tally: dict[str, int | bool] = {POINTS_FIELD: points, WENT_OUT_FIELD: went_out}
        for name in also:
            tally[name] = went_out or rng.random() < 0.5
        tallies[player] = tally
    return HandInput(tallies)
