"""Entering a Gin Rummy or Oklahoma Gin hand (RULINGS.md section 20) on the hand form: "Who
knocked?" or "Nobody" (a dead hand, taken with nothing else typed), each player's deadwood, big
gin; Oklahoma's upcard in two taps (its rank, then whether it is a spade), what it sets said as
soon as it is picked, kept on the hand through an edit and a game file. Every refusal lands at
the box it is about, in the player's words, and nothing is recorded.

Personas: alice keeps score of Ann and Bob's games."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from games.imports import import_game_file
from games.models import Game, Hand
from tests.conftest import GameFactory
from tests.reading import parse
from tests.views.helpers import HTMX, game_url, hand_data, html, totals

ANN, BOB = "Ann", "Bob"
GIN, OKLAHOMA = "gin-rummy", "oklahoma-gin"


def posted(
    knocker: int | None, deadwood: tuple[Any, Any], *, number: int = 1, **more: Any
) -> dict[str, Any]:
    """Hand `number`'s form body: who knocked (None: "Nobody"), each player's deadwood as typed
    ("": left blank), and anything else by input name (big gin, the upcard's taps)."""
    sides = [{"deadwood": value} if value != "" else {} for value in deadwood]
    data = hand_data(sides, number)
    data["knocked"] = "nobody" if knocker is None else str(knocker)
    return data | more


def game_of(make_game: GameFactory, slug: str = GIN, **options: Any) -> Game:
    return make_game(slug, players=(ANN, BOB), options=options or None)


def field_error(page: str, name: str) -> str:
    return parse(page).find("p", id=f"err-{name}").text


def saved(client: Client, game: Game, data: dict[str, Any]) -> Any:
    response = client.post(game_url("hand_new", game), data)
    assert response.status_code == 302, html(response)
    return response


def refused(client: Client, game: Game, data: dict[str, Any]) -> str:
    before = Hand.objects.filter(game=game).count()
    response = client.post(game_url("hand_new", game), data)
    assert response.status_code == 422
    assert Hand.objects.filter(game=game).count() == before
    return html(response)


def preview(client: Client, game: Game, data: dict[str, Any]) -> str:
    response = client.post(game_url("hand_preview", game), data, headers=HTMX)
    assert response.status_code == 200
    return html(response)


# -- the form --------------------------------------------------------------------------------


def test_who_knocked_offers_each_player_and_nobody_with_nothing_picked(
    alice_client: Client, make_game: GameFactory
) -> None:
    page = html(alice_client.get(game_url("hand_new", game_of(make_game))))

    who = parse(page).find("fieldset", class_="who")
    assert "Who knocked?" in who.text
    options = {label.text: label.find("input") for label in who.find_all("label", class_="pill")}
    assert list(options) == [ANN, BOB, "Nobody"]
    assert options["Nobody"].attrs["value"] == "nobody"
    # A dead hand is a tap of its own: nothing is picked until then.
    assert all("checked" not in radio.attrs for radio in options.values())
    # Plain gin asks no upcard.
    assert 'name="upcard"' not in page


# -- the paths ------------------------------------------------------------------------------


def test_a_knock_scores_and_the_preview_says_it_in_words(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = game_of(make_game)

    shown = preview(alice_client, game, posted(0, (6, 21)))

    assert parse(shown).find("p", class_="hand-said").text == (
        "Ann knocks with 6, Bob has 21: 21 − 6 = 15 to Ann."
    )
    assert "Deadwood points" in shown
    saved(alice_client, game, posted(0, (6, 21)))
    assert totals(game) == {ANN: 15, BOB: 0}


def test_an_undercut_gives_the_other_player_the_bonus(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = game_of(make_game)

    shown = preview(alice_client, game, posted(0, (3, 1)))

    assert parse(shown).find("p", class_="hand-said").text == (
        "Ann knocks with 3; Bob undercuts with 1: 3 − 1 + 25 = 27 to Bob."
    )
    assert "Undercut bonus" in shown and ">undercut<" not in shown
    saved(alice_client, game, posted(0, (3, 1)))
    assert totals(game) == {ANN: 0, BOB: 27}


def test_a_gin_and_a_big_gin(alice_client: Client, make_game: GameFactory) -> None:
    game = game_of(make_game)

    gin = preview(alice_client, game, posted(1, (19, 0)))
    assert "Bob goes gin, Ann has 19: 19 + 25 for gin = 44 to Bob." in gin
    assert "Gin bonus" in gin
    saved(alice_client, game, posted(1, (19, 0)))

    big = posted(0, (0, 40), number=2) | {"s0-big_gin": "on"}
    assert "Ann makes big gin, Bob has 40: 40 + 31 for big gin = 71 to Ann." in preview(
        alice_client, game, big
    )
    saved(alice_client, game, big)
    assert totals(game) == {ANN: 71, BOB: 44}


def test_a_dead_hand_is_nobody_with_nothing_else_typed(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = game_of(make_game)
    dead = posted(None, ("", ""))

    assert "Nobody knocked: a dead hand, nobody scores." in preview(alice_client, game, dead)
    saved(alice_client, game, dead)

    assert totals(game) == {ANN: 0, BOB: 0}
    assert Hand.objects.get(game=game).entries.count() == 0
    # Opened again, the dead hand shows "Nobody" picked.
    page = html(alice_client.get(game_url("hand_edit", game, 1)))
    nobody = parse(page).find("input", name="knocked", value="nobody")
    assert "checked" in nobody.attrs


def test_nothing_tapped_is_no_hand(alice_client: Client, make_game: GameFactory) -> None:
    game = game_of(make_game)
    data = hand_data([{}, {}], 1)

    page = refused(alice_client, game, data)

    assert "answer “Who knocked?” (Nobody counts)" in page


# -- refusals at the field ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        (posted(0, (12, 30)), "s0-deadwood", "at most 10 points of deadwood, not 12"),
        (
            posted(0, (4, 30)) | {"s0-big_gin": "on"},
            "s0-big_gin",
            "the knocker's deadwood is 0, not 4",
        ),
        (posted(None, (5, "")), "s0-deadwood", "Nobody knocked, so the hand is dead"),
        (
            posted(None, ("", "")) | {"s1-big_gin": "on"},
            "s1-big_gin",
            "big gin needs a knock",
        ),
        (posted(2, (3, 20)), "knocked", "Pick one of the sides, or nobody."),
    ],
    ids=["knock-over-ten", "big-gin-not-gin", "deadwood-in-dead-hand", "big-gin-dead", "bad-pick"],
)
def test_refused_at_the_field(
    alice_client: Client, make_game: GameFactory, data: dict[str, Any], field: str, words: str
) -> None:
    game = game_of(make_game)

    page = refused(alice_client, game, data)

    assert words in field_error(page, field)
    assert totals(game) == {ANN: 0, BOB: 0}


def test_both_players_knocking_is_refused_at_who_knocked(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = game_of(make_game)
    # A page without the choice sends each player's own tick.
    data = hand_data([{"knocked": True, "deadwood": 3}, {"knocked": True, "deadwood": 5}], 1)

    page = refused(alice_client, game, data)

    assert "only one player knocks in a hand, but Ann knocked too" in field_error(page, "knocked")


def test_a_hand_after_the_game_closed_is_refused(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game(
        GIN,
        players=(ANN, BOB),
        options={"target": 50},
        hands=[{ANN: {"knocked": True}, BOB: {"deadwood": 40}}],
    )
    assert Game.objects.get(pk=game.pk).score().finished

    page = refused(alice_client, game, posted(0, (2, 30)))

    assert "The game is over: this hand was not saved." in page
    assert totals(game) == {ANN: 65, BOB: 0}


def test_a_hand_after_hollywoods_three_games_closed_is_refused(
    alice_client: Client, make_game: GameFactory
) -> None:
    # Ann's first win closes game 1 (65 against a target of 50), her next game 2, then game 3.
    ann_wins = {ANN: {"knocked": True}, BOB: {"deadwood": 40}}
    game = make_game(
        GIN,
        players=(ANN, BOB),
        options={"target": 50, "hollywood": True},
        hands=[ann_wins, ann_wins, ann_wins],
    )
    assert Game.objects.get(pk=game.pk).score().finished

    page = refused(alice_client, game, posted(0, (2, 30), number=4))

    assert "The game is over: this hand was not saved." in page


# -- Oklahoma: the upcard -------------------------------------------------------------------


def test_the_upcard_is_asked_in_two_taps(alice_client: Client, make_game: GameFactory) -> None:
    page = html(alice_client.get(game_url("hand_new", game_of(make_game, OKLAHOMA))))

    upcard = parse(page).find("fieldset", class_="upcard")
    ranks = [label.text for label in upcard.find_all("label", class_="pill")]
    assert ranks == ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    assert upcard.find("input", name="upcard_spade").attrs["type"] == "checkbox"
    assert upcard.find("p", id="upcard-said").text == ""


@pytest.mark.parametrize(
    ("taps", "said"),
    [
        (
            {"upcard": "7", "upcard_spade": "on"},
            "Knock with 7 or less · a spade: the hand counts double",
        ),
        ({"upcard": "7"}, "Knock with 7 or less"),
        ({"upcard": "K"}, "Knock with 10 or less"),
        ({"upcard": "A"}, "An ace: gin only"),
        (
            {"upcard": "A", "upcard_spade": "on"},
            "An ace: gin only · a spade: the hand counts double",
        ),
    ],
)
def test_the_upcard_says_what_it_sets_as_soon_as_it_is_picked(
    alice_client: Client, make_game: GameFactory, taps: dict[str, str], said: str
) -> None:
    game = game_of(make_game, OKLAHOMA)
    data = hand_data([{}, {}], 1) | taps

    shown = preview(alice_client, game, data)

    assert parse(shown).find("p", id="upcard-said").text == said


def test_an_oklahoma_hand_with_a_spade_upcard_doubles(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = game_of(make_game, OKLAHOMA)
    # RULINGS.md: upcard 7♠, Bob knocks with 4, Ann has 19: (19 − 4) × 2 = 30 to Bob.
    data = posted(1, (19, 4), upcard="7", upcard_spade="on")

    shown = preview(alice_client, game, data)
    assert "Bob knocks with 4, Ann has 19: (19 − 4) × 2 for the spade = 30 to Bob." in shown
    assert "Doubled by the spade upcard" in shown
    saved(alice_client, game, data)

    assert totals(game) == {ANN: 0, BOB: 30}
    assert Hand.objects.get(game=game).upcard == "7S"


def test_an_upcard_not_a_spade_is_kept_as_a_heart(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = game_of(make_game, OKLAHOMA)

    saved(alice_client, game, posted(1, (19, 4), upcard="7"))

    assert totals(game) == {ANN: 0, BOB: 15}
    assert Hand.objects.get(game=game).upcard == "7H"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (posted(0, (3, 20)), "the upcard sets the knock limit"),
        (posted(0, (3, 20), upcard="11"), "That is not a card: tap the upcard’s rank"),
        (posted(0, (3, 20), upcard="7S"), "That is not a card"),
    ],
    ids=["knock-without-upcard", "rank-not-a-card", "card-for-a-rank"],
)
def test_oklahoma_upcard_refusals_land_at_the_upcard(
    alice_client: Client, make_game: GameFactory, data: dict[str, Any], words: str
) -> None:
    game = game_of(make_game, OKLAHOMA)

    page = refused(alice_client, game, data)

    assert words in field_error(page, "upcard")


@pytest.mark.parametrize(
    ("upcard", "knock", "words"),
    [
        ({"upcard": "5"}, 6, "at most 5 points of deadwood, not 6"),
        ({"upcard": "A", "upcard_spade": "on"}, 1, "won only by gin"),
    ],
)
def test_an_oklahoma_knock_above_the_upcards_limit_is_refused(
    alice_client: Client,
    make_game: GameFactory,
    upcard: dict[str, str],
    knock: int,
    words: str,
) -> None:
    game = game_of(make_game, OKLAHOMA)

    page = refused(alice_client, game, posted(0, (knock, 30)) | upcard)

    assert words in field_error(page, "s0-deadwood")


def test_a_dead_oklahoma_hand_needs_no_upcard(alice_client: Client, make_game: GameFactory) -> None:
    game = game_of(make_game, OKLAHOMA)

    saved(alice_client, game, posted(None, ("", "")))

    assert Hand.objects.get(game=game).upcard is None


def test_an_edit_shows_the_upcard_and_keeps_it(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = game_of(make_game, OKLAHOMA)
    saved(alice_client, game, posted(1, (19, 4), upcard="Q", upcard_spade="on"))
    hand = Hand.objects.get(game=game)

    page = html(alice_client.get(game_url("hand_edit", game, 1)))
    form = parse(page)
    assert "checked" in form.find("input", name="upcard", value="Q").attrs
    assert "checked" in form.find("input", name="upcard_spade").attrs
    assert form.find("p", id="upcard-said").text.startswith("Knock with 10 or less")

    # Bob's deadwood changes; the upcard comes back as it was shown.
    edit = posted(1, (25, 4), upcard="Q", upcard_spade="on", revision=hand.revision)
    response = alice_client.post(game_url("hand_edit", game, 1), edit)
    assert response.status_code == 302
    assert Hand.objects.get(game=game).upcard == "QS"
    assert totals(game) == {ANN: 0, BOB: 42}


def test_an_edit_keeps_a_game_files_suit(alice_client: Client, make_game: GameFactory) -> None:
    game = game_of(make_game, OKLAHOMA)
    game.record_hand(1, {ANN: {"deadwood": 19}, BOB: {"knocked": True, "deadwood": 4}}, upcard="7D")
    hand = Hand.objects.get(game=game)
    page = parse(html(alice_client.get(game_url("hand_edit", game, 1))))
    suit = page.find("input", name="upcard_suit").attrs["value"]

    edit = posted(1, (20, 4), upcard="7", upcard_suit=suit, revision=hand.revision)
    assert alice_client.post(game_url("hand_edit", game, 1), edit).status_code == 302

    assert Hand.objects.get(game=game).upcard == "7D"


def test_undo_of_an_edit_and_of_a_delete_bring_the_upcard_back(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = game_of(make_game, OKLAHOMA)
    game.record_hand(1, {ANN: {"deadwood": 19}, BOB: {"knocked": True, "deadwood": 4}}, upcard="7S")
    game.record_hand(
        1,
        {ANN: {"deadwood": 19}, BOB: {"knocked": True, "deadwood": 4}},
        revision=1,
        upcard="9H",
    )
    game.undo_hand_edit(1, 2)
    assert Hand.objects.get(game=game).upcard == "7S"

    game.delete_last_hand(1)
    game.restore_deleted_hand()

    assert Hand.objects.get(game=game).upcard == "7S"
    assert totals(game) == {ANN: 0, BOB: 30}


def test_the_upcard_goes_out_and_back_in_through_a_game_file(
    alice_client: Client, make_game: GameFactory, alice: Any
) -> None:
    game = game_of(make_game, OKLAHOMA)
    saved(alice_client, game, posted(1, (19, 4), upcard="7", upcard_spade="on"))
    saved(alice_client, game, posted(None, ("", ""), number=2))

    exported = alice_client.get(game_url("export_game", game))
    data = json.loads(exported.content)
    assert [hand.get("upcard") for hand in data["hands"]] == ["7S", None]

    copy = import_game_file(json.dumps(data), alice)

    assert [hand.upcard for hand in copy.hands.all()] == ["7S", None]
    assert copy.score().totals == {ANN: 0, BOB: 30}
    assert copy.as_game_file()["hands"] == data["hands"]


def test_likely_next_taps_are_scored_with_the_upcard(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = game_of(make_game, OKLAHOMA)

    fresh = preview(alice_client, game, hand_data([{}, {}], 1) | {"upcard": "7"})
    table = json.loads(parse(fresh).find("script", id="predictions").text)
    # One tap away: "Nobody" is a dead hand; Ann knocking with nothing typed is a gin.
    assert table["knocked"] == {"0": ["25", "0"], "1": ["0", "25"], "nobody": ["0", "0"]}

    # Bob knocks with 4 under a spade: Ann has 3, an undercut; Ann knocking instead wins 1 × 2.
    typed = posted(1, (3, 4), upcard="7", upcard_spade="on")
    table = json.loads(parse(preview(alice_client, game, typed)).find("script").text)
    assert table["knocked"]["0"] == ["2", "0"]
