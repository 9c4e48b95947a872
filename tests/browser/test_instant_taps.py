"""Issue 21: 150 ms from the server, a tap on a count's choice or on "who went out" shows the new
hand score in the frame of the tap (from the table of likely taps the last preview carried),
marked pending, and the server's own preview then shows the same."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, Route, expect

from games.forms import seat_sides
from games.models import Game
from games.rules import get_rule_set

from .helpers import PASSWORD, Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LATENCY_MS = 150

#: In the page: tap the element (a real click, app.js then asks for the preview), and report the
#: scores before, straight after the tap's handlers, and at the next animation frame (before
#: the browser paints), with the preview's pending mark.
TAP_JS = """(selector) => new Promise((resolve) => {
    const scores = () => [...document.querySelectorAll("#preview .preview-score")]
        .map((score) => score.textContent);
    const before = scores();
    document.querySelector(selector).click();
    const preview = document.getElementById("preview");
    const marked = {
        busy: preview.getAttribute("aria-busy"),
        pending: preview.classList.contains("pending"),
    };
    requestAnimationFrame(() => resolve({before, frame: scores(), ...marked}));
})"""

#: Pennies From Heaven, partners, hand 1, one count at a time: Ann & Cy 1 then 2 natural canastas
#: and a red three, Bob & Di a natural canasta, then Ann & Cy went out (refused: no seven canasta
#: yet), then nobody went out, then Bob & Di a red three.
TAPS = [
    "[name='s0-natural_canastas']",
    "[name='s0-natural_canastas']",
    "[name='s0-red_threes']",
    "[name='s1-natural_canastas']",
    "input[name='went_out'][value='0']",
    "input[name='went_out'][value='']",
    "[name='s1-red_threes']",
]
CHOICES = {0: "1", 1: "2", 2: "1", 3: "1", 6: "1"}
#: The tap the engine refuses (going out without a seven canasta).
REFUSED = 4


def selector(index: int) -> str:
    """The element tap `index` lands on: a count's one-tap choice, or a "who went out" radio."""
    target = TAPS[index]
    if index not in CHOICES:
        return target
    return f".count-box:has({target}) button.count-choice[data-choice='{CHOICES[index]}']"


def partnership_game(owner: Any) -> Game:
    players = ["Ann", "Bob", "Cy", "Di"]
    setup = get_rule_set("pfh-partnership").new_game(players, seat_sides(players, 2))
    return Game.start(owner, setup, "Ann")


@pytest.fixture
def far_phone(page: Page) -> Page:
    """A logged-in phone 150 ms from the server (Chromium's own network emulation)."""
    owner = get_user_model().objects.create_user("scorer", password=PASSWORD)
    Scorekeeper(page).log_in("scorer")
    game = partnership_game(owner)
    cdp: Any = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": LATENCY_MS, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    page.goto(f"/games/{game.pk}/hands/new/")
    return page


def test_each_tap_shows_its_score_in_the_frame_of_the_tap_and_the_server_agrees(
    far_phone: Page,
) -> None:
    page = far_phone
    preview = page.locator("#preview")
    scores = page.locator("#preview .preview-score")

    for index in range(len(TAPS)):
        tapped = page.evaluate(TAP_JS, selector(index))

        assert tapped["frame"] != tapped["before"], f"tap {index}: nothing changed in its frame"
        assert tapped["busy"] == "true" and tapped["pending"], f"tap {index}: not marked pending"
        expect(preview).not_to_have_attribute("aria-busy", "true")
        if "…" not in tapped["frame"]:  # a score from the table: the server's is the same
            assert scores.all_inner_texts() == tapped["frame"], f"tap {index}"
        elif index == REFUSED:  # the table's refusal: the server says why, beside the box
            expect(page.locator("#err-went_out")).to_contain_text("goes out")
    expect(scores).to_have_text(["1,100", "600"])


