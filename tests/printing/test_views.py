import ast
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from games.printing.views import pdf_response
from games.rules import RULE_SETS

from .helpers import flat, page_sizes, text_of


def test_the_rules_index_lists_all_five_rule_sets(client: Client):
    response = client.get(reverse("rules_index"))

    assert response.status_code == 200
    html = response.content.decode()
    for rules in RULE_SETS.values():
        assert reverse("rules_page", args=[rules.slug]) in html


@pytest.mark.parametrize("slug", list(RULE_SETS))
def test_each_rules_page_offers_the_sheet_and_a_pad(client: Client, slug):
    response = client.get(reverse("rules_page", args=[slug]))

    assert response.status_code == 200
    html = response.content.decode()
    assert reverse("rule_sheet_pdf", args=[slug]) in html
    assert reverse("score_pad_pdf", args=[slug]) in html
    assert 'name="sides"' in html and 'name="paper"' in html


def test_the_rule_sheet_opens_in_the_browser_with_a_sensible_name(client: Client):
    response = client.get(reverse("rule_sheet_pdf", args=["pfh-partnership"]), {"paper": "a4"})

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'inline; filename="pennies-from-heaven-rules-a4.pdf"'
    )
    assert page_sizes(response.content)[0] == (595, 842)
    assert "25,000" in flat(response.content)


def test_a_pad_for_named_sides_comes_back_as_a_pdf(client: Client):
    response = client.get(
        reverse("score_pad_pdf", args=["miromar-canasta"]),
        {"sides": "2", "names": "<b>Ann</b> & Cy,Bob & Di", "paper": "letter", "pages": "2"},
    )

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "hearts-of-miromar-canasta-score-pad-2-letter.pdf" in response["Content-Disposition"]
    assert "<b>Ann</b> & Cy" in text_of(response.content)
    assert len(page_sizes(response.content)) == 2


def test_an_unknown_rule_set_is_not_found(client: Client):
    assert client.get("/rules/bridge/").status_code == 404
    assert client.get("/rules/bridge/sheet.pdf").status_code == 404
    assert client.get("/rules/bridge/pad.pdf").status_code == 404


@pytest.mark.parametrize(
    "url, query",
    [
        ("rule_sheet_pdf", {"paper": "legal"}),
        ("score_pad_pdf", {"sides": "5"}),
        ("score_pad_pdf", {"sides": "two"}),
        ("score_pad_pdf", {"sides": "2", "pages": "0"}),
        ("score_pad_pdf", {"sides": "2", "names": "a,b,c"}),
    ],
)
def test_a_bad_query_is_a_400_with_a_short_plain_message(client: Client, url, query):
    response = client.get(reverse(url, args=["miromar-canasta"]), query)

    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert 0 < len(response.content) < 200


def test_pdf_response_makes_any_file_name_safe_for_the_header():
    response = pdf_response(b"%PDF-1.4", 'Ann & "Cy"\r\n night.pdf')

    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="ann-cy-night.pdf"'


@pytest.mark.parametrize("slug", list(RULE_SETS))
def test_each_rules_page_shows_the_rule_sheet_text_and_the_scoring_values(client: Client, slug):
    from games.printing import ruledata
    from tests.rules import worded

    rules = RULE_SETS[slug]
    response = client.get(reverse("rules_page", args=[slug]))
    html = " ".join(response.content.decode().replace("&#x27;", "'").split())

    for section in worded.sections(rules):
        assert section.heading in html
        for paragraph in (*section.paragraphs, *section.items):
            assert " ".join(paragraph.split()[:6]) in html
    for label, points, _ in ruledata.scoring_rows(rules):
        assert label in html and points in html
    for _, minimum in ruledata.opening_rows(rules):
        assert minimum in html


def test_the_printouts_take_data_and_ask_the_screens_nothing() -> None:
    """games/printing reads the engine, the models, who may see a game and the game's story, the
    words at the edge (games/words/) and how every number is written (the numbers filter's own
    function, as the screens write them): never a screen's view, form, chart or other template
    tag (they may change with a page alone)."""
    below_printing = (
        "games.rules",
        "games.models",
        "games.access",
        "games.story",
        "games.words",
        "games.templatetags.numbers",
    )
    printing = Path(__file__).resolve().parents[2] / "games" / "printing"
    asked = {
        (module.name, node.module)
        for module in printing.glob("*.py")
        for node in ast.walk(ast.parse(module.read_text()))
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
    }
    from_games = {(name, imported) for name, imported in asked if imported.startswith("games")}

    assert from_games  # the walk read the imports
    assert {
        (name, imported)
        for name, imported in from_games
        if not imported.startswith(below_printing) and not imported.startswith("games.printing")
    } == set()
