"""Chinchón's hand form knows who is out (RULINGS.md section 18): an out player's panel says
their total and offers one tap, "Rejoins at R" (their boxes show once it is tapped); "Who
closed?" offers only the players in the hand; −10 and chinchón are asked of the closer alone;
an out player left blank sits the hand out without a question. The server stays the judge of
what is posted.

Personas: alice keeps score of the worked example's game (Ann, Bob, Cy, Di)."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client

from games.models import Game
from tests.conftest import GameFactory
from tests.reading import Element, parse
from tests.views.helpers import HTMX, game_url, html, totals
from tests.views.test_chinchon import FOUR, SIX_HANDS, SLUG, posted_hand

#: RULINGS.md section 18's worked hand 7: Di rejoins at 95 and makes 117, Cy closes with −10.
HAND_7: list[dict[str, Any]] = [
    {"points": 14},
    {"points": 9},
    {"closed": True, "minus_ten": True},
    {"rejoined": True, "points": 22},
]
SEVEN_HANDS = [*SIX_HANDS, dict(zip(FOUR, HAND_7, strict=True))]
#: Hand 7 with Di sitting it out (her tally left empty).
HAND_7_WITHOUT_DI = [*HAND_7[:3], {}]


def panel(page: str, side: int) -> Element:
    return parse(page).find("fieldset", data_side=str(side))


def closer_options(page: str) -> dict[str, set[str]]:
    """ "Who closed?": each player offered, with the classes of their option."""
    who = parse(page).find("fieldset", class_="who")
    return {label.text: label.classes for label in who.find_all("label", class_="pill")}


def named(page: str, name: str) -> list[Element]:
    return parse(page).find_all("input", name=name)


def hand_7_form(client: Client, make_game: GameFactory, **house: Any) -> tuple[Game, str]:
    game = make_game(SLUG, players=FOUR, hands=SIX_HANDS, options=house or None)
    response = client.get(game_url("hand_new", game))
    assert response.status_code == 200
    return game, html(response)


def test_an_out_player_shows_their_total_and_one_tap_to_rejoin(
    alice_client: Client, make_game: GameFactory
) -> None:
    _, page = hand_7_form(alice_client, make_game)

    di = panel(page, 3)
    assert "out" in di.classes
    assert "Out (total 104)" in di.text
    assert "0 rejoins used, no limit" in di.text
    rejoin = di.find("label", class_="rejoin-toggle")
    assert rejoin.text == "Rejoins at 95"
    assert rejoin.find("input", name="s3-rejoined").attrs.get("data-rejoin", "") is None
    # Her boxes are drawn, waiting for the tap (hand.css shows them once it is ticked).
    assert di.find("input", name="s3-points").attrs["type"] == "text"
    for side in (0, 1, 2):
        assert "out" not in panel(page, side).classes
        assert "Rejoins" not in panel(page, side).text
        assert not named(page, f"s{side}-rejoined")


def test_who_closed_offers_the_players_in_and_an_out_player_once_rejoining(
    alice_client: Client, make_game: GameFactory
) -> None:
    _, page = hand_7_form(alice_client, make_game)

    options = closer_options(page)
    assert list(options) == ["Ann", "Bob", "Cy", "Di"]
    assert "if-rejoins" in options["Di"]  # shown once her rejoin is tapped (hand.css)
    assert not any("if-rejoins" in options[name] for name in ("Ann", "Bob", "Cy"))


def test_minus_ten_and_chinchon_wait_for_the_closer(
    alice_client: Client, make_game: GameFactory
) -> None:
    _, page = hand_7_form(alice_client, make_game)

    for side in range(4):
        for field in ("minus_ten", "chinchon"):
            box = panel(page, side).find("input", name=f"s{side}-{field}")
            assert box.attrs["type"] == "checkbox"
        rows = panel(page, side).find_all("div", class_="chosen-only")
        assert len(rows) == 2


def test_di_rejoining_is_scored_as_the_worked_hand(
    alice_client: Client, make_game: GameFactory
) -> None:
    game, _ = hand_7_form(alice_client, make_game)

    response = alice_client.post(game_url("hand_new", game), posted_hand(HAND_7, 7))

    assert response.status_code == 302
    assert totals(game) == {"Ann": 76, "Bob": 104, "Cy": 30, "Di": 117}


def test_after_hand_7_bob_and_di_may_rejoin_at_76(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, players=FOUR, hands=SEVEN_HANDS)

    page = html(alice_client.get(game_url("hand_new", game)))

    for side, total in ((1, 104), (3, 117)):
        out = panel(page, side)
        assert f"Out (total {total})" in out.text
        assert out.find("label", class_="rejoin-toggle").text == "Rejoins at 76"
    assert "1 rejoin used, no limit" in panel(page, 3).text
    assert "out" not in panel(page, 0).classes and "out" not in panel(page, 2).classes
    options = closer_options(page)
    assert "if-rejoins" in options["Bob"] and "if-rejoins" in options["Di"]


def test_rejoins_are_limited_by_the_house_rule(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, players=FOUR, hands=SEVEN_HANDS, options={"rejoins": 1})

    page = html(alice_client.get(game_url("hand_new", game)))

    di = panel(page, 3)
    assert "Out (total 117)" in di.text
    assert "No rejoins left (1 of 1 rejoin used)" in di.text
    assert not di.find_all("label", class_="rejoin-toggle")
    assert not di.find_all("input")  # nothing to tap or type
    assert panel(page, 1).find("label", class_="rejoin-toggle").text == "Rejoins at 76"
    assert "0 of 1 rejoin used" in panel(page, 1).text
    assert list(closer_options(page)) == ["Ann", "Bob", "Cy"]

    # A rejoin posted anyway (an older page) is the engine's to refuse, at Di's tap.
    hand = [{"points": 3}, {}, {"closed": True, "points": 2}, {"rejoined": True, "points": 5}]
    refused = alice_client.post(game_url("hand_new", game), posted_hand(hand, 8))
    assert refused.status_code == 422
    error = parse(html(refused)).find("p", id="err-s3-rejoined")
    assert "rejoins only once" in error.text


def test_nobody_rejoins_at_a_table_without_rejoins(
    alice_client: Client, make_game: GameFactory
) -> None:
    _, page = hand_7_form(alice_client, make_game, rejoins=0)

    di = panel(page, 3)
    assert "Out (total 104)" in di.text
    assert "Nobody rejoins at this table." in di.text
    assert not di.find_all("input")
    assert list(closer_options(page)) == ["Ann", "Bob", "Cy"]


def test_an_out_players_blank_tally_saves_without_a_question(
    alice_client: Client, make_game: GameFactory
) -> None:
    game, _ = hand_7_form(alice_client, make_game)

    response = alice_client.post(game_url("hand_new", game), posted_hand(HAND_7_WITHOUT_DI, 7))

    assert response.status_code == 302
    assert game.score().hands[-1].sat_out == frozenset({"Di"})
    assert totals(game) == {"Ann": 76, "Bob": 104, "Cy": 30, "Di": 104}


def test_a_player_in_left_blank_is_still_asked_about(
    alice_client: Client, make_game: GameFactory
) -> None:
    game, _ = hand_7_form(alice_client, make_game)
    hand = [{}, *HAND_7_WITHOUT_DI[1:]]

    response = alice_client.post(game_url("hand_new", game), posted_hand(hand, 7))

    assert response.status_code == 422
    page = html(response)
    assert "Ann: nothing typed. Count it as 0?" in page
    assert "Di: nothing typed" not in page


def test_minus_ten_for_a_player_who_did_not_close_is_refused_at_their_box(
    alice_client: Client, make_game: GameFactory
) -> None:
    game, _ = hand_7_form(alice_client, make_game)
    hand: list[dict[str, Any]] = [
        {"minus_ten": True},
        {"points": 9},
        {"closed": True, "points": 3},
        {},
    ]

    response = alice_client.post(game_url("hand_new", game), posted_hand(hand, 7))

    assert response.status_code == 422
    ann = panel(html(response), 0)
    assert ann.find("input", name="s0-minus_ten").attrs.get("checked", "") is None
    assert ann.find("p", id="err-s0-minus_ten").text
    assert len(game.hands.all()) == 6


def test_an_out_player_typed_in_without_rejoining_sees_the_refusal_at_their_box(
    alice_client: Client, make_game: GameFactory
) -> None:
    game, _ = hand_7_form(alice_client, make_game)
    hand = [*HAND_7_WITHOUT_DI[:3], {"points": 7}]

    response = alice_client.post(game_url("hand_new", game), posted_hand(hand, 7))

    assert response.status_code == 422
    di = panel(html(response), 3)
    assert di.find("input", name="s3-points").attrs["value"] == "7"
    assert "plays only by rejoining" in di.find("p", id="err-s3-points").text


def test_editing_a_recorded_hand_shows_who_was_out_then(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(SLUG, players=FOUR, hands=SEVEN_HANDS)

    hand_7 = html(alice_client.get(game_url("hand_edit", game, 7)))
    di = panel(hand_7, 3)
    assert "Out (total 104)" in di.text
    assert di.find("label", class_="rejoin-toggle").text == "Rejoins at 95"
    assert di.find("input", name="s3-rejoined").attrs.get("checked", "") is None
    assert di.find("input", name="s3-points").attrs["value"] == "22"
    assert "out" not in panel(hand_7, 1).classes  # Bob was in before hand 7

    hand_5 = html(alice_client.get(game_url("hand_edit", game, 5)))
    di = panel(hand_5, 3)
    assert "Out (total 104)" in di.text
    assert "checked" not in di.find("input", name="s3-rejoined").attrs
    hand_1 = html(alice_client.get(game_url("hand_edit", game, 1)))
    assert not parse(hand_1).find_all("fieldset", class_="out")


def test_the_preview_and_next_taps_offer_no_tap_on_an_out_players_boxes(
    alice_client: Client, make_game: GameFactory
) -> None:
    game, page = hand_7_form(alice_client, make_game)
    # Cy closed, his points not typed yet: −10 is one tap away, for him alone.
    posted = posted_hand([{"points": 14}, {"points": 9}, {}, {}], 7)
    posted["closed"] = 2

    response = alice_client.post(game_url("hand_preview", game), posted, headers=HTMX)

    assert response.status_code == 200
    taps = predictions(html(response))
    assert "s2-minus_ten" in taps  # the closer's
    assert not [name for name in taps if name.startswith("s3-")]
    assert "s0-minus_ten" not in taps and "s1-chinchon" not in taps
    assert not [name for name in predictions(page) if name.startswith("s3-")]


def test_the_preview_scores_di_rejoining(alice_client: Client, make_game: GameFactory) -> None:
    game, _ = hand_7_form(alice_client, make_game)

    response = alice_client.post(
        game_url("hand_preview", game), posted_hand(HAND_7, 7), headers=HTMX
    )

    assert response.status_code == 200
    scores = [b.text for b in parse(html(response)).find_all("b", class_="preview-score")]
    assert scores == ["14", "9", "−10", "22"]


def predictions(page: str) -> dict[str, Any]:
    found = parse(page).find_all("script", id="predictions")
    return json.loads(found[0].text) if found else {}
