"""Real names at every width (issue 38): every screen of a game of each rule set, with the longest
names the app takes (60 characters; partners of 28 each), at 320, 360 and 390 px. No text spills
out of its box or is cut (an element's scrollWidth within its clientWidth, no line of text
outside the box that clips it), and no word of a name is broken across lines: names wrap between
their words. A box that scrolls sideways on purpose says so (data-scrolls) and is left out."""

from __future__ import annotations

from random import Random

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.forms import seat_sides
from games.models import Game
from games.rules import RULE_SETS, get_rule_set
from games.rules.features import Seating

from .conftest import SCREENS
from .helpers import Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Words of real names, none longer than a name's word usually is.
WORDS = ["Dolores", "Bartholomew", "Harrington", "Fitzgerald", "Rosemary", "Josephine"]


def named(first: str, length: int) -> str:
    """A name of exactly `length` characters: `first`, then whole words, the last one cut."""
    name = first
    for word in WORDS * 2:
        name += " " + word
    return name[:length].rstrip() + "x" * (length - len(name[:length].rstrip()))


#: Eight names of 60 characters, each of words that a line can break between.
LONGEST = [
    named(first, 60)
    for first in ("Margaret", "Harold", "Bernadette", "Frank", "Cy", "Di", "Ed", "Flo")
]
#: Partners: two names of 28 characters each ("Margaret Dolores Bartholome & Harold ...").
PARTNERS = [
    named(first, 28) for first in ("Margaret", "Harold", "Bernadette", "Frank", "Cyril", "Dionne")
]
SPILLS = """() => {
    window.scrollTo(0, 0);
    const found = [];
    const seen = (element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && !element.closest(
            "[hidden], details:not([open]) > :not(summary), template, svg, [data-scrolls],"
            + " .visually-hidden");
    };
    for (const element of document.querySelectorAll("body *")) {
        if (!seen(element) || getComputedStyle(element).display === "inline") continue;
        if (["INPUT", "SELECT", "TEXTAREA", "OPTION", "SCRIPT", "STYLE"].includes(element.tagName))
            continue;
        if (element.scrollWidth > element.clientWidth + 1) {
            found.push(`${element.tagName.toLowerCase()}.${element.className} `
                + `'${element.textContent.trim().replace(/\\s+/g, " ").slice(0, 50)}': `
                + `${element.scrollWidth} px of content in ${element.clientWidth}`);
        }
    }
    // Every word of the page on one line: a name's words, and the words around them.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement || !seen(node.parentElement)) continue;
        const style = getComputedStyle(node.parentElement);
        if (style.writingMode !== "horizontal-tb") continue;
        for (const match of node.data.matchAll(/[\\p{L}\\p{N}'’]{4,}/gu)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width)
                .map((r) => Math.round(r.top)));
            if (lines.size > 1) {
                found.push(`'${match[0]}' broken over ${lines.size} lines in `
                    + `${node.parentElement.tagName.toLowerCase()}.`
                    + `${node.parentElement.className}`);
            }
        }
    }
    // No line of text over another's (a toggle's words over a name, numbers over labels);
    // the bar stuck to the screen's foot covers the page under it by design (the page is at
    // its top: a panel's name, sticky too, stands where it belongs).
    const lines = [];
    const stuck = (element) => element.closest(".sticky-action") !== null;
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const owner = node.parentElement;
        if (!owner || !node.data.trim() || !seen(owner) || stuck(owner)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 1) lines.push([r, node]);
    }
    for (let i = 0; i < lines.length; i++) {
        for (let j = i + 1; j < lines.length; j++) {
            const [a, first] = lines[i];
            const [b, second] = lines[j];
            if (first === second) continue;
            const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (across > 2 && down > 2) {
                found.push(`'${first.data.trim().slice(0, 30)}' over `
                    + `'${second.data.trim().slice(0, 30)}'`);
            }
        }
    }
    return [...new Set(found)];
}"""

#: A box that slides sideways on purpose says so while there is more to see. Each is brought on
#: screen and given two frames first: the hint's query reads the box as last drawn.
SILENT_SLIDERS = """async () => {
    const found = [];
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (const box of document.querySelectorAll("[data-scrolls]")) {
        box.scrollIntoView({block: "center"});
        await frame();
        await frame();
        const hint = box.querySelector(".slide-hint");
        if (box.scrollWidth > box.clientWidth + 1
            && !(hint && hint.getBoundingClientRect().height)) {
            found.push(`${box.className} slides sideways with no word that it does`);
        }
    }
    return found;
}"""


def seated(slug: str) -> tuple[list[str], int]:
    """The players of a game of `slug` and players to a side: eight players of 60 characters
    each on their own where it seats that many alone (the fewest it seats up to eight, else),
    and partners of 28 characters where it plays in partnerships (six where it can)."""
    rules = get_rule_set(slug)
    counts = rules.player_counts
    alone = rules.seating is Seating.ALONE or (
        rules.seating is Seating.ALONE_OR_TEAMS and max(counts) >= 8
    )
    if alone:
        return LONGEST[: max(count for count in counts if count <= 8)], 1
    pairs = [count for count in counts if count % 2 == 0 and count <= len(PARTNERS)]
    return PARTNERS[: max(pairs)], 2


