"""Issue 21: each preview (and the hand page) carries the scores of the likely next taps, and
every entry of that table is what the server's own preview of that state shows: the same
scores, or the same refusal beside the same box. Checked on random forms of every rule set in
the registry, by posting each state the table foresees to the preview."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from random import Random
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game
from games.rules import RULE_SETS, FieldKind
from tests.views.helpers import HTMX, game_url, html

pytestmark = pytest.mark.django_db

TABLE = re.compile(r'<script id="predictions" type="application/json">(.*?)</script>', re.S)
SCORE = re.compile(r'data-testid="preview-(\d+)">(.*?)</b>')
FEW = settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
#: Players enough for each rule set (partners sit opposite; four where it can be).
SIX = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def table_of(page: str) -> dict[str, dict[str, Any]]:
    found = TABLE.search(page)
    return json.loads(found.group(1)) if found else {}


def scores_of(page: str) -> list[str]:
    return [text for _, text in sorted(SCORE.findall(page), key=lambda pair: int(pair[0]))]


def preview(client: Client, game: Game, data: dict[str, str]) -> str:
    response = client.post(game_url("hand_preview", game), data, headers=HTMX)
    assert response.status_code == 200
    return html(response)


class FormReader(HTMLParser):
    """What a browser sends for the page's hand form as drawn: each box's value, each ticked
    box and picked choice."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        name = attr.get("name")
        if tag != "input" or not name or name == "csrfmiddlewaretoken":
            return
        if attr.get("type") in ("checkbox", "radio"):
            if "checked" in attr:
                value = attr.get("value")
                self.sent[name] = "on" if value is None else value
        else:
            self.sent[name] = attr.get("value") or ""


def as_sent(page: str) -> dict[str, str]:
    reader = FormReader()
    reader.feed(page.split('id="hand-form"', 1)[1].split("</form>", 1)[0])
    return reader.sent


def with_tap(data: dict[str, str], name: str, value: str) -> dict[str, str]:
    """The form after one tap, as the browser sends it: a side's box unticked is not sent; a
    choice asked once ("who went out") sends "" for nobody."""
    after = dict(data)
    if value == "" and re.match(r"s\d+-", name):
        after.pop(name, None)
    else:
        after[name] = value
    return after


def assert_entry_is_the_preview(
    client: Client, game: Game, data: dict[str, str], name: str, value: str, entry: Any
) -> None:
    page = preview(client, game, with_tap(data, name, value))
    where = f"{name}={value!r} from {data}"
    # Only scores: a state the engine refuses is left out of the table (the phone shows "…").
    assert isinstance(entry, list), where
    assert scores_of(page) == entry, where
    assert 'class="alert"' not in page.split('id="preview"', 1)[1].split("</ul>")[0], where


def a_game(make_game: Any, slug: str, seed: int) -> Game:
    """A game of `slug` with one hand played (its own sample), so that totals count."""
    rules = RULE_SETS[slug]
    count = 4 if 4 in rules.player_counts else rules.player_counts[0]
    game = make_game(slug, players=SIX[:count], team_size=rules.seating_for(count).team_size(2))
    setup = game.setup()
    first = rules.sample_hand(setup, Random(seed))
    game.record_hand(1, dict(first.tallies), game.dealer_for(1), upcard=first.upcard)
    return game


def form_state(game: Game, rng: Random) -> dict[str, str]:
    """Hand 2 half typed: a sample hand of the rule set with some boxes left blank, as the
    browser posts it."""
    setup = game.setup()
    rules = setup.rules
    hand = rules.sample_hand(setup, rng)
    data = {"number": "2"}
    for field in rules.one_side_fields:
        data[field] = ""
    if hand.upcard is not None:  # its rank, and whether it is a spade (a hand's first upcard)
        data["upcard"] = hand.upcard[:-1]
        if hand.upcard.endswith("S"):
            data["upcard_spade"] = "on"
    for index, name in enumerate(setup.side_names):
        tally = hand.tallies[name]
        if "total" in tally:
            data[f"s{index}-just_total"] = "on"
            data[f"s{index}-total"] = str(tally["total"])
            continue
        for f in setup.fields(2):
            value = tally.get(f.name, f.blank)
            if f.name in rules.one_side_fields:
                if value is True and rng.random() < 0.7:
                    data[f.name] = str(index)
            elif f.kind is FieldKind.YES_NO:
                if value:
                    data[f"s{index}-{f.name}"] = "on"
            elif rng.random() < 0.6:
                data[f"s{index}-{f.name}"] = str(value)
            else:
                data[f"s{index}-{f.name}"] = ""
    return data


