"""No English left on a page read in another language: every page of a game of each rule set,
drawn in English and in each language we ship; a piece of visible text (a text node, or an
aria-label, title or placeholder) that reads the same in both is English the catalogues missed,
unless it is a name, a number or one of the few words that are the same in that language.

Personas: Alice keeps score (her games, her players' pages); a stranger reads the pages anyone
may open (the rules, the live view, log in, sign up)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from random import Random

import pytest
from django.conf import settings
from django.test import Client

from games.models import Game
from games.rules import RULE_SETS
from games.words import chip_name, rule_set_name
from tests.conftest import GameFactory

LANGUAGES = [code for code, _ in settings.LANGUAGES if code != "en"]
PLAYERS = ["Ann", "Bob", "Cy", "Di"]

#: Words, the same on any database: the PostgreSQL run of `make test` leaves these out (30 s).
pytestmark = pytest.mark.words_only

#: Text that is the same in every language: the brand, the games' names (names, as "Canasta"
#: is in every language), the players' and the persona's names, the language menu's own names.
NAMES = {
    "Scorekeeper",
    "alice",
    "bob",
    *PLAYERS,
    *(name for _, name in settings.LANGUAGES),
    *(rule_set_name(rules) for rules in RULE_SETS.values()),
    *(chip_name(rules) for rules in RULE_SETS.values()),
    # The games' own words, kept as names at their tables: Samba's sambas, Bolivia's bolivias
    # and escaleras, the Pennies stacks of Pennies From Heaven.
    "Sambas",
    "Bolivias",
    "Escaleras",
    "Pennies",
    # Buraco's canastras and Burraco's burracos, and the Spanish pack's figures as Chinchón's
    # tables name them in every language; Burraco's "jolly" after the joker.
    "Canastras",
    "Burracos",
    "Sota",
    "Caballo",
    "Rey",
    "Joker (jolly)",
    # Gin Rummy's words its players say in English at every table, and Hollywood's name.
    "Gin (0)",
    "Big gin",
    "Hollywood",
}
#: Words a language writes as English does (checked by a native reader, not a slip).
SAME_WORDS: dict[str, set[str]] = {
    "pt-br": {"Total", "Online", "Offline", "OK", "A4", "Splash", "Toulon"},
    "es": {
        "Total",
        "Online",
        "Offline",
        "OK",
        "A4",
        "Joker",
        "Jokers",
        "jokers",
        "Canastas",
        "Splash",
        "Toulon",
        "No",
    },
    "it": {
        "Online",
        "Offline",
        "OK",
        "A4",
        "Letter",
        "Password",
        "Jolly",
        "Splash",
        "Toulon",
        "No",
    },
    "de": {"Online", "Offline", "OK", "A4", "Joker", "Name", "Details", "Minimum", "optional"}
    | {"Canastas", "Splash", "Toulon", "Wild", "Phase"},
}
# The letters of an upcard's rank: the same on the cards these tables play with (German cards
# read B, D for the jack and queen, and A, K as English does).
for language in ("pt-br", "es", "it"):
    SAME_WORDS[language] |= {"A", "J", "Q", "K"}
SAME_WORDS["de"] |= {"A", "K"}
#: Nothing but numbers, signs and punctuation.
NO_WORDS = re.compile(r"^[\W\d_]*$")
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")


class VisibleText(HTMLParser):
    """The text a person reads or hears: text outside scripts and styles, and labels."""

    def __init__(self) -> None:
        super().__init__()
        self.pieces: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self.hidden += 1
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value:
                self.pieces.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.pieces.append(data)


def visible(html: str) -> set[str]:
    parser = VisibleText()
    parser.feed(html)
    return {" ".join(piece.split()) for piece in parser.pieces} - {""}


def left_in_english(english: str, translated: str, code: str) -> list[str]:
    same = visible(english) & visible(translated)
    allowed = NAMES | SAME_WORDS.get(code, set())
    return sorted(text for text in same if not is_allowed(text, allowed))


def is_allowed(text: str, allowed: set[str]) -> bool:
    """Nothing but names, numbers, signs, addresses and the words allowed as they are."""
    if "://" in text:
        return True
    for name in sorted(allowed, key=len, reverse=True):
        text = text.replace(name, " ")
    return all(NO_WORDS.match(word) for word in text.split())


def pages_of(game: Game) -> Iterator[str]:
    """The pages a scorekeeper and the table read in a game."""
    yield f"/games/{game.pk}/"
    yield f"/games/{game.pk}/hands/new/"
    yield f"/games/{game.pk}/hands/1/"
    yield f"/games/{game.pk}/share/"
    yield f"/games/{game.pk}/dealer/"
    yield f"/live/{game.share_token}/"
    yield f"/rules/{game.setup().rules.slug}/"


def played(make_game: GameFactory, slug: str) -> Game:
    rules = RULE_SETS[slug]
    count = 4 if 4 in rules.player_counts else rules.player_counts[0]
    players = [*PLAYERS, "Eve", "Fay", "Gus", "Hal"][:count]
    game = make_game(slug, players=players, team_size=rules.seating_for(count).team_size(2))
    setup = game.setup()
    for number in (1, 2):
        hand = rules.sample_hand(setup, Random(number))
        game.record_hand(number, dict(hand.tallies), game.dealer_for(number), upcard=hand.upcard)
    return game


def reads(client: Client, path: str, code: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
    response = client.get(path)
    assert response.status_code == 200, (path, code, response.status_code)
    return response.content.decode()


@pytest.mark.parametrize("slug", sorted(RULE_SETS))
def test_every_page_of_a_game_reads_in_each_language_with_no_english_left(
    alice_client: Client, make_game: GameFactory, slug: str
) -> None:
    game = played(make_game, slug)
    found = []
    for path in [*pages_of(game), "/", "/players/", "/rules/", "/games/new/"]:
        english = reads(alice_client, path, "en")
        for code in LANGUAGES:
            for text in left_in_english(english, reads(alice_client, path, code), code):
                found.append(f"{code} {path}: {text}")
    assert not found, f"{len(found)} left:\n" + "\n".join(found[:60])


@pytest.mark.parametrize("path", ["/accounts/login/", "/signup/", "/offline/", "/language/"])
def test_the_pages_anyone_opens_read_in_each_language(client: Client, path: str) -> None:
    english = reads(client, path, "en")
    found = [
        f"{code}: {text}"
        for code in LANGUAGES
        for text in left_in_english(english, reads(client, path, code), code)
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_english_a_catalogue_missed() -> None:
    page = '<p>Natural canastas</p><button aria-label="Save the hand">3</button>'
    assert left_in_english(page, page, "de") == ["Natural canastas", "Save the hand"]
    assert left_in_english("<p>Ann 2,005</p>", "<p>Ann 2.005</p>", "de") == []
