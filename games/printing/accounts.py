"""A game settled by a final account after its last hand (Gin Rummy: points, boxes, game bonus,
shutout, final total), and a session that writes each hand into several games at once
(Hollywood): what a score sheet prints of them and what a pad's foot asks, read from the
engine's general hooks (`GameScore.boxes`, `final`, `games`, `settlements`,
`RuleSet.shutout_in`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from games.rules import GameScore, GameSetup, HandScore, RuleSet, Side
from games.words import hand_word_in_sentence, text
from games.words.filling import words_of

from .fonts import isolate, isolated_list
from .layout import CELL, H2, SHADE, FitText, grid_style, number

#: The keys of a side's final account (`GameScore.final`), in the order a sheet prints them.
POINTS, BOXES, BOX_POINTS = "points", "boxes", "box_points"
GAME_BONUS, TOTAL = "game_bonus", "total"


def empty_session(rules: RuleSet) -> GameScore:
    """A game of `rules` (this table's house rules kept) before its first hand: what it keeps
    (boxes, several games) shows in its hooks already. Each player a side of their own: the
    hooks look at no seating."""
    players = tuple(chr(ord("A") + index) for index in range(min(rules.player_counts)))
    sides = tuple(Side(name, (name,)) for name in players)
    return GameSetup(rules=rules, players=players, sides=sides).score([])


def keeps_boxes(rules: RuleSet) -> bool:
    """Whether the rule set counts each side's hands won (boxes) for a final account."""
    return empty_session(rules).boxes is not None


def games_at_once(rules: RuleSet) -> int:
    """How many games each hand is written into (Hollywood: three; else one)."""
    games = empty_session(rules).games
    return len(games) if games else 1


def own_text(rules: RuleSet, key: str, default: str) -> str:
    """A phrase the rule set's words give for `key` (with its numbers), else `default`."""
    words = words_of(rules)
    if words is not None and key in words.texts:
        return text(rules, key)
    return default


def account_labels(rules: RuleSet) -> dict[str, str]:
    """The final account's rows, by key: "Points", "Boxes × 25", "Game bonus 100, 200 on a
    shutout", "Final total"."""
    return {
        POINTS: pgettext("a final account's row: the points won in the hands", "Points"),
        BOXES: pgettext("a final account's row: the hands won", "Boxes"),
        BOX_POINTS: own_text(rules, "final_box_points", gettext("Boxes × their bonus")),
        GAME_BONUS: own_text(rules, "final_game_bonus", gettext("Game bonus")),
        TOTAL: gettext("Final total"),
    }


def game_word(number_: int) -> str:
    # Translators: one of the games a session writes each hand into (Hollywood): "Game 2".
    return gettext("Game %(number)s") % {"number": number(number_)}


# -- the score sheet ----------------------------------------------------------------------------


def result_text(score: GameScore) -> str | None:
    """A finished game settled by a final account: "Winner: Ann, 289 to 69 in final totals";
    None for a game without one."""
    final = score.final
    if final is None or not score.winners:
        return None
    totals = {name: account[TOTAL] for name, account in final.items()}
    winners = score.winners
    others = [totals[name] for name in totals if name not in winners]
    said = {
        "name": isolate(winners[0]),
        "names": isolated_list(winners),
        "total": number(totals[winners[0]]),
        "others": " / ".join(number(total) for total in sorted(others, reverse=True)),
    }
    if len(winners) > 1:
        return gettext("Shared win: %(names)s, each with a final total of %(total)s") % said
    if not others:
        return gettext("Winner: %(name)s, final total %(total)s") % said
    return gettext("Winner: %(name)s, %(total)s to %(others)s in final totals") % said


def settlement_text(score: GameScore) -> str:
    """Who pays whom how much once the game is over ("Bob pays Ann 220"); "" where the rule
    set settles nothing, and a word where nobody pays."""
    settlements = score.settlements
    if settlements is None:
        return ""
    if not settlements:
        return gettext("Nobody pays: the final totals are equal.")
    each = gettext("%(payer)s pays %(payee)s %(amount)s")
    return "; ".join(
        each % {"payer": isolate(s.payer), "payee": isolate(s.payee), "amount": number(s.amount)}
        for s in settlements
    )


def shutout_text(score: GameScore, account: Mapping[str, Mapping[str, int]]) -> str:
    """ "Shutout: Bob won no hand." where the account's game was one; else ""."""
    shutout = score.game.rules.shutout_in(account)
    if shutout is None:
        return ""
    return gettext("Shutout: %(name)s won no hand.") % {"name": isolate(shutout.shut_out)}


def boxes_text(score: GameScore) -> str:
    """Each side's boxes so far, for a game under way: "Ann 3, Bob 1"."""
    boxes = score.boxes
    if boxes is None or score.finished:
        return ""
    return ", ".join(f"{isolate(name)} {number(count)}" for name, count in boxes.items())


def account_rows(
    rules: RuleSet, names: Sequence[str], account: Mapping[str, Mapping[str, int]] | None
) -> list[list[str]]:
    """The final account as rows (label, then each side's number); blank cells before the game
    is over."""
    labels = account_labels(rules)
    rows = []
    for key, label in labels.items():
        cells = [number(account[name][key]) if account else "" for name in names]
        rows.append([label, *cells])
    return rows


def final_account_block(score: GameScore, width: float) -> list[Flowable]:
    """The final account of a finished game: a column per side, a row per part of it, the
    shutout and who settles how much under it."""
    final = score.final
    if final is None or score.games is not None:
        return []
    names = score.game.side_names
    head = [""] + [isolate(name) for name in names]
    rows: list[list[Any]] = [head, *account_rows(score.game.rules, names, final)]
    first = min(200.0, width * 0.4)
    widths = [first] + [(width - first) / len(names)] * len(names)
    table = Table(rows, colWidths=widths, hAlign="LEFT")
    style = grid_style(1, zebra=False)
    style += [
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("FONTNAME", (0, -1), (-1, -1), "Sans-Bold"),
        ("BACKGROUND", (0, -1), (-1, -1), SHADE),
    ]
    table.setStyle(style)
    notes = [line for line in (shutout_text(score, final), settlement_text(score)) if line]
    block: list[Flowable] = [Paragraph(gettext("Final account"), H2), table]
    block += [Paragraph(note, CELL) for note in notes]
    return [KeepTogether(block)]


def games_block(score: GameScore, width: float) -> list[Flowable]:
    """A session's games side by side (Hollywood): each game's points for each side, whether
    it is over and who won it, and its final account once it is."""
    games = score.games
    if not games:
        return []
    names = score.game.side_names
    rows = _games_rows(score, games, names)
    per = len(names)
    first = 92.0
    cell = (width - first) / (len(games) * per)
    table = Table(rows, colWidths=[first] + [cell] * (len(games) * per), hAlign="LEFT")
    style = grid_style(2, zebra=False)
    style += [
        ("ALIGN", (1, 2), (-1, -1), "RIGHT"),
        ("FONTNAME", (0, -2), (-1, -2), "Sans-Bold"),
        ("BACKGROUND", (0, -2), (-1, -2), SHADE),
    ]
    for index in range(len(games)):
        left = 1 + index * per
        style.append(("SPAN", (left, 0), (left + per - 1, 0)))
        style.append(("SPAN", (left, len(rows) - 1), (left + per - 1, len(rows) - 1)))
        style.append(("LINEBEFORE", (left, 0), (left, -1), 1.0, "black"))
    table.setStyle(style)
    title = ngettext(
        "The %(count)s game, side by side",
        "The %(count)s games, side by side",
        len(games),
    ) % {"count": number(len(games))}
    block: list[Flowable] = [Paragraph(title, H2), table]
    session = session_text(score)
    if session:
        block.append(Paragraph(session, CELL))
    return [KeepTogether(block)]


def _games_rows(
    score: GameScore, games: Sequence[Mapping[str, Any]], names: Sequence[str]
) -> list[list[Any]]:
    """The games table's rows: each game's name over its sides' names, the final account
    (the points only, while a game goes on), and how each game came out."""
    top: list[Any] = [""]
    sub: list[Any] = [""]
    for index in range(len(games)):
        top += [FitText(game_word(index + 1), 8.5, bold=True, align="center")]
        top += [""] * (len(names) - 1)
        sub += [FitText(isolate(name), 8, bold=True, align="right", max_lines=1) for name in names]
    rows: list[list[Any]] = [top, sub]
    labels = account_labels(score.game.rules)
    for key, label in labels.items():
        row: list[Any] = [FitText(label, 8, max_lines=2)]
        for game in games:
            final = game.get("final")
            for name in names:
                if final:
                    row.append(number(final[name][key]))
                else:
                    row.append(number(game["points"][name]) if key == POINTS else "")
        rows.append(row)
    rows.append([FitText(gettext("Result"), 8, bold=True)] + _games_results(score, games, names))
    return rows


def _games_results(
    score: GameScore, games: Sequence[Mapping[str, Any]], names: Sequence[str]
) -> list[Any]:
    """Each game's outcome, across its columns: "Won by Ann; shutout", or "Under way"."""
    cells: list[Any] = []
    for game in games:
        # A game that is over names its winners.
        if game.get("winners"):
            winners = isolated_list(game["winners"])
            said = gettext("Won by %(names)s") % {"names": winners}
            shutout = score.game.rules.shutout_in(game.get("final") or {})
            if shutout is not None:
                said += "; " + gettext("%(name)s shut out") % {"name": isolate(shutout.shut_out)}
        else:
            said = pgettext("one of a session's games, not over yet", "Under way")
        cells += [FitText(said, 7.5, align="center", max_lines=2)] + [""] * (len(names) - 1)
    return cells


def session_text(score: GameScore) -> str:
    """A session's sum of the games' final totals once every game is over, and who settles
    how much; "" while a game goes on."""
    final = score.final
    if final is None or score.games is None:
        return ""
    each = ", ".join(f"{isolate(n)} {number(account[TOTAL])}" for n, account in final.items())
    said = gettext("The games' final totals added up: %(each)s.") % {"each": each}
    settled = settlement_text(score)
    return f"{said} {settled}" if settled else said


def entries_of(score: GameScore, hand: HandScore) -> list[int]:
    """The games (numbered from 1) `hand`'s win went into, in a session of several games;
    none for a dead hand or a game that is one game."""
    index = hand.number - 1
    before = GameScore(score.game, score.hands[:index]).games
    after = GameScore(score.game, score.hands[: index + 1]).games
    if before is None or after is None:
        return []
    return [
        number_
        for number_, (old, new) in enumerate(zip(before, after, strict=True), start=1)
        if old["points"] != new["points"]
    ]


def hand_label_lines(score: GameScore, hand: HandScore) -> list[str]:
    """What goes under a hand's number beside its dealer: the games its win went into, in a
    session of several games."""
    if score.games is None:
        return []
    entered = entries_of(score, hand)
    return ["\u2192 " + ", ".join(number(n) for n in entered) if entered else "\u2013"]


def hands_note(score: GameScore) -> str:
    """What a session's grid of hands adds to its note: the games under each hand's number,
    and what its totals add up."""
    if score.games is None:
        return ""
    said = gettext(
        "Under each %(hand)s's number: the games its win went into. Each total adds up a "
        "player's points in all the games."
    )
    return said % {"hand": hand_word_in_sentence(score.game.rules.hand_word)}
