"""Print a blank score pad to a PDF file."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from games.printing import PrintError, score_pad_pdf
from games.printing.cli import PrintCommand, fail, with_house_rules
from games.printing.views import printed_names
from games.rules import RULE_SETS, RulesError, get_rule_set
from games.words import say


class Command(PrintCommand):
    help = "Write a blank score pad for RULES and N sides as a PDF."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("rules", help="the rule set: " + ", ".join(RULE_SETS))
        parser.add_argument(
            "--sides", type=int, required=True, metavar="N", help="sides or players"
        )
        parser.add_argument(
            "--names",
            default="",
            help='the sides\' names, comma-separated: "Ann & Cy,Bob & Di" (any left out print '
            'as "Side 3" or "Player 3")',
        )
        parser.add_argument("--paper", default="letter", help="letter (default) or a4")
        parser.add_argument("--pages", type=int, default=1, help="pages of hands (default 1)")
        self.add_house_rules(parser)
        self.add_output(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        typed = options["names"].split(",") if options["names"] else []
        try:
            rules = with_house_rules(get_rule_set(options["rules"]), options["house"])
            names = printed_names(rules, options["sides"], typed)
            pdf = score_pad_pdf(rules, options["sides"], names, options["paper"], options["pages"])
        except RulesError as error:
            raise fail(say(error)) from None
        except PrintError as error:
            raise fail(str(error)) from None
        self.write_pdf(pdf, options["output"])
