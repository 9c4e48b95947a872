"""Modern American Canasta's hand form and scoreboard (RULINGS.md section 19): each side is
asked first whether it ended with a special hand, one tap on the list in force or "No"; only
with "No" the rest of its tally is asked (a special hand picked hides it, and a page that sends
it anyway is refused at the pick). The scoreboard shows each side's opening minimum and the
next bonus packet in the game's own words, and a Dream Hand ends the game with its side the
winner. Every refusal of section 19 the form can meet is said at its box, nothing recorded.

Personas: alice keeps score of Ann & Cy against Bob & Di."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from games.models import Game
from games.words.games.american_canasta import SPECIAL_HANDS
from tests.conftest import GameFactory
from tests.reading import Element, parse
from tests.views.helpers import HTMX, bare, game_url, html, totals
from tests.views.test_american_canasta import (
    ANN_CY,
    BOB_DI,
    GARBAGE_HAND,
    SLUG,
    WORKED_HAND,
    posted_hand,
)

#: The club list (the default), in its order: "No" comes first.
CLUB_LIST = [
    "straight",
    "pairs",
    "wild_pairs",
    "miami_pairs",
    "zip_code",
    "garbage",
    "blast_off",
    "triples",
    "quads",
    "dream_hand_4",
    "dream_hand_5",
]
GARBAGE = CLUB_LIST.index("garbage") + 1
DREAM_HAND_5 = CLUB_LIST.index("dream_hand_5") + 1
#: The rest of a side's tally, in the order the form asks it after the special hand.
REST = [
    "natural_canastas",
    "mixed_canastas",
    "natural_ace_canastas",
    "seven_canastas",
    "wild_canastas",
    "joker_canastas",
    "deuce_canastas",
    "unfinished_aces",
    "unfinished_sevens",
    "unfinished_wilds",
    "red_threes",
    "black_threes",
    "meld_points",
    "hand_points",
    "sevens_penalties",
    "aces_penalties",
]


def new_hand_page(client: Client, game: Game) -> str:
    response = client.get(game_url("hand_new", game))
    assert response.status_code == 200
    return html(response)


def panel(page: str, side: int) -> Element:
    return parse(page).find("fieldset", data_side=str(side))


def special_question(page: str, side: int) -> Element:
    return panel(page, side).find("fieldset", class_="alone-choice")


def answers(page: str, side: int) -> list[tuple[str, str]]:
    """(value sent, words) of each answer to "Ended with a special hand?"."""
    return [
        (label.find("input").attrs["value"] or "", label.text)
        for label in special_question(page, side).find_all("label", class_="pill")
    ]


def error_at(page: str, name: str) -> str:
    return parse(page).find("p", id=f"err-{name}").text


def refused(client: Client, game: Game, sides: list[dict[str, Any]]) -> str:
    """A hand posted and refused (422), nothing recorded; the page sent back."""
    before = list(game.hand_inputs())
    response = client.post(game_url("hand_new", game), posted_hand(sides))
    assert response.status_code == 422
    assert list(game.hand_inputs()) == before
    return html(response)


# -- the special hand first --------------------------------------------------------------------


def test_each_side_is_asked_a_special_hand_first_with_the_club_list(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)

    page = new_hand_page(alice_client, game)

    for side in (0, 1):
        question = special_question(page, side)
        assert question.find("legend").text == "Ended with a special hand?"
        offered = answers(page, side)
        assert offered[0] == ("0", "No")
        assert [value for value, _ in offered] == [str(n) for n in range(len(CLUB_LIST) + 1)]
        assert [said for _, said in offered[1:]] == [str(SPECIAL_HANDS[n][0]) for n in CLUB_LIST]
        assert "Garbage" in [said for _, said in offered]
        radios = question.find_all("input", type="radio")
        assert {radio.attrs["name"] for radio in radios} == {f"s{side}-special_hand"}
        assert [radio.attrs["value"] for radio in radios if "checked" in radio.attrs] == ["0"]
        # Nothing but the question is a number box any more.
        assert not panel(page, side).find_all("input", type="number", name=f"s{side}-special_hand")


def test_the_rest_comes_after_it_in_the_issue_s_order(
    alice_client: Client, make_game: GameFactory
) -> None:
    page = new_hand_page(alice_client, game=make_game(SLUG, team_size=2))

    tally = panel(page, 0).find("div", class_="tally")
    names = [str(element.attrs.get("name") or "") for element in tally.elements()]
    asked = list(dict.fromkeys(name.removeprefix("s0-") for name in names if name[:3] == "s0-"))
    assert asked == ["special_hand", *REST]
    # "Who went out?" is asked once for the hand, above the sides.
    assert parse(page).find("fieldset", class_="who").find("legend").text == "Who went out?"


def test_the_short_list_and_no_list_are_asked_as_the_table_plays(
    alice_client: Client, make_game: GameFactory
) -> None:
    short = new_hand_page(alice_client, make_game(SLUG, team_size=2, options={"special_hands": 1}))
    none = new_hand_page(alice_client, make_game(SLUG, team_size=2, options={"special_hands": 2}))

    assert [said for _, said in answers(short, 1)] == [
        "No",
        "Straight",
        "Pairs",
        "Wild pairs",
        "Garbage",
    ]
    assert not panel(none, 0).find_all("fieldset", class_="alone-choice")
    assert not parse(none).find_all("input", name="s0-special_hand")


def test_the_german_list_keeps_each_name_as_written(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)
    alice_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"

    page = new_hand_page(alice_client, game)

    with translation.override("de"):
        names = [str(SPECIAL_HANDS[name][0]) for name in CLUB_LIST]
    assert [said for _, said in answers(page, 0)[1:]] == names
    assert all(said[:1].isupper() for said in names)


def test_a_special_hand_is_scored_alone_and_the_other_side_as_usual(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)

    response = alice_client.post(game_url("hand_new", game), posted_hand(GARBAGE_HAND))

    assert response.status_code == 302
    assert totals(game) == {ANN_CY: 3_000, BOB_DI: 755}
    edit = html(alice_client.get(game_url("hand_edit", game, 1)))
    radios = special_question(edit, 0).find_all("input", type="radio")
    assert [radio.attrs["value"] for radio in radios if "checked" in radio.attrs] == [str(GARBAGE)]


def test_the_preview_scores_the_special_hand_the_moment_it_is_tapped(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)

    response = alice_client.post(
        game_url("hand_preview", game), posted_hand(GARBAGE_HAND), headers=HTMX
    )

    assert scores_of(html(response)) == ["3,000", "755"]
    ann_cy = parse(html(response)).find_all("table", class_="breakdown")[0]
    cells = [[cell.text for cell in row.find_all("td")] for row in ann_cy.find_all("tr")]
    assert cells == [["Special hand: Garbage", "3,000"]]


def test_values_sent_beside_a_special_hand_are_refused_at_the_pick(
    alice_client: Client, make_game: GameFactory
) -> None:
    """A page without JavaScript sends the hidden boxes' values: the side's pick says why."""
    game = make_game(SLUG, team_size=2)
    sides = [{"special_hand": GARBAGE, "meld_points": 200}, GARBAGE_HAND[1]]

    page = refused(alice_client, game, sides)

    said = error_at(page, "s0-special_hand")
    assert (
        said
        == "Nothing else counts for this side with “Garbage”: clear its other boxes, or pick “No”."
    )
    assert error_at(page, "s1-special_hand") == ""


def test_a_bogus_pick_is_refused_in_the_player_s_words(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)

    page = refused(alice_client, game, [{"special_hand": 99}, {"meld_points": 50}])

    assert error_at(page, "s0-special_hand") == (
        "Hand 1, Ann & Cy: pick one of the answers for special hand."
    )


# -- refusals at the field ---------------------------------------------------------------------


def test_a_special_hand_and_going_out_in_one_hand_are_refused(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)
    sides = [{"special_hand": GARBAGE}, {**WORKED_HAND[0]}]

    page = refused(alice_client, game, sides)

    assert "a hand ends with a special hand or with a side going out, not both" in error_at(
        page, "went_out"
    )


def test_going_out_with_fewer_than_two_canastas_is_refused(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)
    short = {"went_out": True, "natural_canastas": 1, "meld_points": 100}

    page = refused(alice_client, game, [short, {"meld_points": 60}])

    assert "a side that goes out needs at least two canastas" in error_at(page, "went_out")


@pytest.mark.parametrize("unfinished", ["unfinished_aces", "unfinished_sevens", "unfinished_wilds"])
def test_going_out_with_an_unfinished_special_meld_is_refused_at_it(
    alice_client: Client, make_game: GameFactory, unfinished: str
) -> None:
    game = make_game(SLUG, team_size=2)
    out = {**WORKED_HAND[0], "seven_canastas": 0, unfinished: 1}

    page = refused(alice_client, game, [out, {"meld_points": 60}])

    said = error_at(page, f"s0-{unfinished}")
    assert said.startswith("A side can't go out with unfinished")


@pytest.mark.parametrize(
    ("sides", "field", "words"),
    [
        (
            [{"seven_canastas": 1, "meld_points": 35}, {"unfinished_sevens": 1, "meld_points": 15}],
            "s1-unfinished_sevens",
            "there are only eight sevens in the cards",
        ),
        (
            [
                {"natural_ace_canastas": 1, "meld_points": 140},
                {"natural_ace_canastas": 1, "meld_points": 140},
            ],
            "s1-natural_ace_canastas",
            "there is only one canasta of aces",
        ),
        (
            [{"red_threes": 3}, {"red_threes": 2}],
            "s1-red_threes",
            "there are only four red threes in the cards",
        ),
        (
            [
                {"natural_canastas": 6, "meld_points": 500},
                {"natural_canastas": 5, "meld_points": 500},
            ],
            "s1-natural_canastas",
            "one canasta per rank can be made in a hand, 10 in all, and this hand has 11",
        ),
    ],
)
def test_counts_beyond_the_cards_are_refused_at_their_box(
    alice_client: Client,
    make_game: GameFactory,
    sides: list[dict[str, Any]],
    field: str,
    words: str,
) -> None:
    game = make_game(SLUG, team_size=2)

    page = refused(alice_client, game, sides)

    assert words in error_at(page, field).lower()


def test_a_hand_after_a_dream_hand_closed_the_game_is_refused(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)
    game.record_hand(1, {ANN_CY: {}, BOB_DI: {"special_hand": DREAM_HAND_5}}, game.dealer_for(1))

    response = alice_client.post(
        game_url("hand_new", game), posted_hand(WORKED_HAND) | {"number": 2}
    )

    assert response.status_code == 422
    assert "The game is over: this hand was not saved." in html(response)
    assert len(game.hand_inputs()) == 1


# -- likely next taps --------------------------------------------------------------------------


def predictions(page: str) -> dict[str, Any]:
    found = parse(page).find_all("script", id="predictions")
    return json.loads(found[0].text) if found else {}


def scores_of(page: str) -> list[str]:
    return [b.text for b in parse(page).find_all("b", class_="preview-score")]


def test_a_special_hand_tap_is_foreseen_as_for_any_count(
    alice_client: Client, make_game: GameFactory
) -> None:
    """As on Canasta's form: the taps one away are scored ahead, each entry what the server's
    own preview of that state then shows."""
    game = make_game(SLUG, team_size=2)
    bob_di = {"natural_canastas": 1, "meld_points": 340, "red_threes": 1, "hand_points": 85}
    typed = posted_hand([{"special_hand": 0}, bob_di])
    preview = game_url("hand_preview", game)

    table = predictions(html(alice_client.post(preview, typed, headers=HTMX)))

    assert table["s0-unfinished_aces"]["1"] == ["\N{MINUS SIGN}2,500", "755"]
    foreseen = table["s0-special_hand"]
    assert foreseen
    for value, scores in foreseen.items():
        tapped = html(alice_client.post(preview, typed | {"s0-special_hand": value}, headers=HTMX))
        assert scores_of(tapped) == scores, value
    # Bob & Di typed their table: a special hand of theirs is no single tap (the rest would go).
    assert "s1-special_hand" not in table


def test_the_rest_of_a_side_with_a_special_hand_is_not_foreseen(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)

    page = html(
        alice_client.post(game_url("hand_preview", game), posted_hand(GARBAGE_HAND), headers=HTMX)
    )

    table = predictions(page)
    assert not any(name.startswith("s0-") and name != "s0-special_hand" for name in table)
    assert "s1-natural_canastas" in table


# -- the scoreboard ----------------------------------------------------------------------------


def minimums(page: str) -> list[str]:
    return [parse(page).find("b", data_testid=f"minimum-{side}").text for side in (0, 1)]


@pytest.mark.parametrize(
    ("scores", "needed"),
    [((0, 0), ["125", "125"]), ((2_995, 3_000), ["125", "155"]), ((4_995, 5_000), ["155", "180"])],
)
def test_the_board_shows_each_side_s_opening_minimum(
    alice_client: Client, make_game: GameFactory, scores: tuple[int, int], needed: list[str]
) -> None:
    game = make_game(SLUG, team_size=2)
    if any(scores):
        game.record_hand(1, bare(game, *scores), game.dealer_for(1))

    assert minimums(html(alice_client.get(game_url("game", game)))) == needed


def packet_line(page: str) -> str:
    return parse(page).find("div", class_="toulon").find_all("p")[0].text


def test_the_board_says_which_bonus_packet_is_next_in_the_game_s_own_words(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)
    board = game_url("game", game)
    action = game_url("table_action", game)

    lines = [packet_line(html(alice_client.get(board)))]
    for _ in range(2):
        alice_client.post(action, {"action": "opened", "hand": 1})
        lines.append(packet_line(html(alice_client.get(board))))

    assert lines == [
        "Next bonus packet: 4 cards",
        "Next bonus packet: 3 cards",
        "Next bonus packet: none",
    ]
    page = html(alice_client.get(board))
    assert "Toulon" not in page
    about = parse(page).find("p", id="about-next-bonus-packet").text
    assert about.startswith("Bonus cards for opening: the first player to open draws 4")


def test_the_turn_card_ends_the_packets(alice_client: Client, make_game: GameFactory) -> None:
    game = make_game(SLUG, team_size=2)

    alice_client.post(game_url("table_action", game), {"action": "turn_card", "hand": 1})

    assert packet_line(html(alice_client.get(game_url("game", game)))) == "Next bonus packet: none"


def test_miromar_keeps_its_toulon(alice_client: Client, make_game: GameFactory) -> None:
    game = make_game("miromar-canasta", team_size=2)

    assert packet_line(html(alice_client.get(game_url("game", game)))) == "Next Toulon: 4 cards"


def test_a_dream_hand_ends_the_game_and_the_board_names_its_side_the_winner(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, team_size=2)
    game.record_hand(1, bare(game, 6_000, 300), game.dealer_for(1))
    sides = [{"natural_canastas": 1, "meld_points": 100}, {"special_hand": DREAM_HAND_5}]

    response = alice_client.post(game_url("hand_new", game), posted_hand(sides) | {"number": 2})

    assert response.status_code == 302
    assert totals(game) == {ANN_CY: 6_600, BOB_DI: 8_800}
    page = html(alice_client.get(game_url("game", game)))
    banner = parse(page).find("div", class_="banner")
    assert banner.find("p", class_="banner-title").text == f"Winner: {BOB_DI}"
    assert "laid down a Dream Hand: that wins, whatever the totals." in banner.text
    assert "Enter hand" not in page
    # The finished game's hand, read only, names the special hand laid down.
    read = parse(html(alice_client.get(game_url("hand_edit", game, 2))))
    bob_di = read.find_all("section", class_="recorded-side")[1]
    cells = [[cell.text for cell in row.find_all("td")] for row in bob_di.find_all("tr")]
    assert cells[1:] == [["Special hand", "Dream Hand (5 wild)", "8,500"]]
