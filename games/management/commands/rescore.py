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
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game
from games.rules import RulesError
from games.templatetags.numbers import format_number
from games.words import say


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
                # Translators: a command's line for a game the rules refuse now, "game 12:
                # ..." (12 the game's id, as the command is given it).
                said = _("game %(id)s: %(why)s") % {"id": game.pk, "why": say(error)}
                self.stderr.write(said)
            else:
                done += 1
        said = ngettext("Rescored %(count)s game.", "Rescored %(count)s games.", done)
        self.stdout.write(said % {"count": format_number(done)})
        if failed:
            said = ngettext(
                "%(count)s game(s) could not be scored",
                "%(count)s game(s) could not be scored",
                failed,
            )
            raise CommandError(said % {"count": format_number(failed)}, returncode=1)
