"""Small line charts drawn on the server as inline SVG: no chart library to download, a few
hundred bytes each, coloured by the page's stylesheet (so light and dark mode both work), with a
title and a description for screen readers.

The game's story: each side's running total by hand (games/story.py, which the score sheet's
printed chart draws too), with the target line (or, where the lowest total wins, that direction
marked). A player's record: their win rate after each finished game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games import rules as engine
from games.story import Series, running_totals
from games.templatetags.numbers import format_number
from games.words import hand_word_in_sentence

WIDTH = 320
HEIGHT = 150
#: Room for the value labels on the left (at least), the hand numbers below.
LEFT, RIGHT, TOP, BOTTOM = 50, 6, 8, 18
#: The widest a character of a value label is drawn (12 px digits, in the SVG's units), and the
#: gap between a label and the chart: the left margin grows with the longest label, so that
#: "200,000" keeps its first digit.
LABEL_CHAR_WIDTH, LABEL_GAP = 7.5, 8
#: The page's stylesheet colours `.c0` ... `.c7`; further sides reuse them.
COLOURS = 8


@dataclass(frozen=True)
class Chart:
    """A line chart in a WIDTH x HEIGHT box; `y_lines` are the labelled levels drawn across."""

    series: Sequence[Series]
    title: str
    description: str
    x_label: str
    low: int
    high: int
    y_lines: Sequence[int]
    #: A level drawn dashed and named (the target score).
    target: int | None = None
    #: A note in the top corner, e.g. "lowest wins ↓".
    note: str = ""
    percent: bool = False
    #: The element id (two charts on one page need two).
    chart_id: str = "chart"

    @cached_property
    def points(self) -> int:
        return max((len(s.values) for s in self.series), default=0)

    # Worked out once: every point's x reads both.
    @cached_property
    def left(self) -> int:
        """Where the plot starts: room for the longest value label."""
        levels = [*self.y_lines, *([] if self.target is None else [self.target])]
        longest = max((len(self.label(level)) for level in levels), default=0)
        return max(LEFT, round(longest * LABEL_CHAR_WIDTH + LABEL_GAP))

    def x(self, index: int) -> int:
        left = self.left
        span = WIDTH - left - RIGHT
        if self.points <= 1:
            return left + span // 2
        return round(left + index * span / (self.points - 1))

    def y(self, value: float) -> int:
        span = HEIGHT - TOP - BOTTOM
        return round(HEIGHT - BOTTOM - (value - self.low) * span / (self.high - self.low))

    def label(self, value: int) -> str:
        return f"{value}%" if self.percent else format_number(value)

    @property
    def target_name(self) -> str:
        # Translators: the name on a chart's line of the target score, "game to 5,000".
        return _("game to %(target)s") % {"target": format_number(self.target or 0)}

    @staticmethod
    def name_y(line_y: float) -> float:
        """Where the target's name goes: over its line, or under it where the line runs so near
        the top that a name over it would be cut off."""
        over = line_y - 5
        return over if over >= TOP + 10 else line_y + 14

    @property
    def svg(self) -> SafeString:
        chart_id = self.chart_id
        title_id, desc_id = f"{chart_id}-t", f"{chart_id}-d"
        parts = [
            f'<svg class="chart" id="{chart_id}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-labelledby="{title_id} {desc_id}">'
            f'<title id="{title_id}">{escape(self.title)}</title>'
            f'<desc id="{desc_id}">{escape(self.description)}</desc>'
        ]
        left = self.left
        for level in self.y_lines:
            y = self.y(level)
            parts.append(
                f'<path class="rule" d="M{left} {y}H{WIDTH - RIGHT}"/>'
                f'<text x="{left - 4}" y="{y + 4}" text-anchor="end">{self.label(level)}</text>'
            )
        if self.target is not None:
            y = self.y(self.target)
            # Dotted, thin and named on the line: never mistaken for a side's line.
            parts.append(
                f'<path class="target" d="M{left} {y}H{WIDTH - RIGHT}"/>'
                f'<text class="target-label" x="{left - 4}" y="{y + 4}" text-anchor="end">'
                f"{self.label(self.target)}</text>"
                f'<text class="target-label" x="{WIDTH - RIGHT}" y="{self.name_y(y)}" '
                f'text-anchor="end">{escape(self.target_name)}</text>'
            )
        if self.note:
            parts.append(
                f'<text class="note" x="{left + 4}" y="{TOP + 10}">{escape(self.note)}</text>'
            )
        bottom = HEIGHT - 4
        parts.append(f'<text x="{left}" y="{bottom}">{escape(self.x_label)} 1</text>')
        if self.points > 1:
            parts.append(
                f'<text x="{WIDTH - RIGHT}" y="{bottom}" text-anchor="end">{self.points}</text>'
            )
        xs = [self.x(index) for index in range(self.points)]  # the same for every line
        for index, line in enumerate(self.series):
            shown = f'class="c{index % COLOURS}" data-name="{escape(line.name)}"'
            if len(line.values) == 1:  # a line of one point draws nothing: a dot instead
                x, y = xs[0], self.y(line.values[0])
                parts.append(f'<circle {shown} cx="{x}" cy="{y}" r="3"/>')
                continue
            coords = " ".join(f"{xs[i]},{self.y(v)}" for i, v in enumerate(line.values))
            parts.append(f'<polyline {shown} points="{coords}"/>')
        parts.append("</svg>")
        return mark_safe("".join(parts))


def game_story(score: engine.GameScore) -> Chart | None:
    """The scoreboard's chart of the game's story (games.story), with its words for screen
    readers; None before the first hand."""
    story = running_totals(score)
    if story is None:
        return None
    word = story.hand_word
    in_sentence = hand_word_in_sentence(score.game.rules.hand_word)
    totals = ", ".join(
        f"{line.name} {format_number(score.totals[line.name])}" for line in story.series
    )
    # Translators: a chart's words for screen readers, "After hand 3: Ann 120, Bo 85."
    description = _("After %(hand)s %(number)s: %(totals)s.") % {
        "hand": in_sentence,
        "number": format_number(len(score.hands)),
        "totals": totals,
    }
    if story.target is not None:
        ends = _("The game ends when a side reaches %(target)s.")
        if score.game.rules.target_needs_one_leader:
            # Equal leaders past the target may play on: "reaches" alone would mislead.
            ends = _("The game ends when one side alone leads with %(target)s or more.")
        description += " " + ends % {"target": format_number(story.target)}
    note, ranking = story.ranking
    if ranking:
        description += f" {ranking[:1].upper()}{ranking[1:]}."
    return Chart(
        series=story.series,
        title=_("Running totals, %(hand)s by %(hand)s") % {"hand": in_sentence},
        description=description,
        x_label=word,
        low=story.low,
        high=story.high,
        y_lines=story.levels,
        target=story.target,
        note=note,
        chart_id="story",
    )


def win_rate_story(name: str, results: Sequence[bool]) -> Chart | None:
    """A player's win rate (in percent) after each of their finished games, oldest first."""
    if not results:
        return None
    rates, won = [], 0
    for played, result in enumerate(results, start=1):
        won += result
        rates.append(round(100 * won / played))
    return Chart(
        series=[Series(name, rates)],
        title=_("%(name)s's win rate, game by game") % {"name": name},
        description=ngettext(
            "After %(count)s finished game: %(won)s won, a win rate of %(rate)s%%.",
            "After %(count)s finished games: %(won)s won, a win rate of %(rate)s%%.",
            len(results),
        )
        % {"count": format_number(len(results)), "won": format_number(won), "rate": rates[-1]},
        # Translators: under a chart's first point, "Game 1".
        x_label=pgettext("a chart's axis", "Game"),
        low=0,
        high=100,
        y_lines=[0, 50, 100],
        percent=True,
        chart_id="record",
    )
