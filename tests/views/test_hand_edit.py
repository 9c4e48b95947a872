import pytest
from django.test import Client

from games.models import Game, Hand
from tests.views.helpers import (
    PFH_WENT_OUT,
    bare,
    game_url,
    hand_data,
    html,
    input_named,
    is_login_redirect,
    totals,
)

ITEMIZED = {
    "Ann & Cy": {"natural_canastas": 2, "went_out": True, "meld_points": 100},
    "Bob & Di": {"meld_points": 50, "hand_points": 20},
}


def test_the_edit_form_shows_what_was_recorded(alice_client: Client, game: Game) -> None:
    game.record_hand(1, ITEMIZED, "Ann")

    response = alice_client.get(game_url("hand_edit", game, 1))

    assert response.status_code == 200
    page = html(response)
    assert "(edit)" in page
    assert "Dealt by Ann" in page
    assert '<input type="hidden" name="number" value="1">' in page
    assert '<input type="hidden" name="revision" value="1">' in page
    assert 'name="s0-natural_canastas" value="2"' in page
    assert 'name="went_out" value="0" checked' in page
    assert 'name="s1-hand_points" value="20"' in page
    assert 'data-testid="preview-0">1,300<' in page


def test_a_bare_total_comes_back_as_a_bare_total(alice_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, -60, 40), "Ann")

    page = html(alice_client.get(game_url("hand_edit", game, 1)))

    assert "checked" in input_named(page, "s0-just_total")
    assert 'name="s0-total" value="-60"' in page


def test_saving_an_edit_changes_the_hand_and_goes_back_to_the_game(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, ITEMIZED, "Ann")

    response = alice_client.post(
        game_url("hand_edit", game, 1),
        hand_data([{"total": 700}, {"total": 10}], number=1, revision=1),
    )

    assert response.status_code == 302
    assert response["Location"] == game_url("game", game)
    hand = Hand.objects.get(game=game)
    assert hand.revision == 2
    assert hand.dealer == "Ann"
    assert totals(game) == {"Ann & Cy": 700, "Bob & Di": 10}


def test_an_edit_only_changes_that_hand(bob_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 100, 200), "Ann")
    game.record_hand(2, bare(game, 300, 400), "Bob")

    bob_client.post(
        game_url("hand_edit", game, 1),
        hand_data([{"total": 0}, {"total": 0}], number=1, revision=1),
    )

    assert totals(game) == {"Ann & Cy": 300, "Bob & Di": 400}
    assert Hand.objects.get(game=game, number=2).revision == 1


def test_an_edit_from_a_stale_form_is_refused_and_changes_nothing(
    alice_client: Client, bob_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 100, 200), "Ann")
    bob_client.post(
        game_url("hand_edit", game, 1),
        hand_data([{"total": 150}, {"total": 200}], number=1, revision=1),
    )

    response = alice_client.post(
        game_url("hand_edit", game, 1),
        hand_data([{"total": 999}, {"total": 0}], number=1, revision=1),
    )

    assert response.status_code == 422
    page = html(response)
    assert (
        "Hand 1 was just saved by another scorekeeper (Ann &amp; Cy +150, Bob &amp; Di +200)"
        in page
    )
    assert 'name="s0-total" value="999"' in page
    assert '<input type="hidden" name="revision" value="2">' in page
    assert totals(game) == {"Ann & Cy": 150, "Bob & Di": 200}
    assert Hand.objects.get(game=game).revision == 2


def test_the_engines_refusal_of_an_edit_keeps_the_recorded_hand(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, ITEMIZED, "Ann")

    response = alice_client.post(
        game_url("hand_edit", game, 1),
        hand_data([{"went_out": True, "natural_canastas": 1}, {}], number=1, revision=1),
    )

    assert response.status_code == 422
    assert (
        'id="err-went_out">Hand 1, Ann &amp; Cy: a side that goes out needs at least two '
        "canastas</p>"
    ) in html(response)
    assert totals(game) == {"Ann & Cy": 1300, "Bob & Di": -70}
    assert Hand.objects.get(game=game).revision == 1


def test_an_edit_that_would_undo_a_later_hand_is_refused(alice_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 100, 0), "Ann")
    game.record_hand(2, bare(game, 8000, 0), "Bob")

    response = alice_client.post(
        game_url("hand_edit", game, 1),
        hand_data([{"total": 8500}, {"total": 0}], number=1, revision=1),
    )

    assert response.status_code == 422
    assert "Hand 2: the game ended after hand 1, when a side reached 8,500" in html(response)
    assert totals(game) == {"Ann & Cy": 8100, "Bob & Di": 0}


