"""Issue 42's Buraco and Burraco played through the screens on a phone with touch, each in the
language its tables speak: a Buraco game of two players alone to 3,000 at 320 px in Brazilian
Portuguese, whose totals meet at the target and another hand decides, and a Burraco tournament
game of three hands at 360 px in Italian, decided in victory points, whose finished scoreboard is
looked at again at 390 px. One width per game, as in test_canasta_nights.py.

The language is picked as a player picks it, from the language menu in the top bar, and the
screens are read in the words the catalogues (locale/pt_BR, locale/it) give them. Every expected
number was worked out by hand from RULINGS.md sections 16 and 17 (the working is in the
comments); the engine is asked only afterwards, for the same totals and winner.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from games.models import Game

from .helpers import Scorekeeper, Tally, fits, logged_in_keeper, shoot
from .helpers import shown as shown_in_english

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@dataclass(frozen=True)
class Language:
    """The words a scorekeeper taps and reads in one language, as its catalogue has them."""

    code: str
    #: The language's own name on the language menu (settings.LANGUAGES).
    menu_name: str
    new_game: str
    start: str
    #: "Hand" as a heading, and as the link and button say it ("Enter %(hand)s ...").
    hand: str
    enter: str
    save: str
    #: "Winner: %(names)s".
    winner: str

    def words(self, msgid: str, **params: object) -> str:
        """A sentence as this language's catalogue gives it, its tags taken out (a
        blocktranslate's number sits in a <b> or <span>). For the scoreboard lines newer than
        the catalogues' last merge: until the lead merges their translations they read in
        English, and this follows them when it does."""
        with translation.override(self.code):
            text = translation.gettext(msgid) % params
        return re.sub(r"<[^>]+>", "", text)

    def plural(self, singular: str, plural: str, count: int, **params: object) -> str:
        with translation.override(self.code):
            text = translation.ngettext(singular, plural, count) % params
        return re.sub(r"<[^>]+>", "", text)


#: locale/pt_BR/LC_MESSAGES/django.po: "New game", "Start the game", "Hand", "Enter %(hand)s
#: ...", "Save %(hand)s ...", "Winner: %(names)s".
PORTUGUESE = Language(
    "pt-br",
    "Português (Brasil)",
    "Novo jogo",
    "Começar o jogo",
    "Mão",
    "Lançar mão",
    "Salvar mão",
    "Vencedor: {names}",
)
#: locale/it/LC_MESSAGES/django.po, the same entries.
ITALIAN = Language(
    "it",
    "Italiano",
    "Nuova partita",
    "Inizia la partita",
    "Mano",
    "Inserisci la mano",
    "Salva la mano",
    "Vittoria: {names}",
)

#: The scoreboard lines issue 42 added (templates/games/game.html, games/board.py), by msgid.
#: TODO(lead): none of them is in locale/pt_BR or locale/it yet, so the screens show them in
#: English ("Tied at 3.100: another hand decides", "Mano 3 of 3", "in victory points, as it
#: stands", "Victory points: 16 – 4", "16 victory points"; "+420: 14 – 6" has no word to
#: translate); these asserts take the catalogue's words as they come, and read Portuguese and
#: Italian once the translations are merged.
TIED = "Tied at %(total)s: another hand decides"
HAND_OF = "%(hand)s <span data-hand-number>%(number)s</span> of %(hands)s"
AS_IT_STANDS = "%(side)s +%(difference)s: %(leading)s – %(other)s"
IN_VICTORY_POINTS = "in victory points, as it stands"
VICTORY_RESULT = 'Victory points: <b class="num">%(points)s</b>'
VICTORY_POINT = '<b class="num" data-testid="victory-points-%(side)s">%(points)s</b> victory point'
VICTORY_POINTS = VICTORY_POINT + "s"

#: The tally fields typed as digits: card points. Counts are tapped, yes/no toggled.
POINTS = frozenset({"meld_points", "hand_points"})

ANA_BIA = ["Ana", "Bia"]
#: Seats 1 to 4 round the table: North, East, South, West. Partners sit opposite.
NORTH_EAST_SOUTH_WEST = ["Anna", "Bruno", "Carla", "Dario"]
NORTH_SOUTH, EAST_WEST = "Anna & Carla", "Bruno & Dario"


@pytest.fixture
def keeper(page: Page, live_server, alice, checker) -> Scorekeeper:
    return logged_in_keeper(page, live_server.url, alice, checker)


def shown(number: int) -> str:
    """A number as pt-BR and Italian screens write it: 3.100, −100."""
    return shown_in_english(number).replace(",", ".")


def speak(keeper: Scorekeeper, language: Language) -> None:
    """The language menu, from the top bar, and one tap on the language's own name."""
    page = keeper.page
    page.goto("/")
    keeper.tap(page.get_by_role("link", name=re.compile(r"^Language: English")))
    keeper.tap(page.get_by_role("button", name=language.menu_name))
    expect(page.locator("html")).to_have_attribute("lang", language.code)
    expect(page.get_by_role("link", name=language.new_game)).to_be_visible()


