"""The printouts of Modern American Canasta, Gin Rummy and Oklahoma Gin (issue 43; RULINGS.md
sections 19 and 20): the final account and who settles how much, Hollywood's three games side
by side, the special hands and a Dream Hand's ending, the gin pads' games across; each rendered
to a PNG in artifacts/printouts/ in English and Portuguese, to be looked at."""

from __future__ import annotations

import datetime
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from games.printing import PrintError, rule_sheet_pdf, score_pad_pdf, score_sheet_pdf
from games.rules import RULE_SETS, GameScore
from games.rules.gamefile import score_game_file
from games.words import value_word

from .helpers import flat, page_sizes, text_of

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "printouts"
PLAYERS = ["Ann", "Bob"]


def knock(knocker: str, knocked: int, other: int, big_gin: bool = False) -> dict[str, Any]:
    """A hand where `knocker` knocked with `knocked` and the other player held `other`."""
    loser = next(name for name in PLAYERS if name != knocker)
    tally: dict[str, Any] = {"knocked": True, "deadwood": knocked}
    if big_gin:
        tally["big_gin"] = True
    return {"tallies": {knocker: tally, loser: {"deadwood": other}}}


DEAD_HAND: dict[str, Any] = {"tallies": {"Ann": {}, "Bob": {}}}

#: RULINGS.md section 20's worked game: Ann 289, Bob 69 in final totals.
GIN: dict[str, Any] = {
    "rules": "gin-rummy",
    "players": PLAYERS,
    "hands": [
        knock("Ann", 6, 21),
        knock("Bob", 8, 5),
        knock("Bob", 0, 19),
        DEAD_HAND,
        knock("Ann", 0, 40, big_gin=True),
    ],
}

#: Section 20's Hollywood start (hands 1-7), then Ann closes game 2 (hand 8) and game 3 (9).
HOLLYWOOD: dict[str, Any] = {
    "rules": "gin-rummy",
    "options": {"hollywood": True},
    "players": PLAYERS,
    "hands": [
        knock("Ann", 2, 20),
        knock("Bob", 2, 14),
        knock("Ann", 0, 0),
        knock("Ann", 3, 33),
        knock("Bob", 5, 25),
        knock("Ann", 0, 15),
        knock("Bob", 5, 20),
        knock("Ann", 2, 22),
        knock("Ann", 0, 10),
    ],
}

#: Section 20's Oklahoma hand: upcard 7♠, Bob knocks with 4, Ann has 19: (19 − 4) × 2 = 30.
OKLAHOMA: dict[str, Any] = {
    "rules": "oklahoma-gin",
    "players": PLAYERS,
    "hands": [{**knock("Bob", 4, 19), "upcard": "7S"}, {**knock("Ann", 0, 12), "upcard": "AH"}],
}

#: Section 19's worked hand, then the garbage hand of its end, then Bob & Di's Dream Hand.
MAC: dict[str, Any] = {
    "rules": "american-canasta",
    "players": ["Ann", "Bob", "Cy", "Di"],
    "sides": [
        {"name": "Ann & Cy", "players": ["Ann", "Cy"]},
        {"name": "Bob & Di", "players": ["Bob", "Di"]},
    ],
    "hands": [
        {"tallies": {
            "Ann & Cy": {"went_out": True, "natural_canastas": 1, "mixed_canastas": 1,
                         "seven_canastas": 1, "red_threes": 2, "black_threes": 1,
                         "meld_points": 455, "hand_points": 30},
            "Bob & Di": {"mixed_canastas": 1, "unfinished_aces": 1, "red_threes": 1,
                         "black_threes": 2, "meld_points": 210, "hand_points": 95,
                         "aces_penalties": 1}}},
        {"tallies": {
            "Ann & Cy": {"special_hand": "garbage"},
            "Bob & Di": {"natural_canastas": 1, "meld_points": 340, "red_threes": 1,
                         "hand_points": 85}}},
        {"tallies": {
            "Ann & Cy": {"natural_canastas": 1, "meld_points": 200, "hand_points": 20},
            "Bob & Di": {"special_hand": "dream_hand_4"}}},
    ],
}  # fmt: skip


def special_hand_name(name: str) -> str:
    """A special hand's name in English, as the rule set's words give it."""
    rules = RULE_SETS["american-canasta"]
    field = next(f for f in rules.tally_fields if f.value_names)
    with translation.override("en"):
        return value_word(rules, field, name)


