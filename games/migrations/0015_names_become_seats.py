"""Every game's copies of its players' names become seats: the first dealer and each hand's
dealer (also in the copies Undo keeps) become the dealer's seat in seating order, or None for a
name no longer in the game; each seat learns its place on its side; a side named after its
players drops its name (read from the roster from now on), a side with a name of its own keeps
the one the game held.

Frozen: this migration uses only the historical models and the few lines below, never the app's
code (games.models, games.rules), so a later change of the app cannot break migrating a fresh
database.
"""

from typing import Any

from django.db import migrations


def seat_number(seat_of: dict[str, int], name: Any) -> int | None:
    return seat_of.get(name) if isinstance(name, str) else None


def copy_with_seat(copy: dict[str, Any], seat_of: dict[str, int]) -> dict[str, Any]:
    """A hand kept for Undo with its dealer as a seat ({} stays {})."""
    if "dealer" not in copy:
        return copy
    copy = dict(copy)
    copy["dealer_seat"] = seat_number(seat_of, copy.pop("dealer"))
    return copy


def names_become_seats(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    Team = apps.get_model("games", "Team")
    Hand = apps.get_model("games", "Hand")
    for game in Game.objects.all().iterator():
        seat_of = {name: order for order, name in enumerate(game.players)}
        game.first_dealer_seat = seat_number(seat_of, game.first_dealer or None)
        game.deleted_hand = copy_with_seat(game.deleted_hand or {}, seat_of)
        game.save(update_fields=["first_dealer_seat", "deleted_hand"])
        for order, side in enumerate(game.sides):
            for place, name in enumerate(side["players"]):
                seat = Seat.objects.filter(game=game, order=seat_of.get(name, -1))
                seat.update(place_on_side=place)
            team = Team.objects.filter(game=game, order=order)
            team.filter(named_after_players=True).update(name="")
            team.filter(named_after_players=False).update(name=side["name"])
        hands = list(Hand.objects.filter(game=game))
        for hand in hands:
            hand.dealer_seat = seat_number(seat_of, hand.dealer or None)
            hand.before_edit = copy_with_seat(hand.before_edit or {}, seat_of)
        Hand.objects.bulk_update(hands, ["dealer_seat", "before_edit"], batch_size=500)


def seats_become_names(apps: Any, schema_editor: Any) -> None:
    """Back: the names copied into each game again, as the roster spells them now."""
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    Team = apps.get_model("games", "Team")
    Hand = apps.get_model("games", "Hand")
    for game in Game.objects.all().iterator():
        seats = list(Seat.objects.filter(game=game).select_related("player", "team"))
        seats.sort(key=lambda seat: seat.order)
        game.players = [seat.player.name for seat in seats]
        sides: dict[int, Any] = {}
        for seat in sorted(seats, key=lambda seat: (seat.team.order, seat.place_on_side)):
            sides.setdefault(seat.team.order, (seat.team, []))[1].append(seat.player.name)
        game.sides = [
            {"name": " & ".join(names) if team.named_after_players else team.name, "players": names}
            for team, names in (sides[order] for order in sorted(sides))
        ]
        for order, side in enumerate(game.sides):
            Team.objects.filter(game=game, order=order).update(name=side["name"])
        name_of = dict(enumerate(game.players))
        game.first_dealer = name_of.get(game.first_dealer_seat, "")
        if "dealer_seat" in game.deleted_hand:
            game.deleted_hand["dealer"] = name_of.get(game.deleted_hand.pop("dealer_seat"), "")
        game.save(update_fields=["players", "sides", "first_dealer", "deleted_hand"])
        hands = list(Hand.objects.filter(game=game))
        for hand in hands:
            hand.dealer = name_of.get(hand.dealer_seat, "")
            if "dealer_seat" in hand.before_edit:
                hand.before_edit["dealer"] = name_of.get(hand.before_edit.pop("dealer_seat"), "")
        Hand.objects.bulk_update(hands, ["dealer", "before_edit"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("games", "0014_seats_for_names")]

    operations = [migrations.RunPython(names_become_seats, seats_become_names)]
