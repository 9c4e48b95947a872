"""A count's one-tap choices on the hand form (issue 19): without JavaScript the form sends and
shows what it did before (the named box); the choices are buttons that send nothing."""

from __future__ import annotations

import re

from django.test import Client

from games.models import Game
from tests.conftest import GameFactory
from tests.views.helpers import game_url, hand_data, html

#: Pennies From Heaven partnership's natural canastas: a real hand holds up to 6, no maximum.
NATURAL = "s0-natural_canastas"


def count_box(page: str, name: str) -> str:
    found = re.search(rf'<input [^>]*name="{name}"[^>]*>', page)
    assert found, f"no box named {name}"
    return found.group(0)


def most_choice(page: str, name: str) -> int:
    """The highest one-tap choice offered beside the box named `name` (hand.js draws 0 to it)."""
    row = re.search(
        rf'<count-choices [^>]*data-most="(\d+)"[^>]*></count-choices>\s*<input [^>]*name="{name}"',
        page,
    )
    assert row, f"no choices for {name}"
    return int(row.group(1))


def test_without_javascript_a_count_is_the_plain_box_it_was(
    alice_client: Client, make_game: GameFactory
) -> None:
    game = make_game("pfh-partnership")

    page = html(alice_client.get(game_url("hand_new", game)))

    box = count_box(page, NATURAL)
    assert 'type="number"' in box and 'inputmode="numeric"' in box and 'min="0"' in box
    assert not re.search(r'value="[^"]', box)  # empty
    # The choices are drawn by hand.js and send nothing: the box is what is sent.
    assert 'class="count-choice"' not in page
    assert re.search(r'<count-choices role="group" aria-label="Natural canastas"[^>]*>', page)
    # Gone: the steppers, which did nothing without JavaScript.
    assert "One more:" not in page and 'class="step"' not in page


def test_the_choices_stop_at_two_or_at_what_the_field_allows(
    alice_client: Client, game: Game
) -> None:
    """Miromar: natural canastas have no maximum (0, 1, 2 and the box for more); a side has at
    most one natural ace canasta, so 0 and 1 are all there is (the box stays, as it was)."""
    page = html(alice_client.get(game_url("hand_new", game)))

    assert most_choice(page, "s0-natural_canastas") == 2
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

    # hand.js marks the choice from the box (tests/browser/test_fewer_taps.py).
    assert 'value="2"' in count_box(page, NATURAL)
    # 7 is typed, beyond the choices: the box shows it.
    assert 'value="7"' in count_box(page, "s1-natural_canastas")