def scored(game: dict[str, Any], hands: int | None = None) -> GameScore:
    return score_game_file(json.dumps({**game, "hands": game["hands"][:hands]}))


def sheet_pdf(game: dict[str, Any], language: str = "en", hands: int | None = None) -> bytes:
    with translation.override(language):
        return score_sheet_pdf(scored(game, hands), played_on=datetime.date(2026, 3, 14))


def sheet(game: dict[str, Any], language: str = "en", hands: int | None = None) -> str:
    return flat(sheet_pdf(game, language, hands))


def pad_pdf(slug: str, language: str = "en", sides: int = 2, **options: Any) -> bytes:
    rules = RULE_SETS[slug].with_options(options) if options else RULE_SETS[slug]
    with translation.override(language):
        return score_pad_pdf(rules, sides)


def rules_pdf(slug: str, language: str = "en", **options: Any) -> bytes:
    rules = RULE_SETS[slug].with_options(options) if options else RULE_SETS[slug]
    with translation.override(language):
        return rule_sheet_pdf(rules)


# -- Gin Rummy's final account -----------------------------------------------------------------


def test_the_worked_gin_game_prints_its_final_account_and_who_settles():
    text = sheet(GIN)

    assert "Winner: Ann, 289 to 69 in final totals" in text
    assert "Final account" in text
    assert "Points 114 44" in text and "Boxes 3 1" in text
    assert "Boxes × 25 75 25" in text
    assert "Game bonus 100, 200 on a shutout 100 0" in text
    assert "Final total 289 69" in text
    assert "Bob pays Ann 220" in text
    assert "Shutout" not in text


def test_the_gin_sheets_hands_show_the_bonuses_no_column_names():
    text = sheet(GIN)

    # Hand 2: Bob knocked with 8, Ann held 5: 3 points and the undercut's 25.
    assert "Undercut bonus" in text and "Gin bonus" in text
    assert "Deadwood points" in text
    assert "Ann 5 3 25 28 43" in text


def with_dealers(game: dict[str, Any], dealers: list[str]) -> dict[str, Any]:
    hands = [
        {**hand, "dealer": dealer} for hand, dealer in zip(game["hands"], dealers, strict=True)
    ]
    return {**game, "hands": hands}


def test_the_dead_hands_dealer_deals_again_on_the_sheet():
    """Section 20: after the dead hand 4, dealt by Bob, Bob deals hand 5 too."""
    text = flat(score_sheet_pdf(scored(GIN), first_dealer="Ann"))
    assert "4 Bob" in text and "5 Bob" in text

    dealt = scored(with_dealers(GIN, ["Ann", "Bob", "Ann", "Bob", "Bob"]))
    assert "First dealer Ann" in flat(score_sheet_pdf(dealt, first_dealer="Ann"))
    turn_about = scored(with_dealers(GIN, ["Ann", "Bob", "Ann", "Bob", "Ann"]))
    with pytest.raises(PrintError, match="hand 5 is Bob's deal, but the game says Ann dealt it"):
        score_sheet_pdf(turn_about, first_dealer="Ann")


def test_a_shutout_doubles_the_game_bonus_and_says_who_won_no_hand():
    game = {**GIN, "hands": [knock("Ann", 0, 30), knock("Ann", 0, 30)]}
    text = sheet(game)

    # Ann 55 + 55 = 110, two boxes: 110 + 50 + 200 = 360; Bob nothing.
    assert "Final total 360 0" in text
    assert "Game bonus 100, 200 on a shutout 200 0" in text
    assert "Shutout: Bob won no hand." in text
    assert "Bob pays Ann 360" in text


def test_a_gin_game_under_way_has_its_boxes_and_no_final_account():
    text = sheet(GIN, hands=3)

    assert "Game in progress: 3 hands played" in text
    assert "Boxes Ann 2, Bob 1" in text
    assert "Final account" not in text and "pays" not in text


@pytest.mark.parametrize("language", ["pt-br", "it"])
def test_the_gin_sheet_keeps_its_figures_in_another_language(language):
    text = sheet(GIN, language)

    assert "289" in text and "69" in text and "220" in text
    assert "114" in text and "75" in text


# -- Hollywood ---------------------------------------------------------------------------------


