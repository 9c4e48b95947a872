"""One game an account may score, with its seats, their players and its sides, in one
hand-written query: what the scoreboard and every tap's preview read first. Built through the
ORM, the game's query and its seats' prefetch cost about a millisecond a request, more than
running them (`GameData.seated_for`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connection, models

from games.models.roster import Player
from games.models.sql_rows import ModelColumns
from games.models.teams import Seat, Team


class SeatedGameQuery:
    """The query for one model of game: its columns, then each seat's, its player's and its
    team's (a row per seat, in seating order)."""

    def __init__(self, game_model: type[models.Model]) -> None:
        self.game_model = game_model
        self.game = ModelColumns(game_model, "game")
        self.seat = ModelColumns(Seat, "seat")
        self.player = ModelColumns(Player, "player")
        self.team = ModelColumns(Team, "team")
        self.seat_player = Seat._meta.get_field("player")
        self.seat_team = Seat._meta.get_field("team")
        self.seat_game = Seat._meta.get_field("game")
        self._sql: dict[str, str] = {}

    def sql(self) -> str:
        """The query on this database: a game not deleted, of its owner or one of its
        co-scorekeepers (as `games.access.scorekeeper_games` has it)."""
        vendor = connection.vendor
        if vendor not in self._sql:
            quote = connection.ops.quote_name
            shared_with = self.game_model._meta.get_field("co_scorekeepers")
            assert isinstance(shared_with, models.ManyToManyField)
            through = shared_with.remote_field.through
            assert through is not None
            shared = (
                f"SELECT {quote(column_of(through, 'game'))} "
                f"FROM {quote(through._meta.db_table)} "
                f"WHERE {quote(column_of(through, 'user'))} = %s"
            )
            columns = (self.game, self.seat, self.player, self.team)
            self._sql[vendor] = (
                f"SELECT {', '.join(part.select() for part in columns)} "
                f"FROM {quote(self.game_model._meta.db_table)} game "
                f"LEFT JOIN {quote(Seat._meta.db_table)} seat "
                f"ON seat.{quote('game_id')} = game.{quote('id')} "
                f"LEFT JOIN {quote(Player._meta.db_table)} player "
                f"ON player.{quote('id')} = seat.{quote('player_id')} "
                f"LEFT JOIN {quote(Team._meta.db_table)} team "
                f"ON team.{quote('id')} = seat.{quote('team_id')} "
                f"WHERE game.{quote('id')} = %s AND game.{quote('deleted')} IS NULL "
                f"AND (game.{quote('owner_id')} = %s OR game.{quote('id')} IN ({shared})) "
                f"ORDER BY seat.{quote('order')}"
            )
        return self._sql[vendor]

    def read(self, user_id: int, game_id: int) -> tuple[Any, list[Seat]] | None:
        """The game and its seats (each with its player and team, as `seats_with_names` reads
        them), or None when the game is not open to the account."""
        with connection.cursor() as cursor:
            cursor.execute(self.sql(), [game_id, user_id, user_id])
            rows = cursor.fetchall()
        if not rows:
            return None
        game = self.game.build(rows[0])
        seat_at = len(self.game)
        player_at = seat_at + len(self.seat)
        team_at = player_at + len(self.player)
        seats = []
        for row in rows:
            if row[seat_at] is None:  # a game with no seats yet: one row, its seat's all NULL
                continue
            seat = self.seat.build(row, seat_at)
            self.seat_player.set_cached_value(seat, self.player.build(row, player_at))
            self.seat_team.set_cached_value(seat, self.team.build(row, team_at))
            self.seat_game.set_cached_value(seat, game)
            seats.append(seat)
        return game, seats


def column_of(model: type[models.Model], name: str) -> str:
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field) and field.column
    return field.column


@cache
def seated_game_query(game_model: type[models.Model]) -> SeatedGameQuery:
    return SeatedGameQuery(game_model)
