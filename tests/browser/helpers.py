"""A scorekeeper at the table: taps through the screens the way a player would, counting taps."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page, expect

from .conftest import SCREENS

PASSWORD = "table-companion-42"


def shoot(page: Page, name: str) -> None:
    """Full-page screenshots in light and dark, in artifacts/screens/."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SCREENS / f"{name}-{scheme}.png"), full_page=True)
    page.emulate_media(color_scheme="light")


def shown(number: int) -> str:
    """A number as the screens write it: thousands separators and a real minus sign."""
    return f"{number:,}".replace("-", "\N{MINUS SIGN}")


#: One side's hand: tally field name -> value. Counts are tapped in with the steppers, yes/no
#: fields with their toggle, card points are typed. {"total": n} uses "Just the total".
Tally = Mapping[str, int | bool]


@dataclass
class Scorekeeper:
    page: Page
    check: Callable[[str], None] | None = None
    taps: int = 0
    digits: int = 0
    checked: set[str] = field(default_factory=set)

    # -- taps ----------------------------------------------------------------------------------

    def tap(self, locator: Locator) -> None:
        locator.tap()
        self.taps += 1

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

    def new_game(
        self,
        slug: str,
        players: Sequence[str],
        first_dealer: int = 0,
        chips: bool = False,
    ) -> None:
        """From home: New game, the rule set, the players in seat order, the first dealer."""
        page = self.page
        page.goto("/")
        self.check_once("home-logged-in")
        self.tap(page.get_by_role("link", name="New game"))
        expect(page.get_by_role("heading", name="New game")).to_be_visible()
        self.tap(page.locator(f"label.choice:has(input[value='{slug}'])"))
        expect(page.locator(f"input[name=rules][value='{slug}']")).to_be_checked()
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
        self.check_once("new-game")
        self.tap(page.get_by_role("button", name="Start the game"))
        expect(page).to_have_url(re.compile(r"/games/\d+/$"))

    # -- a hand --------------------------------------------------------------------------------

    def open_next_hand(self, word: str, number: int) -> None:
        page = self.page
        self.tap(page.get_by_role("link", name=f"Enter {word.lower()} {number}"))
        expect(page.get_by_role("heading", name=f"{word} {number}")).to_be_visible()

    def fill_side(self, side: int, tally: Tally) -> None:
        """Tap one side's tally in: a count of one is a tap on "+", a bigger count is typed
        (a tap on its box, then the digits), card points are typed, yes/no is a toggle, and a
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
            if not box.is_visible():  # a rare field, folded under "More: ..."
                self.tap(panel.locator("details.more > summary"))
                expect(box).to_be_visible()
            kind = box.get_attribute("type")
            if kind == "checkbox":
                if box.is_checked() != bool(value):
                    self.tap(panel.locator(f"label.toggle:has([name='s{side}-{name}'])"))
                expect(box).to_be_checked(checked=bool(value))
            elif kind == "number":
                stepper = panel.locator(f".stepper:has([name='s{side}-{name}'])")
                more = stepper.get_by_role("button", name=re.compile(r"^One more: "))
                if int(value) >= 2:
                    self.tap(box)
                    self.type_digits(str(value))
                else:
                    for _ in range(int(value)):
                        self.tap(more)
                expect(box).to_have_value(str(value) if value else "")
            else:
                self.tap(box)
                self.type_digits(str(value))
                expect(box).to_have_value(str(value))

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
