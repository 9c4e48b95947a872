"""Games as CSV, for a spreadsheet: one game wide (a row per hand, columns per side), or every
game of an account long (a row per side per hand). Numbers are plain digits (a spreadsheet reads
them as numbers); names that a spreadsheet would take for a formula are quoted with an
apostrophe."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import prefetch_related_objects

from games.models import Game, seats_with_names

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
        return "yes"
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
    word = game.rules.hand_word
    header: list[Any] = [word, "Dealer"]
    for side in sides:
        header += [text(f"{side}: {word.lower()} score"), text(f"{side}: total")]
    for side in sides:
        header += [text(f"{side}: {f.label.lower()}") for f in fields]
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


ALL_GAMES_HEADER = [
    "Game",
    "Rules",
    "Started",
    "Finished",
    "Hand",
    "Dealer",
    "Side",
    "Players",
    "Hand score",
    "Total",
    "Itemized",
]


def all_games_rows(games: Iterable[Game]) -> list[list[Any]]:
    """Every game, a row per side per hand: the game, its rules and dates, the hand, the side,
    its hand score and total, and its tally in words ("Natural canastas 2; Went out yes")."""
    rows: list[list[Any]] = [ALL_GAMES_HEADER]
    games = list(games)
    # The names and hands of every game in two queries, not two a game.
    prefetch_related_objects(games, seats_with_names(), "hands")
    for game in games:
        score = game.score()
        labels = {f.name: f.label for f in score.game.tally_fields}
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
                    else "Just the total"
                )
                rows.append(
                    [
                        game.pk,
                        game.rules.name,
                        f"{game.created:%Y-%m-%d}",
                        "yes" if score.finished else "",
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
