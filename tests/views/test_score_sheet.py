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
    assert bob_client.get(game_url("score_sheet", game)).status_code == 200


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    assert charlie_client.get(game_url("score_sheet", game)).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    assert is_login_redirect(client.get(game_url("score_sheet", game)))


def test_the_score_sheet_is_only_fetched_with_get(alice_client: Client, game: Game) -> None:
    assert alice_client.post(game_url("score_sheet", game)).status_code == 405
