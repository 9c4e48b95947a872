"""Issue 42's Chinchón played through the screens on a 390 px phone with touch, in Spanish, the
language its tables speak (Spain, Argentina, Uruguay): four players to the default limit of 100,
one knocked out who rejoins with one tap in the next hand, another who closes with −10 (one tap
once picked as the closer), and the game over when only one player is left in. 320 and 360 px
are covered by the other new games (test_buraco_nights.py, test_chinchon_form.py).

The language is picked as a player picks it, from the language menu in the top bar, and the
screens are read in the words locale/es gives them: a line not translated yet reads in English,
and so does the test's expectation, until the lead merges its translation. Every expected number
was worked out by hand from RULINGS.md section 18 (the working is in the test's docstring); the
engine is asked only afterwards, for the same totals and winner.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from games import words as game_words
from games.models import Game
from games.rules import get_rule_set

from .helpers import Scorekeeper, Tally, fits, logged_in_keeper, shoot, shown

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SPANISH = "es"
#: The language's own name on the language menu (settings.LANGUAGES).
ESPANOL = "Español"
PLAYERS = ["Ana", "Beto", "Caro", "Dani"]
ANA, BETO, CARO, DANI = range(4)
HAND_WORD = get_rule_set("chinchon").hand_word

#: The screens' msgids, as the templates and games/hand_panels.py write them.
ENTER = "Enter %(hand)s <span data-hand-number>%(number)s</span>"
SAVE = "Save %(hand)s <span data-hand-number>%(number)s</span>"
WINNER = "Winner: %(names)s"
TO_GO = '<b class="num" data-testid="to-go-%(side)s">%(points)s</b> to go'
MAY_REJOIN = 'may rejoin at <b class="num" data-testid="rejoin-at-%(side)s">%(total)s</b>'
REJOIN_USED = "%(rejoins)s rejoin used"
REJOINS_USED = "%(rejoins)s rejoins used"
STAKE = 'Pot: <b class="num" data-testid="stakes">%(stakes)s</b> stake'
STAKES = 'Pot: <b class="num" data-testid="stakes">%(stakes)s</b> stakes'
OUT_TOTAL = "Out (total %(total)s)"
REJOINS_AT = "Rejoins at %(total)s"
LAST_IN = "{player} is the last player in."


def spanish(msgid: str, **params: object) -> str:
    """A sentence as locale/es gives it (its msgstr, or the English msgid while that is still
    empty: the screens fall back the same way), its tags taken out."""
    with translation.override(SPANISH):
        text = translation.gettext(msgid) % params
    return re.sub(r"<[^>]+>", "", text)


def spanish_plural(singular: str, plural: str, count: int, **params: object) -> str:
    with translation.override(SPANISH):
        text = translation.ngettext(singular, plural, count) % params
    return re.sub(r"<[^>]+>", "", text)


def spanish_in_context(context: str, msgid: str) -> str:
    with translation.override(SPANISH):
        return translation.pgettext(context, msgid)


def hand_words() -> tuple[str, str]:
    """Chinchón's word for a hand in Spanish: as a heading ("Mano"), inside a sentence ("mano")."""
    with translation.override(SPANISH):
        return game_words.hand_word(HAND_WORD), game_words.hand_word_in_sentence(HAND_WORD)


@pytest.fixture
def keeper(page: Page, live_server, alice, checker) -> Scorekeeper:
    return logged_in_keeper(page, live_server.url, alice, checker)


def speak_spanish(keeper: Scorekeeper) -> None:
    """The language menu, from the top bar, and one tap on "Español"."""
    page = keeper.page
    page.goto("/")
    keeper.tap(page.get_by_role("link", name=re.compile(r"^Language: English")))
    keeper.tap(page.get_by_role("button", name=ESPANOL))
    expect(page.locator("html")).to_have_attribute("lang", SPANISH)
    expect(page.get_by_role("link", name=spanish("New game"))).to_be_visible()


def start_chinchon(keeper: Scorekeeper) -> None:
    """From home: New game, Chinchón, the four players in seat order, Start (no house rule:
    limit 100, out over it, rejoins without limit)."""
    page = keeper.page
    keeper.tap(page.get_by_role("link", name=spanish("New game")))
    expect(page.get_by_role("heading", name=spanish("New game"))).to_be_visible()
    keeper.pick_game("chinchon")
    for seat, name in enumerate(PLAYERS):
        keeper.tap(page.locator(f"#id_seat{seat}"))
        page.keyboard.type(name)
    keeper.tap(page.get_by_role("button", name=spanish("Start the game")))
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))


def open_hand(keeper: Scorekeeper, number: int) -> None:
    heading, in_sentence = hand_words()
    page = keeper.page
    keeper.tap(page.get_by_role("link", name=spanish(ENTER, hand=in_sentence, number=number)))
    expect(page.get_by_role("heading", name=f"{heading} {number}")).to_be_visible()


