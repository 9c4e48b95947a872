"""A count's one-tap choices on the hand form (issue 19): without JavaScript the form sends and
shows what it did before (the named box); the choices are buttons that send nothing."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.hand_panels import choice_room
from games.models import Game
from tests.conftest import GameFactory
from tests.views.helpers import game_url, hand_data, html

#: Pennies From Heaven partnership's natural canastas: a real hand holds up to 6, no maximum.
NATURAL = "s0-natural_canastas"


def count_box(page: str, name: str) -> str:
    found = re.search(rf'<input [^>]*name="{name}"[^>]*>', page)
    assert found, f"no box named {name}"
    return found.group(0)


def choices_of(page: str, name: str) -> str:
    """The one-tap choices beside the box named `name`, as sent."""
    row = re.search(
        rf"<count-choices ([^>]*)>((?:(?!</count-choices>).)*)</count-choices>\s*"
        rf'<input [^>]*name="{name}"',
        page,
    )
    assert row, f"no choices for {name}"
    return row.group(0)


def most_choice(page: str, name: str) -> int:
    """The highest one-tap choice offered beside the box named `name` (they run from 1)."""
    offered = [int(n) for n in re.findall(r'data-choice="(\d+)"', choices_of(page, name))]
    assert offered == list(range(1, len(offered) + 1)), offered
    return len(offered)


def pressed(page: str, name: str) -> list[int]:
    return [
        int(n)
        for n in re.findall(r'data-choice="(\d+)" aria-pressed="true"', choices_of(page, name))
    ]


def test_without_javascript_a_count_is_the_plain_box_it_was(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("pfh-partnership")

    page = html(alice_client.get(game_url("hand_new", game)))

    box = count_box(page, NATURAL)
    assert 'type="number"' in box and 'inputmode="numeric"' in box and 'min="0"' in box
    assert not re.search(r'value="[^"]', box)  # empty
    # The choices are buttons that send nothing (no name; hidden without JavaScript, hand.css):
    # the box is what is sent. Sent with the page since issue 40 (hand.js drew them at load).
    choices = choices_of(page, NATURAL)
    assert 'role="group" aria-label="Natural canastas"' in choices
    assert re.findall(r"<button [^>]*>", choices) == [
        f'<button type="button" class="count-choice" data-choice="{n}" aria-pressed="false">'
        for n in (1, 2, 3)
    ]
    # Gone: the steppers, which did nothing without JavaScript.
    assert "One more:" not in page and 'class="step"' not in page


def test_the_choices_stop_at_three_or_at_what_the_field_allows(
    alice_client: Client, game: Game
) -> None:
    """Miromar: natural canastas have no maximum (1, 2, 3 and the box for more: its counts'
    long names leave room for three); a side has at most one natural ace canasta, so 1 is all
    there is (the box stays, as it was)."""
    page = html(alice_client.get(game_url("hand_new", game)))

    assert 'data-choices="3"' in page
    assert most_choice(page, "s0-natural_canastas") == 3
    assert most_choice(page, "s0-natural_ace_canastas") == 1
    assert 'max="1"' in count_box(page, "s0-natural_ace_canastas")


def test_a_form_shown_again_keeps_the_count_that_was_sent_in_its_box(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("pfh-partnership")
    # 7 natural canastas is far from a real hand: the form asks about it and comes back.
    data = hand_data(
        [{"natural_canastas": 2, "meld_points": 700}, {"natural_canastas": 7, "meld_points": 1}],
        number=1,
    )

    page = html(alice_client.post(game_url("hand_new", game), data))

    # The choice is marked from the box, as hand.js marks it (tests/browser/test_fewer_taps.py).
    assert 'value="2"' in count_box(page, NATURAL)
    assert pressed(page, NATURAL) == [2]
    # 7 is typed, beyond the choices: the box shows it, and no choice is marked.
    assert 'value="7"' in count_box(page, "s1-natural_canastas")
    assert pressed(page, "s1-natural_canastas") == []


def test_hand_and_foot_counts_reach_four_clean_books_in_one_tap(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("hand-and-foot", team_size=2)

    page = html(alice_client.get(game_url("hand_new", game)))

    assert 'data-choices="4"' in page
    assert most_choice(page, "s0-clean_books") == 4
    assert most_choice(page, "s0-dirty_books") == 4
    assert most_choice(page, "s0-red_threes") == 4
    assert most_choice(page, "s0-wild_books") == 2  # a hand seldom has more


@pytest.mark.parametrize(
    ("names", "room"),
    [
        (["Clean books", "Dirty books", "Red threes caught"], 4),
        (["Sambas", "Red threes"], 4),
        (["Natural canastas", "Red threes"], 3),  # "canastas": too wide a word beside four
        (["Red books", "Black threes left in hand"], 3),  # too long a name for two lines
        ([], 4),
    ],
)
def test_a_form_with_a_long_count_name_leaves_room_for_three_choices(
    names: list[str], room: int
) -> None:
    assert choice_room(names) == room
