"""Working with the network cut: the service worker's copies, the outbox, installing.

Each test gets its own browser context with service workers allowed (the other browser tests
block them) and cuts the network with Playwright's offline switch, which Chromium applies to
the page and to its service worker alike.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import BrowserContext, Page, expect

from games import views
from games.forms import seat_sides
from games.models import Game, Hand
from games.rules import get_rule_set

from .conftest import CHROMIUM, LAUNCH_ARGS, PHONE, ROOT, PageProblems
from .helpers import PASSWORD, Questions, shoot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fast_passwords"),
]

PLAYERS = ("Ann", "Bob", "Cy", "Di")


def partnership_game(hands: list[tuple[int, int]]) -> Game:
    owner, _ = get_user_model().objects.get_or_create(username="scorer")
    owner.set_password(PASSWORD)
    owner.save()
    setup = get_rule_set("pfh-partnership").new_game(
        list(PLAYERS), seat_sides(list(PLAYERS), 2), {}
    )
    game = Game.start(owner, setup, PLAYERS[0])
    for number, (first, second) in enumerate(hands, start=1):
        tallies = dict(zip(game.side_names, ({"total": first}, {"total": second}), strict=True))
        game.record_hand(number, tallies, game.dealer_for(number))
    return game


@pytest.fixture
def phones(browser, live_server, problems: PageProblems) -> Iterator[list[BrowserContext]]:
    """Phones with the service worker allowed; each test opens the ones it needs."""
    opened: list[BrowserContext] = []

    def open_phone() -> BrowserContext:
        context = browser.new_context(
            viewport=PHONE,
            has_touch=True,
            is_mobile=True,
            base_url=live_server.url,
            locale="en-US",
            service_workers="allow",
        )
        context.set_default_timeout(10_000)
        context.on("page", problems.attach)
        opened.append(context)
        return context

    yield open_phone  # type: ignore[misc]
    for context in opened:
        context.close()
    # Chromium reports each request the offline switch refuses, and htmx logs each preview it
    # could not send: those are the point here.
    # A hand brought back to its form is answered 422, as at the table.
    offline = (
        "net::ERR_INTERNET_DISCONNECTED",
        "htmx:sendError",
        "htmx:afterRequest",
        "status of 422",
    )
    unexpected = [e for e in problems.errors if not any(word in e for word in offline)]
    assert not unexpected, "\n".join(unexpected)


def log_in(page: Page, username: str = "scorer") -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My games")).to_be_visible()


def under_service_worker(page: Page) -> None:
    """Wait until the worker has installed and looks after this page. A page whose navigation
    began while the worker was still installing stays outside it (as in any browser) until
    it is loaded again."""
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("() => navigator.serviceWorker.controller !== null"):
        page.reload()
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")


def open_with_worker(page: Page, *paths: str) -> None:
    """Open each page with the worker in charge, so that it keeps a copy of it."""
    under_service_worker(page)
    for path in paths:
        page.goto(path)
        expect(page.locator("main")).to_be_visible()


def at_the_table(phones, *paths: str) -> tuple[BrowserContext, Page]:
    """A phone logged in as the scorekeeper that has opened `paths` with the worker in charge."""
    phone = phones()
    page = phone.new_page()
    log_in(page)
    open_with_worker(page, *paths)
    return phone, page


def type_totals(page: Page, totals: Sequence[str]) -> None:
    """Each side's hand score as a bare total ("Just the total"), side by side."""
    panels = page.locator("fieldset.panel[data-side]")
    for side, total in enumerate(totals):
        panels.nth(side).locator("label.toggle", has_text="Just the total").click()
        panels.nth(side).get_by_label("Hand score for").fill(total)


