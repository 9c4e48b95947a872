import pytest
from django.test import Client

from games.models import Game
from tests.views.helpers import bare, game_url, is_login_redirect


def body(response) -> bytes:
    return b"".join(response) if response.streaming else response.content


def test_the_score_sheet_is_a_pdf(alice_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 300, -20), "Ann")

    response = alice_client.get(game_url("score_sheet", game))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert body(response).startswith(b"%PDF")
    assert f"-score-sheet-{game.pk}-letter.pdf" in response["Content-Disposition"]


def test_the_score_sheet_comes_on_a4_too(alice_client: Client, game: Game) -> None:
    response = alice_client.get(game_url("score_sheet", game), {"paper": "a4"})

    assert response.status_code == 200
    assert f"-score-sheet-{game.pk}-a4.pdf" in response["Content-Disposition"]


def test_an_unknown_paper_size_is_a_400(alice_client: Client, game: Game) -> None:
    assert alice_client.get(game_url("score_sheet", game), {"paper": "legal"}).status_code == 400


def test_a_co_scorekeeper_can_print_the_score_sheet(bob_client: Client, game: Game) -> None:
    from tests.printing.helpers import flat

    game.record_hand(1, bare(game, 300, -20), "Ann")

    response = bob_client.get(game_url("score_sheet", game))

    assert response["Content-Type"] == "application/pdf"
    text = flat(body(response))
    assert "Ann & Cy" in text and "Bob & Di" in text
    assert "300" in text


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    assert charlie_client.get(game_url("score_sheet", game)).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    assert is_login_redirect(client.get(game_url("score_sheet", game)))


def test_the_score_sheet_is_only_fetched_with_get(alice_client: Client, game: Game) -> None:
    assert alice_client.post(game_url("score_sheet", game)).status_code == 405


LONG_NAME_GAMES = [
    ("ten-pennies", [f"{letter * 20}" for letter in "ABCDEFGH"], None),
    ("miromar-canasta", [f"{letter * 30} {letter * 29}" for letter in "ABCD"], None),
    ("pfh-three-hands", [f"{letter * 60}" for letter in "ABCD"], 1),
]


@pytest.mark.parametrize("slug, players, team_size", LONG_NAME_GAMES)
def test_a_game_with_a_title_over_200_characters_still_prints_its_score_sheet(
    alice_client: Client, make_game, slug, players, team_size
) -> None:
    from tests.printing.helpers import flat

    game = make_game(slug, players, team_size=team_size)
    assert len(str(game)) > 200

    response = alice_client.get(game_url("score_sheet", game))

    assert response.status_code == 200
    text = flat(body(response))
    assert players[0] in text.replace("- ", "").replace("\u2010", "") or players[0][:20] in text
