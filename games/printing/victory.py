"""A game decided in victory points (a tournament game of a few hands, RULINGS.md section 17): the
difference between the two sides' totals read off a table. What a score sheet says of it, and
the table a score pad prints for the scorekeeper to read it from."""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.platypus import Table

from games.rules import GameScore, RuleSet
from games.words import hand_word, victory_points_heading

from .fonts import SANS, isolate, isolated_list
from .layout import FAINT, INK, SHADE, SHADE_DARK, FitText, number

#: The widest difference the table is read up to: past the last step every difference gives
#: the same points (and totals are multiples of 5, so 5 apart is the finest step).
WIDEST_DIFFERENCE = 5_000
DIFFERENCE_STEP = 5


def decides_by_victory_points(rules: RuleSet) -> bool:
    return rules.victory_points_for({"A": 0, "B": 0}) is not None


def victory_steps(rules: RuleSet) -> list[tuple[int, tuple[int, int]]]:
    """The table, read from the rule set: each difference up to which the leading side gets
    the points that follow (the last, with no upper end, as -1)."""
    steps: list[tuple[int, tuple[int, int]]] = []
    for difference in range(0, WIDEST_DIFFERENCE + 1, DIFFERENCE_STEP):
        said = rules.victory_points_for({"A": difference, "B": 0}) or {}
        points = (said.get("A", 0), said.get("B", 0))
        if steps and steps[-1][1] == points:
            steps[-1] = (difference, points)
        else:
            steps.append((difference, points))
    steps[-1] = (-1, steps[-1][1])
    return steps


def points_pair(points: tuple[int, int]) -> str:
    return f"{number(points[0])} \u2013 {number(points[1])}"


def difference_cells(rules: RuleSet) -> list[str]:
    """ "≤ 50", "≤ 150", ... "> 1,500": each column of the table."""
    steps = victory_steps(rules)
    cells = [f"\u2264 {number(upto)}" for upto, _ in steps[:-1]]
    return [*cells, f"> {number(steps[-2][0])}"] if len(steps) > 1 else cells


def victory_table(rules: RuleSet, width: float) -> Table:
    """Two rows across the page: the difference between the totals, and under each the victory
    points of the side ahead and of the other."""
    steps = victory_steps(rules)
    first = 78.0
    cell = (width - first) / len(steps)
    rows = [
        [FitText(gettext("Difference"), 7.5, bold=True, max_lines=2)]
        + [FitText(text, 7.5, align="center", max_lines=1) for text in difference_cells(rules)],
        [FitText(victory_points_heading(), 7.5, bold=True, max_lines=2)]
        + [FitText(points_pair(p), 8, bold=True, align="center", max_lines=1) for _, p in steps],
    ]
    table = Table(rows, colWidths=[first] + [cell] * len(steps), hAlign="LEFT")
    table.setStyle(
        [
            ("FONTNAME", (0, 0), (-1, -1), SANS),
            ("GRID", (0, 0), (-1, -1), 0.4, FAINT),
            ("BOX", (0, 0), (-1, -1), 0.8, INK),
            ("BACKGROUND", (0, 0), (0, -1), SHADE_DARK),
            ("BACKGROUND", (1, 0), (-1, 0), SHADE),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 2),
            ("RIGHTPADDING", (0, 0), (-1, -1), 2),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ]
    )
    return table


def result_text(score: GameScore) -> str | None:
    """How a finished game came out in victory points: "Winner: N/S, 12 – 8 in victory points
    (1,790 to 1,605: a difference of 185)"; None for a game not decided in them."""
    points = score.victory_points
    if points is None or len(points) != 2:
        return None
    (first, first_total), (second, second_total) = sorted(
        score.totals.items(), key=lambda item: -item[1]
    )
    said = {
        "names": isolated_list(score.winners, " & "),
        "name": isolate(score.winners[0]),
        "points": points_pair((points[first], points[second])),
        "first": number(first_total),
        "second": number(second_total),
        "difference": number(first_total - second_total),
    }
    if len(score.winners) > 1:
        return (
            gettext(
                "Shared win: %(names)s, %(points)s in victory points (%(first)s each, "
                "a difference of %(difference)s)"
            )
            % said
        )
    return (
        gettext(
            "Winner: %(name)s, %(points)s in victory points (%(first)s to %(second)s: a "
            "difference of %(difference)s)"
        )
        % said
    )


def standing_text(score: GameScore) -> str:
    """A game under way: the next hand of how many, the difference so far and the points it
    would give ("Hand 3 of 3; now N/S +185: 12 – 8"); "" for any other game."""
    rules = score.game.rules
    now = rules.victory_points_for(score.totals)
    if score.finished or now is None or rules.fixed_hands is None or len(now) != 2:
        return ""
    (ahead, ahead_total), (other, other_total) = sorted(
        score.totals.items(), key=lambda item: -item[1]
    )
    said = {
        "hand": hand_word(rules.hand_word),
        "number": number(score.next_hand_number),
        "last": number(rules.fixed_hands),
        "name": isolate(ahead),
        "difference": number(ahead_total - other_total),
        "points": points_pair((now[ahead], now[other])),
    }
    if not score.hands:
        return gettext("%(hand)s %(number)s of %(last)s") % said
    if ahead_total == other_total:
        # Translators: the next hand of a game decided in victory points, the totals equal.
        return gettext("%(hand)s %(number)s of %(last)s; now level: %(points)s") % said
    # Translators: the next hand of a game decided in victory points and where it stands:
    # "Hand 3 of 3; now N/S +185: 12 – 8" (the difference between the totals and its points).
    return (
        gettext("%(hand)s %(number)s of %(last)s; now %(name)s +%(difference)s: %(points)s") % said
    )
