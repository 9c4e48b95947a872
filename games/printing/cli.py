"""What the three printing commands share: one-line errors (exit 1) and writing the PDF."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.rules import HouseRule, RulesError, RuleSet
from games.rules.features import NONE_WORD


class PrintCommand(BaseCommand):
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        name = f"{Path(prog_name).name} {subcommand}"

        def error(message: str) -> None:
            # One clear line and status 1, instead of argparse's usage block and status 2.
            sys.stderr.write(f"{name}: {message} (see --help)\n")
            sys.exit(1)

        parser.error = error  # type: ignore[method-assign]
        return parser

    def add_house_rules(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--house",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a house rule, repeatable: --house target=20000 (yes/no as yes or no; "
            "a rule left out or not played as none: --house wild_book=none)",
        )

    def add_output(self, parser: CommandParser) -> None:
        parser.add_argument(
            "-o", "--output", required=True, metavar="FILE", help="the PDF to write (- for stdout)"
        )

    def write_pdf(self, pdf: bytes, output: str) -> None:
        if output == "-":
            sys.stdout.buffer.write(pdf)
            sys.stdout.buffer.flush()
            return
        try:
            Path(output).write_bytes(pdf)
        except IsADirectoryError:
            raise CommandError(f"{output} is a folder, not a file", returncode=1) from None
        except OSError as error:
            raise CommandError(
                f"cannot write {output}: {error.strerror or error}", returncode=1
            ) from None


def with_house_rules(rules: RuleSet, given: list[str], players: int | None = None) -> RuleSet:
    """`rules` with the house rules given as NAME=VALUE; RulesError says which one is wrong,
    as a game file's would."""
    options: dict[str, Any] = {}
    for text in given:
        name, equals, value = text.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise RulesError(f"--house takes NAME=VALUE (e.g. target=20000), not {text!r}")
        name = name.strip()
        options[name] = house_value(name, value.strip(), rules.house_rule(name))
    return rules.with_options(options, players)


#: Yes and no as typed, and as a game file writes them (true, false).
YES_NO = {"yes": True, "no": False, "true": True, "false": False}


def house_value(name: str, text: str, rule: HouseRule | None) -> int | bool | str:
    """A house rule's value as typed, in the game file's terms: yes or no, a whole number
    (20000 or 20,000), or a word its rule is named by ("none"); the rule says if it takes it."""
    word = text.lower()
    if word in YES_NO:
        return YES_NO[word]
    if word == NONE_WORD or (rule is not None and word in rule.named_values):
        return word
    digits = text.replace(",", "").replace("_", "")
    if digits.lstrip("-").isdigit() and len(digits) < 10:
        return int(digits)
    raise RulesError(f"{name}: a house rule is yes, no, none or a whole number, not {text!r}")


def fail(message: str) -> CommandError:
    return CommandError(message, returncode=1)
