"""A table's own game (RULINGS.md section 15): a name and a note given to one rule set with its
house rules chosen. The rule set and the house rules are the game's own (`GameSetup.rules`);
this is what it adds, checked the same wherever it comes from (a form, a game file)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import RulesError, Said
from .names import unseen_characters

#: The limits of section 15: a name as long as a player's, a note of a few sentences.
NAME_LENGTH = 60
NOTE_LENGTH = 500


@dataclass(frozen=True)
class OwnGame:
    name: str
    #: What the table plays differently that no score depends on ("" for none).
    note: str = ""

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "note": self.note} if self.note else {"name": self.name}


def check_own_game_name(name: Any) -> str:
    """The name trimmed, or the RulesError saying what is wrong with it."""
    if not isinstance(name, str) or not name.strip():
        raise RulesError("own_game_no_name")
    name = name.strip()
    if len(name) > NAME_LENGTH:
        raise RulesError("own_game_name_too_long", most=NAME_LENGTH)
    unseen = unseen_characters(name)
    if unseen:
        raise RulesError("own_game_name_unseen", character=f"U+{ord(unseen[0]):04X}")
    return name


def check_own_game_note(note: Any) -> str:
    if note is None:
        return ""
    if not isinstance(note, str):
        raise RulesError("own_game_note_not_text")
    note = note.strip()
    if len(note) > NOTE_LENGTH:
        raise RulesError("own_game_note_too_long", most=NOTE_LENGTH)
    if any(char not in "\n\t" for char in unseen_characters(note)):
        raise RulesError("own_game_note_unseen")
    return note


#: A game file's `own_game` refused, by what its name or note was refused with: the same
#: problem, said after the key it was found under.
IN_GAME_FILE: dict[str, str] = {
    "own_game_no_name": "game_file_own_game_no_name",
    "own_game_name_too_long": "game_file_own_game_name_too_long",
    "own_game_name_unseen": "game_file_own_game_name_unseen",
    "own_game_note_not_text": "game_file_own_game_note_not_text",
    "own_game_note_too_long": "game_file_own_game_note_too_long",
    "own_game_note_unseen": "game_file_own_game_note_unseen",
}


def read_own_game(raw: Any) -> OwnGame | None:
    """A game file's `own_game`, checked; None when the file has none."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or set(raw) - {"name", "note"}:
        raise RulesError("game_file_own_game_not_object")
    try:
        return OwnGame(check_own_game_name(raw.get("name")), check_own_game_note(raw.get("note")))
    except RulesError as refused:
        raise RulesError.of(Said(IN_GAME_FILE[refused.code], refused.params)) from None
