"""A player's record from games where players are knocked out and buy back in (Chinchón): the
hands they sat out are no hands of theirs, and a rejoin's jump in their total is no hand score.
Worked from RULINGS.md section 18's example (tests/views/test_chinchon.py's first six hands)."""

from __future__ import annotations

import pytest

from games.stats import player_stats
from tests.conftest import GameFactory
from tests.views.test_chinchon import SIX_HANDS

pytestmark = pytest.mark.django_db

#: Hand 7 of the example: Di rejoins and scores 22, Cy closes with all seven matched.
HAND_SEVEN = {
    "Ann": {"points": 14},
    "Bob": {"points": 9},
    "Cy": {"closed": True, "minus_ten": True},
    "Di": {"rejoined": True, "points": 22},
}


def test_a_knocked_out_players_record_counts_only_the_hands_they_played(
    alice, make_game: GameFactory
) -> None:
    game = make_game("chinchon", players=("Ann", "Bob", "Cy", "Di"), hands=[*SIX_HANDS, HAND_SEVEN])
    assert game.score().totals["Di"] == 117  # out after hand 4, back at 95 for hand 7
    di = alice.players.get(name="Di")

    ((_rules, record),) = player_stats(di).by_rules

    # Hands 1 to 4 and 7: 30, 3, 40, 31 and 22; hands 5 and 6 sat out.
    assert record.hands == 5
    assert record.average_hand == round((30 + 3 + 40 + 31 + 22) / 5)
    assert record.best_hand == 3  # the lowest she scored, not the 0 of a hand sat out
