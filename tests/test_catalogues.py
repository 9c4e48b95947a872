"""The translation catalogues are whole and current: every message the code marks has a checked
translation in every language we ship, with the same placeholders as its English, so that a
table never meets an English sentence in its own language nor a translated message that breaks
(a wrong placeholder answers 500 at the table)."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from django.conf import settings
from django.utils.translation import to_locale

LOCALE_DIR = Path(settings.LOCALE_PATHS[0])
TRANSLATED = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]

#: %(name)s, %s, %d (Python), {name} and {name:spec} (the words of the engine's refusals,
#: games/words/: {n:words} a number in words, {names:and} a list).
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdr]|%[sdr]|\{\w*(?::\w+)?\}")


def catalogue(code: str) -> Catalog:
    path = LOCALE_DIR / to_locale(code) / "LC_MESSAGES" / "django.po"
    assert path.exists(), f"no catalogue for {code}: {path}"
    with path.open("rb") as po_file:
        return read_po(po_file, locale=to_locale(code))


def placeholders(text: str) -> list[str]:
    return sorted({match.group(0) for match in PLACEHOLDER.finditer(text)})


def texts(message: Message) -> Iterator[tuple[str, str]]:
    """Each (English, translation) pair of a message: one, or one per plural form."""
    ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    for index, translation in enumerate(strings):
        yield str(ids[min(index, len(ids) - 1)]), str(translation or "")


def problems_of(code: str) -> list[str]:
    found = []
    for message in catalogue(code):
        if not message.id:
            continue  # the header
        if message.fuzzy:
            found.append(f"fuzzy: {message.id!r}")
        for english, translation in texts(message):
            if not translation:
                found.append(f"untranslated: {english!r}")
            elif placeholders(english) != placeholders(translation) and not (
                isinstance(message.id, tuple) and not placeholders(translation)
            ):
                found.append(f"placeholders differ: {english!r} -> {translation!r}")
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_has_a_checked_translation_with_its_placeholders(code: str) -> None:
    problems = problems_of(code)
    assert not problems, f"{len(problems)} in {code}:\n" + "\n".join(problems[:40])


def test_a_wrong_placeholder_is_caught(tmp_path: Path) -> None:
    message = Message("%(name)s scored %(points)s", "%(nome)s marcou %(points)s")
    english, translation = next(texts(message))
    assert placeholders(english) != placeholders(translation)


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="makemessages needs xgettext")
def test_the_catalogues_hold_every_message_the_code_marks(tmp_path: Path) -> None:
    """makemessages over a copy of the code finds no message the catalogues lack (a copy: it
    writes where the code lives)."""
    project = Path(settings.BASE_DIR)
    for part in ("games", "templates", "scorekeeper"):
        shutil.copytree(project / part, tmp_path / part, ignore=shutil.ignore_patterns("*.pyc"))
    shutil.copy(project / "manage.py", tmp_path)
    (tmp_path / "locale").mkdir()
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "en", "--keep-pot", "-v", "0"],
        cwd=tmp_path,
        check=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", "PYTHONPATH": ""},
    )
    # A template's header leaves the plural forms for each language to fill in.
    template = (tmp_path / "locale" / "django.pot").read_bytes()
    template = template.replace(
        b"nplurals=INTEGER; plural=EXPRESSION;", b"nplurals=2; plural=n!=1;"
    )
    marked = {message.id for message in read_po(io.BytesIO(template)) if message.id}
    for code in TRANSLATED:
        known = {message.id for message in catalogue(code) if message.id}
        missing = sorted(str(message_id) for message_id in marked - known)
        assert not missing, f"{code} lacks {len(missing)}: " + "; ".join(missing[:20])


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_message_is_written_as_an_escape_the_code_never_looks_up(code: str) -> None:
    """xgettext keeps "\\u2014" in a Python literal as six characters: the app asks for "—" and
    never finds it. Such a message is written with the character itself."""
    escaped = [
        str(message.id)
        for message in catalogue(code)
        if message.id and re.search(r"\\u[0-9a-fA-F]{4}", str(message.id))
    ]
    assert not escaped, escaped