def start(
    keeper: Scorekeeper,
    language: Language,
    slug: str,
    players: Sequence[str],
    team_size: int,
    house_rules: dict[str, int | bool] | None = None,
) -> None:
    """From home: the new game's rule set, its players in seat order, how they sit, the house
    rules, Start (helpers.Scorekeeper.new_game's steps, with this language's words)."""
    page = keeper.page
    keeper.tap(page.get_by_role("link", name=language.new_game))
    expect(page.get_by_role("heading", name=language.new_game)).to_be_visible()
    keeper.pick_game(slug)
    for seat, name in enumerate(players):
        keeper.tap(page.locator(f"#id_seat{seat}"))
        page.keyboard.type(name)
    sides = page.locator("#id_team_size")
    if sides.is_visible():
        keeper.tap(sides)
        sides.select_option(str(team_size))
    if house_rules:
        keeper.pick_house_rules(slug, house_rules)
    keeper.tap(page.get_by_role("button", name=language.start))
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))


def play(
    keeper: Scorekeeper,
    language: Language,
    number: int,
    tallies: Sequence[Tally],
    preview: Sequence[int],
    totals: Sequence[int],
    shot: str | None = None,
) -> None:
    """Hand `number` tapped in side by side, its preview checked, saved, the totals checked.
    `shot`: the form, filled in, gets the page checks and its screenshots under that name."""
    page = keeper.page
    keeper.tap(page.get_by_role("link", name=f"{language.enter} {number}"))
    expect(page.get_by_role("heading", name=f"{language.hand} {number}")).to_be_visible()
    digits = keeper.digits
    for side, tally in enumerate(tallies):
        keeper.fill_side(side, tally)
    # Only card points are typed: every count was one tap on its choice.
    typed = [str(value) for tally in tallies for name, value in tally.items() if name in POINTS]
    assert keeper.digits - digits == len("".join(typed))
    for side, score in enumerate(preview):
        expect(page.get_by_test_id(f"preview-{side}")).to_have_text(shown(score))
    if shot:
        keeper.check_once(shot)
        shoot_whole(page, shot)
    keeper.tap(page.get_by_role("button", name=f"{language.save} {number}"))
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    for side, total in enumerate(totals):
        expect(page.get_by_test_id(f"total-{side}")).to_have_text(shown(total))
    fits(page)


def shoot_whole(page: Page, name: str) -> None:
    """helpers.shoot's light and dark screenshots, of a phone as tall as the page: a full-page
    screenshot of a phone's height leaves the hand form's sticky save bar in the middle of the
    page, over the fields under it (the page as nobody sees it)."""
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


