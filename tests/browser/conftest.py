"""Browser tests: Debian's chromium driven by Playwright, at a phone's size with touch.

Playwright's own browser download is not used: the tests launch /usr/bin/chromium (installed by
scripts/setup-test-deps under `make test`) and skip with a clear reason when it is missing.
Every page gets an axe-core scan (axe.min.js fetched by scripts/setup-test-deps into
.cache/axe/), a horizontal-overflow check at 390 and 360 px, a tap-target check and a
screenshot in artifacts/screens/. Console errors and uncaught page errors fail the test.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIApplication

    from playwright.sync_api import ViewportSize

BROWSER_TESTS = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of this folder is a browser test, marked or not: `-m "not browser"` (the
    PostgreSQL run of `make test`) leaves them all out. Two files without the mark ran there,
    Chromium and all, 20 s of the second run."""
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.browser)


# Playwright's sync API runs an event loop in this thread; Django refuses ORM calls from a
# thread with a running loop unless told this is fine (the tests are the only client).
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"


class OneRequestAtATime(ThreadedWSGIServer):
    """The live server of the browser tests. The in-memory SQLite test database is a single
    connection that every server thread shares; two requests using it at once (a tap racing a
    scoreboard read) fail with "database table is locked". Threads still read the sockets, so an
    idle browser connection blocks nobody; only the call into Django takes turns."""

    def set_app(self, application: WSGIApplication | None) -> None:
        assert application is not None
        turn = threading.Lock()

        def one_at_a_time(
            environ: dict[str, Any], start_response: StartResponse
        ) -> Iterable[bytes]:
            with turn:
                return application(environ, start_response)

        super().set_app(one_at_a_time)


LiveServerThread.server_class = OneRequestAtATime

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / ".cache" / "axe" / "axe.min.js"
SCREENS = ROOT / "artifacts" / "screens"
PHONE: ViewportSize = {"width": 390, "height": 844}
NARROW: ViewportSize = {"width": 360, "height": 844}
MIN_TAP = 44
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip(
            f"{CHROMIUM} is missing: run scripts/setup-test-deps (make test does) to install "
            "Debian's chromium for the browser tests"
        )
    # A dev dependency: missing, it fails loudly rather than skipping the browser tests.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield browser
        browser.close()


class PageProblems:
    """Console errors and uncaught exceptions seen on any page of one test."""

    #: htmx logs a request it aborts as these two console errors, one straight after the other
    #: (its target, #preview, written as an object). The app aborts one kind of request only: a
    #: live preview superseded by newer values (the hand form's hx-sync "this:replace", issue 21:
    #: the newest values are asked at once, never queued behind an older question). That pair is
    #: expected; either line alone, or with another target, is still a problem.
    SUPERSEDED_PREVIEW = (
        "htmx:afterRequest, [object HTMLDivElement]",
        "htmx:sendAbort, [object HTMLDivElement]",
    )

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.expected: list[str] = []
        self.last: tuple[object, str] | None = None  # the page and text of the last error

    def expect_console_error(self, text: str) -> None:
        """A console error the test provokes on purpose (e.g. Chromium's note on a 422)."""
        self.expected.append(text)

    def console(self, page, message) -> None:
        if message.type != "error":
            return
        before, self.last = self.last, (page, message.text)
        first, second = self.SUPERSEDED_PREVIEW
        problem = f"console error on {page.url}: {message.text}"
        if message.text == second and before == (page, first):
            if self.errors and self.errors[-1] == f"console error on {page.url}: {first}":
                self.errors.pop()
            return
        if not any(text in message.text for text in self.expected):
            self.errors.append(problem)

    def attach(self, page) -> None:
        page.on("console", lambda message: self.console(page, message))
        page.on("pageerror", lambda error: self.errors.append(f"page error on {page.url}: {error}"))


@pytest.fixture
def problems() -> PageProblems:
    return PageProblems()


