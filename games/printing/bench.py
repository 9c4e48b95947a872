"""Timing of the three printouts (for `make bench`) and the sample games it prints."""

from __future__ import annotations

import datetime
import statistics
import time
from collections.abc import Callable

from games.rules import RULE_SETS, GameScore, HandInput, RuleSet

from . import ruledata as data


def sample_game(hands: int = 60) -> GameScore:
    """A long partnership game that never reaches its target: `hands` itemized hands."""
    rules = RULE_SETS["pfh-partnership"]
    game = rules.new_game(
        ["Ann", "Bob", "Cy", "Di"],
        [_side("Ann & Cy", "Ann", "Cy"), _side("Bob & Di", "Bob", "Di")],
    )
    inputs = []
    for number in range(1, hands + 1):
        winner = "Ann & Cy" if number % 2 else "Bob & Di"
        loser = "Bob & Di" if number % 2 else "Ann & Cy"
        inputs.append(
            HandInput(
                dealer=game.players[(number - 1) % 4],
                tallies={
                    winner: {
                        "natural_canastas": 1,
                        "red_threes": 2,
                        "black_threes": 1,
                        "meld_points": 185,
                        "hand_points": 40,
                    },
                    loser: {"red_threes": 1, "meld_points": 95, "hand_points": 160},
                },
            )
        )
    return game.score(inputs)


def _side(name: str, *players: str):
    from games.rules import Side

    return Side(name=name, players=players)


def median_ms(build: Callable[[], bytes], runs: int = 20) -> float:
    build()  # fonts and caches warm, as in a running server
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        build()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 2)


def longest_rule_sheet() -> RuleSet:
    """The rule set with the most to print: the most tally items."""
    return max(RULE_SETS.values(), key=lambda rules: len(rules.tally_fields))


def four_side_pad() -> RuleSet:
    """The first rule set scored for four sides on a row each (not all on one page)."""
    return next(
        rules
        for rules in RULE_SETS.values()
        if 4 in data.side_counts(rules) and not data.is_pot_game(rules)
    )


def bench(runs: int = 20) -> dict[str, float]:
    """Median milliseconds of the longest rule sheet, a 4-side score pad and a 60-hand score
    sheet."""
    from . import rule_sheet_pdf, score_pad_pdf, score_sheet_pdf

    score = sample_game(60)
    sheet, pad = longest_rule_sheet(), four_side_pad()
    return {
        "printing.rule_sheet_ms": median_ms(lambda: rule_sheet_pdf(sheet), runs),
        "printing.score_pad_4_sides_ms": median_ms(
            lambda: score_pad_pdf(pad, 4, ["Ann", "Bob", "Cy", "Di"]), runs
        ),
        "printing.score_sheet_60_hands_ms": median_ms(
            lambda: score_sheet_pdf(
                score, title="Club night", played_on=datetime.date(2026, 3, 14)
            ),
            runs,
        ),
    }