def test_a_hollywood_session_prints_its_three_games_side_by_side():
    text = sheet(HOLLYWOOD, hands=7)

    assert "Game 1 Game 2 Game 3" in text
    # Game 1 closed after hand 6: Ann 113 + 4 boxes + 100 = 313, Bob 32 + 2 boxes = 82.
    assert "Points 113 32 95 35 70 15" in text
    assert "Final total 313 82" in text
    assert "Won by Ann" in text and text.count("Under way") == 2
    assert "Game in progress" in text


def test_each_hollywood_hand_says_the_games_its_win_went_into():
    text = text_of(sheet_pdf(HOLLYWOOD, hands=7))

    for entries in ("\u2192 1", "\u2192 1, 2", "\u2192 1, 2, 3", "\u2192 2, 3"):
        assert entries in text
    assert "dealt by" not in text


def test_a_finished_hollywood_session_adds_up_the_games_and_settles():
    text = sheet(HOLLYWOOD)

    # Game 2: Ann 115 + 4 × 25 + 100 = 315, Bob 35 + 2 × 25 = 85; game 3: Ann 125 + 100 + 100
    # = 325, Bob 15 + 25 = 40. Summed: Ann 313 + 315 + 325 = 953, Bob 82 + 85 + 40 = 207.
    assert "Final total 313 82 315 85 325 40" in text
    assert text.count("Won by Ann") == 3
    assert "The games' final totals added up: Ann 953, Bob 207." in text
    assert "Bob pays Ann 746" in text
    assert "Winner: Ann, 953 to 207 in final totals" in text
    # No chart of summed totals against one game's target.
    assert "game to 100" not in text


# -- Oklahoma ----------------------------------------------------------------------------------


def test_an_oklahoma_spade_doubles_on_the_sheet():
    text = sheet(OKLAHOMA)

    assert "Doubled by the spade upcard" in text
    # (19 − 4) = 15, doubled: 30 to Bob; then Ann's gin on an ace: 12 + 25 = 37.
    assert "Bob yes 4 15 15 30 30" in text
    assert "37" in text


# -- Modern American Canasta -------------------------------------------------------------------


def test_a_mac_sheet_names_each_special_hand_and_the_dream_hand_ending():
    text = sheet(MAC)

    assert "Garbage 3,000" in text
    assert f"{special_hand_name('dream_hand_4')} 8,500" in text
    assert "Bob & Di laid down a Dream Hand" in text
    assert "Winner: Bob & Di with 5,670" in text
    # Section 19's worked hand: 4,225 and −3,585.
    assert "4,225" in text and "\u22123,585" in text
    assert "Final account" not in text


def test_a_mac_sheet_in_portuguese_groups_its_thousands():
    text = sheet(MAC, "pt-br")

    assert "4.225" in text and "\u22123.585" in text and "5.670" in text


# -- pads --------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_the_gin_pad_has_three_games_across_a_portrait_page(language):
    pdf = pad_pdf("gin-rummy", language)
    text = flat(pdf)

    assert len(page_sizes(pdf)) == 1
    width, height = page_sizes(pdf)[0]
    assert height > width
    assert text.count("\u2713") == 6
    assert "\u2026" not in text


def test_the_gin_pads_foot_is_the_final_account_with_the_tables_numbers():
    text = flat(pad_pdf("gin-rummy", box_bonus=20, target=150))

    assert "Game 1 Game 2 Game 3" in text
    assert "Boxes × 20" in text and "Game bonus 100, 200 on a shutout" in text
    assert "Final total" in text and "Difference, which the loser pays" in text
    assert "Game to 150, highest total wins" in text
    assert "added up" not in text


def test_the_hollywood_pad_keeps_one_session_and_adds_it_up():
    text = flat(pad_pdf("gin-rummy", hollywood=True))

    assert "Three games to 100 at once" in text
    assert "every game the win goes into" in text
    assert "The games' final totals added up" in text
    assert "Difference, which the loser pays" not in text


def test_a_hollywood_pad_of_two_pages_runs_one_session_on_with_its_foot_last():
    rules = RULE_SETS["gin-rummy"].with_options({"hollywood": True})
    pdf = score_pad_pdf(rules, 2, ["Ann", "Bob"], pages=2)
    first, second = text_of(pdf).split("Page 1 of 2")

    assert len(page_sizes(pdf)) == 2
    assert "Final total" not in first and "Brought forward" not in first
    assert "Brought forward" in second and second.count("Final total") == 1
    # The hands run on: the last on page 1 is followed by the next on page 2.
    last_first = max(int(line) for line in first.split() if line.isdigit() and int(line) < 99)
    assert str(last_first + 1) in second.split()


