from django.test import Client
from django.urls import reverse

from games.models import Game
from games.rules import MiromarCanasta
from tests.views.helpers import HTMX, bare, game_url, html, is_login_redirect


def test_the_owner_sees_the_scoreboard(alice_client: Client, game: Game) -> None:
    response = alice_client.get(game_url("game", game))

    assert response.status_code == 200
    page = html(response)
    assert "<html" in page
    assert "Ann &amp; Cy" in page
    assert "Bob &amp; Di" in page
    assert "Dealer: <b>Ann</b>" in page
    assert game_url("hand_new", game) in page


def test_the_totals_and_each_hand_are_shown(alice_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 300, -20), "Ann")
    game.record_hand(2, bare(game, 150, 500), "Bob")

    page = html(alice_client.get(game_url("game", game)))

    assert 'data-testid="total-0">450<' in page
    assert 'data-testid="total-1">480<' in page
    assert game_url("hand_edit", game, 2) in page
    assert "Dealer: <b>Cy</b>" in page


def test_a_co_scorekeeper_sees_the_scoreboard(bob_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 300, -20), "Ann")

    page = html(bob_client.get(game_url("game", game)))

    assert 'data-testid="total-0">300<' in page
    assert 'data-testid="total-1">−20<' in page
    assert "Dealer: <b>Bob</b>" in page
    assert game_url("hand_new", game) in page


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    assert charlie_client.get(game_url("game", game)).status_code == 404


def test_a_game_that_does_not_exist_is_a_404(alice_client: Client, game: Game) -> None:
    assert alice_client.get(f"/games/{game.pk + 100}/").status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    assert is_login_redirect(client.get(game_url("game", game)))


def test_the_game_page_is_only_fetched_with_get(alice_client: Client, game: Game) -> None:
    assert alice_client.post(game_url("game", game)).status_code == 405


def test_htmx_gets_just_the_scoreboard(alice_client: Client, game: Game) -> None:
    response = alice_client.get(game_url("game", game), headers=HTMX)

    assert response.status_code == 200
    page = html(response)
    assert "<html" not in page
    assert page.lstrip().startswith('<section id="scoreboard"')
    assert 'data-testid="total-0"' in page
    assert "Export game file" not in page


def test_miromar_shows_the_opening_minimum_and_the_next_toulon(
    alice_client: Client, game: Game
) -> None:
    page = html(alice_client.get(game_url("game", game)))

    assert 'data-testid="minimum-0">125<' in page
    assert 'data-testid="minimum-1">125<' in page
    assert ">Next Toulon</button>: <b>4 cards</b>" in page


def test_the_minimum_follows_the_total(alice_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 3000, 10), "Ann")

    page = html(alice_client.get(game_url("game", game)))

    assert 'data-testid="minimum-0">155<' in page
    assert 'data-testid="minimum-1">125<' in page


def test_ten_pennies_shows_the_round_card_the_buys_left_and_the_pot(
    alice_client: Client, make_game
) -> None:
    game = make_game("ten-pennies", players=("Ann", "Bob", "Cy"))

    page = html(alice_client.get(game_url("game", game)))

    assert "Round 1: <b>2 sets of 3</b>" in page
    assert "Wild: <b>twos</b>" in page
    assert 'data-testid="pot">0<' in page
    assert "<td>Ann</td><td>10</td>" in page


def test_liverpool_shows_the_next_deals_contract_and_cards(alice_client: Client, make_game) -> None:
    out, caught = {"went_out": True}, {"points": 25}
    game = make_game(
        "liverpool",
        players=("Ann", "Bob", "Cy"),
        hands=[{"Ann": out, "Bob": caught, "Cy": caught}] * 2,
    )

    page = html(alice_client.get(game_url("game", game)))

    assert '<p class="round-title">Deal 3: <b>two runs</b> · 10 cards</p>' in page


def test_five_crowns_shows_the_next_rounds_cards_and_wild_rank(
    alice_client: Client, make_game
) -> None:
    out, caught = {"went_out": True}, {"points": 30}
    game = make_game("five-crowns", players=("Ann", "Bob"), hands=[{"Ann": out, "Bob": caught}] * 5)

    page = html(alice_client.get(game_url("game", game)))

    assert '<p class="round-title">Round 6: <b>8 cards, eights wild</b></p>' in page
    assert "Jokers wild too · <b>eights</b> left in hand cost 20 each" in page


def test_phase_10_shows_each_players_phase_and_who_completed_one_last_hand(
    alice_client: Client, make_game
) -> None:
    done = {"went_out": True, "completed_phase": True}
    game = make_game(
        "phase-10",
        players=("Ann", "Bob"),
        hands=[{"Ann": done, "Bob": {"points": 40}}, {"Ann": done, "Bob": {"points": 40}}],
    )

    page = html(alice_client.get(game_url("game", game)))

    assert (
        'data-testid="phase-0">Phase <b class="num">3</b>: a set of four and a run of four<' in page
    )
    assert "completed phase 2 last hand" in page
    assert 'data-testid="phase-1">Phase <b class="num">1</b>: two sets of three<' in page
    assert "round-card" not in page


