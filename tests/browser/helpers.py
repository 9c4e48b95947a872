"""A scorekeeper at the table: taps through the screens the way a player would, counting taps."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Locator, Page, expect

from .conftest import SCREENS

PASSWORD = "table-companion-42"
#: Two taps closer than this (px) and sooner than this (s) make a double tap in Chromium.
DOUBLE_TAP_SLOP = 100
DOUBLE_TAP_SECONDS = 0.45


def shoot(page: Page, name: str) -> None:
    """Full-page screenshots in light and dark, in artifacts/screens/."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SCREENS / f"{name}-{scheme}.png"), full_page=True, scale="css")
    page.emulate_media(color_scheme="light")


def shown(number: int) -> str:
    """A number as the screens write it: thousands separators and a real minus sign."""
    return f"{number:,}".replace("-", "\N{MINUS SIGN}")


class Questions:
    """The page's next question (a confirm), answered the moment it shows and kept as its words.
    Left open, a question stops the page, and an action still waiting on the page then never
    ends: on a busy machine the question can come before a tap's own last step."""

    def __init__(self, page: Page, accept: bool = False) -> None:
        self.page = page
        self.asked: list[str] = []

        def answer(dialog: Any) -> None:
            self.asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        page.once("dialog", answer)

    def first(self, within_s: float = 10) -> str:
        """The question's words, waited for (AssertionError when none came)."""
        deadline = time.monotonic() + within_s
        while not self.asked and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)
        assert self.asked, "no question was asked"
        return self.asked[0]


#: One side's hand: tally field name -> value. Counts are a tap on their choice (bigger ones
#: typed), yes/no fields are their toggle, card points are typed. {"total": n} uses "Just the
#: total".
Tally = Mapping[str, int | bool]

#: House rules picked on the new-game page: rule name -> value (a number, or yes/no).
HouseRules = Mapping[str, int | bool]


