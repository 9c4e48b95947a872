"""What a finished score sheet says about the result: the totals ranked by the rule set's own
winner rule, and a winner line that says why where that is not plain from the totals."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.printing import score_sheet_pdf
from games.rules import RULE_SETS, GameScore, HandInput

from .helpers import finished_miromar, finished_ten_pennies, flat, partnership

PHASE_10_PLAYERS = ("Ann", "Bob", "Cy")


def finished_phase_10() -> GameScore:
    """Ten hands: Ann completes her phase in every one, holding 50 points each time, and wins
    with the highest total (500); Bob goes out in hands 1 to 5 and Cy in 6 to 10, and Cy also
    completes her phase in hand 5 without going out. Bob ends with the lowest total (100) but
    only five phases done; Cy with 150 and six."""
    game = RULE_SETS["phase-10"].new_game(list(PHASE_10_PLAYERS))
    out = {"went_out": True, "completed_phase": True}
    hands = []
    for number in range(1, 11):
        ann: dict[str, Any] = {"points": 50, "completed_phase": True}
        if number <= 5:
            bob: dict[str, Any] = out
            cy: dict[str, Any] = {"points": 30, "completed_phase": number == 5}
        else:
            bob, cy = {"points": 20}, out
        hands.append(HandInput({"Ann": ann, "Bob": bob, "Cy": cy}))
    return game.score(hands)


def totals_rows(text: str) -> list[str]:
    """The totals table's rows, best first, as "name phases total" or "name total"."""
    table = text[text.index("Totals") : text.index("Running totals")]
    return re.findall(r"(Ann|Bob|Cy)(?: ★ winner)?((?: [\d,]+)+)", table)


def test_a_phase_10_sheet_ranks_the_totals_by_the_furthest_phase_then_the_fewest_points():
    score = finished_phase_10()
    assert score.winners == ["Ann"]
    assert score.totals == {"Ann": 500, "Bob": 100, "Cy": 150}

    text = flat(score_sheet_pdf(score))

    assert "Player Phases done Total" in text
    assert totals_rows(text) == [("Ann", " 10 500"), ("Cy", " 6 150"), ("Bob", " 5 100")]


def test_a_sheet_without_phases_has_no_phase_column():
    text = flat(score_sheet_pdf(finished_ten_pennies()))

    assert "Phases done" not in text


def test_the_phase_10_chart_never_says_the_lowest_total_wins():
    text = flat(score_sheet_pdf(finished_phase_10()))

    assert "the lowest total wins" not in text
    assert "the furthest phase wins, then the lowest total" in text


def test_the_phase_10_winner_line_says_why_a_higher_total_won():
    text = flat(score_sheet_pdf(finished_phase_10()))

    assert "Winner: Ann with 500. Only Ann completed phase 10: that wins, whatever the totals." in (
        text
    )


def finished_hand_and_foot() -> GameScore:
    """Four deals of bare totals: Bob & Di end 45 ahead."""
    game = partnership("hand-and-foot")
    deals = [(3_000, 3_500), (4_200, 3_900), (3_300, 3_600), (4_020, 3_565)]
    return game.score(
        [HandInput({"Ann & Cy": {"total": a}, "Bob & Di": {"total": b}}) for a, b in deals]
    )


def test_a_game_of_so_many_deals_says_the_winner_was_highest_after_the_last_and_by_how_much():
    score = finished_hand_and_foot()
    assert score.totals == {"Ann & Cy": 14_520, "Bob & Di": 14_565}

    text = flat(score_sheet_pdf(score))

    assert "Winner: Bob & Di with 14,565 (highest after deal 4, by 45)" in text


def test_a_lowest_wins_rummy_says_the_winner_was_lowest_after_the_last_deal():
    game = RULE_SETS["liverpool"].new_game(["Ann", "Bob", "Cy"])
    deals = [(0, 57, 12), (23, 0, 40), (8, 31, 0), (0, 15, 66), (45, 0, 9), (17, 22, 0)]
    deals.append((0, 104, 38))
    hands = [
        HandInput(
            {
                name: {"went_out": True} if left == 0 else {"points": left}
                for name, left in zip(("Ann", "Bob", "Cy"), deal, strict=True)
            }
        )
        for deal in deals
    ]

    text = flat(score_sheet_pdf(game.score(hands)))

    assert "Winner: Ann with 93 (lowest after deal 7, by 72)" in text


def test_ten_pennies_says_the_winner_was_lowest_after_the_last_round():
    text = flat(score_sheet_pdf(finished_ten_pennies()))

    assert "Winner: Ann with 0 (lowest after round 7, by 175)" in text


def test_a_shared_win_says_the_totals_were_equal():
    game = RULE_SETS["ten-pennies"].new_game(["Ann", "Bob", "Cy"])
    rounds = [{"Ann": 0, "Bob": 10, "Cy": 20}, {"Ann": 10, "Bob": 0, "Cy": 20}] * 3
    rounds.append({"Ann": 20, "Bob": 20, "Cy": 0})
    hands = [
        HandInput(
            {
                name: {"points": points, "cards": points // 5, "buys": 0}
                for name, points in r.items()
            }
        )
        for r in rounds
    ]

    text = flat(score_sheet_pdf(game.score(hands)))

    assert "Shared win: Ann, Bob, each with 50 (equal lowest after round 7)" in text


def test_the_only_side_past_the_target_wins_without_a_word_more():
    text = flat(score_sheet_pdf(finished_miromar()))

    assert re.search(r"Winner: Ann & Cy with 10,300(?! \()", text)


def test_two_sides_past_the_target_in_the_same_hand_says_the_higher_of_them_won():
    game = partnership("canasta")
    hands = [(2_500, 2_600), (2_600, 2_450)]

    score = game.score(
        [HandInput({"Ann & Cy": {"total": a}, "Bob & Di": {"total": b}}) for a, b in hands]
    )
    text = flat(score_sheet_pdf(score))

    assert "Winner: Ann & Cy with 5,100 (highest of the 2 sides past 5,000, by 50)" in text


@pytest.mark.parametrize("slug", ["liverpool", "five-crowns", "ten-pennies", "phase-10"])
def test_a_game_in_progress_says_nothing_of_a_winner(slug):
    game = RULE_SETS[slug].new_game(["Ann", "Bob", "Cy"])

    text = flat(score_sheet_pdf(game.score([])))

    assert "Winner" not in text and "highest" not in text and "lowest after" not in text
