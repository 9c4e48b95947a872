"""What the three printing commands share: one-line errors (exit 1), the language the printout
is written in (--language), and writing the PDF."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser, OutputWrapper
from django.utils import translation
from django.utils.translation import gettext

from games.rules import HouseRule, RuleSet
from games.rules.features import NONE_WORD
from games.templatetags.numbers import typed_grouping


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
        parser.add_argument(
            "--language",
            default=None,
            metavar="CODE",
            help="the language the printout is written in: en (default), pt-BR, es, it or de",
        )
        return parser

    def execute(self, *args: Any, **options: Any) -> Any:
        """The whole command, its refusals too, in the language asked for: one the app does
        not have prints in English, after a line on standard error that says so."""
        asked = options.get("language")
        language = shipped(asked) if asked else settings.LANGUAGE_CODE
        if language is None:
            stderr = OutputWrapper(options["stderr"]) if options.get("stderr") else self.stderr
            stderr.write(
                gettext("there is no language %(code)s here: printing in English")
                % {"code": repr(asked)}
            )
            language = "en"
        with translation.override(language):
            return super().execute(*args, **options)

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
            raise fail(gettext("%(file)s is a folder, not a file") % {"file": output}) from None
        except OSError as error:
            raise fail(
                gettext("cannot write %(file)s: %(reason)s")
                % {"file": output, "reason": error.strerror or error}
            ) from None


def shipped(code: str) -> str | None:
    """`code` as one of the languages the app has ("pt-BR" -> "pt-br", "pt" -> "pt-br"), or
    None for one it lacks (as the language menu reads it: games/languages.py)."""
    try:
        return translation.get_supported_language_variant(code.strip().lower().replace("_", "-"))
    except LookupError:
        return None


def with_house_rules(rules: RuleSet, given: list[str], players: int | None = None) -> RuleSet:
    """`rules` with the house rules given as NAME=VALUE: a value the command line cannot read
    is its own refusal (CommandError); one the rules refuse is their RulesError, as a game
    file's would be."""
    options: dict[str, Any] = {}
    for text in given:
        name, equals, value = text.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise fail(
                gettext("--house takes NAME=VALUE (e.g. target=20000), not %(given)s")
                % {"given": repr(text)}
            )
        name = name.strip()
        options[name] = house_value(name, value.strip(), rules.house_rule(name))
    return rules.with_options(options, players)


#: Yes and no as typed, and as a game file writes them (true, false).
YES_NO = {"yes": True, "no": False, "true": True, "false": False}


def house_value(name: str, text: str, rule: HouseRule | None) -> int | bool | str:
    """A house rule's value as typed, in the game file's terms: yes or no, a whole number
    (20000, or 20,000 grouped as the language groups it: 20.000 in Portuguese), or a word its
    rule is named by ("none"); the rule says if it takes it."""
    word = text.lower()
    if word in YES_NO:
        return YES_NO[word]
    if word == NONE_WORD or (rule is not None and word in rule.named_values):
        return word
    digits = text.replace(typed_grouping(), "").replace("_", "")
    if digits.lstrip("-").isdigit() and len(digits) < 10:
        return int(digits)
    raise fail(
        gettext("%(name)s: a house rule is yes, no, none or a whole number, not %(given)s")
        % {"name": name, "given": repr(text)}
    )


def fail(message: str) -> CommandError:
    return CommandError(message, returncode=1)