def test_the_oklahoma_pad_asks_each_hands_upcard():
    text = flat(pad_pdf("oklahoma-gin"))

    assert text.count("upcard") >= 3
    assert "Write each hand's upcard first" in text


def test_the_oklahoma_pad_is_played_to_150():
    text = flat(pad_pdf("oklahoma-gin"))

    assert "Game to 150, highest total wins" in text


def test_the_mac_pad_lists_the_special_hands_in_force_with_their_values():
    text = flat(pad_pdf("american-canasta"))

    assert "Special hands, each scoring alone: Straight 3,000" in text
    assert "Garbage 3,000" in text
    assert f"{special_hand_name('dream_hand_5')} 8,500" in text
    assert "A Dream Hand wins the game." in text
    assert "\u2026" not in text


def test_a_mac_pad_without_special_hands_has_neither_their_column_nor_line():
    text = flat(pad_pdf("american-canasta", special_hands="none"))

    assert "Special hand" not in text and "Dream Hand" not in text


# -- rule sheets -------------------------------------------------------------------------------


def test_the_gin_rule_sheet_works_its_game_out_with_the_engine_and_ends_once():
    text = flat(rules_pdf("gin-rummy"))

    assert "114 + 100 + 3 × 25 = 289" in text and "44 + 1 × 25 = 69" in text
    assert text.count("The game ends after the hand") == 1
    assert "Where a table plays Hollywood" in text


def test_a_hollywood_tables_rule_sheet_says_how_its_session_is_kept():
    text = flat(rules_pdf("gin-rummy", hollywood=True))

    assert "This table plays Hollywood" in text
    assert "the session ends when every game is over" in text
    assert text.count("session ends") == 1


@pytest.mark.parametrize("slug", ["gin-rummy", "oklahoma-gin", "american-canasta"])
@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_each_rule_sheet_fits_two_pages(slug, language):
    assert len(page_sizes(rules_pdf(slug, language))) <= 2


# -- looked at: every printout rendered to PNG -------------------------------------------------


def _render(pdf: bytes, name: str) -> list[Path]:
    """Every page of `pdf` as a PNG in artifacts/printouts/: <name>.png, then <name>-p2.png."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    source = ARTIFACTS / f"{name}.pdf"
    source.write_bytes(pdf)
    written = []
    for page in range(1, len(page_sizes(pdf)) + 1):
        target = ARTIFACTS / (name if page == 1 else f"{name}-p{page}")
        subprocess.run(
            ["pdftoppm", "-r", "90", "-png", "-singlefile", "-f", str(page), "-l", str(page)]
            + [str(source), str(target)],
            check=True,
            capture_output=True,
            timeout=60,
        )
        written.append(target.with_suffix(".png"))
    source.unlink()
    return written


PRINTOUTS = {
    "gin-rummy": (lambda lang: rules_pdf("gin-rummy", lang), lambda lang: pad_pdf("gin-rummy", lang), lambda lang: sheet_pdf(GIN, lang)),  # noqa: E501
    "gin-hollywood": (lambda lang: rules_pdf("gin-rummy", lang, hollywood=True), lambda lang: pad_pdf("gin-rummy", lang, hollywood=True), lambda lang: sheet_pdf(HOLLYWOOD, lang)),  # noqa: E501
    "oklahoma-gin": (lambda lang: rules_pdf("oklahoma-gin", lang), lambda lang: pad_pdf("oklahoma-gin", lang), lambda lang: sheet_pdf(OKLAHOMA, lang)),  # noqa: E501
    "american-canasta": (lambda lang: rules_pdf("american-canasta", lang), lambda lang: pad_pdf("american-canasta", lang), lambda lang: sheet_pdf(MAC, lang)),  # noqa: E501
}  # fmt: skip


@pytest.mark.parametrize("game", list(PRINTOUTS))
@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_every_printout_renders_to_png_to_be_looked_at(game, language):
    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler's pdftoppm is not installed")
    for kind, make in zip(("rules", "pad", "sheet"), PRINTOUTS[game], strict=True):
        for png in _render(make(language), f"{game}-{kind}-{language}"):
            assert png.stat().st_size > 10_000