#: Taps checked for each random form state: entries of its table drawn by hypothesis (each a
#: preview request of its own). The new-hand page's test below checks every entry of a table.
TAPS = 3


def likeliest_taps(game: Game, data: dict[str, str]) -> list[tuple[str, str]]:
    """Taps the engine scores before any other (so the table holds them whenever the server
    scores the state they lead to): each other answer to the choice asked once ("Who went
    out?"); without one, the first side's first count or yes/no box, set to 0 or 1 one away
    from what it holds (a count) or flipped. Empty for a rule set with nothing to tap."""
    rules = game.setup().rules
    if rules.one_side_fields:
        answers = ["", *map(str, range(len(game.side_names)))]
        return [
            (name, answer)
            for name in sorted(rules.one_side_fields)
            for answer in answers
            if answer != data.get(name, "")
        ]
    tapped = [f for f in rules.tally_fields if f.kind in (FieldKind.COUNT, FieldKind.YES_NO)]
    if not tapped:
        return []
    name = f"s0-{tapped[0].name}"
    if tapped[0].kind is FieldKind.YES_NO:
        return [(name, "" if data.get(name) else "on")]
    held = int(data.get(name) or 0)
    return [(name, str(count)) for count in (0, 1) if abs(count - held) == 1]


@pytest.mark.parametrize("slug", sorted(RULE_SETS))
@FEW
@given(seed=st.integers(0, 10_000), draw=st.data())
def test_every_entry_of_the_table_is_what_the_preview_of_that_state_shows(
    alice_client: Client, make_game: Any, slug: str, seed: int, draw: st.DataObject
) -> None:
    rng = Random(seed)
    game = a_game(make_game, slug, seed)
    data = form_state(game, rng)

    table = table_of(preview(alice_client, game, data))

    taps = [(name, value) for name in sorted(table) for value in sorted(table[name])]
    likeliest = likeliest_taps(game, data)
    if game.setup().rules.totals_only:  # nothing to tap: nothing to foresee
        assert likeliest == [] and taps == []
        return
    if not taps:
        # Left out only when refused or entering nothing: the server scores none of the
        # likeliest taps either.
        for name, value in likeliest:
            tapped = preview(alice_client, game, with_tap(data, name, value))
            assert set(scores_of(tapped)) == {"…"}, f"{name}={value!r} from {data}"
        return
    some = min(TAPS, len(taps))
    picked = st.lists(st.sampled_from(taps), min_size=some, max_size=some, unique=True)
    for name, value in draw.draw(picked, label="taps"):
        assert_entry_is_the_preview(alice_client, game, data, name, value, table[name][value])


@pytest.mark.parametrize("slug", sorted(RULE_SETS))
def test_the_new_hand_pages_table_is_what_the_preview_of_each_tap_shows(
    alice_client: Client, make_game: Any, slug: str
) -> None:
    game = a_game(make_game, slug, seed=1)
    page = html(alice_client.get(game_url("hand_new", game)))
    fresh = as_sent(page)

    table = table_of(page)

    rules = game.setup().rules
    # Points are typed, never tapped, and the choice asked once ("Who went out?") enters
    # nothing by itself: a tally of only those (Liverpool, Five Crowns) has no tap to foresee.
    tapped = [
        f
        for f in rules.tally_fields
        if f.kind is not FieldKind.CARD_POINTS and f.name not in rules.one_side_fields
    ]
    if not rules.totals_only and tapped and not table:
        # Left out only when refused (Ten Pennies and Phase 10 want someone out first): the
        # server scores no first tap either.
        for f in tapped:
            tap = with_tap(fresh, f"s0-{f.name}", "on" if f.kind is FieldKind.YES_NO else "1")
            assert set(scores_of(preview(alice_client, game, tap))) == {"…"}, f.name
    for name, entries in table.items():
        for value, entry in entries.items():
            assert_entry_is_the_preview(alice_client, game, fresh, name, value, entry)


def test_a_count_choice_tapped_on_a_fresh_form_is_in_the_table_with_its_score(
    alice_client: Client, make_game: Any
) -> None:
    game = make_game("pfh-partnership")
    page = html(alice_client.get(game_url("hand_new", game)))

    table = table_of(page)

    # One natural canasta: 500, the other side nothing yet.
    assert table["s0-natural_canastas"]["1"] == ["500", "0"]
    assert 'src="/static/js/predict.js"' in page


def test_a_box_that_does_not_read_leaves_the_table_empty(
    alice_client: Client, make_game: Any
) -> None:
    game = make_game("pfh-partnership")

    page = preview(alice_client, game, {"number": "1", "s0-meld_points": "abc"})

    assert table_of(page) == {}
