"""Back up every game: one game file (shared/GAME-FILE.md) per game in a folder.

Each file is what a game exports to, plus keys that only a backup needs (game files ignore
keys they do not know, so `score_game` and the import page read these files too):

    "owner": "alice",                      the owner's username
    "created": "2025-01-31T20:15:00+00:00",
    "updated": "2025-01-31T22:40:00+00:00",
    "co_scorekeepers": ["bob"],            usernames (omitted when none)
    "reopened": true,                      (omitted when false)
    "archived": true,                      (omitted when false)
    "deleted": "2025-02-01T09:00:00+00:00",
                                           when it was deleted "for a while" (omitted when it
                                           was not): its share link stays stopped on restore
    "share_token": "Qx3...",               the share link's code: links and QR codes keep working
    "table": {"failed": {"1": 1}},         Miromar's hand in progress (omitted when empty)
    "version": 57                          so live viewers' pages stay in step

`import_games` reads them back.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game, seats_with_names
from games.templatetags.numbers import format_number


def backup_of(game: Game) -> dict[str, Any]:
    data = game.as_game_file()
    data["owner"] = game.owner.get_username()
    data["created"] = game.created.isoformat()
    data["updated"] = game.updated.isoformat()
    helpers = sorted(user.get_username() for user in game.co_scorekeepers.all())
    if helpers:
        data["co_scorekeepers"] = helpers
    if game.reopened:
        data["reopened"] = True
    if game.archived:
        data["archived"] = True
    if game.deleted is not None:
        data["deleted"] = game.deleted.isoformat()
    data["share_token"] = game.share_token
    if game.hand_in_progress:  # "table" in the file, as backups have always called it
        data["table"] = game.hand_in_progress
    data["version"] = game.version
    return data


class Command(BaseCommand):
    help = "Write every game to DIR as a game file (game-<id>.json), for backups."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("dir", help="the folder to write to (created if missing)")

    def handle(self, *args: Any, **options: Any) -> None:
        folder = Path(options["dir"])
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            said = _("cannot create %(folder)s: %(reason)s")
            raise CommandError(
                said % {"folder": folder, "reason": error.strerror}, returncode=1
            ) from None
        games = (
            Game.objects.select_related("owner")
            .prefetch_related(seats_with_names(), "hands", "co_scorekeepers")
            .order_by("pk")
        )
        count = 0
        for game in games.iterator(chunk_size=100):
            path = folder / f"game-{game.pk}.json"
            text = json.dumps(backup_of(game), indent=2, ensure_ascii=False)
            try:
                path.write_text(text + "\n", encoding="utf-8")
            except OSError as error:
                said = _("cannot write %(file)s: %(reason)s")
                raise CommandError(
                    said % {"file": path, "reason": error.strerror}, returncode=1
                ) from None
            count += 1
        said = ngettext(
            "Exported %(count)s game to %(folder)s", "Exported %(count)s games to %(folder)s", count
        )
        self.stdout.write(said % {"count": format_number(count), "folder": folder})