def game_of(slug: str, hands: int = 0) -> Game:
    """A game of `slug` with the longest names, and `hands` hands the engine makes up."""
    owner = get_user_model().objects.get(username="scorer")
    players, team_size = seated(slug)
    rules = get_rule_set(slug)
    setup = rules.new_game(players, seat_sides(players, team_size))
    game = Game.start(owner, setup, players[0])
    rng = Random(7)
    for number in range(1, hands + 1):
        hand = rules.sample_hand(setup, rng)
        game.record_hand(number, dict(hand.tallies), upcard=hand.upcard)
    return game


def spills(page: Page) -> list[str]:
    return page.evaluate(SPILLS) + page.evaluate(SILENT_SLIDERS)


def problems_with_the_longest_names(keeper: Scorekeeper, slug: str) -> list[str]:
    """What spills, is cut or broken on each screen of a game of `slug` with the longest names,
    at each phone width."""
    page = keeper.page
    game = game_of(slug, hands=1)  # with a hand: the grid of hands and the chart show too
    screens = {
        "scoreboard": f"/games/{game.pk}/",
        "hand form": f"/games/{game.pk}/hands/new/",
        "live view": f"/live/{game.share_token}/",
    }
    found: list[str] = []
    for name, url in screens.items():
        page.goto(url)
        details = page.locator("[data-breakdown-toggle]")
        if details.count():
            details.click()
        for width in (320, 360, 390):
            page.set_viewport_size({"width": width, "height": 640})
            found += [f"{slug}, {name} at {width} px: {problem}" for problem in spills(page)]
            if width == 320 and slug in ("score-pad", "pfh-partnership"):
                for scheme in ("light", "dark"):
                    page.emulate_media(color_scheme=scheme)
                    shot = f"longest-names-{slug}-{name.replace(' ', '-')}-{width}-{scheme}.png"
                    page.screenshot(path=str(SCREENS / shot), scale="css", full_page=True)
                page.emulate_media(color_scheme="light")
    return found


@pytest.mark.parametrize("half", [0, 1], ids=["first-half", "second-half"])
def test_the_longest_names_stay_whole_and_inside_their_boxes(
    keeper: Scorekeeper, half: int
) -> None:
    slugs = sorted(RULE_SETS)[half::2]

    found = [problem for slug in slugs for problem in problems_with_the_longest_names(keeper, slug)]

    assert found == [], "\n".join(found)


def test_with_many_sides_or_long_names_the_bar_is_a_fifth_of_the_screen_at_most(
    keeper: Scorekeeper,
) -> None:
    page = keeper.page
    page.set_viewport_size({"width": 320, "height": 568})
    for slug in ("score-pad", "five-crowns", "pfh-partnership"):
        game = game_of(slug)
        page.goto(f"/games/{game.pk}/hands/new/")

        bar = page.locator(".save-bar").bounding_box()
        assert bar is not None
        assert 568 - bar["y"] <= 0.2 * 568, f"{slug}: the bar takes {568 - bar['y']} px of 568"
        expect(page.locator("fieldset.panel[data-side='0'] > legend")).to_have_attribute(
            "data-score", "…"
        )


def test_each_sides_live_score_stands_under_its_name_as_it_changes(keeper: Scorekeeper) -> None:
    page = keeper.page
    game = game_of("score-pad")
    page.set_viewport_size({"width": 320, "height": 568})
    page.goto(f"/games/{game.pk}/hands/new/")
    third = page.locator("fieldset.panel[data-side='2']")

    keeper.fill_total(2, -25)

    expect(third.locator("legend")).to_have_attribute("data-score", "\N{MINUS SIGN}25")
    expect(page.locator("fieldset.panel[data-side='0'] > legend")).to_have_attribute(
        "data-score", "0"
    )
    shown = third.locator("legend").evaluate(
        "(legend) => getComputedStyle(legend, '::after').content"
    )
    assert shown == '"\N{MINUS SIGN}25"', shown
    third.scroll_into_view_if_needed()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SCREENS / f"panel-scores-score-pad-320-{scheme}.png"), scale="css")


def test_with_three_sides_the_bar_covers_no_box_being_typed_into(keeper: Scorekeeper) -> None:
    page = keeper.page
    owner = get_user_model().objects.get(username="scorer")
    players = ["Margaret", "Harold", "Bernadette"]
    setup = get_rule_set("canasta").new_game(players, seat_sides(players, 1))
    game = Game.start(owner, setup, players[0])
    covered = []
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 568})
        page.goto(f"/games/{game.pk}/hands/new/")
        expect(page.locator(".preview-lines")).to_be_visible()  # short names: the bar keeps them
        boxes = page.locator("input.number:visible")
        boxes.first.tap()
        for _ in range(boxes.count()):
            focused = page.evaluate(
                """() => {
                    const box = document.activeElement.getBoundingClientRect();
                    const bar = document.querySelector(".save-bar").getBoundingClientRect();
                    return [document.activeElement.name, box.bottom, bar.top];
                }"""
            )
            if focused[1] > focused[2] + 1:
                covered.append((width, *focused))
            page.keyboard.press("Enter")
    assert covered == [], covered
