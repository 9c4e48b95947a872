"""What the scoreboard shows of a game's end-of-game account and of a session played as several
games at once (games/board.py's `Board` asks here): the final account line by line, who settles
with whom, each game's column and which games each player's next win goes into. Every number is
the engine's (GameScore.final, .games, .next_games, .settlements, RuleSet.shutout_in); here they
are only put into the table's words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import rules as engine
from games import words
from games.templatetags.numbers import format_number


@dataclass(frozen=True)
class AccountCell:
    """One player's figure on a line of the account, and how it is made ("3 × 25")."""

    figure: str
    detail: str = ""


@dataclass(frozen=True)
class AccountLine:
    label: str
    cells: list[AccountCell]
    #: The final total: the line the account ends on.
    total: bool = False


@dataclass(frozen=True)
class Account:
    """A game's final account (or a session's), player by player."""

    heading: str
    names: list[str]
    lines: list[AccountLine]
    #: What a shutout did, in a sentence; empty: none.
    shutout: str = ""


@dataclass(frozen=True)
class GameCell:
    """One player in one of the session's games."""

    points: int
    to_go: int | None
    won: bool


@dataclass(frozen=True)
class SessionGame:
    number: int
    closed: bool
    winners: list[str]
    cells: list[GameCell]


def account_lines(
    names: Sequence[str], final: Mapping[str, Mapping[str, int]]
) -> list[AccountLine]:
    """Points, boxes × what each is worth, the game bonus and the final total."""

    def boxes(name: str) -> AccountCell:
        line = final[name]
        count, points = line["boxes"], line["box_points"]
        # What a box is worth is the account's own: its box points over its boxes.
        detail = f"{format_number(count)} × {format_number(points // count)}" if count else ""
        return AccountCell(format_number(points), detail)

    def figures(key: str) -> list[AccountCell]:
        return [AccountCell(format_number(final[name][key])) for name in names]

    return [
        AccountLine(_("Points"), figures("points")),
        AccountLine(_("Boxes"), [boxes(name) for name in names]),
        AccountLine(_("Game bonus"), figures("game_bonus")),
        AccountLine(_("Final total"), figures("total"), total=True),
    ]


def shutout_words(rules: engine.RuleSet, shutout: engine.Shutout | None, in_session: bool) -> str:
    """What a shutout did, as the table's house rule says it; empty without one."""
    if shutout is None:
        return ""
    rule = rules.house_rule(shutout.house_rule)
    assert rule is not None, shutout.house_rule
    said = {
        "name": shutout.shut_out,
        "rule": words.house_rule_phrase(rules, rule, rules.options[rule.name]),
    }
    if in_session:
        # Translators: a game of a session played as three games at once; "rule" is what a
        # shutout does at this table ("a shutout doubles the game bonus").
        return _("Shutout: %(name)s scored nothing in this game (%(rule)s).") % said
    # Translators: "rule" is what a shutout does at this table ("a shutout doubles the game
    # bonus").
    return _("Shutout: %(name)s won no hand (%(rule)s).") % said


def game_account(score: engine.GameScore) -> Account | None:
    """A finished game's final account, where its rule set keeps one."""
    final = score.final
    if final is None:
        return None
    names = list(score.game.side_names)
    if score.games is not None:
        # A session's account is the sum of its games': no shutout of its own.
        return Account(_("The session's final account"), names, account_lines(names, final))
    shutout = shutout_words(score.game.rules, score.game.rules.shutout_in(final), False)
    return Account(_("Final account"), names, account_lines(names, final), shutout)


def session_accounts(score: engine.GameScore) -> list[Account]:
    """Each closed game's own final account, in order (none for a game still open)."""
    rules, names = score.game.rules, list(score.game.side_names)
    accounts = []
    for number, game in enumerate(score.games or [], start=1):
        final = game.get("final")
        if final is None:
            continue
        heading = _("Game %(number)s: %(names)s won") % {
            "number": format_number(number),
            "names": words.joined(list(game["winners"]), "and"),
        }
        shutout = shutout_words(rules, rules.shutout_in(final), True)
        accounts.append(Account(heading, names, account_lines(names, final), shutout))
    return accounts


def session_games(score: engine.GameScore, to_go: Callable[[int], int | None]) -> list[SessionGame]:
    """The session's games side by side: each player's points in each, and in an open game how
    far each is from its target (`to_go`)."""
    games: list[dict[str, Any]] = score.games or []
    sessions = []
    for number, game in enumerate(games, start=1):
        # A game is closed once it has its winner (the report names them only then).
        winners = list(game.get("winners", []))
        cells = [
            GameCell(
                game["points"][name],
                None if winners else to_go(game["points"][name]),
                name in winners,
            )
            for name in score.game.side_names
        ]
        sessions.append(SessionGame(number, bool(winners), winners, cells))
    return sessions


@dataclass(frozen=True)
class PlayerRow:
    """One player across the session's games, as a row of the games side by side."""

    index: int
    name: str
    cells: list[GameCell]


def player_rows(names: Sequence[str], games: Sequence[SessionGame]) -> list[PlayerRow]:
    return [
        PlayerRow(index, name, [game.cells[index] for game in games])
        for index, name in enumerate(names)
    ]


def next_games_line(score: engine.GameScore) -> str | None:
    """ "Next win goes into: Ann: games 1, 2 and 3; Bob: game 1" while a session goes on."""
    next_games = score.next_games
    if not next_games:
        return None
    players = [
        # Translators: the games of a session a player's next win is written into: "Ann:
        # games 1, 2 and 3", "Bob: game 1".
        ngettext("%(name)s: game %(numbers)s", "%(name)s: games %(numbers)s", len(numbers))
        % {"name": name, "numbers": words.joined([format_number(n) for n in numbers], "and")}
        for name, numbers in next_games.items()
    ]
    # Translators: "players" is "Ann: games 1, 2 and 3; Bob: game 1".
    return _("Next win goes into: %(players)s") % {"players": "; ".join(players)}


def settlement_lines(score: engine.GameScore) -> list[str]:
    """Who pays whom how much once the game is over ("Bob pays Ann 220")."""
    settlements = score.settlements
    if settlements is None:
        return []
    if not settlements:
        return [_("Equal final totals: nobody pays.")]
    return [
        # Translators: settling a finished game: "Bob pays Ann 220".
        _("%(payer)s pays %(payee)s %(amount)s")
        % {"payer": s.payer, "payee": s.payee, "amount": format_number(s.amount)}
        for s in settlements
    ]