def test_a_finished_game_refuses_edits_until_the_owner_reopens_it(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 8500, 0), "Ann")
    edit = hand_data([{"total": 8600}, {"total": 0}], number=1, revision=1)

    refused = alice_client.post(game_url("hand_edit", game, 1), edit, follow=True)

    assert refused.redirect_chain == [(game_url("game", game), 302)]
    assert "The game is over. Reopen it to change a hand." in html(refused)
    assert totals(game) == {"Ann & Cy": 8500, "Bob & Di": 0}

    alice_client.post(game_url("reopen", game))
    accepted = alice_client.post(game_url("hand_edit", game, 1), edit)

    assert accepted.status_code == 302
    assert totals(game) == {"Ann & Cy": 8600, "Bob & Di": 0}


def test_a_finished_games_hand_opens_read_only_for_a_co_scorekeeper(
    bob_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 8500, 0), "Ann")

    response = bob_client.get(game_url("hand_edit", game, 1))

    assert response.status_code == 200
    page = html(response)
    assert 'data-testid="recorded-0">8,500<' in page
    assert "Dealt by Ann" in page
    assert "<input" not in page.split("<main")[1].replace('type="hidden"', "")
    assert "Save hand" not in page
    assert "Reopen to change" not in page
    assert "Only the game's owner can reopen it" in page
    assert game_url("hand_delete", game, 1) not in page


def test_a_finished_games_hand_shows_what_was_recorded_and_its_points(
    alice_client: Client, make_game
) -> None:
    game = make_game(
        "pfh-partnership",
        hands=[
            {
                "Ann & Cy": {**PFH_WENT_OUT, "meld_points": 1_250},
                "Bob & Di": {"total": 25_000},
            }
        ],
    )

    page = html(alice_client.get(game_url("hand_edit", game, 1)))

    assert "<td>Natural canastas</td><td>1</td><td>500</td>" in page
    assert "<td>Ace canastas</td><td>1</td><td>1,500</td>" in page
    assert "<td>Red threes on the table</td><td>2</td><td>200</td>" in page
    assert "<td>Card points on the table</td><td>1,250</td><td>1,250</td>" in page
    assert "<td>Went out</td><td>yes</td><td>200</td>" in page
    assert "<td>Just the total</td><td></td><td>25,000</td>" in page
    assert "Seven canastas" not in page  # left blank: not shown


def test_a_finished_games_hand_writes_its_numbers_with_separators_and_a_real_minus(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 4250, -1375), "Ann")
    game.record_hand(2, bare(game, 4300, 12_480), "Bob")
    first = html(alice_client.get(game_url("hand_edit", game, 1)))
    final = html(alice_client.get(game_url("hand_edit", game, 2)))

    assert 'data-testid="recorded-1">\N{MINUS SIGN}1,375<' in first
    assert "<td>Just the total</td><td></td><td>\N{MINUS SIGN}1,375</td>" in first
    assert 'data-testid="recorded-1">12,480<' in final
    assert "<td>Just the total</td><td></td><td>12,480</td>" in final
    assert "12480" not in final and "-1375" not in first


def test_the_owner_reopens_a_read_only_hand_straight_into_its_form(
    alice_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 8500, 0), "Ann")
    page = html(alice_client.get(game_url("hand_edit", game, 1)))
    assert "Reopen to change" in page
    assert 'name="hand" value="1"' in page

    response = alice_client.post(game_url("reopen", game), {"hand": "1"})

    assert response.status_code == 302
    assert response["Location"] == game_url("hand_edit", game, 1)
    form = html(alice_client.get(response["Location"]))
    assert 'name="s0-total" value="8500"' in form
    assert "Save hand <span data-hand-number>1</span>" in form


def test_a_hand_that_was_never_played_is_a_404(alice_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 100, 0), "Ann")

    assert alice_client.get(game_url("hand_edit", game, 2)).status_code == 404


def test_someone_elses_game_is_a_404(charlie_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 100, 0), "Ann")

    assert charlie_client.get(game_url("hand_edit", game, 1)).status_code == 404
    response = charlie_client.post(
        game_url("hand_edit", game, 1), hand_data([{"total": 0}, {"total": 0}], 1, 1)
    )
    assert response.status_code == 404
    assert totals(game) == {"Ann & Cy": 100, "Bob & Di": 0}