def keep_a_hand_offline(
    context: BrowserContext, page: Page, game: Game, red_threes: int, number: int = 1
) -> None:
    """Log in, open the game and its hand form online, then cut the network and save the next
    hand with `red_threes` for the first side: it waits in the outbox."""
    log_in(page)
    open_with_worker(page, f"/games/{game.pk}/", f"/games/{game.pk}/hands/new/")
    context.set_offline(True)
    page.goto(f"/games/{game.pk}/hands/new/")
    page.locator("[name='s0-red_threes']").fill(str(red_threes))
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator("#outbox li")).to_have_text([f"Hand {number}"])


def own_profile(browser, live_server, profile: Path) -> BrowserContext:
    """A browser with a profile of its own, as a phone's is (a plain Playwright context is an
    incognito window, which Chromium never installs from and forgets when closed)."""
    context = browser.browser_type.launch_persistent_context(
        str(profile),
        executable_path=str(CHROMIUM),
        args=LAUNCH_ARGS,
        base_url=live_server.url,
        viewport=PHONE,
    )
    context.set_default_timeout(10_000)
    return context


def network_quiet(page: Page, quiet_s: float = 0.5, within_s: float = 10) -> None:
    """Wait until the page has asked nothing of the network for `quiet_s` seconds."""
    asked = [time.monotonic()]
    page.on("request", lambda request: asked.append(time.monotonic()))
    deadline = asked[0] + within_s
    while time.monotonic() - asked[-1] < quiet_s:
        assert time.monotonic() < deadline, f"{page.url} kept asking the network"
        page.wait_for_timeout(50)


def workers_page_wait_s() -> float:
    """How long the service worker waits for a page before it shows its copy (sw.js)."""
    worker = Client().get("/sw.js").content.decode()
    found = re.search(r"const PAGE_WAIT_MS = (\d+);", worker)
    assert found, "sw.js names no PAGE_WAIT_MS"
    return int(found.group(1)) / 1000


def waiting_on_phone(page: Page) -> int:
    """How many hands wait in the phone's outbox, read straight from its IndexedDB store."""
    return page.evaluate(
        """() => new Promise((resolve, reject) => {
            const opening = indexedDB.open("scorekeeper");
            opening.onerror = () => reject(opening.error);
            opening.onsuccess = () => {
                const database = opening.result;
                if (!database.objectStoreNames.contains("outbox")) return resolve(0);
                const count = database.transaction("outbox").objectStore("outbox").count();
                count.onsuccess = () => resolve(count.result);
            };
        })"""
    )


def test_a_game_opened_once_shows_offline_marked_with_the_time_of_its_copy(phones) -> None:
    game = partnership_game([(1_250, -310), (24_000, 3_120)])
    phone, page = at_the_table(phones, f"/games/{game.pk}/", "/")

    phone.set_offline(True)
    page.goto(f"/games/{game.pk}/")

    expect(page.locator("[data-offline-copy]")).to_have_text(
        re.compile(r"^Offline — as of \d\d:\d\d$")
    )
    expect(page.get_by_test_id("total-0")).to_have_text("25,250")
    expect(page.get_by_test_id("total-1")).to_have_text("2,810")
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 780})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    shoot(page, "offline-scoreboard")

    page.goto("/")
    expect(page.locator("[data-offline-copy]")).to_be_visible()
    expect(page.get_by_role("heading", name="My games")).to_be_visible()

    page.goto("/players/")  # never opened on this phone
    expect(page.get_by_role("heading", name="This phone is offline")).to_be_visible()


