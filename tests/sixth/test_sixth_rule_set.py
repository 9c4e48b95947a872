"""A made-up sixth rule set (tests/sixth/penny_rummy.py: a pot and an opening by hand) works
end to end, from its own module alone: the new-game page, the scoreboard, the hand form, the
game file and the rule sheet. Nothing outside games/rules/ names a rule set or probes it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

import games
from games import rules as engine
from games.models import Game
from games.rules import NO_OPENING_MINIMUM, HandContext, RuleSet
from games.rules.gamefile import read_game_file, report
from tests.printing.helpers import flat
from tests.sixth.penny_rummy import PennyRummy
from tests.views.helpers import hand_data

RULES = PennyRummy()
PLAYERS = ("Ann", "Bob", "Cy")


@pytest.fixture(autouse=True)
def sixth_rule_set(
    db: None, fast_passwords: None, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """The made-up rule set is known to the engine for the length of a test."""
    monkeypatch.setitem(engine.RULE_SETS, RULES.slug, RULES)
    yield


def start(client: Client) -> Game:
    data = {"rules": RULES.slug, "first_dealer": 0, f"{RULES.slug}--double_last_hand": "on"}
    data |= {f"seat{seat}": name for seat, name in enumerate(PLAYERS)}
    response = client.post(reverse("new_game"), data)
    assert response.status_code == 302, response.content.decode()
    return Game.objects.get()


def test_the_new_game_page_offers_it_with_its_seating_and_house_option(
    alice_client: Client,
) -> None:
    page = alice_client.get(reverse("new_game")).content.decode()

    assert RULES.name in page
    assert f'value="{RULES.slug}"' in page
    assert "each on their own" in page
    assert escape(RULES.house_rules[0].label) in page
    assert re.search(rf'data-show-for="[^"]*\b{RULES.slug}\b[^"]*"', page)


def test_a_game_of_it_starts_with_its_house_option(alice_client: Client) -> None:
    game = start(alice_client)

    assert game.rules_slug == RULES.slug
    assert game.options == {"double_last_hand": True}
    assert game.side_names == list(PLAYERS)


def test_its_house_option_is_refused_with_four_players(alice_client: Client) -> None:
    data = {"rules": RULES.slug, "first_dealer": 0, f"{RULES.slug}--double_last_hand": "on"}
    data |= {f"seat{seat}": name for seat, name in enumerate((*PLAYERS, "Di"))}

    response = alice_client.post(reverse("new_game"), data)

    assert response.status_code == 200
    assert "only with two or three players" in response.content.decode()
    assert not Game.objects.exists()


def test_the_scoreboard_shows_its_opening_minimum_and_pot(alice_client: Client) -> None:
    game = start(alice_client)

    page = alice_client.get(reverse("game", args=[game.pk])).content.decode()

    assert 'data-testid="minimum-0">30<' in page
    assert 'data-testid="pot">0<' in page
    assert "Next Toulon" not in page


def test_a_hand_entered_on_its_form_scores_and_fills_the_pot(alice_client: Client) -> None:
    game = start(alice_client)
    form = alice_client.get(reverse("hand_new", args=[game.pk])).content.decode()
    for field in RULES.tally_fields:
        assert field.label in form
    body = hand_data(
        [{"melded": 60, "buys": 1}, {"melded": 20, "left": 35}, {"left": 10, "buys": 2}],
        number=1,
    )

    response = alice_client.post(reverse("hand_new", args=[game.pk]), body)

    assert response.status_code == 302
    score = game.score()
    assert score.totals == {"Ann": 60, "Bob": -15, "Cy": -10}
    pot = score.pot()
    assert pot is not None and pot.total == 3 and pot.buys_left["Cy"] == 1
    page = alice_client.get(reverse("game", args=[game.pk])).content.decode()
    assert 'data-testid="minimum-0">45<' in page
    assert 'data-testid="pot">3<' in page


def test_its_buys_limit_is_checked_across_hands(alice_client: Client) -> None:
    game = start(alice_client)
    game.record_hand(1, {"Ann": {"melded": 30, "buys": 3}, "Bob": {}, "Cy": {}}, "Ann")

    with pytest.raises(engine.RulesError, match="at most 3 times"):
        game.record_hand(2, {"Ann": {"buys": 1}, "Bob": {}, "Cy": {}}, "Bob")


def test_its_game_file_exports_scores_and_imports_back(alice_client: Client) -> None:
    game = start(alice_client)
    game.record_hand(1, {"Ann": {"melded": 40, "buys": 1}, "Bob": {}, "Cy": {"left": 5}}, "Ann")

    exported = alice_client.get(reverse("export_game", args=[game.pk])).content
    setup, hands = read_game_file(exported)
    result = report(setup.score(hands))

    assert result["rules"] == RULES.slug
    assert result["opening_minimums"] == {"Ann": 45, "Bob": 45, "Cy": 45}
    assert result["pot"]["total"] == 1
    assert "round" not in result
    response = alice_client.post(reverse("import_game"), {"text": exported.decode()})
    assert response.status_code == 302
    assert Game.objects.count() == 2


def test_its_rules_page_and_rule_sheet(client: Client) -> None:
    page = client.get(reverse("rules_page", args=[RULES.slug])).content.decode()
    sheet = client.get(reverse("rule_sheet_pdf", args=[RULES.slug]))

    assert RULES.name in page
    assert sheet.status_code == 200
    text = flat(sheet.content)
    assert "Penny Rummy" in text
    assert "Hand 2" in text and "45" in text  # the opening by hand
    assert RULES.house_rules[0].label in text
    assert "What each player writes down, every hand" in text


def test_adding_it_needs_no_migration() -> None:
    out = StringIO()
    call_command("makemigrations", "games", "--check", "--dry-run", stdout=out)


def test_a_rule_set_missing_what_it_must_declare_fails_when_defined() -> None:
    with pytest.raises(TypeError, match="opening"):

        class NoOpening(RuleSet):  # noqa: F841 - defined only to fail
            slug = "broken"
            name = "Broken"
            summary = family = cards_dealt = wild_cards = "-"
            player_counts = (2,)
            seating = engine.Seating.ALONE
            card_values = ()
            tally_fields = ()
            fixed_hands = 1

            def packs(self, players: int) -> int:
                return 1

            def describe_packs(self) -> str:
                return "-"

            def score_side(self, hand: HandContext, side: str, tally: dict) -> dict[str, int]:
                return {}

    assert NO_OPENING_MINIMUM.rows("Hand") == []


def test_nothing_outside_the_engine_names_a_rule_set_or_probes_one() -> None:
    root = Path(games.__file__).parent
    project = root.parent
    slugs = [slug for slug in engine.RULE_SETS if slug != RULES.slug]
    classes = [type(rules).__name__ for rules in engine.RULE_SETS.values()]
    # isinstance(... RuleSet subclass), hasattr(rules, ...), getattr(rules, "a named attribute")
    probes = re.compile(r"isinstance\([^)]*rules|hasattr\(\s*rules|getattr\(\s*(self\.)?rules, \"")
    offenders = []
    paths = [*root.rglob("*.py"), *(project / "templates").rglob("*.html")]
    for path in paths:
        if path.is_relative_to(root / "rules") or "migrations" in path.parts:
            continue
        if path.name in {"bench.py"}:  # the bench picks a game to time, by name
            continue
        text = path.read_text()
        # A slug as a quoted string ("score-pad" is also a plain word in a file name).
        quoted = [f"{quote}{slug}{quote}" for slug in slugs for quote in "\"'"]
        for needle in [*quoted, *classes]:
            if needle in text:
                offenders.append(f"{path.relative_to(project)}: {needle}")
        if probes.search(text):
            offenders.append(f"{path.relative_to(project)}: probes a rule set")
    assert offenders == []


def test_its_score_pad_and_score_sheet_print(alice_client: Client) -> None:
    game = start(alice_client)
    game.record_hand(1, {"Ann": {"melded": 40, "buys": 1}, "Bob": {}, "Cy": {"left": 5}}, "Ann")

    pad = alice_client.get(reverse("score_pad_pdf", args=[RULES.slug]), {"sides": 3})
    sheet = alice_client.get(reverse("score_sheet", args=[game.pk]))

    assert pad.status_code == 200 and sheet.status_code == 200
    pad_text, sheet_text = flat(pad.content), flat(sheet.content)
    assert "open 45" in pad_text
    # What it declares, not Ten Pennies': the highest total wins, its own items, its pot.
    assert "Highest total wins." in pad_text and "Lowest total wins" not in pad_text
    assert "Pennies into the pot: one for each card bought." in pad_text
    assert "Each player has 3 buys" in pad_text
    assert "Melded Left Buys" in pad_text and "Points Cards Buys" not in pad_text
    assert "Pennies in (buys)" in pad_text and "card caught" not in pad_text
    assert "The pot holds 1 penny." in sheet_text
    assert "Next Hand 2, to open: Ann 45; Bob 45; Cy 45" in sheet_text
    assert "buys are counts, a penny each into the pot" in sheet_text
    assert "penalty" not in sheet_text and "cards and buys" not in sheet_text
    assert "Hand score" in sheet_text  # melded less left: not one item of its own
