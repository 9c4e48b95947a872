"""The game file: one JSON document holding a whole game (see shared/GAME-FILE.md).

`read_game_file` checks a document and scores it; `report` gives what `score_game` prints;
`write_game_file` is the other direction, for export.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from . import get_rule_set
from .core import GameScore, GameSetup, HandInput, RulesError, Side

#: Game files are small: a 60-hand game is about 20 KB. Anything far bigger is not a game file.
MAX_GAME_FILE_BYTES = 1_000_000
#: A game file is five levels deep at most; allow a little slack, refuse absurd nesting.
MAX_NESTING = 12


def read_game_file(text: str | bytes) -> tuple[GameSetup, list[HandInput]]:
    """Parse and check a game file's text; RulesError says what is wrong, in players' words."""
    if len(text) > MAX_GAME_FILE_BYTES:
        raise RulesError(
            f"the game file is over {MAX_GAME_FILE_BYTES:,} bytes, too big to be a game file"
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RulesError("the game file is not UTF-8 text") from None
    refuse_deep_nesting(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RulesError(
            f"the game file is not valid JSON (line {error.lineno}, column {error.colno}: "
            f"{error.msg})"
        ) from None
    except RecursionError:
        raise RulesError("the game file is nested too deeply to be a game file") from None
    except ValueError:
        # json turns a number of more than 4,300 digits into ValueError, not JSONDecodeError.
        raise RulesError("the game file holds a number far too long to be a score") from None
    return read_game_data(data)


def refuse_deep_nesting(text: str) -> None:
    """Refuse absurdly nested JSON before the parser spends time and stack on it."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise RulesError("the game file is nested too deeply to be a game file")
        elif char in "]}":
            depth -= 1


def read_game_data(data: Any) -> tuple[GameSetup, list[HandInput]]:
    """Check a parsed game file and build the game and its hands (not yet scored)."""
    if not isinstance(data, Mapping):
        raise RulesError("a game file is a JSON object with rules, players and hands")
    rules = get_rule_set(expect(data, "rules", str, "the rule set's name"))
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise RulesError("options must be an object of house options, e.g. {}")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RulesError("players must be a list of the players' names in seating order")
    sides = read_sides(data.get("sides"))
    game = rules.new_game(players, sides, options)
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise RulesError("hands must be a list of hands in the order they were played")
    return game, [
        read_hand(rules.hand_word, number, hand) for number, hand in enumerate(hands, start=1)
    ]


def expect(data: Mapping[str, Any], key: str, kind: type, what: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise RulesError(f"the game file needs {key!r}: {what}")
    return value


def read_sides(raw: Any) -> list[Side] | None:
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise RulesError("sides must be a list of sides, each with a name and its players")
    sides = []
    for entry in raw:
        if (
            not isinstance(entry, Mapping)
            or not isinstance(entry.get("name"), str)
            or not isinstance(entry.get("players"), list)
            or not all(isinstance(p, str) for p in entry["players"])
        ):
            raise RulesError('each side needs a "name" and a list of "players"')
        sides.append(Side(name=entry["name"], players=tuple(entry["players"])))
    return sides


def read_hand(hand_word: str, number: int, raw: Any) -> HandInput:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("tallies"), Mapping):
        raise RulesError(f"{hand_word} {number}: a hand needs its tallies, one per side")
    dealer = raw.get("dealer")
    if dealer is not None and not isinstance(dealer, str):
        raise RulesError(f"{hand_word} {number}: the dealer must be a player's name")
    return HandInput(tallies=raw["tallies"], dealer=dealer)


def score_game_file(text: str | bytes) -> GameScore:
    game, hands = read_game_file(text)
    return game.score(hands)


def report(score: GameScore) -> dict[str, Any]:
    """The JSON that `score_game` prints (shared/GAME-FILE.md)."""
    rules = score.game.rules
    result: dict[str, Any] = {
        "rules": rules.slug,
        "hands": [
            {
                "number": hand.number,
                "scores": hand.scores,
                "breakdown": hand.breakdown,
                "totals": hand.totals,
            }
            for hand in score.hands
        ],
        "totals": score.totals,
    }
    if rules.opening.exists and not score.finished:
        result["opening_minimums"] = score.opening_minimums()
    result["finished"] = score.finished
    result["winners"] = score.winners
    if score.round_card is not None:
        result["round"] = score.round_card.as_dict()
    pot = score.pot()
    if pot is not None:
        result["pot"] = pot.as_dict()
    return result


def write_game_file(
    game: GameSetup, hands: Sequence[HandInput], extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A game file for `game` and its recorded hands (export and backup)."""
    data: dict[str, Any] = {
        "rules": game.rules.slug,
        "options": dict(game.options),
        "players": list(game.players),
        "sides": [{"name": side.name, "players": list(side.players)} for side in game.sides],
        "hands": [],
    }
    for hand in hands:
        entry: dict[str, Any] = {}
        if hand.dealer is not None:
            entry["dealer"] = hand.dealer
        entry["tallies"] = {name: dict(tally) for name, tally in hand.tallies.items()}
        data["hands"].append(entry)
    data.update(extra or {})
    return data
