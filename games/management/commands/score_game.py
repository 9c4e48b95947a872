"""Score a game file (shared/GAME-FILE.md) without touching the database."""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from games.rules import RulesError
from games.rules.gamefile import MAX_GAME_FILE_BYTES, report, score_game_file
from games.words import round_report, say


def read_input(path: str) -> bytes:
    """The bytes of FILE, or of standard input for "-"; at most one byte over the limit."""
    try:
        if path == "-":
            return sys.stdin.buffer.read(MAX_GAME_FILE_BYTES + 1)
        with Path(path).open("rb") as file:
            return file.read(MAX_GAME_FILE_BYTES + 1)
    except FileNotFoundError:
        said = _("there is no file called %(file)s") % {"file": path}
        raise CommandError(said, returncode=1) from None
    except IsADirectoryError:
        said = _("%(file)s is a folder, not a game file") % {"file": path}
        raise CommandError(said, returncode=1) from None
    except OSError as error:
        said = _("cannot read %(file)s: %(reason)s") % {"file": path, "reason": error.strerror}
        raise CommandError(said, returncode=1) from None


class Command(BaseCommand):
    help = "Score a game file and print the hands, totals, minimums and winner as JSON."
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="the game file, or - to read standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        text = read_input(options["file"])
        try:
            score = score_game_file(text)
        except RulesError as error:
            raise CommandError(say(error), returncode=1) from None
        printed = report(score)
        if score.round_card is not None:
            # The round in words too (a contract, a first-down requirement): the app's words.
            printed["round"] = round_report(score.game.rules, score.round_card)
        self.stdout.write(json.dumps(printed, indent=2, ensure_ascii=False))
