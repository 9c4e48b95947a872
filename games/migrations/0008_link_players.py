"""Existing games: their players' names become roster players with seats, their sides become
teams, and their results are scored once from the recorded hands."""

from typing import Any

from django.db import migrations
from django.db.models import Max


def link_and_score(apps: Any, schema_editor: Any) -> None:
    from games import rules as engine
    from games.models import hand_input, side_results, team_name

    Game = apps.get_model("games", "Game")
    Player = apps.get_model("games", "Player")
    Team = apps.get_model("games", "Team")
    Seat = apps.get_model("games", "Seat")
    Hand = apps.get_model("games", "Hand")
    TallyEntry = apps.get_model("games", "TallyEntry")
    for game in Game.objects.all().iterator():
        roster = {
            name: Player.objects.get_or_create(owner_id=game.owner_id, name=name)[0]
            for name in game.players
        }
        teams = []
        for order, side in enumerate(game.sides):
            teams.append(
                Team.objects.create(
                    game=game,
                    order=order,
                    name=side["name"],
                    named_after_players=side["name"] == team_name(side["players"]),
                )
            )
        team_of = {name: t for t, side in zip(teams, game.sides, strict=True) for name in side["players"]}
        for order, name in enumerate(game.players):
            Seat.objects.create(game=game, order=order, player=roster[name], team=team_of[name])

        rules = engine.get_rule_set(game.rules_slug)
        setup = rules.new_game(
            game.players,
            [engine.Side(side["name"], tuple(side["players"])) for side in game.sides],
            game.options,
        )
        hands = list(Hand.objects.filter(game=game).order_by("number"))
        inputs = []
        for hand in hands:
            entries = TallyEntry.objects.filter(hand=hand).values_list("side", "field", "value")
            inputs.append(hand_input(setup, list(entries), hand.dealer))
        try:
            score = setup.score(inputs)
        except engine.RulesError:
            continue  # left unscored; `manage.py rescore` reports it
        for team, result in zip(teams, side_results(score), strict=True):
            for field, value in result.items():
                setattr(team, field, value)
            team.save()
        game.finished = score.finished
        game.hands_played = len(score.hands)
        game.last_hand_at = Hand.objects.filter(game=game).aggregate(last=Max("recorded"))["last"]
        game.save(update_fields=["finished", "hands_played", "last_hand_at"])


class Migration(migrations.Migration):
    dependencies = [("games", "0007_teams_seats_results")]

    operations = [migrations.RunPython(link_and_score, migrations.RunPython.noop)]
