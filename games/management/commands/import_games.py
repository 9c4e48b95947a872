"""Restore games from game files: what `export_games` writes (or any exported game file).

    python manage.py import_games DIR [FILE ...] [--owner USERNAME]

Every `*.json` in each folder (and every file named) becomes a new game, owned by the user the
file names under "owner" (or --owner for plain game files that name none), created with an
unusable password when missing (they set one with `manage.py changepassword`). The hands are
replayed through Game.record_hand, so the rules check every one of them again.

A file that cannot be imported prints one line on standard error naming the file and what is
wrong, and nothing of it is saved; the other files are still imported, and the command exits
with status 1 at the end. Importing the same backup twice makes two copies of each game.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from datetime import UTC
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games.models import Game
from games.rules import RulesError
from games.rules.gamefile import MAX_GAME_FILE_BYTES, read_game_file


class BadFile(Exception):
    pass


def game_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(path.glob("*.json"), key=_natural))
        elif path.exists():
            files.append(path)
        else:
            raise CommandError(f"there is no file or folder called {name}", returncode=1)
    return files


def _natural(path: Path) -> tuple[Any, ...]:
    """game-2.json before game-10.json."""
    stem = path.stem
    digits = stem.rstrip("0123456789")
    number = stem[len(digits) :]
    return (digits, int(number) if number else -1, path.name)


def user_named(username: Any, what: str) -> User:
    longest = User._meta.get_field("username").max_length
    if not isinstance(username, str) or not username.strip():
        raise BadFile(f"{what} must be a username")
    if longest and len(username) > longest:
        raise BadFile(f"{what} {username[:20]!r}... is longer than a username can be")
    try:
        return User._default_manager.get_by_natural_key(username)
    except User.DoesNotExist:
        user = User(**{User.USERNAME_FIELD: username})
        user.set_unusable_password()
        user.save()
        return user


def when(data: dict[str, Any], key: str) -> Any:
    value = data.get(key)
    if value is None:
        return None
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise BadFile(f'"{key}" must be a date and time like 2025-01-31T20:15:00+00:00')
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed, UTC)


@transaction.atomic
def import_file(content: bytes, default_owner: str | None) -> Game:
    try:
        setup, hands = read_game_file(content)
        setup.score(hands)  # refuse a bad file before anything is saved
    except RulesError as error:
        raise BadFile(error.message) from None
    data = json.loads(content)
    owner = user_named(data.get("owner", default_owner), '"owner"')
    helpers = data.get("co_scorekeepers", [])
    if not isinstance(helpers, list):
        raise BadFile('"co_scorekeepers" must be a list of usernames')
    helper_users = [user_named(name, "each co-scorekeeper") for name in helpers]
    created, updated = when(data, "created"), when(data, "updated")
    first_dealer = data.get("first_dealer")
    game = Game.start(owner, setup, first_dealer)
    game.co_scorekeepers.add(*[user for user in helper_users if user != owner])
    for number, hand in enumerate(hands, start=1):
        game.record_hand(number, hand.tallies, hand.dealer)
    # auto_now_add / auto_now fields: set the backup's dates with a plain UPDATE.
    kept = {"reopened": bool(data.get("reopened"))}
    if created:
        kept["created"] = created
    if updated:
        kept["updated"] = updated
    Game.objects.filter(pk=game.pk).update(**kept)
    return game


class Command(BaseCommand):
    help = "Import game files (a folder of them from export_games, or single files) as games."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("paths", nargs="+", help="folders of *.json game files, or files")
        parser.add_argument(
            "--owner", help="owner for game files that name none (created if missing)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        imported = failed = 0
        for path in game_files(options["paths"]):
            try:
                with path.open("rb") as file:
                    content = file.read(MAX_GAME_FILE_BYTES + 1)
                import_file(content, options["owner"])
            except OSError as error:
                self.stderr.write(f"{path}: cannot read it: {error.strerror}")
                failed += 1
            except BadFile as error:
                message = str(error)
                self.stderr.write(f"{path}: {message[:1].upper()}{message[1:]}")
                failed += 1
            else:
                imported += 1
        summary = f"Imported {imported} game{'' if imported == 1 else 's'}"
        if failed:
            raise CommandError(
                f"{summary}; {failed} file{'' if failed == 1 else 's'} could not be imported "
                "(see above)",
                returncode=1,
            )
        self.stdout.write(summary)