def test_a_hand_saved_offline_is_sent_once_when_back_online_and_the_live_view_sees_it(
    phones,
) -> None:
    game = partnership_game([(1_250, -310)])
    phone, page = at_the_table(phones, f"/games/{game.pk}/", f"/games/{game.pk}/hands/new/")
    page.goto(f"/games/{game.pk}/")

    phone.set_offline(True)
    page.get_by_role("link", name="Enter hand 2").click()
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    type_totals(page, ["450", "-120"])
    expect(page.locator("[data-preview-offline]")).to_have_text("Scores when back online")
    shoot(page, "offline-hand-form")
    page.get_by_role("button", name="Save hand 2").click()

    outbox = page.locator("#outbox")
    expect(outbox).to_be_visible()
    expect(outbox).to_contain_text("Saved on this phone — will send when back online.")
    expect(outbox.locator("li")).to_have_text(["Hand 2"])
    expect(page.get_by_role("link", name="Enter hand 3")).to_be_visible()
    shoot(page, "offline-outbox")
    assert Hand.objects.filter(game=game).count() == 1

    page.close()  # the phone is put away; the hand stays in the outbox
    phone.set_offline(False)
    page = phone.new_page()
    page.goto(f"/games/{game.pk}/")

    expect(page.get_by_test_id("total-0")).to_have_text("1,700")
    expect(page.locator("#outbox")).to_be_hidden()
    assert waiting_on_phone(page) == 0
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1, 2]

    viewer = phones().new_page()
    viewer.goto(f"/live/{game.share_token}/")
    expect(viewer.get_by_test_id("total-0")).to_have_text("1,700")
    expect(viewer.get_by_test_id("total-1")).to_have_text("\N{MINUS SIGN}430")


def test_two_phones_queue_the_same_hand_one_is_saved_the_other_sees_the_conflict(phones) -> None:
    game = partnership_game([])
    pages = []
    for total in ("500", "700"):
        phone, page = at_the_table(phones, f"/games/{game.pk}/", f"/games/{game.pk}/hands/new/")
        phone.set_offline(True)
        page.goto(f"/games/{game.pk}/hands/new/")
        type_totals(page, [total, total])
        page.get_by_role("button", name="Save hand 1").click()
        expect(page.locator("#outbox li")).to_have_text(["Hand 1"])
        pages.append((phone, page))

    first, second = pages
    first[0].set_offline(False)  # the "online" event sends what waits
    expect(first[1].get_by_test_id("total-0")).to_have_text("500")

    second[0].set_offline(False)
    page = second[1]
    expect(page.get_by_role("alert")).to_contain_text("just saved by another scorekeeper")
    panels = page.locator("fieldset.panel[data-side]")
    expect(panels.nth(0).get_by_label("Hand score for")).to_have_value("700")
    shoot(page, "offline-conflict")
    assert waiting_on_phone(page) == 0
    saved = Game.objects.get(pk=game.pk).score()
    assert [hand.scores[game.side_names[0]] for hand in saved.hands] == [500]


def test_a_hand_the_rules_refuse_on_replay_comes_back_with_its_message(phones) -> None:
    game = partnership_game([])
    phone = phones()
    page = phone.new_page()
    keep_a_hand_offline(phone, page, game, red_threes=20)  # more than the packs hold

    # Back online, but the first try does not get through (a flaky network): it stays waiting,
    # and "Send now" sends it.
    page.route("**/hands/new/", lambda route: route.abort("internetdisconnected"))
    phone.set_offline(False)
    expect(page.locator("[data-outbox-status]")).to_have_text(
        "Still offline: the hands stay on this phone."
    )
    assert waiting_on_phone(page) == 1
    page.unroute("**/hands/new/")
    page.get_by_role("button", name="Send now").click()

    expect(page.get_by_role("alert").first).to_contain_text("Not saved.")
    expect(page.locator("[name='s0-red_threes']")).to_have_value("20")
    assert waiting_on_phone(page) == 0
    assert not Hand.objects.filter(game=game).exists()


def test_logging_out_with_hands_waiting_asks_first(phones) -> None:
    game = partnership_game([])
    phone = phones()
    page = phone.new_page()
    keep_a_hand_offline(phone, page, game, red_threes=1)

    question = Questions(page)  # answered: stay logged in
    page.get_by_role("button", name="Log out").click()
    assert question.first().startswith("1 hand is saved on this phone and not sent yet.")
    expect(page.locator("#outbox li")).to_have_text(["Hand 1"])
    assert waiting_on_phone(page) == 1