@dataclass
class Scorekeeper:
    page: Page
    check: Callable[[str], None] | None = None
    taps: int = 0
    digits: int = 0
    checked: set[str] = field(default_factory=set)
    #: Where on the screen (None: unknown) and when (time.monotonic) the last tap landed.
    last_tap: tuple[tuple[float, float] | None, float] | None = None

    # -- taps ----------------------------------------------------------------------------------

    def tap(self, locator: Locator) -> None:
        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        spot = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2) if box else None
        self.not_a_double_tap(spot)
        locator.tap()
        self.taps += 1
        self.last_tap = (spot, time.monotonic())

    def not_a_double_tap(self, spot: tuple[float, float] | None) -> None:
        """Wait before a tap on the spot of the screen just tapped. Chromium takes two taps
        there within its double-tap time for a double tap, focuses the box and then drops the
        keys typed into it (a seat tapped, the page scrolled, the house rule's box under the
        same finger). A hand that scrolls between two taps is never that fast."""
        if self.last_tap is None:
            return
        last, when = self.last_tap
        near = spot is None or last is None or math.dist(spot, last) < DOUBLE_TAP_SLOP
        wait = when + DOUBLE_TAP_SECONDS - time.monotonic()
        if near and wait > 0:
            time.sleep(wait)

    def type_digits(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.digits += len(text)

    def check_once(self, name: str) -> None:
        """Run the page checks (axe, overflow, tap targets, screenshot) the first time."""
        if self.check is not None and name not in self.checked:
            self.checked.add(name)
            self.check(name)

    # -- accounts ------------------------------------------------------------------------------

    def sign_up(self, username: str = "scorer") -> None:
        page = self.page
        page.goto("/")
        self.check_once("home-logged-out")
        self.tap(page.get_by_role("link", name="Create an account"))
        expect(page.get_by_role("heading", name="Create an account")).to_be_visible()
        self.check_once("signup")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password", exact=True).fill(PASSWORD)
        page.get_by_label("Password confirmation").fill(PASSWORD)
        self.tap(page.get_by_role("button", name="Sign up"))
        expect(page.get_by_role("heading", name="My games")).to_be_visible()

    def log_in(self, username: str, password: str = PASSWORD) -> None:
        page = self.page
        page.goto("/accounts/login/")
        self.check_once("login")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(password)
        self.tap(page.get_by_role("button", name="Log in"))
        expect(page.get_by_role("heading", name="My games")).to_be_visible()

    # -- a new game ----------------------------------------------------------------------------

    def pick_game(self, slug: str) -> None:
        """On the new-game page: the game's name, first opening "More games" where it is."""
        page = self.page
        chip = page.locator(f"label.choice:has(input[value='{slug}'])")
        if not chip.is_visible():
            self.tap(page.locator("details.more-games > summary"))
        self.tap(chip)
        expect(page.locator(f"input[name=rules][value='{slug}']")).to_be_checked()

    def new_game(
        self,
        slug: str,
        players: Sequence[str],
        first_dealer: int = 0,
        chips: bool = False,
        house_rules: HouseRules | None = None,
        team_size: int | None = None,
        start: bool = True,
    ) -> None:
        """From home: New game, the rule set, the players in seat order, the team size and
        the house rules when given, the first dealer, then Start (unless `start` is False:
        the test looks at the page first and calls `start_game`)."""
        page = self.page
        page.goto("/")
        self.check_once("home-logged-in")
        self.tap(page.get_by_role("link", name="New game"))
        expect(page.get_by_role("heading", name="New game")).to_be_visible()
        self.pick_game(slug)
        if chips:
            for name in players:
                chip = page.locator("#roster .chip", has_text=re.compile(f"^{name}$"))
                self.tap(chip)
                expect(chip).to_have_attribute("aria-pressed", "true")
        else:
            for seat, name in enumerate(players):
                box = page.locator(f"#id_seat{seat}")
                if not box.is_visible():
                    self.tap(page.get_by_role("button", name="More seats"))
                self.tap(box)
                page.keyboard.type(name)
        for seat, name in enumerate(players):
            expect(page.locator(f"#id_seat{seat}")).to_have_value(name)
        dealer = page.locator("#id_first_dealer")
        expect(dealer.locator("option").nth(first_dealer)).to_have_text(
            f"Seat {first_dealer + 1}: {players[first_dealer]}"
        )
        dealer.select_option(str(first_dealer))
        if team_size is not None:
            sides = page.locator("#id_team_size")
            self.tap(sides)
            sides.select_option(str(team_size))
        if house_rules:
            self.pick_house_rules(slug, house_rules)
        self.check_once("new-game")
        if start:
            self.start_game()

    def pick_house_rules(self, slug: str, chosen: HouseRules) -> None:
        """On the new-game page, the rule set's "House rules" card: a choice of numbers is a tap
        on its list and the value, a number is typed into its box, yes/no is its toggle."""
        card = self.page.locator(f"fieldset.house-rules[data-show-for='{slug}']")
        expect(card).to_be_visible()
        fields = card.locator("details.house-rule-fields")
        if fields.get_attribute("open") is None:
            self.tap(fields.locator("summary"))
        for rule, value in chosen.items():
            name = f"{slug}--{rule}"
            field = card.locator(f"[name='{name}']")
            if field.get_attribute("type") == "checkbox":
                if field.is_checked() != bool(value):
                    self.tap(card.locator(f"label.toggle:has([name='{name}'])"))
                expect(field).to_be_checked(checked=bool(value))
            elif field.evaluate("(element) => element.tagName") == "SELECT":
                self.tap(field)
                field.select_option(str(value))
                expect(field).to_have_value(str(value))
            else:
                self.tap(field)
                self.type_digits(str(value))
                expect(field).to_have_value(str(value))

    def start_game(self) -> None:
        page = self.page
        self.tap(page.get_by_role("button", name="Start the game"))
        expect(page).to_have_url(re.compile(r"/games/\d+/$"))

    # -- a hand --------------------------------------------------------------------------------

    def open_next_hand(self, word: str, number: int) -> None:
        page = self.page
        self.tap(page.get_by_role("link", name=f"Enter {word.lower()} {number}"))
        expect(page.get_by_role("heading", name=f"{word} {number}")).to_be_visible()

    def fill_side(self, side: int, tally: Tally) -> None:
        """Tap one side's tally in: a count is a tap on its choice (0, 1, 2), a bigger count is
        typed (a tap on its box, then the digits), card points are typed, yes/no is a toggle, and a
        field asked once for the hand ("Who went out?") is a tap on the side's name."""
        page = self.page
        panel = page.locator(f"fieldset.panel[data-side='{side}']")
        if "total" in tally:
            self.tap(panel.locator("label.toggle", has_text="Just the total"))
            box = panel.get_by_label("Hand score for")
            expect(box).to_be_visible()
            self.tap(box)
            self.type_digits(str(tally["total"]))
            return
        for name, value in tally.items():
            choice = page.locator(f"fieldset.who input[name='{name}'][value='{side}']")
            if choice.count():
                if value:
                    self.tap(
                        page.locator(
                            f"fieldset.who label.pill:has([name='{name}'][value='{side}'])"
                        )
                    )
                    expect(choice).to_be_checked()
                continue
            box = panel.locator(f"[name='s{side}-{name}']")
            # A rare field, folded under "More: ..." (a count's box may be hidden: its row shows).
            row = panel.locator(f".field-row:has([name='s{side}-{name}'])")
            if not row.is_visible():
                self.tap(panel.locator("details.more > summary"))
                expect(row).to_be_visible()
            kind = box.get_attribute("type")
            if kind == "checkbox":
                if box.is_checked() != bool(value):
                    self.tap(panel.locator(f"label.toggle:has([name='s{side}-{name}'])"))
                expect(box).to_be_checked(checked=bool(value))
            elif kind == "number":
                self.fill_count(panel, f"s{side}-{name}", int(value))
            else:
                self.tap(box)
                self.type_digits(str(value))
                expect(box).to_have_value(str(value))

    def fill_count(self, panel: Locator, name: str, value: int) -> None:
        """A count: one tap on its choice when it shows one (a blank count of 0 is left alone),
        else a tap on its box and the digits."""
        box = panel.locator(f"[name='{name}']")
        choice = self.count_choice(panel, name, value)
        if box.input_value() in ((str(value),) if value else ("", "0")):
            return  # already there (a second tap on a chosen count takes it back)
        chosen = panel.locator(f".count-box:has([name='{name}']) [aria-pressed=true]")
        if choice.is_visible():
            self.tap(choice)
            expect(choice).to_have_attribute("aria-pressed", "true")
            expect(box).to_have_value(str(value))
        elif value == 0 and chosen.is_visible():  # no 0 on a narrow row: the chosen count again
            self.tap(chosen)
            expect(box).to_have_value("0")
        else:
            self.tap(box)
            self.type_digits(str(value))
            expect(box).to_have_value(str(value))

    def count_choice(self, panel: Locator, name: str, value: int) -> Locator:
        """The one-tap choice of `value` for the count named `name`."""
        row = panel.locator(f".count-box:has([name='{name}'])")
        return row.locator(f"button.count-choice[data-choice='{value}']")

    def fill_total(self, side: int, score: int) -> None:
        """A score pad's one number for a side: a tap on its big box, the digits, and for a
        minus score a tap on the sign button (a phone's number pad has no minus key)."""
        panel = self.page.locator(f"fieldset.panel[data-side='{side}']")
        box = panel.locator(".big-number")
        self.tap(box)
        self.type_digits(str(abs(score)))
        if score < 0:
            self.tap(panel.locator("[data-sign-toggle]"))
        expect(box).to_have_value(str(score))

    def play_pad_hand(
        self, number: int, scores: Sequence[int], totals: Sequence[int], name: str | None = None
    ) -> None:
        """Enter score pad hand `number` (one signed score per side), check the preview, save,
        check the board (a score pad has no opening minimum)."""
        self.open_next_hand("Hand", number)
        for side, score in enumerate(scores):
            self.fill_total(side, score)
        self.expect_preview(scores)
        if name:
            self.check_once(f"{name}-hand-{number}-form")
        self.save("Hand", number)
        self.expect_board(totals, None)

    def expect_preview(self, scores: Sequence[int]) -> None:
        for side, score in enumerate(scores):
            expect(self.page.get_by_test_id(f"preview-{side}")).to_have_text(shown(score))

    def save(self, word: str, number: int) -> None:
        page = self.page
        self.tap(page.get_by_role("button", name=f"Save {word.lower()} {number}"))
        expect(page).to_have_url(re.compile(r"/games/\d+/$"))

    def play_hand(
        self,
        word: str,
        number: int,
        tallies: Sequence[Tally],
        preview: Sequence[int],
        totals: Sequence[int],
        minimums: Sequence[int] | None = None,
        name: str | None = None,
    ) -> None:
        """Enter hand `number` by tapping, check the live preview, save, check the board."""
        self.open_next_hand(word, number)
        for side, tally in enumerate(tallies):
            self.fill_side(side, tally)
        self.expect_preview(preview)
        if name:
            self.check_once(f"{name}-{word.lower()}-{number}-form")
        self.save(word, number)
        self.expect_board(totals, minimums)

    def expect_board(self, totals: Sequence[int], minimums: Sequence[int] | None) -> None:
        page = self.page
        for side, total in enumerate(totals):
            expect(page.get_by_test_id(f"total-{side}")).to_have_text(shown(total))
        if minimums is None:
            expect(page.locator("[data-testid^=minimum-]")).to_have_count(0)
        else:
            for side, minimum in enumerate(minimums):
                expect(page.get_by_test_id(f"minimum-{side}")).to_have_text(shown(minimum))

    def expect_winner(self, text: str) -> Locator:
        banner = self.page.locator(".banner")
        expect(banner.locator(".banner-title")).to_have_text(text)
        expect(self.page.get_by_role("link", name=re.compile(r"^Enter "))).to_have_count(0)
        return banner


#: Issue 19's typical hand (Pennies From Heaven, partners).
#: Ann & Cy: out 200 + 2 natural 1,000 + 1 unnatural 300 + 1 seven 1,000 + 2 red threes 200
#:   + 1,450 on the table = 4,150. Bob & Di: 1 natural 500 + 1 red three 100 + 900 - 125 = 1,375.
TYPICAL_HAND = [
    {
        "went_out": True,
        "natural_canastas": 2,
        "unnatural_canastas": 1,
        "seven_canastas": 1,
        "red_threes": 2,
        "meld_points": 1450,
    },
    {"natural_canastas": 1, "red_threes": 1, "meld_points": 900, "hand_points": 125},
]


def fits(page: Page) -> None:
    """Nothing scrolls sideways at the phone's own width."""
    size = page.viewport_size
    assert size is not None
    scroll, inner = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll <= size["width"] and inner <= size["width"], (
        f"{page.url} scrolls sideways at {size['width']} px: scrollWidth {scroll}"
    )


def logged_in_keeper(
    page: Page,
    base_url: str,
    user: Any,
    checker: Callable[[str], None],
    checked: Callable[[str], bool] = lambda name: True,
) -> Scorekeeper:
    """`user` at the table, already logged in on the phone (a session cookie: logging in is
    not what a game's test is about, and each login saved is a second). The page checks run
    on the pages `checked` names, at the test's own width, which they leave at 390 px: it is
    put back, and the page must fit it too."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base_url}]
    )

    def check(name: str) -> None:
        if not checked(name):
            return
        size = page.viewport_size
        assert size is not None
        checker(name)
        page.set_viewport_size(size)
        # The phone's width back before measuring: the page lays itself out again first.
        page.wait_for_function("(width) => window.innerWidth === width", arg=size["width"])
        fits(page)

    return Scorekeeper(page, check)
