"""A made-up sixth rule set (tests/sixth/penny_rummy.py: a pot and an opening by hand) works
end to end, from its own module alone: the new-game page, the scoreboard, the hand form, the
game file and the rule sheet. Nothing outside games/rules/ names a rule set or probes it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

import games
from games import rules as engine
from games import words
from games.models import Game
from games.rules import HandContext, RuleSet
from games.rules.gamefile import read_game_file, report
from games.words import filling
from tests.printing.helpers import flat
from tests.said import refused
from tests.sixth.penny_rummy import PennyRummy
from tests.views.helpers import hand_data

RULES = PennyRummy()
PLAYERS = ("Ann", "Bob", "Cy")


def english(said: Callable[..., Any], *args: Any) -> Any:
    """What the edge (games/words/) says, in English."""
    with translation.override("en"):
        return said(*args)


NAME = "Penny Rummy (made up)"
HOUSE_RULE = "The last hand's melds count double (two or three players only)"


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

    assert NAME in page
    assert f'value="{RULES.slug}"' in page
    assert "each on their own" in page
    assert escape(HOUSE_RULE) in page
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
    assert "(two or three players only): not with 4 players" in response.content.decode()
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
        assert english(words.field_label, RULES, field) in form
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

    with refused("at most 3 times"):
        game.record_hand(2, {"Ann": {"buys": 1}, "Bob": {}, "Cy": {}}, "Bob")


def test_its_game_file_exports_scores_and_imports_back(
    alice_client: Client, charlie_client: Client
) -> None:
    game = start(alice_client)
    game.record_hand(1, {"Ann": {"melded": 40, "buys": 1}, "Bob": {}, "Cy": {"left": 5}}, "Ann")

    exported = alice_client.get(reverse("export_game", args=[game.pk])).content
    setup, hands = read_game_file(exported)
    result = report(setup.score(hands))

    assert result["rules"] == RULES.slug
    assert result["opening_minimums"] == {"Ann": 45, "Bob": 45, "Cy": 45}
    assert result["pot"]["total"] == 1
    assert "round" not in result
    # Another account's import (alice's own would first ask whether to import a second copy).
    response = charlie_client.post(reverse("import_game"), {"text": exported.decode()})
    copy = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == reverse("game", args=[copy.pk])
    assert copy.rules_slug == RULES.slug
    assert copy.score().totals == game.score().totals == {"Ann": 40, "Bob": 0, "Cy": -5}


def test_its_rules_page_and_rule_sheet(client: Client) -> None:
    page = client.get(reverse("rules_page", args=[RULES.slug])).content.decode()
    sheet = client.get(reverse("rule_sheet_pdf", args=[RULES.slug]))

    assert NAME in page
    assert sheet.status_code == 200
    text = flat(sheet.content)
    assert "Penny Rummy" in text
    assert "Hand 2" in text and "45" in text  # the opening by hand
    assert HOUSE_RULE in text
    assert "What each player writes down, every hand" in text


def test_adding_it_needs_no_migration() -> None:
    out = StringIO()
    try:
        call_command("makemigrations", "games", "--check", "--dry-run", stdout=out)
    except SystemExit:  # --check exits with status 1 when a migration is needed
        pytest.fail(f"the sixth rule set needs a migration:\n{out.getvalue()}")

    assert out.getvalue() == "No changes detected in app 'games'\n"


def test_a_rule_set_missing_what_it_must_declare_fails_when_defined() -> None:
    with pytest.raises(TypeError, match="opening"):

        class NoOpening(RuleSet):  # noqa: F841 - defined only to fail
            slug = "broken"
            family = "broken"
            player_counts = (2,)
            seating = engine.Seating.ALONE
            card_values = ()
            tally_fields = ()
            fixed_hands = 1

            def packs(self, players: int) -> int:
                return 1

            def score_side(self, hand: HandContext, side: str, tally: dict) -> dict[str, int]:
                return {}


#: Fields whose names are also the plain words the app uses for any game ("points", "cards").
PLAIN_WORD_FIELDS = {"points", "cards", "buys"}
#: The benches and the load test time a chosen game by name; they are measurements, not code
#: that serves a table.
BENCHES = {"bench.py", "loadtest.py"}


def rule_set_needles() -> list[str]:
    """What would name a rule set: its slug, its class, one of its field names or a heading of
    its rule sheet, each as code would write it."""
    rule_sets = [rules for slug, rules in engine.RULE_SETS.items() if slug != RULES.slug]
    quoted = [
        f"{quote}{word}{quote}"
        for rules in rule_sets
        for word in (
            rules.slug,
            *(f.name for f in rules.tally_fields if f.name not in PLAIN_WORD_FIELDS),
            *(str(section.heading) for section in filling.prose_of(rules).sections),
            *(section.heading for section in english(filling.sections, rules)),
        )
        for quote in "\"'"
    ]
    return sorted(set(quoted)) + [type(rules).__name__ for rules in rule_sets]


def test_nothing_outside_the_engine_names_a_rule_set_or_probes_one() -> None:
    root = Path(games.__file__).parent
    project = root.parent
    # isinstance(... RuleSet subclass), hasattr(rules, ...), getattr(rules, "a named attribute")
    probes = re.compile(r"isinstance\([^)]*rules|hasattr\(\s*rules|getattr\(\s*(self\.)?rules, \"")
    needles = rule_set_needles()
    offenders = []
    paths = [
        *root.rglob("*.py"),
        *(project / "templates").rglob("*"),
        *(project / "static" / "js").rglob("*.js"),
        *(project / "scripts").rglob("*"),
    ]
    for path in paths:
        if not path.is_file() or path.is_relative_to(root / "rules") or "migrations" in path.parts:
            continue
        # The words at the edge: each rule set's words are kept there by its name, by design.
        if path.is_relative_to(root / "words"):
            continue
        if path.name in BENCHES:
            continue
        text = path.read_text()
        for needle in needles:
            if needle in text:
                offenders.append(f"{path.relative_to(project)}: {needle}")
        if probes.search(text):
            offenders.append(f"{path.relative_to(project)}: probes a rule set")
    assert offenders == []


def test_the_guard_knows_a_field_name_and_a_heading_when_it_sees_one() -> None:
    needles = rule_set_needles()

    assert '"went_out"' in needles
    assert '"natural_canastas"' in needles
    assert "'Getting on the board'" in needles
    assert '"canasta"' in needles and '"score-pad"' in needles
    assert "Canasta" in needles and "ScorePad" in needles


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