def test_a_buraco_game_tied_at_the_target_plays_another_hand_in_portuguese_at_320_px(
    keeper: Scorekeeper,
) -> None:
    """Ana and Bia alone, to 3,000 (the default), RULINGS 16's scores: clean canastra 200,
    dirty 100, clean ace-to-king run 500, + the cards melded, − the cards in hand, batida +100,
    morto never taken −100. With two players, whoever went out holds no cards.

    Hand 1 (RULINGS' worked hand, for two): Ana went out with 2 clean and 1 dirty, 640 melded:
      400 + 100 + 640 + 100 = 1,240. Bia: 1 dirty, 280 melded, 95 in hand, no morto:
      100 + 280 − 95 − 100 = 185. Totals 1,240 and 185: 1,760 and 2,815 to go.
    Hand 2: Bia went out with a clean run ace to king, 2 clean and 1 dirty, 1,050 melded:
      500 + 400 + 100 + 1,050 + 100 = 2,150. Ana: 1 clean, 1 dirty, 410 melded, 60 in hand:
      200 + 100 + 410 − 60 = 650. Totals 1,890 and 2,335: 1,110 and 665 to go.
    Hand 3: Ana went out with 2 clean and 1 dirty, 610 melded: 400 + 100 + 610 + 100 = 1,210.
      Bia: 1 clean, 2 dirty, 480 melded, 115 in hand: 200 + 200 + 480 − 115 = 765.
      Totals 3,100 and 3,100: both past 3,000, but the highest is not one side's alone, so
      the game goes on and another hand decides.
    Hand 4: Bia went out with 1 clean and 1 dirty, 355 melded: 200 + 100 + 355 + 100 = 755.
      Ana: 1 dirty, 230 melded, 70 in hand, no morto: 100 + 230 − 70 − 100 = 160.
      Totals 3,260 and 3,855: Bia alone is highest, past 3,000. Bia wins.
    """
    page = keeper.page
    page.set_viewport_size({"width": 320, "height": 700})
    speak(keeper, PORTUGUESE)
    start(keeper, PORTUGUESE, "buraco", ANA_BIA, team_size=1)
    expect(page.get_by_test_id("to-go-0")).to_have_text(shown(3000))

    play(
        keeper,
        PORTUGUESE,
        1,
        [
            {"went_out": True, "clean_canastas": 2, "dirty_canastas": 1, "meld_points": 640},
            {"dirty_canastas": 1, "meld_points": 280, "hand_points": 95, "morto_not_taken": True},
        ],
        preview=[1240, 185],
        totals=[1240, 185],
        shot="buraco-hand-form",
    )
    expect(page.get_by_test_id("to-go-0")).to_have_text(shown(1760))
    expect(page.get_by_test_id("to-go-1")).to_have_text(shown(2815))
    expect(page.locator(".total-card .to-go").first).to_have_text(f"faltam {shown(1760)}")

    play(
        keeper,
        PORTUGUESE,
        2,
        [
            {"clean_canastas": 1, "dirty_canastas": 1, "meld_points": 410, "hand_points": 60},
            {
                "went_out": True,
                "ace_to_king_canastas": 1,
                "clean_canastas": 2,
                "dirty_canastas": 1,
                "meld_points": 1050,
            },
        ],
        preview=[650, 2150],
        totals=[1890, 2335],
    )
    expect(page.get_by_test_id("to-go-0")).to_have_text(shown(1110))
    expect(page.get_by_test_id("to-go-1")).to_have_text(shown(665))

    play(
        keeper,
        PORTUGUESE,
        3,
        [
            {"went_out": True, "clean_canastas": 2, "dirty_canastas": 1, "meld_points": 610},
            {"clean_canastas": 1, "dirty_canastas": 2, "meld_points": 480, "hand_points": 115},
        ],
        preview=[1210, 765],
        totals=[3100, 3100],
    )
    # Tied at the target: no winner, the next hand is asked for, and the board says why.
    expect(page.locator(".banner")).to_have_count(0)
    expect(page.locator(".lead-mark")).to_have_count(0)
    expect(page.get_by_role("link", name=f"{PORTUGUESE.enter} 4")).to_be_visible()
    expect(page.get_by_test_id("tie-line")).to_have_text(PORTUGUESE.words(TIED, total=shown(3100)))
    expect(page.locator("[data-testid^=to-go-]")).to_have_count(0)
    keeper.check_once("buraco-board-tied")
    shoot(page, "buraco-board-tied")

    play(
        keeper,
        PORTUGUESE,
        4,
        [
            {"dirty_canastas": 1, "meld_points": 230, "hand_points": 70, "morto_not_taken": True},
            {"went_out": True, "clean_canastas": 1, "dirty_canastas": 1, "meld_points": 355},
        ],
        preview=[160, 755],
        totals=[3260, 3855],
    )
    expect(page.locator(".banner .banner-title")).to_have_text(
        PORTUGUESE.winner.format(names="Bia")
    )
    expect(page.locator(".total-card.leading .lead-mark")).to_have_text("Vencedor")
    expect(page.get_by_test_id("tie-line")).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile(f"^{PORTUGUESE.enter} "))).to_have_count(0)
    keeper.check_once("buraco-board-over")
    shoot(page, "buraco-board-over")
    score = the_game(page).score()
    assert score.totals == {"Ana": 3260, "Bia": 3855}
    assert score.winners == ["Bia"]


def expect_standing(page: Page, hand: int, line: str) -> None:
    """Between hands of the tournament game: the badge's "Hand 2 of 3" and the difference with
    the victory points it would give, in Italian."""
    badge = page.locator(".row-between .badge")
    expect(badge).to_have_text(ITALIAN.words(HAND_OF, hand=ITALIAN.hand, number=hand, hands=3))
    expect(page.get_by_test_id("victory-line")).to_have_text(
        f"{line} {ITALIAN.words(IN_VICTORY_POINTS)}"
    )


