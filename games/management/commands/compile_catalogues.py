"""`manage.py compile_catalogues`: every locale/<lang>/LC_MESSAGES/django.po compiled to its .mo,
in pure Python (Babel), so that a fresh clone serves every language with no system gettext.
Fuzzy entries are left out, as msgfmt leaves them: English shows until they are checked."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management.base import BaseCommand


def compile_catalogues() -> list[Path]:
    """Compile each catalogue whose .mo is missing or older than its .po; the ones compiled."""
    compiled = []
    for locale_dir in settings.LOCALE_PATHS:
        for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
            mo_path = po_path.with_suffix(".mo")
            if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
                continue
            with po_path.open("rb") as po_file:
                catalogue = read_po(po_file)
            # Written beside it, then moved into place: a server or a test worker reading the
            # catalogue meanwhile sees the old one or the new one, never half of one.
            part_path = mo_path.with_suffix(f".mo.{os.getpid()}")
            with part_path.open("wb") as mo_file:
                write_mo(mo_file, catalogue, use_fuzzy=False)
            os.replace(part_path, mo_path)
            compiled.append(mo_path)
    return compiled


class Command(BaseCommand):
    help = "Compile the translation catalogues (locale/*/LC_MESSAGES/*.po) that changed."

    def handle(self, *args: Any, **options: Any) -> None:
        for mo_path in compile_catalogues():
            self.stdout.write(f"compiled {mo_path.relative_to(settings.BASE_DIR)}")
