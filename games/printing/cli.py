"""What the three printing commands share: one-line errors (exit 1) and writing the PDF."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser


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


def fail(message: str) -> CommandError:
    return CommandError(message, returncode=1)