def fill_hand(keeper: Scorekeeper, tallies: Sequence[Tally]) -> None:
    """Each player's tally tapped in: card points typed, the closer one tap on their name in
    "Who closed?", −10 one tap on the closer's toggle."""
    digits = keeper.digits
    for side, tally in enumerate(tallies):
        keeper.fill_side(side, tally)
    typed = [str(tally["points"]) for tally in tallies if "points" in tally]
    assert keeper.digits - digits == len("".join(typed))


def save_hand(
    keeper: Scorekeeper, number: int, preview: Sequence[int], totals: Sequence[int]
) -> None:
    """The preview checked, Save, the board's totals checked."""
    page = keeper.page
    for side, score in enumerate(preview):
        expect(page.get_by_test_id(f"preview-{side}")).to_have_text(shown(score))
    _, in_sentence = hand_words()
    keeper.tap(page.get_by_role("button", name=spanish(SAVE, hand=in_sentence, number=number)))
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    for side, total in enumerate(totals):
        expect(page.get_by_test_id(f"total-{side}")).to_have_text(shown(total))
    fits(page)


def expect_to_go(page: Page, to_go: dict[int, int]) -> None:
    """The players in, each with how far they are from the limit; nobody else has a "to go"."""
    expect(page.locator("[data-testid^=to-go-]")).to_have_count(len(to_go))
    cards = page.locator(".total-card")
    for side, points in to_go.items():
        expect(page.get_by_test_id(f"to-go-{side}")).to_have_text(str(points))
        expect(cards.nth(side).locator(".to-go")).to_have_text(
            spanish(TO_GO, side=side, points=points)
        )


def expect_pot(page: Page, stakes: int) -> None:
    expect(page.locator(".stakes")).to_contain_text(
        spanish_plural(STAKE, STAKES, stakes, stakes=stakes)
    )


def expect_dealer(page: Page, name: str) -> None:
    """Who deals the next hand, and that the deal passes to the right."""
    dealer = page.locator(".dealer")
    expect(dealer.locator("b")).to_have_text(name)
    expect(dealer).to_contain_text(spanish("(the deal passes to the right)"))


def shoot_whole(page: Page, name: str) -> None:
    """helpers.shoot's light and dark screenshots, of a phone as tall as the page: a full-page
    shot of a phone's height draws the hand form's sticky save bar over the panels."""
    size = page.viewport_size
    assert size is not None
    height = page.evaluate("() => document.documentElement.scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": height})
    page.wait_for_function("(height) => window.innerHeight === height", arg=height)
    shoot(page, name)
    page.set_viewport_size(size)


def the_game(page: Page) -> Game:
    number = re.search(r"/games/(\d+)/", page.url)
    assert number, page.url
    return Game.objects.get(pk=int(number[1]))


def play_first_two_hands(keeper: Scorekeeper) -> None:
    """Hands 1 and 2 of the test's game (its docstring has the working): Beto out after 2."""
    page = keeper.page
    open_hand(keeper, 1)
    fill_hand(
        keeper,
        [{"points": 45}, {"points": 55}, {"points": 50}, {"closed": True, "points": 3}],
    )
    save_hand(keeper, 1, preview=[45, 55, 50, 3], totals=[45, 55, 50, 3])
    expect_to_go(page, {ANA: 55, BETO: 45, CARO: 50, DANI: 97})
    expect(page.locator(".out-mark")).to_have_count(0)
    expect_dealer(page, "Dani")
    expect_pot(page, 4)

    open_hand(keeper, 2)
    fill_hand(
        keeper,
        [{"points": 41}, {"points": 52}, {"closed": True, "points": 1}, {"points": 38}],
    )
    save_hand(keeper, 2, preview=[41, 52, 1, 38], totals=[86, 107, 51, 41])
    expect_to_go(page, {ANA: 14, CARO: 49, DANI: 59})
    beto = page.locator(".total-card").nth(BETO)
    expect(page.locator(".out-mark")).to_have_count(1)
    expect(page.get_by_test_id(f"out-{BETO}")).to_have_text(
        spanish_in_context("a player knocked out of the game", "Out")
    )
    expect(beto.locator(".rejoin")).to_have_text(spanish(MAY_REJOIN, side=BETO, total=86))
    expect(page.locator(".total-card.leading .side-name")).to_have_text("Dani")
    expect_pot(page, 4)
    expect_dealer(page, "Caro")
    keeper.check_once("chinchon-night-board-beto-out")