@contextmanager
def phone_page(browser: Any, base_url: str, problems: PageProblems) -> Iterator[Any]:
    """A page on a touch phone of PHONE's size, in a context of its own; the page's problems
    (console errors, failed requests) fail the test once it is done."""
    context = browser.new_context(
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
        base_url=base_url,
        locale="en-US",
        # The service worker is tested on its own (test_offline.py, which allows it); here
        # every request goes to the server as it did before the app could work offline.
        service_workers="block",
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    problems.attach(page)
    yield page
    context.close()
    assert not problems.errors, "\n".join(problems.errors)


@pytest.fixture
def page(browser, live_server, problems: PageProblems) -> Iterator[object]:
    with phone_page(browser, live_server.url, problems) as page:
        yield page


@pytest.fixture
def keeper(page) -> Any:
    """A scorekeeper with an account ("scorer"), logged in on the phone. A test file that needs
    another (signed up, a width of its own) declares its own `keeper`."""
    from django.contrib.auth import get_user_model

    from .helpers import PASSWORD, Scorekeeper  # helpers import this module

    get_user_model().objects.create_user("scorer", password=PASSWORD)
    keeper = Scorekeeper(page)
    keeper.log_in("scorer")
    return keeper


@pytest.fixture
def checker(page) -> PageChecker:
    if not AXE_JS.exists():
        pytest.skip(f"{AXE_JS} is missing: run scripts/setup-test-deps (make test does)")
    return PageChecker(page)


#: In the page: axe's target-size at each scroll position (PageChecker.target_size_while_scrolling).
#: The targets are what axe found its rule applies to at the first position (elementRef: the
#: elements themselves); "meets": the two rectangles overlap.
TARGET_SIZE_WHILE_SCROLLING_JS = """async (positions, within) => {
    // target-size (WCAG 2.5.8) is off in axe by default: on here, as in PageChecker.axe.
    const options = {
        rules: {"target-size": {enabled: true}},
        runOnly: {type: "rule", values: ["target-size"]},
        elementRef: true,
    };
    const moving = [...document.querySelectorAll("*")]
        .filter((e) => ["sticky", "fixed"].includes(getComputedStyle(e).position))
        .flatMap((e) => [e, ...e.querySelectorAll("*")]);
    const meets = (a, b) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const violations = [];
    let targets = null;
    const judgedClear = new Set();
    for (const y of positions) {
        window.scrollTo({top: y, behavior: "instant"});
        const stuck = moving.map((e) => e.getBoundingClientRect())
            .filter((r) => r.width && r.height);
        const clear = new Set((targets || []).filter((t) => {
            const rect = t.getBoundingClientRect();
            return !stuck.some((r) => meets(rect, r));
        }));
        const include = targets === null
            ? [within]
            : targets.filter((t) => !clear.has(t) || !judgedClear.has(t));
        if (!include.length) continue;
        // The first run lists every target (passes too); the others only what fails.
        const result = await axe.run(
            {include}, targets === null ? options : {...options, resultTypes: ["violations"]}
        );
        if (targets === null) {
            targets = [...new Set(["passes", "violations", "incomplete"].flatMap(
                (type) => result[type].flatMap((rule) => rule.nodes.map((n) => n.element))
            ))];
            targets.filter((t) => {
                const rect = t.getBoundingClientRect();
                return !stuck.some((r) => meets(rect, r));
            }).forEach((t) => judgedClear.add(t));
        } else {
            include.filter((t) => clear.has(t)).forEach((t) => judgedClear.add(t));
        }
        violations.push(...result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: `${v.help} (scrolled to ${y} px)`,
            nodes: v.nodes.map((n) => n.target.join(" ") + " :: " + n.failureSummary),
        })));
    }
    return violations;
}"""


class PageChecker:
    """The checks every page gets: axe-core, no sideways scrolling, tap targets, a screenshot."""

    def __init__(self, page) -> None:
        self.page = page

    def __call__(self, name: str) -> None:
        page = self.page
        page.wait_for_load_state("load")
        SCREENS.mkdir(parents=True, exist_ok=True)
        # One image pixel per CSS pixel (the page is drawn at 2x all the same): the phone's
        # size as a person sees it, and a quarter of the pixels to write (0.35 s against 0.95 s
        # for a long page; artifacts/screens was 77 MB).
        page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True, scale="css")
        # What the phone shows without scrolling (sticky bars where they really sit).
        page.screenshot(path=str(SCREENS / f"{name}-screen.png"), scale="css")
        self.axe(name)
        self.no_sideways_scroll(name)
        self.tap_targets(name)

    def load_axe(self) -> None:
        if not self.page.evaluate("typeof window.axe !== 'undefined'"):
            # The app's Content-Security-Policy (script-src 'self') refuses an injected inline
            # <script> (page.add_script_tag), so axe is evaluated through the DevTools protocol,
            # which the policy does not govern; the policy stays on for the app's own scripts.
            self.page.evaluate(AXE_JS.read_text(encoding="utf-8") + "\n;undefined")
            assert self.page.evaluate("typeof window.axe.run === 'function'"), "axe not loaded"

    def axe(self, name: str, only: list[str] | None = None, within: str = "html") -> None:
        """axe-core on the page as it is now (scroll position included); `only`: these rules,
        `within`: the elements under this selector."""
        self.load_axe()
        violations = self.page.evaluate(
            """async ([only, within]) => {
                // target-size (WCAG 2.5.8) is off in axe by default: on here, so a control
                // partly under the sticky save bar is caught as Lighthouse catches it.
                const options = {
                    resultTypes: ["violations"],
                    rules: {"target-size": {enabled: true}},
                };
                if (only) options.runOnly = {type: "rule", values: only};
                const result = await axe.run({include: [within]}, options);
                return result.violations.map((v) => ({
                    id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.map((n) => n.target.join(" ") + " :: " + n.failureSummary),
                }));
            }""",
            [only, within],
        )
        self.no_serious(name, violations)

    def no_serious(self, name: str, violations: list[dict[str, Any]]) -> None:
        bad = [v for v in violations if v["impact"] in {"serious", "critical"}]
        assert not bad, f"axe on {name} ({self.page.url}):\n" + "\n".join(
            f"- [{v['impact']}] {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"])
            for v in bad
        )

    def target_size_while_scrolling(self, name: str, positions: list[int], within: str) -> None:
        """axe's target-size on the elements under `within`, with the page scrolled to each of
        `positions` (px from the top) in turn.

        axe judges a target by the rectangles on the screen as they are: the parts of it that
        other elements cover. Scrolling moves every element alike but the sticky (and fixed)
        ones, so a target that meets none of them, nor anything inside one, is judged the same
        at every position where it meets none. axe runs on every target at the first position;
        at each next one, on the targets that meet a sticky element there, and on those it has
        not yet judged clear of all of them. Every judgement is axe's own; this only spares
        running it again where nothing it reads has changed (a run's fixed cost, its grid of
        the whole page, is most of it).

        The page's URL is loaded afresh in a second page of the same size, and the two take
        every other position side by side, each in one call (a renderer process each: both of
        the machine's cores), so the page must be as it loads."""
        second = self.page.context.new_page()
        try:
            viewport = self.page.viewport_size
            assert viewport is not None
            second.set_viewport_size(viewport)
            second.goto(self.page.url)
            pages = [self.page, second]
            for index, page in enumerate(pages):
                PageChecker(page).load_axe()
                page.evaluate(
                    "([positions, within]) => { window.targetSizeFound = ("
                    + TARGET_SIZE_WHILE_SCROLLING_JS
                    + ")(positions, within); }",
                    [positions[index :: len(pages)], within],
                )
            violations = [v for page in pages for v in page.evaluate("window.targetSizeFound")]
        finally:
            second.close()
        self.no_serious(name, violations)

    def no_sideways_scroll(self, name: str) -> None:
        """No sideways scrolling at 390 and 320 px; the page is then left at the width it had,
        so that a test played at 360 px goes on at 360 px."""
        page = self.page
        played_at = page.viewport_size or PHONE
        for size in (PHONE, NARROW):
            page.set_viewport_size(size)
            # On a phone (is_mobile) the browser zooms out to fit wide content, and
            # window.innerWidth grows with it: compare with the screen's own width too.
            scroll, inner, client = page.evaluate(
                "() => [document.documentElement.scrollWidth, window.innerWidth,"
                " document.documentElement.clientWidth]"
            )
            assert scroll <= inner and scroll <= size["width"] and client <= size["width"], (
                f"{name} scrolls sideways at {size['width']} px: scrollWidth {scroll}, "
                f"innerWidth {inner}, clientWidth {client}; widest: {self.widest()}"
            )
        page.set_viewport_size(played_at)

    def widest(self) -> list[str]:
        return self.page.evaluate(
            """() => [...document.querySelectorAll("body *")]
                .filter((e) => e.getBoundingClientRect().right
                    > document.documentElement.clientWidth + 0.5)
                .slice(0, 8)
                .map((e) => e.tagName.toLowerCase() + "." + e.className + " right="
                    + Math.round(e.getBoundingClientRect().right))"""
        )

    def tap_targets(self, name: str) -> None:
        """Buttons, links, toggles, radio choices, summaries and fields at least 44 px high.

        Links inside a sentence (inline, with other text around) are exempt, as in WCAG 2.5.8.
        """
        small = self.page.evaluate(
            """(minimum) => {
                const visible = (e) => {
                    const r = e.getBoundingClientRect();
                    return r.width > 0 && r.height > 0
                        && !e.closest("details:not([open]) > :not(summary)")
                        && getComputedStyle(e).visibility !== "hidden";
                };
                const targets = [...document.querySelectorAll(
                    "button, a, summary, select, textarea,"
                    + " input:not([type=hidden]):not([type=checkbox]):not([type=radio]),"
                    + " label:has(input[type=checkbox]), label:has(input[type=radio])")];
                return targets.filter(visible).filter((e) => {
                    if (e.tagName === "A" && getComputedStyle(e).display === "inline"
                        && e.parentElement.textContent.trim() !== e.textContent.trim()) {
                        return false;  // a link inside a sentence
                    }
                    return e.getBoundingClientRect().height < minimum - 0.5;
                }).map((e) => e.tagName.toLowerCase() + (e.className ? "." + e.className : "")
                    + " '" + (e.getAttribute("aria-label") || e.textContent).trim().slice(0, 40)
                    + "' " + Math.round(e.getBoundingClientRect().height) + "px");
            }""",
            MIN_TAP,
        )
        assert not small, f"tap targets under {MIN_TAP} px high on {name}: {small}"
