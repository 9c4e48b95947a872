"""Games as CSV, for a spreadsheet: one game wide (a row per hand, columns per side), or every
game of an account long (a row per side per hand). Numbers are plain digits in any language (a
spreadsheet reads them as numbers) and dates are ISO dates; the column headings and the few
words ("yes") are in the reader's language. Names that a spreadsheet would take for a formula
are quoted with an apostrophe."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import prefetch_related_objects
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from games.models import Game, seats_with_names
from games.words import field_label, hand_word, rule_set_name

#: A cell starting with one of these is a formula to a spreadsheet ("=HYPERLINK(…)").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text(value: str) -> str:
    """A name or word as a cell that no spreadsheet runs as a formula."""
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value


def cell(value: int | bool | None) -> str | int:
    """A tally value as a cell: yes/no as "yes" or blank, a missing value blank."""
    if value is None or value is False:
        return ""
    if value is True:
        return pgettext("a yes/no item in a spreadsheet", "yes")
    return value


def as_csv(rows: Iterable[Sequence[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows(rows)
    return out.getvalue()


def game_rows(game: Game) -> list[list[Any]]:
    """One game: a row per hand with its dealer, each side's hand score and total, then each
    side's itemized tally (blank where the side gave just the total)."""
    score = game.score()
    sides = game.side_names
    fields = score.game.tally_fields
    word = hand_word(game.rules.hand_word)
    header: list[Any] = [word, gettext("Dealer")]
    for side in sides:
        said = {"side": side, "hand": word.lower()}
        header += [
            text(gettext("%(side)s: %(hand)s score") % said),
            text(gettext("%(side)s: total") % said),
        ]
    for side in sides:
        header += [text(f"{side}: {field_label(game.rules, f).lower()}") for f in fields]
    rows = [header]
    for hand in score.hands:
        row: list[Any] = [hand.number, text(hand.dealer or "")]
        for side in sides:
            row += [hand.scores[side], hand.totals[side]]
        for side in sides:
            tally = hand.tallies.get(side)
            row += [cell(tally.get(f.name)) if tally else "" for f in fields]
        rows.append(row)
    return rows


#: The headings of every game's CSV, in the reader's language when they are written out.
ALL_GAMES_HEADER = [
    pgettext_lazy("a game, as a column heading", "Game"),
    pgettext_lazy("a game's rule set, as a column heading", "Rules"),
    pgettext_lazy("the day a game started, as a column heading", "Started"),
    pgettext_lazy("whether a game is over, as a column heading", "Finished"),
    pgettext_lazy("a hand of cards, as a heading", "Hand"),
    gettext_lazy("Dealer"),
    pgettext_lazy("a player or team scored together, as a heading", "Side"),
    pgettext_lazy("those who play, as a heading", "Players"),
    gettext_lazy("Hand score"),
    gettext_lazy("Total"),
    pgettext_lazy("a hand's tally item by item, as a column heading", "Itemized"),
]


def all_games_rows(games: Iterable[Game]) -> list[list[Any]]:
    """Every game, a row per side per hand: the game, its rules and dates, the hand, the side,
    its hand score and total, and its tally in words ("Natural canastas 2; Went out yes")."""
    rows: list[list[Any]] = [[str(heading) for heading in ALL_GAMES_HEADER]]
    games = list(games)
    # The names and hands of every game in two queries, not two a game.
    prefetch_related_objects(games, seats_with_names(), "hands")
    for game in games:
        score = game.score()
        labels = {f.name: field_label(game.rules, f) for f in score.game.tally_fields}
        players = {side.name: " & ".join(side.players) for side in score.game.sides}
        for hand in score.hands:
            for side in game.side_names:
                tally = hand.tallies.get(side)
                itemized = (
                    "; ".join(
                        f"{labels.get(name, name)} {cell(value)}"
                        for name, value in tally.items()
                        if cell(value) not in ("", 0)
                    )
                    if tally
                    else gettext("Just the total")
                )
                rows.append(
                    [
                        game.pk,
                        rule_set_name(game.rules),
                        f"{game.created:%Y-%m-%d}",
                        pgettext("a yes/no item in a spreadsheet", "yes") if score.finished else "",
                        hand.number,
                        text(hand.dealer or ""),
                        text(side),
                        text(players.get(side, "")),
                        hand.scores[side],
                        hand.totals[side],
                        text(itemized),
                    ]
                )
    return rows