def test_after_a_deploy_the_worker_serves_the_new_files(phones, settings, tmp_path) -> None:
    static = tmp_path / "static"
    shutil.copytree(ROOT / "static", static)
    settings.STATICFILES_DIRS = [static]
    partnership_game([])
    page = phones().new_page()
    log_in(page)
    under_service_worker(page)
    css = "fetch('/static/css/app.css').then((answer) => answer.text())"
    assert "deploy two" not in page.evaluate(css)

    stylesheet: Path = static / "css" / "app.css"
    stylesheet.write_text(stylesheet.read_text() + "\n/* deploy two */\n")
    page.evaluate(
        """() => new Promise((resolve) => {
            navigator.serviceWorker.addEventListener("controllerchange", resolve);
            navigator.serviceWorker.getRegistration().then((worker) => worker.update());
        })"""
    )
    page.reload()

    assert "deploy two" in page.evaluate(css)
    caches = page.evaluate("caches.keys()")
    assert len([name for name in caches if name.startswith("static-")]) == 1


def test_the_app_installs_to_a_home_screen(browser, live_server, tmp_path) -> None:
    context = own_profile(browser, live_server, tmp_path / "profile")
    try:
        page = context.new_page()
        page.goto("/")
        under_service_worker(page)
        session = context.new_cdp_session(page)
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        manifest = session.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert manifest["url"].endswith("/manifest.webmanifest")
    finally:
        context.close()


def test_logging_out_empties_the_kept_pages_so_the_next_account_sees_none_of_them(
    phones,
) -> None:
    game = partnership_game([(1_250, -310)])
    get_user_model().objects.create_user("other", password=PASSWORD)
    phone, page = at_the_table(phones, f"/games/{game.pk}/", "/")
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("navigation").get_by_role("link", name="Log in")).to_be_visible()

    phone.set_offline(True)
    page.goto(f"/games/{game.pk}/")

    expect(page.get_by_role("heading", name="This phone is offline")).to_be_visible()
    expect(page.get_by_text("1,250")).to_have_count(0)

    phone.set_offline(False)
    log_in(page, "other")
    page.goto("/")  # kept for "other" now
    phone.set_offline(True)
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_role("heading", name="This phone is offline")).to_be_visible()


def test_the_outbox_outlives_the_browser(browser, live_server, tmp_path) -> None:
    """A hand kept offline is still there after the browser is closed and opened again (the
    same profile, as a phone restarting), and is sent then."""
    game = partnership_game([])
    context = own_profile(browser, live_server, tmp_path / "profile")
    keep_a_hand_offline(context, context.new_page(), game, red_threes=2)
    context.close()
    assert not Hand.objects.filter(game=game).exists()

    context = own_profile(browser, live_server, tmp_path / "profile")
    try:
        page = context.new_page()
        page.goto(f"/games/{game.pk}/")
        expect(page.get_by_test_id("total-0")).to_have_text("200")
        assert waiting_on_phone(page) == 0
        assert Hand.objects.filter(game=game).count() == 1
    finally:
        context.close()


def test_a_change_that_needs_the_server_says_so_offline_instead_of_the_browsers_error(
    phones,
) -> None:
    game = partnership_game([(1_250, -310)])
    phone, page = at_the_table(phones, f"/games/{game.pk}/")
    phone.set_offline(True)
    page.goto(f"/games/{game.pk}/")

    page.get_by_role("button", name="Delete hand 1").click()

    expect(page.get_by_role("heading", name="This phone is offline")).to_be_visible()
    expect(page.get_by_text("needs the server")).to_be_visible()
    assert Hand.objects.filter(game=game).count() == 1


def test_an_older_copy_of_the_hand_form_takes_the_number_the_server_gave_last(phones) -> None:
    game = partnership_game([])
    phone, page = at_the_table(phones, f"/games/{game.pk}/hands/new/")  # a copy that says hand 1
    type_totals(page, ["100", "100"])
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.get_by_role("link", name="Enter hand 2")).to_be_visible()

    phone.set_offline(True)
    page.get_by_role("link", name="Enter hand 2").click()

    expect(page.locator("[data-offline-copy]")).to_be_visible()
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    expect(page.locator("input[name=number]")).to_have_value("2")


