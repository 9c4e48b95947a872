// Small conveniences on top of plain forms: every page works without this file. No rule lives
// here: the server (and its engine) scores every hand. What only the hand form needs is hand.js.
"use strict";

// htmx starts after the load event, in a task of its own, not in DOMContentLoaded's with the
// browser's work on the form (README, Budgets). Added between the two it would wait for a
// DOMContentLoaded already past and never start. Set up first, so that nothing below can stop
// it. A hand form asked about before then asks again.
function startHtmx() {
  const preloaded = document.querySelector("link[data-htmx]");
  if (!preloaded) return;
  const script = document.createElement("script");
  script.src = preloaded.href;
  // A hand form asked about before htmx was there asks again (hand.js).
  script.onload = () => document.dispatchEvent(new Event("htmx-started"));
  document.head.append(script);
}
// The load event comes in the same task as the end of the parse when every file is already
// there: htmx's script is added in a task after it, not in that one.
if (document.readyState === "complete") startHtmx();
else window.addEventListener("load", () => setTimeout(startHtmx, 0));

// A word of the game explains itself on a tap; the hand form's breakdown and card counter open
// and close the same way.
document.addEventListener("click", (event) => {
  const disclosure = event.target.closest("[data-breakdown-toggle], .count-toggle, [data-disclosure]");
  if (disclosure) {
    const open = disclosure.getAttribute("aria-expanded") !== "true";
    disclosure.setAttribute("aria-expanded", String(open));
    document.getElementById(disclosure.getAttribute("aria-controls")).hidden = !open;
  }
});

// A double tap on Save sends the hand once (the server also refuses a second copy).
document.addEventListener("submit", (event) => {
  const button = event.target.querySelector("[data-once]");
  if (!button) return;
  if (button.dataset.sent) {
    event.preventDefault();
    return;
  }
  button.dataset.sent = "1";
});

// Keep the phone awake while a game is on screen.
let wakeLock = null;
async function keepAwake() {
  if (!document.body.hasAttribute("data-wake-lock") || !("wakeLock" in navigator)) return;
  if (document.visibilityState !== "visible") return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
  } catch (error) {
    wakeLock = null; // Refused (battery saver, permissions): the game still works.
  }
}
document.addEventListener("visibilitychange", keepAwake);

// Work the first paint does not need waits for idle.
function whenIdle(work) {
  if (window.requestIdleCallback) requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 1);
}

document.addEventListener("DOMContentLoaded", () => {
  whenIdle(keepAwake); // the wake lock's request took ~4 ms of the page's start-up at 4x
});

// -- offline --
// The worker (/sw.js) keeps page copies, and hands whose Save got no answer. outbox.js lists and
// sends those; it loads only when it has work (a hand kept, its flag, an offline copy).
const offlineSetup = document.body.dataset;
const offlineCopy = document.querySelector("[data-offline-copy]");
// A copy of the hand form holds the one-time token of the page it was copied from (the server
// refuses a second hand from one form): each time the copy is shown it is a new form.
const copiedToken = offlineCopy && document.querySelector("form[data-new-hand] [name=form_token]");
if (copiedToken && window.crypto && crypto.getRandomValues) {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const base64 = btoa(String.fromCharCode(...bytes));
  copiedToken.value = base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
whenIdle(() => {
  if ("serviceWorker" in navigator && offlineSetup.serviceWorker) {
    navigator.serviceWorker.register(offlineSetup.serviceWorker).catch(() => {});
  }
});
function outboxWanted() {
  try {
    return localStorage.getItem("outbox-waiting") || location.search.includes("outbox=") || offlineCopy;
  } catch (error) {
    return offlineCopy; // no storage
  }
}
function loadOutbox(then) {
  const loading = document.getElementById("outbox-script");
  if (window.Outbox || loading) {
    if (then) (window.Outbox ? then() : loading.addEventListener("load", then));
    return;
  }
  const script = document.createElement("script");
  script.id = "outbox-script";
  script.src = offlineSetup.outboxScript;
  if (then) script.addEventListener("load", then);
  document.head.append(script);
}
whenIdle(() => outboxWanted() && loadOutbox());
// A log-out before the outbox has loaded (a slow phone taps before the idle moment) waits for
// it: outbox.js then asks about the hands waiting.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.matches("[data-logout]") || window.Outbox || !outboxWanted()) return;
  event.preventDefault();
  loadOutbox(() => form.requestSubmit());
});
window.addEventListener("online", () => outboxWanted() && loadOutbox());
// The next hand's number as the server gave it, and when, for older offline copies.
const nextHand = document.querySelector("#outbox, form[data-new-hand]");
if (nextHand && !offlineCopy) {
  whenIdle(() => {
    try {
      const number = nextHand.dataset.nextNumber || nextHand.number.value;
      localStorage.setItem(`next-hand:${nextHand.dataset.game}`, `${number} ${Date.now()}`);
    } catch (error) {}
  });
}
