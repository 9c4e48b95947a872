"""A game's story as numbers: each side's running total after each hand, and the scale to draw
them on. The scoreboard's SVG chart (games/charts.py) and the score sheet's printed one
(games/printing/storychart.py) both draw it, so the two always tell the same story; neither asks
the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from games import rules as engine
from games.words import hand_word


@dataclass(frozen=True)
class Series:
    """One line of a chart: a side's (or a player's) values, one per hand (or game)."""

    name: str
    values: Sequence[int]


@dataclass(frozen=True)
class RunningTotals:
    """Each side's running total after each hand, on a scale from `low` to `high` with
    labelled `levels` across it, and the target score marked apart."""

    series: list[Series]
    low: int
    high: int
    #: The labelled levels, in round steps; none so near the target that they crowd its label.
    levels: list[int]
    target: int | None
    #: Who wins, where the highest total alone does not (RANKED_BY): (a short note for the
    #: chart's corner, the words); ("", "") where it does.
    ranking: tuple[str, str]
    #: "Hand" or "Round" (in the table's language): what one point along the story is called.
    hand_word: str

    @property
    def points(self) -> int:
        return max((len(line.values) for line in self.series), default=0)


def nice_step(span: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving two to five lines over `span`."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if span / (step * factor) <= 4:
                return step * factor
        step *= 10


def running_totals(score: engine.GameScore) -> RunningTotals | None:
    """The game's story so far; None before the first hand."""
    if not score.hands:
        return None
    rules = score.game.rules
    series = [
        Series(name, [hand.totals[name] for hand in score.hands]) for name in score.game.side_names
    ]
    values = [v for line in series for v in line.values]
    target = rules.target_score
    low = min(0, *values)
    high = max(0, *values, target or 0)
    if high == low:
        high = low + 100
    step = nice_step(high - low)
    # A level at or above the highest total, so no line runs off the labelled scale (a
    # total over the last label reads like a target, or sits under the corner note); the
    # target's own labelled line is enough where no total passes it.
    high = max(-(-max(0, *values) // step) * step, high)
    first = -(-low // step) * step
    levels = list(range(first, high + 1, step))
    if target is not None:
        levels = [level for level in levels if abs(level - target) >= step / 2]
    return RunningTotals(
        series=series,
        low=low,
        high=high,
        levels=levels,
        target=target,
        ranking=ranking(rules),
        hand_word=hand_word(rules.hand_word),
    )


#: Who wins, by the rule set's ranking code (RuleSet.leads_by), where the best total alone does
#: not decide it: the chart's corner note and its words, for the screen and the score sheet.
RANKED_BY = {
    "phase_then_points": (
        # Translators: a chart's corner note (short); the arrow points down the chart.
        gettext_lazy("furthest phase, then lowest ↓"),
        gettext_lazy("the furthest phase wins, then the lowest total"),
    ),
}
LOWEST_WINS = (
    # Translators: a chart's corner note (short); the arrow points down the chart.
    gettext_lazy("lowest wins ↓"),
    gettext_lazy("the lowest total wins"),
)


def ranking(rules: engine.RuleSet) -> tuple[str, str]:
    """What a chart says about who wins (RANKED_BY); ("", "") where the highest total wins."""
    ranked = RANKED_BY.get(rules.leads_by or "")
    if ranked is None and rules.high_score_wins:
        return ("", "")
    note, words = LOWEST_WINS if ranked is None else ranked
    return (str(note), str(words))