def test_a_network_that_says_online_but_never_answers_shows_the_copy_once(phones) -> None:
    game = partnership_game([(1_250, -310)])
    phone, page = at_the_table(phones, f"/games/{game.pk}/")
    # The Wi-Fi is up (the browser says online) but nothing gets through.
    phone.route("**/games/**", lambda route: route.abort("internetdisconnected"))
    loads: list[str] = []
    page.on("load", lambda loaded: loads.append(loaded.url))

    page.goto(f"/games/{game.pk}/")
    expect(page.locator("[data-offline-copy]")).to_be_visible()
    # The copy's start-up is over: outbox.js (which a copy loads, and which once reloaded a copy
    # as soon as the server's manifest answered) has run, and nothing more is being asked.
    page.wait_for_function("() => window.Outbox !== undefined")
    network_quiet(page)

    assert len(loads) == 1, loads


def test_a_hand_kept_while_another_scorekeeper_ended_the_game_comes_back_as_typed(
    phones,
) -> None:
    game = partnership_game([(24_000, 100)])
    phone = phones()
    page = phone.new_page()
    keep_a_hand_offline(phone, page, game, red_threes=3, number=2)
    # Meanwhile, at the same table, the hand that ends the game is saved from another phone.
    game.record_hand(
        2, dict(zip(game.side_names, ({"total": 1_500}, {"total": 0}), strict=True)), None
    )

    phone.set_offline(False)

    expect(page.get_by_role("alert").first).to_contain_text("The game is over")
    expect(page.locator("[name='s0-red_threes']")).to_have_value("3")
    shoot(page, "offline-game-over")
    assert waiting_on_phone(page) == 0


def test_another_account_logging_in_on_the_phone_sees_none_of_the_kept_pages(phones) -> None:
    """The owner never logs out; someone else logs in on the same phone. The worker forgets the
    owner's copies at that login, before the other account has opened anything."""
    game = partnership_game([(1_250, -310)])
    get_user_model().objects.create_user("other", password=PASSWORD)
    phone, page = at_the_table(phones, f"/games/{game.pk}/", "/")

    log_in(page, "other")
    phone.set_offline(True)
    page.goto(f"/games/{game.pk}/")

    expect(page.get_by_role("heading", name="This phone is offline")).to_be_visible()
    expect(page.get_by_text("1,250")).to_have_count(0)


def test_a_slow_home_page_after_another_account_logs_in_never_shows_the_owners_copy(
    phones, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The owner never logs out; someone else logs in on the same phone and the home page comes
    only after the worker has stopped waiting for it (a poor network): the worker waits on
    rather than show the owner's copy."""
    game = partnership_game([(1_250, -310)])
    get_user_model().objects.create_user("other", password=PASSWORD)
    phone, page = at_the_table(phones, f"/games/{game.pk}/", "/")
    listings = views.game_listings
    # The worker's clock starts before the request reaches the server: by then plus its wait
    # (and half a second for its timer to run), it has given up on the network.
    slow_s = workers_page_wait_s() + 0.5

    def slowly_for_other(games: Any) -> Any:
        if games.filter(owner__username="scorer").exists():
            return listings(games)
        time.sleep(slow_s)
        return listings(games)

    monkeypatch.setattr(views, "game_listings", slowly_for_other)
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("other")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()

    expect(page.get_by_role("heading", name="My games")).to_be_visible(timeout=15_000)
    expect(page.locator("[data-offline-copy]")).to_have_count(0)
    expect(page.get_by_text("Ann & Cy")).to_have_count(0)


def test_hands_kept_offline_from_one_copy_of_the_form_are_each_saved_once(phones) -> None:
    """The copy of the hand form carries the token of the page it was copied from: each hand
    typed into it offline takes a token of its own, so the server saves each one (and still
    only once)."""
    game = partnership_game([])
    phone, page = at_the_table(phones, f"/games/{game.pk}/", f"/games/{game.pk}/hands/new/")
    page.goto(f"/games/{game.pk}/hands/new/")  # the copy's own page: hand 1 is saved from it
    type_totals(page, ["100", "100"])
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.get_by_role("link", name="Enter hand 2")).to_be_visible()

    phone.set_offline(True)
    for number, totals in ((2, ("200", "50")), (3, ("300", "20"))):
        page.get_by_role("link", name=f"Enter hand {number}").click()
        expect(page.locator("[data-offline-copy]")).to_be_visible()
        type_totals(page, totals)
        page.get_by_role("button", name=f"Save hand {number}").click()
        expect(page.locator("#outbox li").last).to_have_text(f"Hand {number}")

    page.close()  # the phone is put away; the hands stay in the outbox
    phone.set_offline(False)
    page = phone.new_page()
    page.goto(f"/games/{game.pk}/")

    expect(page.get_by_test_id("total-0")).to_have_text("600")
    expect(page.locator("#outbox")).to_be_hidden()
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1, 2, 3]


