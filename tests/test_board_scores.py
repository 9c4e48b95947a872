"""A game's score is kept between requests (every tap of the hand form asks for a preview), by
all the engine reads, so a kept score is always the one the engine gives now."""

from games.board import Board, recorded_score
from games.models import Game, Player
from tests.conftest import GameFactory

HAND = {"Ann & Cy": {"natural_canastas": 2, "went_out": True}, "Bob & Di": {"meld_points": 50}}


def test_the_same_hands_are_scored_once_for_the_next_request(make_game: GameFactory) -> None:
    game = make_game(hands=[HAND])

    first, second = Board(game), Board(Game.objects.get(pk=game.pk))

    assert second.score.hands[0] is first.score.hands[0]  # scored once, kept


def test_a_kept_score_is_never_shared_for_one_request_to_change_under_another(
    make_game: GameFactory,
) -> None:
    game = make_game(hands=[HAND])
    first = Board(game).score

    first.hands.append(first.hands[0])  # as the engine's own scoring appends to a score
    second = Board(Game.objects.get(pk=game.pk)).score

    assert len(second.hands) == 1 and second is not first


def test_an_edited_hand_is_scored_again(make_game: GameFactory) -> None:
    game = make_game(hands=[HAND])
    before = Board(game).score.totals["Ann & Cy"]

    game.record_hand(1, {**HAND, "Ann & Cy": {"natural_canastas": 3, "went_out": True}}, revision=1)
    after = Board(Game.objects.get(pk=game.pk)).score.totals["Ann & Cy"]

    assert after != before


def test_a_renamed_player_is_never_given_the_score_kept_under_the_old_name(
    make_game: GameFactory,
) -> None:
    game = make_game(hands=[HAND])
    Board(game)

    Player.objects.get(name="Ann").rename("Anne")
    score = Board(Game.objects.get(pk=game.pk)).score

    assert "Anne & Cy" in score.totals and "Ann & Cy" not in score.totals


def test_the_same_hands_under_other_house_rules_are_scored_under_those(
    make_game: GameFactory,
) -> None:
    setup = make_game(slug="pfh-partnership").setup()
    rules = setup.rules
    changed = rules.new_game(list(setup.players), list(setup.sides), {"target": 20_000})

    assert recorded_score(setup, []) is not recorded_score(changed, [])
    assert recorded_score(changed, []).game.rules.target_score == 20_000
    assert recorded_score(setup, []).game.rules.target_score == 25_000
