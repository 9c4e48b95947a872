from django.test import Client

from games.models import Game
from tests.views.helpers import HTMX, bare, game_url, html, is_login_redirect


def act(client: Client, game: Game, action: str, **extra: str):
    return client.post(game_url("table_action", game), {"action": action, **extra})


def scoreboard(client: Client, game: Game) -> str:
    return html(client.get(game_url("game", game)))


def test_a_failed_opening_raises_that_sides_minimum_by_ten(
    alice_client: Client, game: Game
) -> None:
    response = act(alice_client, game, "fail", side="0")

    assert response.status_code == 302
    assert response["Location"] == game_url("game", game)
    page = scoreboard(alice_client, game)
    assert 'data-testid="minimum-0">135<' in page
    assert 'data-testid="minimum-1">125<' in page


def test_failed_openings_add_up(alice_client: Client, game: Game) -> None:
    act(alice_client, game, "fail", side="1")
    act(alice_client, game, "fail", side="1")

    assert 'data-testid="minimum-1">145<' in scoreboard(alice_client, game)


def test_unfail_undoes_a_failed_opening(alice_client: Client, game: Game) -> None:
    act(alice_client, game, "fail", side="0")
    act(alice_client, game, "unfail", side="0")

    assert 'data-testid="minimum-0">125<' in scoreboard(alice_client, game)


def test_unfail_never_goes_below_the_rule_sets_minimum(alice_client: Client, game: Game) -> None:
    act(alice_client, game, "unfail", side="0")

    assert 'data-testid="minimum-0">125<' in scoreboard(alice_client, game)


def test_openings_move_the_next_toulon_from_four_cards_to_three_to_none(
    alice_client: Client, game: Game
) -> None:
    assert ">Next Toulon</button>: <b>4 cards</b>" in scoreboard(alice_client, game)
    act(alice_client, game, "opened")
    assert ">Next Toulon</button>: <b>3 cards</b>" in scoreboard(alice_client, game)
    act(alice_client, game, "opened")
    assert ">Next Toulon</button>: <b>none</b>" in scoreboard(alice_client, game)
    act(alice_client, game, "unopened")
    assert ">Next Toulon</button>: <b>3 cards</b>" in scoreboard(alice_client, game)


def test_the_turn_card_ends_toulon_and_toggles_back(alice_client: Client, game: Game) -> None:
    act(alice_client, game, "turn_card")
    page = scoreboard(alice_client, game)
    assert ">Next Toulon</button>: <b>none</b>" in page
    assert 'aria-checked="true"' in page

    act(alice_client, game, "turn_card")
    page = scoreboard(alice_client, game)
    assert ">Next Toulon</button>: <b>4 cards</b>" in page
    assert 'aria-checked="false"' in page


def test_saving_a_hand_clears_the_table(alice_client: Client, game: Game) -> None:
    act(alice_client, game, "fail", side="0")
    act(alice_client, game, "opened")
    game.refresh_from_db()
    game.record_hand(1, bare(game, 100, 100), "Ann")

    page = scoreboard(alice_client, game)
    assert 'data-testid="minimum-0">125<' in page
    assert ">Next Toulon</button>: <b>4 cards</b>" in page


def test_htmx_gets_the_new_scoreboard_back(alice_client: Client, game: Game) -> None:
    response = alice_client.post(
        game_url("table_action", game), {"action": "fail", "side": "0"}, headers=HTMX
    )

    assert response.status_code == 200
    page = html(response)
    assert "<html" not in page
    assert 'id="scoreboard"' in page
    assert 'data-testid="minimum-0">135<' in page


def test_a_co_scorekeeper_can_keep_the_table(bob_client: Client, game: Game) -> None:
    act(bob_client, game, "fail", side="0")

    game.refresh_from_db()
    assert game.hand_in_progress["failed"] == {"0": 1}


def test_an_unknown_action_is_a_400_and_changes_nothing(alice_client: Client, game: Game) -> None:
    response = act(alice_client, game, "shuffle")

    assert response.status_code == 400
    game.refresh_from_db()
    assert game.hand_in_progress == {}


def test_a_side_that_is_not_in_the_game_is_a_404(alice_client: Client, game: Game) -> None:
    assert act(alice_client, game, "fail", side="2").status_code == 404
    assert act(alice_client, game, "fail").status_code == 404
    game.refresh_from_db()
    assert game.hand_in_progress == {}


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    assert act(charlie_client, game, "fail", side="0").status_code == 404
    game.refresh_from_db()
    assert game.hand_in_progress == {}


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    assert is_login_redirect(act(client, game, "fail", side="0"))
    game.refresh_from_db()
    assert game.hand_in_progress == {}


def test_table_actions_are_only_posted(alice_client: Client, game: Game) -> None:
    assert alice_client.get(game_url("table_action", game)).status_code == 405


def test_a_finished_game_offers_no_table_buttons(alice_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 8500, 0), "Ann")

    page = scoreboard(alice_client, game)

    assert 'value="fail"' not in page
    assert 'value="opened"' not in page


def test_a_tap_for_a_hand_saved_meanwhile_is_not_counted_and_says_so(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 100, 100), "Ann")

    response = alice_client.post(
        game_url("table_action", game), {"action": "fail", "side": "0", "hand": "1"}, headers=HTMX
    )

    page = html(response)
    assert "Hand 1 was just saved by another scorekeeper, so that tap was not counted" in page
    game.refresh_from_db()
    assert game.hand_in_progress == {}


def test_the_scoreboard_sends_the_hand_in_progress_with_every_tap(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 100, 100), "Ann")

    page = scoreboard(alice_client, game)

    assert page.count('<input type="hidden" name="hand" value="2">') == 3


def test_a_tap_whose_hand_number_is_not_a_number_is_refused_and_counts_nothing(
    alice_client: Client, game: Game
) -> None:
    for hand in ("abc", "9" * 5000, "1e3"):
        response = act(alice_client, game, "fail", side="0", hand=hand)

        assert response.status_code == 400, hand
        assert "not a number" in html(response)
    assert 'data-testid="minimum-0">125<' in scoreboard(alice_client, game)
