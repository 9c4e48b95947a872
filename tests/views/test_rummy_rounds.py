"""The contract rummies through the round form (issue 32): each RULINGS worked example saved as
a scorekeeper types it, and every refusal of sections 12 to 14 said at its box, with nothing
recorded. Personas: Alice keeps score; the players are Ann, Bob and Cy."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client

from games.models import Hand
from tests.conftest import GameFactory
from tests.reading import parse
from tests.views.helpers import game_url, hand_data, html

PLAYERS = ["Ann", "Bob", "Cy"]


def text_of(page: str, element_id: str) -> str:
    """The text of the page's element with id `element_id` (a box's message)."""
    found: list[str] = []
    depth = 0

    class Reader(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            nonlocal depth
            if depth or dict(attrs).get("id") == element_id:
                depth += 1

        def handle_endtag(self, tag: str) -> None:
            nonlocal depth
            depth = max(0, depth - 1)

        def handle_data(self, data: str) -> None:
            if depth:
                found.append(data)

    Reader().feed(page)
    return "".join(found).strip()


def round_of(points: list[int | None], out: int) -> dict[str, Any]:
    """The form as posted: each player's points left in hand (None: left blank), who went out."""
    data = hand_data([{} if p is None else {"points": p} for p in points])
    data["went_out"] = str(out)
    return data


#: A round Bob went out of, for the rounds before the one a test plays.
BOB_OUT: dict[str, dict[str, Any]] = {
    "Ann": {"points": 10},
    "Bob": {"went_out": True},
    "Cy": {"points": 20},
}
#: Nobody picked as the player who went out.
NOBODY_OUT = hand_data([{"points": 10}, {"points": 5}, {}])


@pytest.mark.parametrize(
    ("slug", "rounds_before", "held", "scored"),
    [
        # Section 12: 7, 10, queen, ace and a joker.
        ("liverpool", 0, 7 + 10 + 10 + 15 + 15, 57),
        # Section 13, round 6 (eights wild): an eight, a king, a 4 and a joker.
        ("five-crowns", 5, 20 + 13 + 4 + 50, 87),
        # Section 14: a 3, an 11, a skip and a wild.
        ("phase-10", 0, 5 + 10 + 15 + 25, 55),
    ],
)
def test_the_worked_example_of_each_rummy_saves_as_its_section_scores_it(
    alice_client: Client,
    make_game: GameFactory,
    slug: str,
    rounds_before: int,
    held: int,
    scored: int,
) -> None:
    game = make_game(slug, players=PLAYERS, hands=[BOB_OUT] * rounds_before)
    before = game.score().totals

    response = alice_client.post(game_url("hand_new", game), round_of([held, None, 0], out=1))

    assert response.status_code == 302
    hand = game.score().hands[-1]
    assert hand.scores == {"Ann": scored, "Bob": 0, "Cy": 0}
    assert game.score().totals["Ann"] == before["Ann"] + scored


@pytest.mark.parametrize(
    ("slug", "posted", "box", "words"),
    [
        ("phase-10", round_of([52, None, 0], out=1), "err-s0-points", "multiple of 5"),
        ("phase-10", round_of([11 * 25 + 5, None, 0], out=1), "err-s0-points", "275"),
        ("liverpool", round_of([1_005, None, 0], out=1), "err-s0-points", "1,000"),
        ("five-crowns", round_of([205, None, 0], out=1), "err-s0-points", "200"),
        ("liverpool", round_of([0, 12, 0], out=1), "err-s1-points", "no points"),
        (
            "phase-10",
            {**hand_data([{"points": 10}, {"points": 5}, {}])},
            "err-went_out",
            "goes out",
        ),
    ],
)
def test_a_round_the_rules_refuse_is_not_saved_and_says_why_at_its_box(
    alice_client: Client, make_game: GameFactory, slug: str, posted: dict, box: str, words: str
) -> None:
    game = make_game(slug, players=PLAYERS)

    response = alice_client.post(game_url("hand_new", game), posted)

    assert response.status_code == 422
    assert words in text_of(html(response), box)
    assert not Hand.objects.filter(game=game).exists()


