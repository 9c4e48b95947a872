"""Restore games from game files: what `export_games` writes (or any exported game file).

    python manage.py import_games DIR [FILE ...] [--owner USERNAME]

Every `*.json` in each folder (and every file named) becomes a new game, owned by the user the
file names under "owner" (or --owner for plain game files that name none), created with an
unusable password when missing (they set one with `manage.py changepassword`). The import page
does the same import (games/imports.py): the rules check the whole game once, and the hands are
written in one go. What a backup adds (co-scorekeepers, dates, reopened, archived, deleted "for a
while", the share link, the hand in progress, the version) is restored too.

A file that cannot be imported prints one line on standard error naming the file and what is
wrong, and nothing of it is saved; the other files are still imported, and the command exits
with status 1 at the end. Importing the same backup twice makes two copies of each game.
"""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.imports import ImportRefused, import_game_file
from games.rules.gamefile import MAX_GAME_FILE_BYTES
from games.templatetags.numbers import format_number


def game_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(path.glob("*.json"), key=_natural))
        elif path.exists():
            files.append(path)
        else:
            said = _("there is no file or folder called %(name)s") % {"name": name}
            raise CommandError(said, returncode=1)
    return files


def _natural(path: Path) -> tuple[Any, ...]:
    """game-2.json before game-10.json."""
    stem = path.stem
    digits = stem.rstrip("0123456789")
    number = stem[len(digits) :]
    return (digits, int(number) if number else -1, path.name)


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
            problem = self.import_one(path, options["owner"])
            if problem is None:
                imported += 1
            else:
                self.stderr.write(f"{path}: {problem}")
                failed += 1
        summary = ngettext("Imported %(count)s game", "Imported %(count)s games", imported) % {
            "count": format_number(imported)
        }
        if failed:
            said = ngettext(
                # Translators: %(summary)s is "Imported 3 games".
                "%(summary)s; %(count)s file could not be imported (see above)",
                "%(summary)s; %(count)s files could not be imported (see above)",
                failed,
            )
            raise CommandError(
                said % {"summary": summary, "count": format_number(failed)}, returncode=1
            )
        self.stdout.write(summary)

    def import_one(self, path: Path, owner: str | None) -> str | None:
        """Import one file; what is wrong with it, in one line, or None. Nothing one file holds
        stops the others from being imported."""
        try:
            with path.open("rb") as file:
                content = file.read(MAX_GAME_FILE_BYTES + 1)
            import_game_file(content, backup=True, default_owner=owner)
        except OSError as error:
            return _("cannot read it: %(reason)s") % {"reason": error.strerror}
        except ImportRefused as refused:
            return refused.message
        except DatabaseError as error:
            first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
            said = _("The database refused it (%(kind)s: %(detail)s)")
            return said % {"kind": type(error).__name__, "detail": first_line}
        except (ValueError, OverflowError) as error:
            # A value no check above foresaw (a date or number out of range): this file only.
            in_one_line = " ".join(str(error).split())
            said = _("It holds a value that cannot be stored (%(kind)s: %(detail)s)")
            return said % {"kind": type(error).__name__, "detail": in_one_line}
        return None