#: Set before any script of the page: whether htmx was there when DOMContentLoaded was fired,
#: and how far the document was when htmx had set itself up (its htmx:load on the body).
WHEN_HTMX_STARTS = """window.htmxAtParseEnd = null;
window.readyStateAtHtmxLoad = null;
document.addEventListener("DOMContentLoaded", () => {
    window.htmxAtParseEnd = "htmx" in window;
});
document.addEventListener("htmx:load", (event) => {
    if (event.target === document.body) window.readyStateAtHtmxLoad = document.readyState;
});"""


def test_htmx_starts_after_the_page_has_loaded_in_a_task_of_its_own(page: Page) -> None:
    owner = get_user_model().objects.create_user("scorer", password=PASSWORD)
    Scorekeeper(page).log_in("scorer")
    game = partnership_game(owner)
    page.add_init_script(WHEN_HTMX_STARTS)

    page.goto(f"/games/{game.pk}/hands/new/")

    page.wait_for_function("() => window.readyStateAtHtmxLoad !== null")
    assert page.evaluate("window.htmxAtParseEnd") is False
    assert page.evaluate("window.readyStateAtHtmxLoad") == "complete"


def test_a_tap_before_htmx_has_started_gets_the_servers_own_preview(page: Page) -> None:
    """A count tapped while htmx is still on its way shows its score from the table, pending;
    nobody has asked the server yet. Once htmx is up the form asks, and the score is the
    server's, no longer pending."""
    owner = get_user_model().objects.create_user("scorer", password=PASSWORD)
    keeper = Scorekeeper(page)
    keeper.log_in("scorer")
    game = partnership_game(owner)
    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:
        if released:  # a fetch of its own after the preload, if the browser makes one
            route.continue_()
        else:
            held.append(route)

    page.route(re.compile(r"/static/js/htmx\b"), hold)

    page.goto(f"/games/{game.pk}/hands/new/", wait_until="commit")
    one = page.locator(f".count-box:has({TAPS[0]}) button.count-choice[data-choice='1']")
    expect(one).to_be_visible()  # app.js has run
    assert held and page.evaluate("!('htmx' in window)")
    keeper.tap(one)
    preview = page.locator("#preview")
    expect(preview).to_have_attribute("aria-busy", "true")
    shown = page.locator("#preview .preview-score").all_inner_texts()

    released = True
    with page.expect_request(re.compile(r"/preview/$")):  # asked once htmx is up
        for route in held:
            route.continue_()
    expect(preview).not_to_have_attribute("aria-busy", "true")
    assert page.locator("#preview .preview-score").all_inner_texts() == shown
    assert page.locator(f"input{TAPS[0]}").input_value() == "1"


#: In the page: tap the element, then report where `watched` sits before the tap, in the tap's
#: frame and 120 ms later (before the server's answer, 150 ms away, can have come).
WHERE_AFTER_TAP_JS = """([selector, watched]) => new Promise((resolve) => {
    const top = () => document.querySelector(watched).getBoundingClientRect().top;
    const before = top();
    document.querySelector(selector).click();
    requestAnimationFrame(() => {
        const frame = top();
        setTimeout(() => resolve({before, frame, later: top()}), 120);
    });
})"""


def test_a_refused_tap_moves_no_box_before_the_servers_answer(far_phone: Page) -> None:
    """A tap the engine refuses shows "…" at once, but not its message: shown in the tap's
    frame (from the table of likely taps), the message pushed every box below it down 76 px as
    the finger was already on its way to the next one. The server's message shows after."""
    page = far_phone
    for index in range(REFUSED):
        page.evaluate(TAP_JS, selector(index))
        expect(page.locator("#preview")).not_to_have_attribute("aria-busy", "true")
    table = page.evaluate("() => JSON.parse(document.getElementById('predictions').textContent)")
    assert table and "0" not in table.get("went_out", {})  # refused: left out of the table

    where = page.evaluate(WHERE_AFTER_TAP_JS, [selector(REFUSED), "[name='s1-red_threes']"])

    assert where["frame"] == where["before"] and where["later"] == where["before"], where
    expect(page.locator("#err-went_out")).to_contain_text("goes out")