def test_two_players_out_in_one_round_is_refused(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("liverpool", players=PLAYERS)
    data = hand_data([{"went_out": True}, {"went_out": True}, {"points": 30}])

    response = alice_client.post(game_url("hand_new", game), data)

    assert response.status_code == 422
    assert "only one player goes out" in html(response)
    assert not Hand.objects.filter(game=game).exists()


def test_no_round_is_taken_after_a_player_completes_phase_10(
    alice_client: Client, make_game: GameFactory
) -> None:
    """Section 14: the game ends after the hand in which a player completes phase 10."""
    climb = {"Ann": {"went_out": True, "completed_phase": True}, "Bob": {"points": 5}, "Cy": {}}
    game = make_game("phase-10", players=PLAYERS, hands=[climb] * 10)
    assert game.score().finished

    response = alice_client.post(game_url("hand_new", game), round_of([0, 5, 5], out=0))

    assert response.status_code == 422
    assert "The game is over" in html(response)
    assert Hand.objects.filter(game=game).count() == 10


def test_the_round_form_says_what_the_round_asks_and_offers_no_nobody(
    alice_client: Client, make_game: GameFactory
) -> None:
    """Sections 12 and 13: the deal's contract and the round's wild rank show on the form;
    someone goes out every round, so "Nobody" is not among the choices."""
    liverpool = make_game("liverpool", players=PLAYERS, hands=[BOB_OUT] * 2)
    five_crowns = make_game("five-crowns", players=PLAYERS, hands=[BOB_OUT] * 5)

    deal = html(alice_client.get(game_url("hand_new", liverpool)))
    round_six = html(alice_client.get(game_url("hand_new", five_crowns)))

    # The heading names the round; the line under it does not name it again.
    for page, heading, line in (
        (deal, "Deal 3", "two runs · 10 cards"),
        (round_six, "Round 6", "8 cards, eights wild"),
    ):
        assert parse(page).find("h1").text == heading
        round_line = parse(page).find("p", class_="round-line").text
        assert round_line.startswith(line)
        assert heading not in round_line
    for page in (deal, round_six):
        assert "Nobody" not in text_of(page, "hand-form")


def test_each_phase_10_panel_says_the_phase_its_player_is_on(
    alice_client: Client, make_game: GameFactory
) -> None:
    climb = {"Ann": {"went_out": True, "completed_phase": True}, "Bob": {"points": 5}, "Cy": {}}
    game = make_game("phase-10", players=PLAYERS, hands=[climb] * 3)

    page = html(alice_client.get(game_url("hand_new", game)))

    assert text_of(page, "note-0") == "Phase 4: a run of seven"
    assert text_of(page, "note-1") == "Phase 1: two sets of three"
    assert "Went out counts as “Completed the phase” too." in text_of(page, "hand-form")


@pytest.mark.parametrize("slug", ["liverpool", "five-crowns", "phase-10"])
def test_a_blank_box_of_a_player_still_holding_cards_is_asked_about_before_it_counts_0(
    alice_client: Client, make_game: GameFactory, slug: str
) -> None:
    game = make_game(slug, players=PLAYERS)
    typed = round_of([25, None, None], out=1)  # Bob went out; Cy's box was forgotten

    asked = alice_client.post(game_url("hand_new", game), typed)

    assert asked.status_code == 422
    page = html(asked)
    assert (
        text_of(page, "err-s2-points") == "Cy: nothing typed. Count it as 0? Save again if it is."
    )
    assert text_of(page, "err-s1-points") == ""  # Bob went out: his box is blank by right
    assert not Hand.objects.filter(game=game).exists()

    again = alice_client.post(game_url("hand_new", game), typed | {"confirmed": "s2-points=blank"})

    assert again.status_code == 302
    assert game.score().hands[0].scores == {"Ann": 25, "Bob": 0, "Cy": 0}


def test_details_show_the_player_who_went_out_at_0_not_nothing_scored_yet(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("liverpool", players=PLAYERS)
    data = round_of([25, None, 10], out=1) | {"number": "1"}

    page = html(
        alice_client.post(game_url("hand_preview", game), data, headers={"HX-Request": "true"})
    )

    bob = parse(page).find(id="breakdown").find_all("table")[1]
    rows = [tuple(cell.text for cell in row.find_all("td")) for row in bob.find_all("tr")]
    assert rows == [("Points left in hand", "0")]
    assert "Nothing scored yet" not in page
