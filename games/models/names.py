"""Names as the roster keeps them: trimmed, NFKC, nothing invisible (games/rules/names.py);
sides told apart."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from django.utils.translation import gettext as _

from games.models.errors import Refused
from games.rules.names import hidden_character


def refuse_unseen_characters(names: Iterable[str]) -> None:
    """RosterError naming the first name that holds a character nobody can see."""
    for name in names:
        hidden = hidden_character(name)
        if hidden is not None:
            shown, code = hidden
            said = _(
                "“%(name)s” holds an invisible character (%(code)s). Type the name again "
                "without it."
            )
            raise RosterError(said % {"name": shown, "code": code})


def roster_name(name: str) -> str:
    """A name as the roster keeps and compares it: Unicode NFKC, so "Ｐ２" is "P2" (as logins
    are compared), with the spaces at its ends trimmed."""
    return unicodedata.normalize("NFKC", name).strip()


def told_apart(names: Sequence[str]) -> list[str]:
    """Side names, each its own: a name an earlier side already has gets the side's place
    ("Lou & Ned & Max (2)"). Only a game whose data holds two sides of one name (a rename made
    before such renames were refused) needs it; the engine keys sides by name and refuses such
    a game, so without it every page of that game failed."""
    distinct: list[str] = []
    for place, name in enumerate(names, start=1):
        shown, tries = name, place
        while shown in distinct or (shown != name and shown in names):
            shown, tries = f"{name} ({tries})", tries + 1
        distinct.append(shown)
    return distinct


def team_name(players: Sequence[str]) -> str:
    """The name a side gets from its players: "Ann & Cy" (or just "Ann")."""
    return " & ".join(players)


class RosterError(Refused):
    """A roster change refused, with the reason in the player's words."""