def play_hand_3(keeper: Scorekeeper) -> None:
    """Beto rejoins at 86 with one tap, Dani closes with −10 (one tap once picked)."""
    page = keeper.page
    open_hand(keeper, 3)
    beto = page.locator(f"fieldset.panel[data-side='{BETO}']")
    closers = page.locator("fieldset.who")
    expect(beto).to_contain_text(spanish(OUT_TOTAL, total=107))
    expect(beto.locator("label.rejoin-toggle")).to_have_text(spanish(REJOINS_AT, total=86))
    expect(beto.locator(f"[name='s{BETO}-points']")).to_be_hidden()
    expect(closers.locator("label.pill", has_text="Beto")).to_be_hidden()
    keeper.check_once("chinchon-night-out")
    shoot_whole(page, "chinchon-night-out")

    taps = keeper.taps
    keeper.tap(beto.locator("label.rejoin-toggle"))
    assert keeper.taps - taps == 1
    expect(beto.locator(f"[name='s{BETO}-rejoined']")).to_be_checked()
    expect(beto.locator(f"[name='s{BETO}-points']")).to_be_visible()
    expect(closers.locator("label.pill", has_text="Beto")).to_be_visible()

    fill_hand(keeper, [{"points": 17}, {"points": 24}, {"points": 58}, {"closed": True}])
    dani = page.locator(f"fieldset.panel[data-side='{DANI}']")
    minus_ten = dani.locator(f"label.toggle:has([name='s{DANI}-minus_ten'])")
    expect(minus_ten).to_contain_text(spanish("Minus ten"))
    for other in (ANA, BETO, CARO):
        expect(page.locator(f"[name='s{other}-minus_ten']")).to_be_hidden()
    taps = keeper.taps
    keeper.tap(minus_ten)
    assert keeper.taps - taps == 1
    expect(dani.locator(f"[name='s{DANI}-minus_ten']")).to_be_checked()
    expect(page.get_by_test_id(f"preview-{DANI}")).to_have_text(shown(-10))
    page.evaluate("window.scrollTo(0, 0)")
    keeper.check_once("chinchon-night-hand-3")
    shoot_whole(page, "chinchon-night-hand-3")
    save_hand(keeper, 3, preview=[17, 24, 58, -10], totals=[103, 110, 109, 31])


def test_a_chinchon_night_ends_with_the_last_player_in_in_spanish_at_390_px(
    keeper: Scorekeeper,
) -> None:
    """Ana, Beto, Caro and Dani, each on their own, to the default limit of 100 (out over it),
    closing at most 5, rejoins without limit. RULINGS 18: a hand scores each player's unmatched
    points, −10 for a closer with all seven matched; a player whose total passes 100 is out; one
    rejoining in hand n starts it at R, the highest total after hand n − 1 among the players in
    then; the last player in wins. The pot: one stake per player, one more per rejoin. No hand
    has more than 60 points (chinchon.py's usual_most: more would ask "is that right?"), so
    nobody can be out before hand 2, nor rejoin before hand 3: three hands is the fewest.

    Ana deals hand 1 and the deal passes to the right (seat 4, then 3): Dani deals hand 2,
    Caro hand 3.
    Hand 1: Dani closes with 3. Ana 45, Beto 55, Caro 50.
      Totals 45, 55, 50, 3: 55, 45, 50 and 97 to go. Nobody out. Pot 4 stakes.
    Hand 2: Caro closes with 1. Ana 45 + 41 = 86, Beto 55 + 52 = 107: over 100, out.
      Caro 50 + 1 = 51, Dani 3 + 38 = 41. In: Ana (14 to go), Caro (49), Dani (59);
      Dani leads with the lowest. Beto may rejoin at R = 86 (the highest of 86, 51 and 41).
      Pot still 4 stakes.
    Hand 3: Beto rejoins (one tap): 86 + 24 = 110, out again. Dani closes with all seven
      matched (one tap on −10): 41 − 10 = 31. Ana 86 + 17 = 103: out. Caro 51 + 58 = 109: out.
      Totals 103, 110, 109, 31. Only Dani is in: Dani wins as the last player in.
      Pot 4 + 1 rejoin = 5 stakes; Beto has used 1 rejoin.
    """
    page = keeper.page
    page.set_viewport_size({"width": 390, "height": 844})
    speak_spanish(keeper)
    start_chinchon(keeper)
    expect_to_go(page, dict.fromkeys(range(4), 100))
    play_first_two_hands(keeper)
    play_hand_3(keeper)

    expect(page.locator(".banner .banner-title")).to_have_text(spanish(WINNER, names="Dani"))
    with translation.override(SPANISH):
        why = translation.gettext(LAST_IN).format(player="Dani")
    expect(page.locator(".banner")).to_contain_text(why)
    expect(page.locator(".total-card.leading .lead-mark")).to_have_text(spanish("Winner"))
    expect(page.locator(".total-card.leading .side-name")).to_have_text("Dani")
    expect(page.locator(".out-mark")).to_have_count(3)
    expect(page.get_by_test_id(f"rejoins-{BETO}")).to_have_text(
        spanish_plural(REJOIN_USED, REJOINS_USED, 1, rejoins=1)
    )
    expect_pot(page, 5)
    expect(page.locator("[data-testid^=to-go-]")).to_have_count(0)
    expect(page.locator(".rejoin")).to_have_count(0)
    _, in_sentence = hand_words()
    enter = spanish(ENTER, hand=in_sentence, number=4)
    expect(page.get_by_role("link", name=enter)).to_have_count(0)
    keeper.check_once("chinchon-night-board-over")
    shoot(page, "chinchon-night-board-over")

    score = the_game(page).score()
    assert score.totals == {"Ana": 103, "Beto": 110, "Caro": 109, "Dani": 31}
    assert score.winners == ["Dani"]