def test_a_burraco_tournament_game_of_three_hands_ends_in_victory_points_in_italian(
    keeper: Scorekeeper,
) -> None:
    """Anna & Carla (N/S) against Bruno & Dario (E/W), house rule `hands` = 3, RULINGS 17's
    scores: burraco pulito 200, semipulito 150, sporco 100, + the cards melded, − the cards in
    hand, chiusura +100, pozzetto never taken −100. Victory points by the 3-hand column.

    Hand 1 (RULINGS' worked hand): N/S closed with 1 clean, 1 semi-clean and 2 dirty, 705
      melded, 40 in the partner's hand: 200 + 150 + 200 + 705 − 40 + 100 = 1,315. E/W, no
      burraco, 215 melded, 85 in hand, no pozzetto: 215 − 85 − 100 = 30.
      1,315 – 30: D = 1,285, over 1,250 up to 1,500: 19 – 1.
    Hand 2: E/W closed with 2 clean and 1 dirty, 620 melded, 30 in hand:
      400 + 100 + 620 − 30 + 100 = 1,190. N/S: 1 dirty, 310 melded, 85 in hand:
      100 + 310 − 85 = 325. 1,640 – 1,220: D = 420, over 350 up to 500: 14 – 6 (the issue's
      "N/S +420: 14 – 6").
    Hand 3: N/S closed with 1 clean, 85 melded, 45 in hand: 200 + 85 − 45 + 100 = 340.
      E/W: 140 melded, 115 in hand: 25. 1,980 – 1,245 (RULINGS' example): D = 735, over 650
      up to 800: N/S 16, E/W 4, and N/S win.
    """
    page = keeper.page
    page.set_viewport_size({"width": 360, "height": 780})
    speak(keeper, ITALIAN)
    start(keeper, ITALIAN, "burraco", NORTH_EAST_SOUTH_WEST, team_size=2, house_rules={"hands": 3})
    expect(page.locator(".total-card .side-name")).to_have_text([NORTH_SOUTH, EAST_WEST])

    play(
        keeper,
        ITALIAN,
        1,
        [
            {
                "went_out": True,
                "clean_burracos": 1,
                "semi_clean_burracos": 1,
                "dirty_burracos": 2,
                "meld_points": 705,
                "hand_points": 40,
            },
            {"meld_points": 215, "hand_points": 85, "pozzetto_not_taken": True},
        ],
        preview=[1315, 30],
        totals=[1315, 30],
        shot="burraco-hand-form",
    )
    as_it_stands = {"side": NORTH_SOUTH, "leading": 19, "other": 1, "difference": shown(1285)}
    expect_standing(page, 2, ITALIAN.words(AS_IT_STANDS, **as_it_stands))

    play(
        keeper,
        ITALIAN,
        2,
        [
            {"dirty_burracos": 1, "meld_points": 310, "hand_points": 85},
            {
                "went_out": True,
                "clean_burracos": 2,
                "dirty_burracos": 1,
                "meld_points": 620,
                "hand_points": 30,
            },
        ],
        preview=[325, 1190],
        totals=[1640, 1220],
    )
    as_it_stands = {"side": NORTH_SOUTH, "leading": 14, "other": 6, "difference": "420"}
    expect_standing(page, 3, ITALIAN.words(AS_IT_STANDS, **as_it_stands))
    keeper.check_once("burraco-board-hand-3")
    shoot(page, "burraco-board-hand-3")

    play(
        keeper,
        ITALIAN,
        3,
        [
            {"went_out": True, "clean_burracos": 1, "meld_points": 85, "hand_points": 45},
            {"meld_points": 140, "hand_points": 115},
        ],
        preview=[340, 25],
        totals=[1980, 1245],
    )
    expect(page.locator(".banner .banner-title")).to_have_text(
        ITALIAN.winner.format(names=NORTH_SOUTH)
    )
    expect(page.get_by_test_id("victory-result")).to_have_text(
        ITALIAN.words(VICTORY_RESULT, points="16 – 4")
    )
    for side, points in enumerate((16, 4)):
        expect(page.get_by_test_id(f"victory-points-{side}")).to_have_text(str(points))
    expect(page.locator(".total-card .victory-points")).to_have_text(
        [
            ITALIAN.plural(VICTORY_POINT, VICTORY_POINTS, points, side=side, points=points)
            for side, points in enumerate((16, 4))
        ]
    )
    expect(page.get_by_test_id("victory-line")).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile(f"^{ITALIAN.enter} "))).to_have_count(0)
    shoot(page, "burraco-board-over-360")

    # The finished scoreboard on a wider phone: 390 px.
    page.set_viewport_size({"width": 390, "height": 844})
    keeper.check_once("burraco-board-over-390")
    shoot(page, "burraco-board-over-390")
    score = the_game(page).score()
    assert score.totals == {NORTH_SOUTH: 1980, EAST_WEST: 1245}
    assert score.winners == [NORTH_SOUTH]
