"""Fewer taps, bigger targets (issue 19): the typical hand counted tap by tap, and the form's
targets measured on a phone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from games.forms import seat_sides
from games.hand_panels import CHOICES_MOST
from games.models import Game, Hand
from games.rules import get_rule_set

from .conftest import SCREENS
from .helpers import PASSWORD, TYPICAL_HAND, Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Most taps for the issue's typical hand, from the scoreboard back to the scoreboard.
MOST_TAPS = 12


def game_of(slug: str, players: list[str], team_size: int, dealer: str) -> Game:
    owner = get_user_model().objects.get(username="scorer")
    setup = get_rule_set(slug).new_game(players, seat_sides(players, team_size))
    return Game.start(owner, setup, dealer)


@pytest.fixture
def keeper(keeper: Scorekeeper) -> Scorekeeper:
    """The logged-in scorekeeper (conftest), counting taps and digits from here."""
    keeper.taps = keeper.digits = 0
    return keeper


#: The digits of its card points: the only keys typed, every count is one tap.
CARD_POINT_DIGITS = len("1450") + len("900") + len("125")


@pytest.mark.parametrize("width", [320, 390])
def test_the_typical_hand_takes_at_most_twelve_taps(keeper: Scorekeeper, width: int) -> None:
    """Pennies From Heaven, partners: Ann & Cy went out with 2 natural, 1 unnatural and 1 seven
    canasta and 2 red threes, 1,450 on the table, 0 in hand; Bob & Di 1 natural canasta, 1 red
    three, 900 on the table, 125 in hand. Every tap counts: the link, each control, each box
    focused, Save. Each count is one tap on its choice; only card points are typed."""
    game = game_of("pfh-partnership", ["Ann", "Bob", "Cy", "Di"], 2, "Ann")
    keeper.page.set_viewport_size({"width": width, "height": 780})
    keeper.page.goto(f"/games/{game.pk}/")
    keeper.taps = keeper.digits = 0
    keeper.play_hand(
        "Hand", 1, TYPICAL_HAND, preview=[4150, 1375], totals=[4150, 1375], minimums=[50, 50]
    )
    print(f"typical hand at {width} px: {keeper.taps} taps, {keeper.digits} digits")

    assert keeper.taps <= MOST_TAPS, f"{keeper.taps} taps"
    assert keeper.digits == CARD_POINT_DIGITS, "a count was typed, not picked in one tap"
    recorded = {
        (side, field): value
        for side, field, value in Hand.objects.get(game=game).entries.values_list(
            "side", "field", "value"
        )
        if value
    }
    typed = {
        (side, field): int(value)
        for side, tally in enumerate(TYPICAL_HAND)
        for field, value in tally.items()
        if field != "went_out"
    }
    assert {key: value for key, value in recorded.items() if key[1] != "went_out"} == typed


def chosen(page: Page, name: str) -> Locator:
    """The choices of the count named `name` marked as chosen."""
    return page.locator(f".count-box:has([name='{name}']) button.count-choice[aria-pressed=true]")


def test_a_count_choice_scores_at_once_and_the_box_and_its_choices_agree(
    keeper: Scorekeeper,
) -> None:
    """A tap on a choice sets the count's own box (the input the form sends) and asks for the
    score at once ("preview-now" on that box, holding the new count); typing into the box
    marks its choice, or none; the chosen count tapped again is taken back."""
    game = game_of("pfh-partnership", ["Ann", "Bob", "Cy", "Di"], 2, "Ann")
    page = keeper.page
    page.goto(f"/games/{game.pk}/hands/new/")
    page.evaluate(
        """() => document.addEventListener("preview-now", (event) => {
            (window.asked = window.asked || []).push([event.target.name, event.target.value]);
        })"""
    )
    name = "s0-natural_canastas"
    box = page.locator(f"[name='{name}']")
    expect(chosen(page, name)).to_have_count(0)  # blank: 0, and no 0 is drawn

    with page.expect_response("**/hands/preview/"):
        keeper.tap(keeper.count_choice(page.locator("#hand-form"), name, 2))
    expect(box).to_have_value("2")
    expect(chosen(page, name)).to_have_text("2")
    expect(page.get_by_test_id("preview-0")).to_have_text("1,000")  # 2 natural canastas
    assert page.evaluate("window.asked") == [[name, "2"]]

    keeper.tap(box)
    page.keyboard.press("Control+a")  # typed over, as a thumb does after a long press
    keeper.type_digits("1")
    expect(chosen(page, name)).to_have_text("1")
    expect(page.get_by_test_id("preview-0")).to_have_text("500")
    keeper.type_digits("2")  # 12: beyond the choices, none is marked
    expect(chosen(page, name)).to_have_count(0)
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")  # blank: 0
    expect(chosen(page, name)).to_have_count(0)

    one = keeper.count_choice(page.locator("#hand-form"), name, 1)
    keeper.tap(one)
    expect(page.get_by_test_id("preview-0")).to_have_text("500")
    keeper.tap(one)  # again: taken back
    expect(box).to_have_value("0")
    expect(chosen(page, name)).to_have_count(0)
    expect(page.get_by_test_id("preview-0")).to_have_text("0")


#: Each form's counts and the choices drawn beside each at 390 px (a count's usual most, its
#: maximum, and 4, or 3 where a count's name needs the room), then at 320 px (1 and 2).
CHOICES_AT_390 = {
    "hand-and-foot": {"clean_books": 4, "dirty_books": 4, "wild_books": 2, "red_threes": 4},
    "canasta": {"natural_canastas": 3, "mixed_canastas": 3, "red_threes": 3},
    "pfh-partnership": {"natural_canastas": 3, "red_threes": 3, "wild_canastas": 2},
    "miromar-canasta": {"natural_canastas": 3, "natural_ace_canastas": 1},
}


@pytest.mark.parametrize("slug", list(CHOICES_AT_390))
def test_a_count_reaches_what_a_hand_holds_in_one_tap_beside_its_name(
    keeper: Scorekeeper, slug: str
) -> None:
    """3 dirty books, 4 clean books, 3 red threes: one tap at 390 px. Every count's choices and
    box stay beside its name, its words whole, at 390 and at 320 px (where 1 and 2 show); a form
    of short count names (Hand and Foot) puts 1 to 4 and the box under each name at 320 px."""
    game = game_of(slug, ["Ann", "Bob", "Cy", "Di"], 2, "Ann")
    page = keeper.page
    under = slug == "hand-and-foot"  # short names: at 320 px, 1 to 4 go under the name
    for width, most in ((390, CHOICES_MOST), (320, CHOICES_MOST if under else 2)):
        page.set_viewport_size({"width": width, "height": 640})
        page.goto(f"/games/{game.pk}/hands/new/")
        panel = page.locator("fieldset.panel[data-side='0']")
        for name, count in CHOICES_AT_390[slug].items():
            row = panel.locator(f".count-box:has([name='s0-{name}'])")
            shown = [c.inner_text() for c in row.locator("button.count-choice:visible").all()]
            assert shown == [str(n) for n in range(1, min(count, most) + 1)], (name, shown)
            if width == 390:
                keeper.fill_count(panel, f"s0-{name}", count)  # the highest, in one tap
                group = row.locator("count-choices")
                expect(group).to_have_attribute("role", "group")
                label = panel.locator(f"label[for='id_s0-{name}']").text_content()
                expect(group).to_have_attribute("aria-label", label or "")
        for row in page.locator("fieldset.panel .field-count:visible").all():
            placed = row.evaluate(
                """(row, under) => {
                    const name = row.querySelector("label, .label-cell");
                    const box = row.querySelector("input.number").getBoundingClientRect();
                    const named = name.getBoundingClientRect();
                    const unbroken = name.scrollWidth <= name.clientWidth + 1;
                    const beside = box.top < named.bottom && box.left >= named.right;
                    const edge = row.getBoundingClientRect().right + 1;
                    const below = box.top >= named.bottom && box.right <= edge;
                    return (under ? below : beside) && unbroken;
                }""",
                under and width == 320,
            )
            assert placed, f"at {width} px a count's box is not where it goes, or its name broke"
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(
                path=str(SCREENS / f"count-choices-{slug}-{width}-{scheme}.png"), scale="css"
            )


def phone_without_javascript(browser: Browser, live_server: Any) -> BrowserContext:
    """A 320 px phone with JavaScript off (and so no service worker)."""
    return browser.new_context(
        viewport={"width": 320, "height": 640},
        has_touch=True,
        java_script_enabled=False,
        base_url=live_server.url,
        service_workers="block",
    )


def test_without_javascript_a_count_is_its_box_typed_as_before(
    browser: Browser, live_server: Any
) -> None:
    get_user_model().objects.create_user("scorer", password=PASSWORD)
    game = game_of("pfh-partnership", ["Ann", "Bob", "Cy", "Di"], 2, "Ann")
    context = phone_without_javascript(browser, live_server)
    page = context.new_page()
    try:
        keeper = Scorekeeper(page)
        keeper.log_in("scorer")
        page.goto(f"/games/{game.pk}/hands/new/")
        expect(page.locator("button.count-choice:visible")).to_have_count(0)
        box = page.locator("[name='s0-natural_canastas']")
        expect(box).to_be_visible()
        keeper.tap(box)
        keeper.type_digits("2")
        keeper.tap(page.locator("[name='s0-meld_points']"))
        keeper.type_digits("1450")
        page.screenshot(path=str(SCREENS / "count-choices-no-javascript-320.png"), scale="css")
        keeper.save("Hand", 1)
        entries = Hand.objects.get(game=game).entries
        assert entries.get(side=0, field="natural_canastas").value == 2
    finally:
        context.close()


def test_without_javascript_a_score_pad_asks_for_each_score_with_no_sign_button(
    browser: Browser, live_server: Any
) -> None:
    get_user_model().objects.create_user("scorer", password=PASSWORD)
    game = game_of("score-pad", ["Ann", "Bob", "Cy"], 1, "Ann")
    context = phone_without_javascript(browser, live_server)
    page = context.new_page()
    try:
        Scorekeeper(page).log_in("scorer")
        page.goto(f"/games/{game.pk}/hands/new/")
        expect(page.locator(".pad-total input")).to_have_count(3)
        for sign in page.locator("[data-sign-toggle]").all():  # does nothing without pad.js
            assert sign.bounding_box() is None
    finally:
        context.close()


def test_the_ten_pennies_card_counter_fills_the_cards_caught_too(keeper: Scorekeeper) -> None:
    game = game_of("ten-pennies", ["Ann", "Bob", "Cy"], 1, "Ann")
    page = keeper.page
    page.goto(f"/games/{game.pk}/")
    keeper.open_next_hand("Round", 1)
    panel = page.locator("fieldset.panel[data-side='1']")
    keeper.tap(panel.get_by_role("button", name="Count the cards: Points caught in hand"))
    counts = panel.locator(".card-helper input[data-points]")
    values = [int(v) for v in counts.evaluate_all("(all) => all.map((i) => i.dataset.points)")]
    typed = [3, 4] + [0] * (len(values) - 2)
    for box, count in zip(counts.all(), typed, strict=True):
        if count:
            keeper.tap(box)
            keeper.type_digits(str(count))

    expect(panel.locator("[name='s1-points']")).to_have_value(
        str(sum(v * c for v, c in zip(values, typed, strict=True)))
    )
    expect(panel.locator("[name='s1-cards']")).to_have_value("7")
    expect(chosen(page, "s1-cards")).to_have_count(0)  # 7: beyond the choices


#: The least room between two tap targets (WCAG 2.5.8's spacing, and a thumb's margin).
TARGET_GAP = 8

CLOSE_TARGETS = """(least) => {
    const shown = (e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"
            && !e.closest("details:not([open]) > :not(summary)") && !e.closest("[hidden]");
    };
    const targets = [...document.querySelectorAll(
        "#hand-form button, #hand-form summary, #hand-form label.pill, #hand-form label.toggle,"
        + " #hand-form input:not([type=hidden]):not([type=checkbox]):not([type=radio])"
    )].filter(shown).filter((e) => !e.closest(".save-bar"));
    const box = (e) => {
        const r = e.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY};
    };
    const name = (e) => e.tagName.toLowerCase() + " '" + (e.getAttribute("aria-label")
        || e.name || e.textContent).trim().slice(0, 30) + "'";
    const close = [];
    targets.forEach((a, i) => targets.slice(i + 1).forEach((b) => {
        if (a.contains(b) || b.contains(a)) return;
        const p = box(a), q = box(b);
        const dx = Math.max(0, q.left - p.right, p.left - q.right);
        const dy = Math.max(0, q.top - p.bottom, p.top - q.bottom);
        const gap = Math.round(Math.max(dx, dy));
        if (Math.max(dx, dy) < least - 0.5) close.push(`${name(a)} / ${name(b)}: ${gap}px`);
    }));
    return close;
}"""


@pytest.mark.parametrize(
    ("slug", "players", "team_size"),
    [
        ("pfh-partnership", ["Ann", "Bob", "Cy", "Di"], 2),
        ("miromar-canasta", ["Ann", "Bob", "Cy", "Di"], 2),
        ("ten-pennies", ["Ann", "Bob", "Cy"], 1),
        ("canasta", ["Ann", "Bob", "Cy", "Di"], 2),
    ],
)
def test_tap_targets_on_the_hand_form_keep_8px_apart(
    keeper: Scorekeeper, slug: str, players: list[str], team_size: int
) -> None:
    game = game_of(slug, players, team_size, "Ann")
    page = keeper.page
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 780})
        page.goto(f"/games/{game.pk}/hands/new/")
        for summary in page.locator("details.more > summary").all():
            summary.click()
        for count in page.locator(".count-toggle").all():
            count.click()

        close = page.evaluate(CLOSE_TARGETS, TARGET_GAP)

        assert close == [], f"{len(close)} pairs under {TARGET_GAP}px at {width}: {close[:8]}"


def test_the_save_bar_with_eight_players_covers_at_most_a_quarter_of_a_small_phone(
    keeper: Scorekeeper,
) -> None:
    players = ["Annabelle", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    game = game_of("ten-pennies", players, 1, "Bob")
    page = keeper.page
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"/games/{game.pk}/hands/new/")

    covered = page.evaluate(
        "() => innerHeight - document.querySelector('.save-bar').getBoundingClientRect().top"
    )

    assert covered <= 640 / 4, f"the save bar covers {covered}px of 640"
    # Eight sides: each one's live score stands by its name, not in the bar (issue 38).
    expect(page.locator("fieldset.panel[data-side='7'] > legend")).to_have_attribute(
        "data-score", re.compile(".")
    )
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SCREENS / f"save-bar-eight-players-320-{scheme}.png"), scale="css")


def test_the_sides_name_stays_in_sight_while_its_boxes_are_on_screen(keeper: Scorekeeper) -> None:
    game = game_of("pfh-partnership", ["Ann", "Bob", "Cy", "Di"], 2, "Ann")
    page = keeper.page
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"/games/{game.pk}/hands/new/")
    for side in (0, 1):
        panel = page.locator(f"fieldset.panel[data-side='{side}']")
        for box in panel.locator("input.number").all()[2:]:
            box.evaluate("(box) => box.scrollIntoView({block: 'center'})")
            name_in_sight = panel.evaluate(
                """(panel) => {
                    const name = panel.querySelector(".panel-name");
                    const r = name.getBoundingClientRect();
                    const bar = document.querySelector(".save-bar").getBoundingClientRect().top;
                    const at = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
                    return r.top >= 0 && r.bottom <= bar && at !== null && name.contains(at);
                }"""
            )
            assert name_in_sight, (side, box.get_attribute("name"))
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 640})
        page.locator("[name='s1-meld_points']").evaluate(
            "(box) => box.scrollIntoView({block: 'center'})"
        )
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(
                path=str(SCREENS / f"hand-sticky-side-name-{width}-{scheme}.png"), scale="css"
            )


SHOWS_BESIDE_THE_NAME = """([panel, control]) => {
    // The stuck name's band: every point across the panel at the name's middle is the name.
    const name = panel.querySelector("legend").getBoundingClientRect();
    const box = control.getBoundingClientRect();
    const y = (name.top + name.bottom) / 2;
    const beside = [];
    for (let x = box.left + 1; x < box.right; x += 4) {
        const at = document.elementFromPoint(x, y);
        if (at && control.contains(at)) beside.push(Math.round(x));
    }
    return [box.top < y && box.bottom > y, beside];
}"""


@pytest.mark.parametrize(
    ("slug", "players", "side", "control"),
    [
        # Bob's −/+ (8 sides: Bob's panel is far enough down to be scrolled under his name).
        ("score-pad", ["Annabelle", "Bob", "Cy", "Di", "Evangeline", "Flo", "Gus", "Hal"], 1, 0),
        # Ann & Cy's third button: a count's choice.
        ("pfh-partnership", ["Ann", "Bob", "Cy", "Di"], 0, 2),
    ],
)
def test_a_control_scrolls_under_the_stuck_name_whole(
    keeper: Scorekeeper, slug: str, players: list[str], side: int, control: int
) -> None:
    """The stuck side's name is a band across its panel: a control scrolling under it is hidden
    there, never half showing beside a short name (the score pad's −/+ around "Bob")."""
    game = game_of(slug, players, 2 if len(players) == 4 else 1, players[0])
    page = keeper.page
    for width, height in ((320, 640), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"/games/{game.pk}/hands/new/")
        panel = page.locator(f"fieldset.panel[data-side='{side}']")
        button = panel.locator("button:visible").nth(control)
        # The control's top 30 px under the stuck name (44 px high).
        top = button.evaluate("(b) => b.getBoundingClientRect().top + scrollY")
        page.evaluate("(y) => window.scrollTo({top: y, behavior: 'instant'})", top - 14)
        under, beside = page.evaluate(
            SHOWS_BESIDE_THE_NAME, [panel.element_handle(), button.element_handle()]
        )
        assert under, "the control is not under the name: the test scrolled wrong"
        assert beside == [], f"{width} px: the control shows beside the name at x = {beside}"
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            shot = f"stuck-name-over-a-control-{slug}-{width}-{scheme}.png"
            page.screenshot(path=str(SCREENS / shot), scale="css")
        page.emulate_media(color_scheme="light")
