"""Score every game again from its recorded hands and store the results (after an engine change).

    python manage.py rescore [GAME_ID ...]

Each game is rescored in its own transaction, holding its row lock, so scorekeepers can keep
playing meanwhile. A game the rules now refuse keeps its old stored result, is named on standard
error, and the command exits with status 1 at the end.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.rules import RulesError


class Command(BaseCommand):
    help = "Score every game again from its hands and store the results."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("game_ids", nargs="*", type=int, help="only these games")

    def handle(self, *args: Any, game_ids: list[int], **options: Any) -> None:
        games = Game.objects.order_by("pk")
        if game_ids:
            games = games.filter(pk__in=game_ids)
        done = failed = 0
        for game in games.iterator():
            try:
                game.rescore()
            except RulesError as error:
                failed += 1
                self.stderr.write(f"game {game.pk}: {error}")
            else:
                done += 1
        self.stdout.write(f"Rescored {done} game{'s' if done != 1 else ''}.")
        if failed:
            raise CommandError(f"{failed} game(s) could not be scored", returncode=1)
