"""Print a rule set's rule sheet to a PDF file."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from games.printing import PrintError, rule_sheet_pdf
from games.printing.cli import PrintCommand, fail, with_house_rules
from games.rules import RULE_SETS, RulesError, get_rule_set
from games.words import say


class Command(PrintCommand):
    help = "Write the rule sheet of RULES (a rule set's slug) as a PDF."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("rules", help="the rule set: " + ", ".join(RULE_SETS))
        parser.add_argument("--paper", default="letter", help="letter (default) or a4")
        self.add_house_rules(parser)
        self.add_output(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            rules = with_house_rules(get_rule_set(options["rules"]), options["house"])
            pdf = rule_sheet_pdf(rules, options["paper"])
        except RulesError as error:
            raise fail(say(error)) from None
        except PrintError as error:
            raise fail(str(error)) from None
        self.write_pdf(pdf, options["output"])
