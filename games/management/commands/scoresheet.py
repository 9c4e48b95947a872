"""Print the score sheet of a game file (shared/GAME-FILE.md) to a PDF file."""

from __future__ import annotations

import datetime
from typing import Any

from django.core.management.base import CommandParser
from django.utils.translation import gettext

from games.management.commands.score_game import read_input
from games.printing import PrintError, score_sheet_pdf
from games.printing.cli import PrintCommand, fail
from games.rules import RulesError
from games.rules.gamefile import score_game_file
from games.words import say


class Command(PrintCommand):
    help = "Write the score sheet of a game file as a PDF."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("gamefile", help="the game file, or - to read standard input")
        parser.add_argument("--title", default="", help="a title for the sheet")
        parser.add_argument("--date", default="", help="the day it was played, YYYY-MM-DD")
        parser.add_argument("--first-dealer", default=None, help="who dealt the first hand")
        parser.add_argument("--paper", default="letter", help="letter (default) or a4")
        self.add_output(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        played_on = None
        if options["date"]:
            try:
                played_on = datetime.date.fromisoformat(options["date"])
            except ValueError:
                raise fail(
                    gettext("the date must look like 2026-03-14, not %(given)s")
                    % {"given": repr(options["date"])}
                ) from None
        text = read_input(options["gamefile"])
        try:
            score = score_game_file(text)
            pdf = score_sheet_pdf(
                score,
                title=options["title"],
                played_on=played_on,
                paper=options["paper"],
                first_dealer=options["first_dealer"],
            )
        except RulesError as error:
            raise fail(say(error)) from None
        except PrintError as error:
            raise fail(str(error)) from None
        self.write_pdf(pdf, options["output"])
