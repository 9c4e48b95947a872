"""A game's sides and seats as rows, and the part of the result each side keeps."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import models
from django.db.models import Prefetch

from games import rules as engine
from games.models.names import team_name
from games.models.roster import Player
from games.rules.gamefile import SIDE_NAME_LENGTH

SIDE_RESULT_FIELDS = (
    "total",
    "best_hand",
    "hands_in",
    "hands_total",
    "won",
    "pennies_paid",
    "pennies_won",
)


def side_results(score: engine.GameScore) -> list[dict[str, Any]]:
    """What a Team keeps of `score`, side by side in seating order."""
    pot = score.pot()
    winners = set(score.winners)
    # The best hand is the one that brings the side nearest a win: the lowest where the
    # lowest total wins (Ten Pennies).
    best = max if score.game.rules.high_score_wins else min
    return [
        {
            "total": score.totals[name],
            **hands_of(score, name, best),
            "won": name in winners,
            "pennies_paid": pot.pennies[name] if pot else 0,
            "pennies_won": pot.payout.get(name, 0) if pot else 0,
        }
        for name in score.game.side_names
    ]


def hands_of(
    score: engine.GameScore, name: str, best: Callable[..., int | None]
) -> dict[str, int | None]:
    """The hands `name` played (not those it sat out, knocked out of the game): how many, the
    sum of their scores (a rejoin's jump in the total is no hand's) and the best of them."""
    played = [hand.scores[name] for hand in score.hands if name not in hand.sat_out]
    return {
        "best_hand": best(played, default=None),
        "hands_in": len(played),
        "hands_total": sum(played),
    }


class Team(models.Model):
    """One side of a game, as a row: its name and place, and its part of the stored result."""

    game = models.ForeignKey("games.Game", models.CASCADE, related_name="teams")
    #: The side's place in the game (its index in `Game.sides` and in each hand's tallies).
    order = models.PositiveSmallIntegerField()
    #: A name of the side's own (an imported "The Sharks"); blank for a side named after its
    #: players, whose name is read from the roster each time ("Ann & Cy"), so a rename is one
    #: roster row and no copy of a name can go stale or collide.
    name = models.CharField(max_length=SIDE_NAME_LENGTH, blank=True)
    #: Named after its players ("Ann & Cy"), so renaming a player renames the side.
    named_after_players = models.BooleanField(default=True)
    total = models.IntegerField(default=0)
    #: The side's best hand score: its highest, or its lowest where the lowest total wins
    #: (None before the first hand).
    best_hand = models.IntegerField(null=True, blank=True)
    #: The hands the side played, and the sum of their scores: the game's hands and its total
    #: but where a player sat hands out or bought back in (Chinchón), for a fair average.
    hands_in = models.PositiveIntegerField(default=0)
    hands_total = models.IntegerField(default=0)
    won = models.BooleanField(default=False)
    #: Ten Pennies: pennies put into the pot, and taken from it.
    pennies_paid = models.PositiveIntegerField(default=0)
    pennies_won = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        constraints = [models.UniqueConstraint(fields=["game", "order"], name="one_team_per_place")]

    def __str__(self) -> str:
        return self.name or f"Side {self.order + 1}"

    def side_name(self, players: Sequence[str]) -> str:
        """The side's name with `players` its players now (in their order on the side)."""
        return team_name(players) if self.named_after_players else self.name


class Seat(models.Model):
    """Which roster player sits where (clockwise order) in a game, on which side."""

    game = models.ForeignKey("games.Game", models.CASCADE, related_name="seats")
    team = models.ForeignKey(Team, models.CASCADE, related_name="seats")
    #: RESTRICT: a player who sat in a game stays in the roster while the game is kept.
    player = models.ForeignKey(Player, models.RESTRICT, related_name="seats")
    #: Seating order, clockwise: the player's index in `Game.players`. Dealers are kept as it.
    order = models.PositiveSmallIntegerField()
    #: The player's place among the side's players ("Cy & Ann" as the game file named them),
    #: which need not follow the seating.
    place_on_side = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["game", "order"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.order + 1}"


def seats_with_names() -> Prefetch[Any]:
    """A game's seats with their players and teams, in one query: what `players`, `sides` and
    `setup` read. Prefetch it wherever games are read (games.access.seated_games)."""
    return Prefetch("seats", queryset=Seat.objects.select_related("player", "team"))
