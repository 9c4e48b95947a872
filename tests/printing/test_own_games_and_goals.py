"""Printouts read by a card player: a table's own game carries its name and numbers (RULINGS.md
section 15), every pad says what the game is played to and who wins, house rules come in on the
command line, and a house rule set to 0 reads as words."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from games.printing import rule_sheet_pdf, score_pad_pdf
from games.printing.scoresheet import score_sheet_pdf
from games.rules import RULE_SETS, OwnGame, get_rule_set
from games.rules.gamefile import read_game_file

from .helpers import flat, page_sizes
from .test_commands import refused

GRANDMA = OwnGame("Grandma's Hand and Foot", "Ask your partner before going out.")
GRANDMA_RULES = get_rule_set("hand-and-foot").with_options(
    {"red_three_caught": 300, "deals": 5, "opening_deal_1": 60}
)


def test_an_own_games_rule_sheet_names_it_and_says_what_differs_on_page_one() -> None:
    text = flat(rule_sheet_pdf(GRANDMA_RULES, own=GRANDMA))
    first_page = text[: text.index("Page 1 of")]

    assert "Grandma's Hand and Foot — Hand and Foot with house rules" in first_page
    assert "House rules of Grandma's Hand and Foot" in first_page
    for difference in ("a red three caught costs 300", "5 deals", "60 to open in deal 1"):
        assert difference in first_page
    assert "Ask your partner before going out." in first_page
    # Its numbers everywhere: five deals in the opening table and the ending.
    assert "Deal 5 180" in text
    assert "exactly 5 deals" in text


def test_an_own_games_pad_carries_its_name_goal_and_numbers() -> None:
    text = flat(score_pad_pdf(GRANDMA_RULES, 2, own=GRANDMA))

    assert "Grandma's Hand and Foot — Hand and Foot with house rules" in text
    assert "5 deals, highest total wins" in text
    assert "House rules: a red three caught costs 300; 5 deals; 60 to open in deal 1" in text
    assert "open 60" in text


def test_an_own_games_score_sheet_names_it_from_its_game_file() -> None:
    data = {
        "rules": "samba",
        "options": {"target": 7500},
        "players": ["Ann", "Bob"],
        "own_game": {"name": "Friday Samba", "note": "Drinks on the loser."},
        "hands": [{"tallies": {"Ann": {"total": 500}, "Bob": {"total": 200}}}],
    }
    setup, hands = read_game_file(json.dumps(data))

    text = flat(score_sheet_pdf(setup.score(hands)))

    assert "Friday Samba — Samba with house rules" in text
    assert "House rules of Friday Samba game to 7,500" in text
    assert "Drinks on the loser." in text


@pytest.mark.parametrize("slug", list(RULE_SETS))
def test_every_pad_says_what_the_game_is_played_to_and_who_wins(slug) -> None:
    from .test_score_pads import fewest_or_two

    rules = RULE_SETS[slug]

    text = flat(score_pad_pdf(rules, fewest_or_two(slug)))

    best = "highest" if rules.high_score_wins else "lowest"
    assert f"{best} total wins" in text
    if rules.target_score is not None:
        assert f"ame to {rules.target_score:,}" in text


def test_a_pad_states_the_tables_own_target() -> None:
    rules = get_rule_set("pfh-partnership").with_options({"target": 20_000})

    assert "Game to 20,000, highest total wins" in flat(score_pad_pdf(rules, 2))


def test_scorepad_takes_house_rules_on_the_command_line(tmp_path) -> None:
    out = tmp_path / "pad.pdf"

    call_command(
        "scorepad", "pfh-partnership", "--sides", "2", "--house", "target=20000", "-o", str(out)
    )

    assert "Game to 20,000" in flat(out.read_bytes())


def test_rulesheet_takes_yes_no_house_rules_as_yes_or_no(tmp_path) -> None:
    out = tmp_path / "rules.pdf"

    call_command("rulesheet", "hand-and-foot", "--house", "wild_book_to_go_out=no", "-o", str(out))

    assert "two clean books and two dirty books" in flat(out.read_bytes())


@pytest.mark.parametrize(
    ("house", "line"),
    [
        ("target=21000", "house rule target can be 10,000, 15,000, 20,000, 25,000 or 30,000"),
        ("target", "--house takes NAME=VALUE"),
        ("colour=red", "a house rule is yes, no, none or a whole number, not 'red'"),
        ("colour=1", "has no house rule called colour"),
    ],
)
def test_a_wrong_house_rule_on_the_command_line_is_refused_in_one_line(
    capsys, tmp_path, house, line
) -> None:
    message = refused(
        capsys, "scorepad", "pfh-partnership", "--sides", "2", "--house", house, "-o", "x.pdf"
    )

    assert line in message
    assert "\n" not in message.strip()


def test_a_zero_house_value_reads_as_words_on_the_rule_sheet() -> None:
    rules = get_rule_set("canasta").with_options({"concealed_extra": 0, "opening_below_zero": 0})

    text = flat(rule_sheet_pdf(rules))

    assert "It scores 0 more" not in text and "+0" not in text
    assert "At this table it scores no more than going out." in text
    assert "Below 0 no minimum" in text
    assert "no extra for going out concealed" in text


def test_the_caption_never_says_the_minimum_rises_where_it_does_not() -> None:
    rules = get_rule_set("canasta").with_options({"opening_from_0": 90, "opening_from_1500": 50})

    text = flat(rule_sheet_pdf(rules))

    assert "it rises with the side's total" not in text
    assert "it goes by the side's total" in text
    assert "it rises with the side's total" in flat(rule_sheet_pdf(get_rule_set("canasta")))


def test_eight_hands_of_hearts_print_as_a_grid_on_one_page() -> None:
    players = ["Ann", "Bob", "Cy", "Di"]
    hearts = [(5, 13, 8, 0), (0, 26, 0, 0), (9, 4, 13, 0), (3, 3, 7, 13)] * 2
    data = {
        "rules": "score-pad",
        "options": {"target": 100, "lowest_wins": True},
        "players": players,
        "hands": [
            {
                "tallies": {
                    name: {"total": points} for name, points in zip(players, hand, strict=True)
                }
            }
            for hand in hearts
        ],
    }
    setup, hands = read_game_file(json.dumps(data))

    pdf = score_sheet_pdf(setup.score(hands))

    assert len(page_sizes(pdf)) == 1
    text = flat(pdf)
    assert "items nobody scored" not in text
    assert "Each cell: the hand's score, under it the running total." in text
    assert "Player Total" in text
    # Hand 8: Ann 3 (34 in all), Bob 3 (92), Cy 7 (56), Di 13 (26).
    assert "8 3 34 3 92 7 56 13 26" in text


def test_the_pad_for_any_game_says_players_unless_its_names_are_teams() -> None:
    rules = get_rule_set("score-pad")

    alone = flat(score_pad_pdf(rules, 8))
    teams = flat(score_pad_pdf(rules, 2, ["Ann & Cy", "Bob & Di"]))

    assert "8 players" in alone and "Player H" in alone
    assert "Side" not in alone
    assert "2 sides" in teams