def test_phase_10_says_what_leading_means_and_other_games_need_not(
    alice_client: Client, make_game
) -> None:
    done = {"went_out": True, "completed_phase": True}
    phase_10 = make_game(
        "phase-10", players=("Ann", "Bob"), hands=[{"Ann": done, "Bob": {"points": 5}}]
    )
    five_crowns = make_game(
        "five-crowns",
        players=("Ann", "Bob"),
        hands=[{"Ann": {"went_out": True}, "Bob": {"points": 5}}],
    )

    page = html(alice_client.get(game_url("game", phase_10)))
    other = html(alice_client.get(game_url("game", five_crowns)))

    assert "Leading: the player on the furthest phase, then the fewest points." in page
    assert "leading-means" not in other and "Leading</span>" in other


def test_a_finished_phase_10_game_says_why_the_winner_won(alice_client: Client, make_game) -> None:
    """Section 14: of the players who completed phase 10, the lowest total wins, even when a
    player who did not has a lower total still."""
    done = {"went_out": True, "completed_phase": True}
    climb = {"points": 60, "completed_phase": True}
    game = make_game(
        "phase-10",
        players=("Ann", "Bob", "Cy"),
        hands=[{"Ann": done, "Bob": climb, "Cy": {"points": 5}}] * 10,
    )

    page = html(alice_client.get(game_url("game", game)))

    assert "Winner: Ann" in page
    assert "Ann and Bob completed phase 10: of them, the lowest total wins." in page


def test_the_pot_and_the_buys_follow_the_rounds(alice_client: Client, make_game) -> None:
    game = make_game(
        "ten-pennies",
        players=("Ann", "Bob", "Cy"),
        hands=[
            {
                "Ann": {"points": 0, "cards": 0, "buys": 1},
                "Bob": {"points": 25, "cards": 3, "buys": 2},
                "Cy": {"points": 10, "cards": 2, "buys": 0},
            }
        ],
    )

    page = html(alice_client.get(game_url("game", game)))

    assert "Round 2: <b>1 set of 4</b>" in page
    assert 'data-testid="pot">8<' in page
    assert "<td>Ann</td><td>9</td><td>1</td>" in page
    assert "<td>Bob</td><td>8</td><td>5</td>" in page


def test_a_finished_game_shows_the_winner_and_asks_for_no_more_hands(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 8500, 200), "Ann")

    page = html(alice_client.get(game_url("game", game)))

    assert "Winner: Ann &amp; Cy" in page
    assert game_url("hand_new", game) not in page
    assert "about-next-toulon" not in page
    assert game_url("reopen", game) in page
    assert game_url("hand_delete", game, 1) not in page


def test_a_shared_win_is_shown_as_such(alice_client: Client, make_game) -> None:
    game = make_game("pfh-three-hands", players=("Ann", "Bob"))
    for number in (1, 2, 3):
        game.record_hand(number, bare(game, 100, 100), None)

    page = html(alice_client.get(game_url("game", game)))

    assert "Shared win: Ann and Bob" in page


def test_only_the_owner_is_offered_to_reopen(bob_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 8500, 200), "Ann")

    page = html(bob_client.get(game_url("game", game)))

    assert "Winner: Ann &amp; Cy" in page
    assert game_url("reopen", game) not in page


def test_a_reopened_game_offers_its_last_hand_for_deletion(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 8500, 200), "Ann")
    game.reopen()

    page = html(alice_client.get(game_url("game", game)))

    assert game_url("reopen", game) not in page
    assert game_url("hand_delete", game, 1) in page


def test_the_failed_opening_button_names_the_rule_sets_own_step(
    alice_client: Client, game: Game
) -> None:
    step = MiromarCanasta.failed_opening_step

    page = alice_client.get(reverse("game", args=[game.pk])).content.decode()

    assert f"Failed opening +{step}</button>" in page


def test_the_games_own_words_explain_themselves_in_one_line(alice_client: Client, make_game):
    miromar = html(alice_client.get(game_url("game", make_game())))
    pennies = html(alice_client.get(game_url("game", make_game("pfh-partnership"))))

    assert 'aria-controls="about-next-toulon">Next Toulon</button>' in miromar
    assert "the first player at the table to open draws 4, the second 3" in miromar
    assert 'aria-controls="about-pennies">Pennies</button>: <b>Cy</b>' in pennies
    assert "The dealer&#x27;s partner deals the Pennies" in pennies


def test_ten_pennies_calls_its_grid_rounds(alice_client: Client, make_game) -> None:
    game = make_game("ten-pennies", players=("Ann", "Bob", "Cy"))
    game.record_hand(
        1,
        {
            "Ann": {"points": 0, "cards": 0},
            "Bob": {"points": 25, "cards": 3},
            "Cy": {"points": 10, "cards": 2},
        },
        "Ann",
    )

    page = html(alice_client.get(game_url("game", game)))

    assert 'role="region" aria-label="Rounds">' in page
    assert "<caption>Rounds <span" in page
    assert "<caption>Hands" not in page