def test_anonymous_visitors_are_sent_to_log_in(client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 100, 0), "Ann")

    assert is_login_redirect(client.get(game_url("hand_edit", game, 1)))
    assert is_login_redirect(
        client.post(game_url("hand_edit", game, 1), hand_data([{"total": 0}, {"total": 0}], 1, 1))
    )
    assert totals(game) == {"Ann & Cy": 100, "Bob & Di": 0}


def test_the_edit_page_takes_only_get_and_post(alice_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 100, 0), "Ann")

    assert alice_client.delete(game_url("hand_edit", game, 1)).status_code == 405


def test_an_edit_of_a_hand_deleted_meanwhile_says_so_and_saves_nothing(
    alice_client: Client, bob_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 100, 200), "Ann")
    game.record_hand(2, bare(game, 300, 400), "Bob")
    alice_client.post(game_url("hand_delete", game, 2))

    response = bob_client.post(
        game_url("hand_edit", game, 2),
        hand_data([{"total": 10}, {"total": 20}], number=2, revision=1),
        follow=True,
    )

    assert response.redirect_chain == [(game_url("game", game), 302)]
    assert "Hand 2 is not in this game any more" in html(response)
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_an_edit_whose_revision_is_not_a_number_is_refused_and_changes_nothing(
    alice_client: Client, bob_client: Client, game: Game
) -> None:
    game.record_hand(1, bare(game, 100, 200), "Ann")
    bob_client.post(
        game_url("hand_edit", game, 1),
        hand_data([{"total": 150}, {"total": 200}], number=1, revision=1),
    )

    for revision in ("abc", "9" * 5000, "", "2.0", "٢"):
        response = alice_client.post(
            game_url("hand_edit", game, 1),
            hand_data([{"total": 999}, {"total": 0}], number=1, revision=revision),  # type: ignore[arg-type]
        )

        assert response.status_code == 400, revision
        assert "not a number" in html(response)
    assert totals(game) == {"Ann & Cy": 150, "Bob & Di": 200}
    assert Hand.objects.get(game=game).revision == 2


def test_a_first_dealer_change_while_the_edit_waits_for_the_lock_is_kept(
    alice_client: Client, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    game.record_hand(1, bare(game, 100, 200), "Ann")
    take_lock = Game.lock_row

    def lock_after_bob(self: Game) -> None:
        # Bob makes Cy the first dealer after Alice's page read hand 1, before her save locks.
        Game.objects.filter(pk=self.pk).update(first_dealer_seat=2)  # Cy
        Hand.objects.filter(game=self, number=1).update(dealer_seat=2)
        take_lock(self)

    monkeypatch.setattr(Game, "lock_row", lock_after_bob)

    response = alice_client.post(
        game_url("hand_edit", game, 1),
        hand_data([{"total": 150}, {"total": 200}], number=1, revision=1),
    )

    assert response.status_code == 302
    assert Game.objects.get(pk=game.pk).hands.get().dealer == "Cy"


# -- an edit says what it changed, with Undo (issue 19) ---------------------------------------


def test_saving_an_edit_says_what_changed_with_undo(alice_client: Client, game: Game) -> None:
    game.record_hand(1, bare(game, 500, 40), "Ann")
    game.record_hand(2, bare(game, 200, 30), "Bob")
    game.record_hand(3, bare(game, 1250, -60), "Cy")

    edited = hand_data([{"total": 1450}, {"total": -60}], number=3, revision=1)
    response = alice_client.post(game_url("hand_edit", game, 3), edited, follow=True)

    page = html(response)
    undo = game_url("hand_undo_edit", game, 3) + "?revision=2"
    assert (
        '<li class="message undoable success"><span>Hand 3 changed: Ann &amp; Cy 1,250 → 1,450.'
        f'</span> <form method="post" action="{undo}">'
    ) in page
    assert totals(game) == {"Ann & Cy": 2150, "Bob & Di": 10}

    response = alice_client.post(undo, follow=True)

    assert "Hand 3 is back as it was." in html(response)
    assert totals(game) == {"Ann & Cy": 1950, "Bob & Di": 10}
    hand = Hand.objects.get(game=game, number=3)
    assert hand.revision == 3
    assert hand.dealer == "Cy"


def test_an_edit_that_changes_no_score_says_so(alice_client: Client, game: Game) -> None:
    game.record_hand(1, ITEMIZED, "Ann")
    same_score = hand_data(
        [
            {"natural_canastas": 2, "went_out": True, "meld_points": 100},
            {"meld_points": 40, "hand_points": 30},
        ],
        revision=1,
    )

    response = alice_client.post(game_url("hand_edit", game, 1), same_score, follow=True)

    assert "Hand 1 changed (its scores stay the same)." in html(response)
