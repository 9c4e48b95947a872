"""Nothing recorded that wasn't played (issue 19): hand entry a tired table can trust.

Back after Save never saves the same hand twice, with Chromium's back/forward cache on (Playwright
turns it off by default), and again with it allowed for no-store pages. (Chromium keeps the hand
form out of the cache today: its answer is no-store and a cookie changed; Back then fetches a
fresh form, and app.js reloads one that the cache did bring back. The server refuses the form
itself sent again: tests/views/test_hand_new.py.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Locator, Page, expect

from games.forms import seat_sides
from games.models import Game, Hand
from games.rules import get_rule_set

from .conftest import CHROMIUM, LAUNCH_ARGS, SCREENS, phone_page
from .helpers import PASSWORD, TYPICAL_HAND, Scorekeeper, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PREVIEW_1 = [4150, 1375]

#: Chromium keeps pages whose answer says no-store out of the back/forward cache unless told.
BFCACHE_FOR_EVERY_PAGE = "--enable-features=CacheControlNoStoreEnterBackForwardCache"


@pytest.fixture(scope="module", params=["bfcache-on", "bfcache-on-for-no-store"])
def bfcache_browser(request: pytest.FixtureRequest, browser) -> Iterator[object]:
    """A second Chromium from the same Playwright as the session's (two sync Playwrights in
    one process refuse to run), with the back/forward cache on."""
    extra = [BFCACHE_FOR_EVERY_PAGE] if request.param == "bfcache-on-for-no-store" else []
    second = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        args=[*LAUNCH_ARGS, *extra],
        ignore_default_args=["--disable-back-forward-cache"],
    )
    yield second
    second.close()


@pytest.fixture
def phone(bfcache_browser, live_server, problems) -> Iterator[Page]:
    with phone_page(bfcache_browser, live_server.url, problems) as page:
        yield page


def at_hand_one(
    page: Page, slug: str, players: list[str], *, first_dealer: str, team_size: int = 2
) -> Scorekeeper:
    """A new game of `slug` kept by a logged-in scorekeeper, on the form of its first hand."""
    owner = get_user_model().objects.create_user("scorer", password=PASSWORD)
    setup = get_rule_set(slug).new_game(players, seat_sides(players, team_size))
    game = Game.start(owner, setup, first_dealer)
    keeper = Scorekeeper(page)
    keeper.log_in("scorer")
    page.goto(f"/games/{game.pk}/")
    keeper.open_next_hand("Hand", 1)
    return keeper


def top_on_page(box: Locator) -> float:
    return box.evaluate("(box) => box.getBoundingClientRect().top + window.scrollY")


def test_back_after_save_never_saves_the_same_hand_again(phone: Page, problems) -> None:
    problems.expect_console_error("status of 422")  # a blank hand 2 is not saved
    get_user_model().objects.create_user("scorer", password=PASSWORD)
    keeper = Scorekeeper(phone)
    keeper.log_in("scorer")
    keeper.new_game("pfh-partnership", ["Ann", "Bob", "Cy", "Di"])
    keeper.play_hand(
        "Hand", 1, TYPICAL_HAND, preview=PREVIEW_1, totals=PREVIEW_1, minimums=[50, 50]
    )

    phone.go_back()
    expect(phone.get_by_role("heading", name=re.compile(r"^Hand \d"))).to_be_visible()
    # Whatever Back showed, a tap on its Save records no second hand 1.
    save = phone.get_by_role("button", name=re.compile(r"^Save hand \d+$"))
    expect(save).to_be_visible()
    expect(phone.locator("[name='s0-natural_canastas']")).to_have_value(re.compile(r"^(2|)$"))
    shown_again = phone.locator("[name='s0-natural_canastas']").input_value() == "2"
    save.tap()
    if shown_again:
        # The very form that was sent: the server refuses it and says so.
        expect(phone.get_by_text("Hand 1 was already saved from this form")).to_be_visible()
    else:
        # A fresh form for hand 2: nothing typed, nothing saved.
        expect(phone.get_by_role("heading", name="Hand 2")).to_be_visible()
    assert Hand.objects.count() == 1
    if shown_again:
        keeper.expect_board(PREVIEW_1, [50, 50])


def test_a_count_far_from_any_real_hand_is_asked_once_with_javascript_off(
    browser, live_server, problems
) -> None:
    owner = get_user_model().objects.create_user("scorer", password=PASSWORD)
    players = ["Ann", "Bob", "Cy", "Di"]
    setup = get_rule_set("pfh-partnership").new_game(players, seat_sides(players, 2))
    game = Game.start(owner, setup, "Ann")
    context = browser.new_context(
        viewport={"width": 360, "height": 780},
        has_touch=True,
        is_mobile=True,
        base_url=live_server.url,
        java_script_enabled=False,
        service_workers="block",
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    problems.attach(page)
    problems.expect_console_error("status of 422")
    keeper = Scorekeeper(page)
    keeper.log_in("scorer")
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("link", name="Enter hand 1").tap()
    typed = {**TYPICAL_HAND[0], "natural_canastas": 20}
    page.locator("fieldset.who label.pill", has_text="Ann & Cy").tap()
    for side, tally in enumerate([typed, TYPICAL_HAND[1]]):
        for name, value in tally.items():
            if name != "went_out":
                page.locator(f"[name='s{side}-{name}']").fill(str(value))
    page.get_by_role("button", name="Save hand 1").tap()

    question = page.locator("#err-s0-natural_canastas")
    expect(question).to_have_text(
        "20 natural canastas in one hand — is that right? Save again if it is."
    )
    expect(page.locator("[name='s0-natural_canastas']")).to_have_value("20")
    question.scroll_into_view_if_needed()
    shoot(page, "hand-unusual-count-asked-360")
    assert Hand.objects.count() == 0
    page.get_by_role("button", name="Save hand 1").tap()

    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    # 20 natural 10,000 + 1 unnatural 300 + 1 seven 1,000 + 2 red threes 200 + out 200 + 1,450.
    expect(page.get_by_test_id("total-0")).to_have_text("13,150")
    context.close()


#: Every box of the Pennies From Heaven form, as typed, by side (a 0 typed too). Ann & Cy: out
#: 200 + 2 natural 1,000 + 1 unnatural 300 + 1 seven 1,000 + 2 red threes 200 + 2,820 = 5,520.
#: Bob & Di: 1 natural 500 + 1 red three 100 - 1 black three 100 + 905 - 125 = 1,280.
EVERY_BOX = [
    {
        "natural_canastas": "2",
        "unnatural_canastas": "1",
        "wild_canastas": "0",
        "ace_canastas": "0",
        "seven_canastas": "1",
        "red_threes": "2",
        "black_threes": "0",
        "meld_points": "2820",
        "hand_points": "0",
        "pennies_red_threes": "0",
    },
    {
        "natural_canastas": "1",
        "unnatural_canastas": "0",
        "wild_canastas": "0",
        "ace_canastas": "0",
        "seven_canastas": "0",
        "red_threes": "1",
        "black_threes": "1",
        "meld_points": "905",
        "hand_points": "125",
        "perfect_deals": "0",
        "pennies_red_threes": "0",
    },
]


def test_digits_typed_into_every_box_of_a_long_form_survive_the_tap_that_focused_it(
    page: Page,
) -> None:
    """At 360x780 with touch: a tap on each box (the last ones just above the save bar), its
    digits, and what is recorded is what was typed."""
    page.set_viewport_size({"width": 360, "height": 780})
    # Bob & Di deal: only they are asked perfect deals.
    keeper = at_hand_one(page, "pfh-partnership", ["Ann", "Bob", "Cy", "Di"], first_dealer="Bob")
    keeper.tap(page.locator("fieldset.who label.pill", has_text="Ann & Cy"))
    for side, boxes in enumerate(EVERY_BOX):
        panel = page.locator(f"fieldset.panel[data-side='{side}']")
        for name, digits in boxes.items():
            box = panel.locator(f"[name='s{side}-{name}']")
            if not box.is_visible():
                keeper.tap(panel.locator("details.more > summary"))
            keeper.tap(box)
            expect(box).to_be_focused()
            keeper.type_digits(digits)
            # The box being typed into stays in sight, above the save bar.
            box_bottom, bar_top = page.evaluate(
                """(box) => [box.getBoundingClientRect().bottom,
                    document.querySelector(".save-bar").getBoundingClientRect().top]""",
                box.element_handle(),
            )
            assert box_bottom <= bar_top + 0.5, (side, name, box_bottom, bar_top)
            expect(box).to_have_value(digits)
    # Nothing typed later moved into another box: every box still holds its own digits.
    for side, boxes in enumerate(EVERY_BOX):
        for name, digits in boxes.items():
            expect(page.locator(f"[name='s{side}-{name}']")).to_have_value(digits)
    keeper.expect_preview([5520, 1280])
    keeper.save("Hand", 1)

    recorded = {
        (side, field): value
        for side, field, value in Hand.objects.get().entries.values_list("side", "field", "value")
    }
    for side, boxes in enumerate(EVERY_BOX):
        for name, digits in boxes.items():
            assert recorded.get((side, name), 0) == int(digits), (side, name)
    keeper.expect_board([5520, 1280], [50, 50])


def test_a_sum_typed_into_a_points_box_shows_what_it_comes_to(page: Page) -> None:
    keeper = at_hand_one(page, "miromar-canasta", ["Ann", "Bob", "Cy", "Di"], first_dealer="Ann")
    keeper.tap(page.locator("fieldset.who label.pill", has_text="Ann & Cy"))
    keeper.fill_side(0, {"natural_canastas": 2})
    box = page.locator("[name='s0-meld_points']")
    keeper.tap(box)
    keeper.type_digits("1200+250")

    expect(page.locator("#sum-id_s0-meld_points")).to_have_text("= 1,450")
    # Out 200 + 2 natural 1,000 + 1,450 = 2,650.
    expect(page.get_by_test_id("preview-0")).to_have_text("2,650")
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 640})
        box.evaluate("(box) => box.scrollIntoView({block: 'center'})")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=str(SCREENS / f"hand-sum-typed-{width}-{scheme}.png"), scale="css")
    page.emulate_media(color_scheme="light")
    keeper.save("Hand", 1)
    assert Hand.objects.get().entries.get(side=0, field="meld_points").value == 1450


#: In the page: after each preview swap, what the meld box's message says and where the box
#: below it stands, read in the swap's own turn (before any later timer can change either).
WATCH_SWAPS = """() => {
    window.swaps = [];
    document.body.addEventListener("htmx:afterSwap", () => window.swaps.push({
        message: document.getElementById("err-s0-meld_points").textContent,
        below: document.querySelector("[name='s0-hand_points']").getBoundingClientRect().top
            + window.scrollY,
    }));
}"""
ANSWERED = "() => window.swaps.length && !document.querySelector('#preview[aria-busy=true]')"


def test_a_half_typed_number_moves_nothing_under_the_finger_reaching_for_the_next_box(
    page: Page,
) -> None:
    """ "52" on its way to "520" is no slip yet: its message waits until the box is left, so the
    box below stays where the finger is going. Left at "52", the box says why at once."""
    page.set_viewport_size({"width": 320, "height": 640})
    keeper = at_hand_one(page, "canasta", ["Ann", "Bob"], team_size=1, first_dealer="Ann")
    meld = page.locator("[name='s0-meld_points']")
    below = page.locator("[name='s0-hand_points']")
    message = page.locator("#err-s0-meld_points")
    keeper.tap(meld)
    where_below = top_on_page(below)
    page.evaluate(WATCH_SWAPS)

    keeper.type_digits("52")
    page.wait_for_function(ANSWERED)
    answered = page.evaluate("window.swaps")
    assert answered[-1] == {"message": "", "below": where_below}, answered
    expect(meld).to_be_focused()

    keeper.type_digits("0")
    expect(page.get_by_test_id("preview-0")).to_have_text("520")
    assert all(
        swap == {"message": "", "below": where_below} for swap in page.evaluate("window.swaps")
    )

    # Left at "520", the box has nothing to say.
    keeper.tap(below)
    expect(page.get_by_test_id("preview-0")).to_have_text("520")
    expect(message).to_be_empty()

    # Back to "52" and on to the next box: the slip is named under the box it is in.
    keeper.tap(meld)
    page.keyboard.press("End")
    page.evaluate("window.swaps = []")
    page.keyboard.press("Backspace")
    expect(meld).to_have_value("52")
    page.wait_for_function(ANSWERED)
    expect(message).to_be_empty()
    keeper.tap(below)
    expect(message).to_have_text("Card points on the table must be a multiple of 5 (it is 52)")
    shoot(page, "hand-half-typed-left-320")
    # Put right while typing, the message goes blank with the key that mends it (its lines kept
    # until the box is left), and is gone once it is.
    keeper.tap(meld)
    page.keyboard.press("End")
    keeper.type_digits("0")
    expect(page.get_by_test_id("preview-0")).to_have_text("520")
    expect(message).to_be_hidden()
    expect(meld).to_be_focused()
    keeper.tap(below)
    expect(message).to_be_empty()


def test_a_message_the_box_already_shows_keeps_its_room_while_the_box_is_typed_into(
    page: Page,
) -> None:
    """A mixed canasta with no card points yet is refused under the card points box. Typing
    "520" there mends it: the message goes blank at once but keeps its lines until the box is
    left, so the next box is where the finger is going, and the digits typed into it land."""
    page.set_viewport_size({"width": 320, "height": 640})
    keeper = at_hand_one(page, "canasta", ["Ann", "Bob"], team_size=1, first_dealer="Ann")
    panel = page.locator("fieldset.panel[data-side='0']")
    meld = page.locator("[name='s0-meld_points']")
    below = page.locator("[name='s0-hand_points']")
    message = page.locator("#err-s0-meld_points")
    keeper.fill_count(panel, "s0-mixed_canastas", 1)
    expect(message).to_contain_text("card points on the table can't be 0")
    keeper.tap(meld)
    where_below = top_on_page(below)
    page.evaluate(WATCH_SWAPS)

    keeper.type_digits("520")
    expect(page.get_by_test_id("preview-0")).to_have_text("820")
    swaps = page.evaluate("window.swaps")
    assert swaps and all(swap["below"] == where_below for swap in swaps), swaps
    expect(message).to_be_hidden()

    keeper.tap(below)
    keeper.type_digits("95")
    expect(below).to_have_value("95")
    expect(message).to_be_empty()
    expect(meld).to_have_value("520")


EIGHT = ["Margaret", "Harold", "Bartholomew", "Bernadette", "Dolores", "Frank", "Cy", "Di"]


def test_a_refusal_opens_at_the_box_it_names_and_leaves_once_the_box_is_fixed(
    page: Page, problems
) -> None:
    problems.expect_console_error("the server responded with a status of 422")
    keeper = at_hand_one(page, "score-pad", EIGHT, first_dealer="Margaret", team_size=1)
    for number, width in enumerate((320, 390), start=1):  # the narrowest and the widest
        page.set_viewport_size({"width": width, "height": 640})
        if number > 1:
            keeper.open_next_hand("Hand", number)
        for side in range(6):
            keeper.fill_total(side, 10 * (side + 1))
        keeper.fill_total(6, 99999999999)
        keeper.fill_total(7, 5)
        keeper.tap(page.locator("[data-save]"))

        expect(page.locator("#not-saved .alert")).to_contain_text("Not saved.")
        named = page.locator("[name='s6-total']")
        expect(named).to_be_in_viewport()
        expect(page.locator("#err-s6-total")).not_to_have_text("")
        shoot(page, f"refusal-at-its-box-{width}")

        named.fill("")
        keeper.tap(named)
        keeper.type_digits("70")
        keeper.tap(page.locator("[name='s7-total']"))

        expect(page.locator("#not-saved .alert")).to_have_count(0)
        keeper.save("Hand", number)
    assert Hand.objects.count() == 2
