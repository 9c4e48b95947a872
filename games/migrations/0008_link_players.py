"""Existing games: their players' names become roster players with seats, their sides become
teams, and each game's count of hands and time of its last hand are stored.

Frozen: this migration uses only the historical models and the few lines below, never the app's
code (games.models, games.rules), so a later change of the app cannot break migrating a fresh
database. The results the scoring engine works out (totals, winners, best hands, pennies,
finished) are not stored here: `python manage.py rescore` stores them (README, "Back up and
restore").
"""

from typing import Any

from django.db import migrations
from django.db.models import Max


def team_name(players: list[str]) -> str:
    """The name a side gets from its players (games.models.team_name as of this migration)."""
    return " & ".join(players)


def link_players(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("games", "Game")
    Player = apps.get_model("games", "Player")
    Team = apps.get_model("games", "Team")
    Seat = apps.get_model("games", "Seat")
    Hand = apps.get_model("games", "Hand")
    linked = 0
    for game in Game.objects.all().iterator():
        roster = {
            name: Player.objects.get_or_create(owner_id=game.owner_id, name=name)[0]
            for name in game.players
        }
        teams = [
            Team.objects.create(
                game=game,
                order=order,
                name=side["name"],
                named_after_players=side["name"] == team_name(side["players"]),
            )
            for order, side in enumerate(game.sides)
        ]
        team_of = {name: t for t, side in zip(teams, game.sides, strict=True) for name in side["players"]}
        for order, name in enumerate(game.players):
            Seat.objects.create(game=game, order=order, player=roster[name], team=team_of[name])
        hands = Hand.objects.filter(game=game)
        game.hands_played = hands.count()
        game.last_hand_at = hands.aggregate(last=Max("recorded"))["last"]
        game.save(update_fields=["hands_played", "last_hand_at"])
        linked += 1
    if linked:
        print(f"\n  {linked} game(s) linked: run `python manage.py rescore` to store their results.")


class Migration(migrations.Migration):
    dependencies = [("games", "0007_teams_seats_results")]

    operations = [migrations.RunPython(link_players, migrations.RunPython.noop)]