def test_logging_out_before_the_outbox_has_loaded_still_asks_first(
    page: Page, problems: PageProblems
) -> None:
    """outbox.js loads at an idle moment; a phone slow enough that "Log out" is tapped before
    then (held back here until after the tap) must still ask about the hands waiting."""
    problems.expect_console_error("ERR_INTERNET_DISCONNECTED")  # the hand's sending
    game = partnership_game([])
    log_in(page)
    page.goto(f"/games/{game.pk}/")
    page.evaluate(
        """(game) => new Promise((resolve, reject) => {
            const request = indexedDB.open("scorekeeper", 1);
            request.onupgradeneeded = () =>
                request.result.createObjectStore("outbox", { keyPath: "id", autoIncrement: true });
            request.onsuccess = () => {
                const entry = { account: document.body.dataset.account, game,
                    url: `/games/${game}/hands/new/`, body: "number=1", kept: "2026-11-28" };
                const adding = request.result.transaction("outbox", "readwrite");
                adding.objectStore("outbox").add(entry);
                adding.oncomplete = () => {
                    localStorage.setItem("outbox-waiting", "1");
                    resolve();
                };
            };
            request.onerror = () => reject(request.error);
        })""",
        game.pk,
    )
    held: list[Any] = []
    page.route("**/outbox*.js", lambda route: held.append(route))
    page.reload()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    # The hand stays waiting: its sending gets no answer.
    page.route("**/hands/new/", lambda route: route.abort("internetdisconnected"))

    with page.expect_event("dialog", timeout=5_000) as asked:
        page.get_by_role("button", name="Log out").click()
        # Whether the idle moment came before the tap or the tap asked for it: released now.
        for _ in range(60):
            if held:
                break
            page.wait_for_timeout(50)
        for route in held:
            route.continue_()
    assert asked.value.message.startswith("1 hand is saved on this phone and not sent yet.")
    asked.value.dismiss()


def test_back_after_a_refused_then_fixed_save_shows_no_outbox_and_no_offline(phones) -> None:
    game = partnership_game([])
    phone, page = at_the_table(phones, f"/games/{game.pk}/", f"/games/{game.pk}/hands/new/")
    page.goto(f"/games/{game.pk}/hands/new/")
    type_totals(page, ["99999999999", "120"])
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.get_by_role("alert").first).to_contain_text("Not saved")
    panels = page.locator("fieldset.panel[data-side]")
    panels.nth(0).get_by_label("Hand score for").fill("450")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.get_by_test_id("total-0")).to_have_text("450")

    page.go_back()

    expect(page.locator("main")).to_be_visible()
    page.wait_for_timeout(500)  # the outbox script reads the phone's store as the page loads
    expect(page.locator("#outbox")).to_be_hidden()
    expect(page.locator("[data-offline-copy]")).to_have_count(0)
    assert waiting_on_phone(page) == 0
    shoot(page, "offline-back-after-a-fix")
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]
