"""The game file: one JSON document holding a whole game (see shared/GAME-FILE.md).

`read_game_file` checks a document and builds the game and its hands (`parse_game_file` and
`read_game_data` are its two halves, for callers that also read extra keys); `report` gives what
`score_game` prints; `write_game_file` is the other direction, for export.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import get_rule_set
from .core import GameScore, GameSetup
from .errors import RulesError
from .features import shown
from .house_rules import written_options
from .names import refuse_hidden_character
from .own_game import read_own_game
from .scoring import HandInput
from .seats import Side

#: Game files are small: a 60-hand game is about 20 KB. Anything far bigger is not a game file.
MAX_GAME_FILE_BYTES = 1_000_000
#: A game file is five levels deep at most; allow a little slack, refuse absurd nesting.
MAX_NESTING = 12
JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
BRACKET = re.compile(r"[\[\]{}]")
#: The escapes of a NUL and of half a surrogate pair: the only ways such text reaches a string
#: (the parser refuses raw control characters, and the UTF-8 decoder raw surrogates).
UNSTORABLE_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")
#: The longest name a player may have (the new-game form and the database hold the same).
NAME_LENGTH = 60
#: The longest side name: six players' names joined with " & " fit.
SIDE_NAME_LENGTH = 400


def read_game_file(text: str | bytes) -> tuple[GameSetup, list[HandInput]]:
    """Parse and check a game file's text; RulesError says what is wrong, in players' words."""
    return read_game_data(parse_game_file(text))


def parse_game_file(text: str | bytes) -> Any:
    """The JSON document of a game file, once it is known to be small, shallow text that a
    database can store; RulesError otherwise. Its meaning is checked by `read_game_data`."""
    if len(text) > MAX_GAME_FILE_BYTES:
        raise RulesError("game_file_too_big", most=MAX_GAME_FILE_BYTES)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RulesError("game_file_not_utf8") from None
    refuse_deep_nesting(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        # The parser's own words for what it found are kept as they are (a technical detail).
        raise RulesError(
            "game_file_not_json", line=error.lineno, column=error.colno, reason=error.msg
        ) from None
    except RecursionError:
        raise RulesError("game_file_too_deep") from None
    except ValueError:
        # json turns a number of more than 4,300 digits into ValueError, not JSONDecodeError.
        raise RulesError("game_file_number_too_long") from None
    refuse_unstorable_text(text, data)
    return data


def refuse_deep_nesting(text: str) -> None:
    """Refuse absurdly nested JSON before the parser spends time and stack on it. The strings
    are cut out first (in C), so only the brackets outside them are counted here."""
    depth = 0
    for bracket in BRACKET.findall(JSON_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise RulesError("game_file_too_deep")
        else:
            depth -= 1


def refuse_unstorable_text(text: str, data: Any) -> None:
    """Refuse a NUL or half of a surrogate pair anywhere in the document (JSON can write both as
    escapes): PostgreSQL stores neither, so such a file could be scored here but never saved,
    nor restored from a SQLite backup."""
    if not UNSTORABLE_ESCAPE.search(text):
        return  # neither can be written in JSON without one of these escapes
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, Mapping):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str) and not is_storable(item):
            shown = item.encode("utf-8", "backslashreplace").decode("utf-8")[:40]
            raise RulesError("game_file_unstorable_text", text=repr(shown))


def is_storable(text: str) -> bool:
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def refuse_long_names(players: list[str], sides: list[Side] | None) -> None:
    """RulesError for a name longer than the app keeps, or holding a character nobody can see
    (as the import, the pads and the screens refuse it)."""
    for name in [*players, *(side.name for side in sides or ())]:
        refuse_hidden_character(name)
    for player in players:
        if len(player) > NAME_LENGTH:
            raise RulesError("player_name_too_long", name=repr(player[:20]), most=NAME_LENGTH)
    for side in sides or ():
        if len(side.name) > SIDE_NAME_LENGTH:
            raise RulesError("side_name_too_long", name=repr(side.name[:20]), most=SIDE_NAME_LENGTH)


def read_game_data(data: Any) -> tuple[GameSetup, list[HandInput]]:
    """Check a parsed game file and build the game and its hands (not yet scored)."""
    if not isinstance(data, Mapping):
        raise RulesError("game_file_not_object")
    rules = get_rule_set(expect(data, "rules", str, "game_file_needs_rules"))
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise RulesError("options_not_object", value=shown(options))
    finished = data.get("finished", False)
    if not isinstance(finished, bool):
        raise RulesError("finished_not_yes_no")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RulesError("players_not_list")
    sides = read_sides(data.get("sides"))
    refuse_long_names(players, sides)
    own_game = read_own_game(data.get("own_game"))
    game = rules.new_game(players, sides, options, closed=finished, own_game=own_game)
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise RulesError("hands_not_list")
    if len(hands) > rules.most_hands:
        raise RulesError.of(rules.too_many_hands(len(hands)), hand=rules.most_hands + 1)
    return game, [
        read_hand(rules.hand_word, number, hand) for number, hand in enumerate(hands, start=1)
    ]


def expect(data: Mapping[str, Any], key: str, kind: type, refusal: str) -> Any:
    """`data[key]` if it is a `kind`, else the RulesError of code `refusal`."""
    value = data.get(key)
    if not isinstance(value, kind):
        raise RulesError(refusal, key=repr(key))
    return value


def read_sides(raw: Any) -> list[Side] | None:
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise RulesError("sides_not_list")
    sides = []
    for entry in raw:
        if (
            not isinstance(entry, Mapping)
            or not isinstance(entry.get("name"), str)
            or not isinstance(entry.get("players"), list)
            or not all(isinstance(p, str) for p in entry["players"])
        ):
            raise RulesError("side_needs_name_and_players")
        sides.append(Side(name=entry["name"], players=tuple(entry["players"])))
    return sides


def read_hand(hand_word: str, number: int, raw: Any) -> HandInput:
    if not isinstance(raw, Mapping) or not isinstance(raw.get("tallies"), Mapping):
        raise RulesError("hand_needs_tallies", hand=number, hand_word=hand_word)
    dealer = raw.get("dealer")
    if dealer is not None and not isinstance(dealer, str):
        raise RulesError("dealer_not_a_name", hand=number, hand_word=hand_word)
    upcard = raw.get("upcard")
    if upcard is not None and not isinstance(upcard, str):
        # Whether the text names a card is the rule set's check (only Oklahoma Gin has one).
        raise RulesError(
            "upcard_not_a_card", hand=number, hand_word=hand_word, upcard=shown(upcard)
        )
    return HandInput(tallies=raw["tallies"], dealer=dealer, upcard=upcard)


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
    result["options"] = written_options(rules, score.game.options)
    result["finished"] = score.finished
    result["winners"] = score.winners
    if score.round_card is not None:
        result["round"] = score.round_card.as_dict()
    if score.phases is not None:
        result["phases"] = score.phases
    if score.players_in is not None:
        result["players_in"] = score.players_in
        if score.rejoin_total is not None:
            result["rejoin_total"] = score.rejoin_total
        result["rejoins"] = score.rejoins or {}
    if score.victory_points is not None:
        result["victory_points"] = score.victory_points
    if score.boxes is not None:
        result["boxes"] = score.boxes
    if score.final is not None:
        result["final"] = score.final
    if score.games is not None:
        result["games"] = score.games
    pot = score.pot()
    if pot is not None:
        result["pot"] = pot.as_dict()
    if score.game.own_game is not None:
        result["own_game"] = score.game.own_game.as_dict()
    return result


def write_game_file(
    game: GameSetup, hands: Sequence[HandInput], extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A game file for `game` and its recorded hands (export and backup)."""
    data: dict[str, Any] = {
        "rules": game.rules.slug,
        "options": written_options(game.rules, game.chosen_options),
        "players": list(game.players),
        "sides": [{"name": side.name, "players": list(side.players)} for side in game.sides],
        "hands": [],
    }
    if game.closed:
        data["finished"] = True
    if game.own_game is not None:
        data["own_game"] = game.own_game.as_dict()
    for hand in hands:
        entry: dict[str, Any] = {}
        if hand.dealer is not None:
            entry["dealer"] = hand.dealer
        if hand.upcard is not None:
            entry["upcard"] = hand.upcard
        entry["tallies"] = {name: named_values(game, tally) for name, tally in hand.tallies.items()}
        data["hands"].append(entry)
    data.update(extra or {})
    return data


def named_values(game: GameSetup, tally: Mapping[str, Any]) -> dict[str, Any]:
    """`tally` as a game file writes it: a field that takes a name (a special hand) by its
    name, as GAME-FILE.md shows it, where the form kept its place in the list."""
    written = dict(tally)
    for name, value in tally.items():
        field = game.fields_by_name.get(name)
        if field is None or not field.value_names or isinstance(value, bool):
            continue
        if isinstance(value, int) and 0 < value <= len(field.value_names):
            written[name] = field.value_names[value - 1]
        elif value == 0:
            written.pop(name)
    return written
