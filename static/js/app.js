// Small conveniences on top of plain forms: every page works without this file. No rule lives
// here: the server (and its engine) scores every hand.
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
  script.onload = () => {
    const form = document.querySelector("form[data-hand-entry]");
    if (form && lastAsked) form.dispatchEvent(new Event("preview-now", { bubbles: true }));
  };
  document.head.append(script);
}
if (document.readyState === "complete") startHtmx();
else window.addEventListener("load", startHtmx);

function fire(input) {
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

// The live preview: a tap and each typed key ask at once (the last key's score one round trip
// away); the form's hx-sync "replace" aborts an older question. Unchanged values ask nothing.
// An unchanged field message or sum stays: htmx's out-of-band swaps delay the score ~10 ms
// (each one re-announces those before it).
document.addEventListener("htmx:oobBeforeSwap", ({ detail }) => {
  const incoming = detail.fragment.firstChild;
  const held = holdMessage(detail.target, incoming); // else lets go of one held before
  if (held || detail.target.isEqualNode(incoming)) detail.shouldSwap = false;
  // htmx copies the old element's style attribute onto the new one as it settles (the CSP
  // refuses that): a message's kept height goes with it.
  else detail.target.removeAttribute("style");
});

// While a box is typed into, its message never takes less room: a new one waits until the box
// is left or the typing stops ("52" on the way to "520" is no mistake yet), one a key clears goes
// blank but keeps its lines, and one a key changes keeps at least its height, until the box is
// left. A message that comes and goes would move the rows below under the finger already
// reaching for the next box.
const HOLD_WHILE_TYPING_MS = 1500;
const heldMessages = new Map();
function typedBox(element) {
  return element && element.matches && element.matches("input.number, input.points, input[inputmode]");
}
// Kept back until its box is left, or, given a `pause`, until the typing stops that long.
function hold(id, message, pause = 0) {
  letGo(id);
  const timer = pause ? setTimeout(() => showHeld(id), pause) : null;
  heldMessages.set(id, { message, timer });
}
function letGo(id) {
  const held = heldMessages.get(id);
  if (held) clearTimeout(held.timer);
  heldMessages.delete(id);
  return held;
}
function holdMessage(target, incoming) {
  const box = document.activeElement;
  const typingHere = typedBox(box) && handForm(box) && target.id === `err-${box.name}`;
  if (!typingHere || (!target.textContent && !incoming.textContent)) {
    letGo(target.id);
    return false;
  }
  if (!target.textContent) {
    hold(target.id, incoming.cloneNode(true), HOLD_WHILE_TYPING_MS);
    return true;
  }
  if (!incoming.textContent) {
    target.classList.add("cleared");
    hold(target.id, incoming.cloneNode(true));
    return true;
  }
  // Changed in place (no swap: htmx would copy a style attribute, which the CSP refuses).
  letGo(target.id);
  target.style.minHeight = `${target.getBoundingClientRect().height}px`;
  target.classList.remove("cleared");
  target.textContent = incoming.textContent;
  return true;
}
function holdLonger(box) {
  const held = heldMessages.get(`err-${box.name}`);
  if (held && held.timer) hold(`err-${box.name}`, held.message, HOLD_WHILE_TYPING_MS);
}
function showHeld(id) {
  const held = letGo(id);
  const shown = document.getElementById(id);
  if (held && shown) shown.replaceWith(held.message);
  else if (shown) shown.removeAttribute("style");
}
// Once the tap that left the box has landed (its click comes in the same task).
document.addEventListener("focusout", (event) => {
  if (typedBox(event.target) && event.target.name) {
    setTimeout(() => showHeld(`err-${event.target.name}`), 0);
  }
});

let lastAsked = "";
function ask(element, kind) {
  const form = handForm(element);
  if (!form) return;
  const values = new URLSearchParams(new FormData(form)).toString();
  if (values === lastAsked) return;
  lastAsked = values;
  element.dispatchEvent(new Event(kind, { bubbles: true }));
}
function askNow(element) {
  ask(element, "preview-now");
}

// A count's one-tap choices set its own box (the input the form sends) and ask at once, from
// that box; a box set by typing, the card counter or a draft shows its chosen count too.
function showChosen(scope) {
  if (!scope) return;
  scope.querySelectorAll(".count-box").forEach((row) => {
    const input = row.querySelector("input");
    // A blank box counts 0; a half-typed or unreadable one ("1e", "-") picks no choice.
    const count = input.value === "" ? (input.validity.badInput ? NaN : 0) : Number(input.value);
    row.querySelectorAll("button.count-choice").forEach((choice) => {
      choice.setAttribute("aria-pressed", String(Number(choice.dataset.choice) === count));
    });
  });
}
document.addEventListener("input", (event) => showChosen(handForm(event.target)));
document.addEventListener("preview-now", (event) => showChosen(handForm(event.target)));

// A count's choices are shown once this script can take their taps (hand.css).
if (window.customElements) customElements.define("count-choices", class extends HTMLElement {});

document.addEventListener("click", (event) => {
  const choice = event.target.closest("button.count-choice");
  if (choice) {
    const input = choice.closest(".count-box").querySelector("input");
    // The chosen count tapped again is taken back (a slip undone in one tap, where no 0 shows).
    const again = choice.getAttribute("aria-pressed") === "true";
    input.value = again ? "0" : choice.dataset.choice;
    showChosen(choice.closest(".field-row"));
    remember(input);
    askNow(input);
    return;
  }
  const disclosure = event.target.closest("[data-breakdown-toggle], .count-toggle, [data-disclosure]");
  if (disclosure) {
    const open = disclosure.getAttribute("aria-expanded") !== "true";
    disclosure.setAttribute("aria-expanded", String(open));
    document.getElementById(disclosure.getAttribute("aria-controls")).hidden = !open;
  }
});

// The card counter: tally cards by value class, the points field gets the sum (and the field
// that counts the cards, where the rule set has one, gets their number: Ten Pennies).
document.addEventListener("input", (event) => {
  const helper = event.target.closest(".card-helper");
  if (!helper || !event.target.dataset.points) return;
  let points = 0;
  let cards = 0;
  helper.querySelectorAll("input[data-points]").forEach((input) => {
    const count = parseInt(input.value, 10) || 0;
    points += count * parseInt(input.dataset.points, 10);
    cards += count;
  });
  const counted = helper.dataset.cardsTarget && document.getElementById(helper.dataset.cardsTarget);
  if (counted) counted.value = String(cards);
  const target = document.getElementById(helper.dataset.target);
  target.value = String(points);
  fire(target);
});

// -- the hand form ("Just the total" is the stylesheet's) --

function handForm(element) {
  return element && element.closest ? element.closest("form[data-hand-entry]") : null;
}

document.addEventListener("input", (event) => {
  const form = handForm(event.target);
  if (!form) return;
  remember(event.target);
  if (!typedBox(event.target)) return;
  holdLonger(event.target);
  ask(event.target, "preview-typed");
});
document.addEventListener("change", (event) => {
  if (!handForm(event.target) || !event.target.name) return;
  remember(event.target);
  askNow(event.target);
});

// The breakdown stays open (or closed) as the scorekeeper left it when the preview refreshes.
document.addEventListener("htmx:afterSwap", () => {
  const toggle = document.querySelector("[data-breakdown-toggle]");
  const panel = document.querySelector("[data-breakdown]");
  if (toggle && panel) panel.hidden = toggle.getAttribute("aria-expanded") !== "true";
});

// Enter ("next" on a phone's keyboard) moves to the next box; it never saves. The last box
// says "done" and closes the keyboard. Only the Save button saves.
function entryBoxes(form) {
  // checkVisibility also skips the boxes of a closed "More" (laid out, but not shown).
  const shown = (box) => (box.checkVisibility ? box.checkVisibility() : box.getClientRects().length);
  return [...form.querySelectorAll("input.number")].filter(shown);
}
function labelEnterKeys(form) {
  const boxes = entryBoxes(form);
  boxes.forEach((box, index) => {
    box.setAttribute("enterkeyhint", index === boxes.length - 1 ? "done" : "next");
  });
}
document.addEventListener("keydown", (event) => {
  const form = handForm(event.target);
  if (!form || event.key !== "Enter" || event.target.tagName !== "INPUT") return;
  event.preventDefault();
  const boxes = entryBoxes(form);
  const next = boxes[boxes.indexOf(event.target) + 1];
  if (next) next.focus();
  else event.target.blur();
});
document.addEventListener("focusin", (event) => {
  const form = handForm(event.target);
  if (form) labelEnterKeys(form);
});
// A focused box scrolls above the save bar: the page's scroll padding is the bar's height less
// what it reaches past the screen's foot (its negative bottom, hand.css). Set on <html> alone,
// not as a custom property every element inherits (that restyled the whole page).
const saveBar = document.querySelector(".save-bar");
if (saveBar && window.ResizeObserver) {
  new ResizeObserver(() => {
    const pastFoot = -parseFloat(getComputedStyle(saveBar).bottom) || 0;
    const padding = `${Math.max(0, saveBar.offsetHeight - pastFoot)}px`;
    const page = document.documentElement.style;
    if (page.scrollPaddingBottom !== padding) page.scrollPaddingBottom = padding;
  }).observe(saveBar);
}

// Typed values are kept for this page (sessionStorage) until the hand is saved: leaving asks
// first, and coming back with the browser's back button puts every value back.
function draftKey() {
  return `hand-draft:${location.pathname}`;
}
let unsaved = false;
let leaving = false;
function remember(element) {
  const form = handForm(element);
  if (!form) return;
  unsaved = true;
  const values = [];
  new FormData(form).forEach((value, name) => {
    if (name !== "csrfmiddlewaretoken") values.push([name, String(value)]);
  });
  try {
    sessionStorage.setItem(draftKey(), JSON.stringify(values));
  } catch (error) {
    // Private mode or full storage: no draft, the form still works.
  }
}
function restoreDraft(form) {
  let values;
  try {
    values = JSON.parse(sessionStorage.getItem(draftKey()) || "null");
  } catch (error) {
    values = null;
  }
  if (!values) return;
  const named = new Map(values);
  form.querySelectorAll("input[name]").forEach((input) => {
    if (input.type === "hidden") return;
    if (input.type === "checkbox") input.checked = named.has(input.name);
    else if (input.type === "radio") input.checked = named.get(input.name) === input.value;
    else if (named.has(input.name)) input.value = named.get(input.name);
  });
  unsaved = true;
  askNow(form);
}
function forgetDraft() {
  try {
    sessionStorage.removeItem(draftKey());
  } catch (error) {
    // nothing kept, nothing to forget
  }
}
document.addEventListener("submit", (event) => {
  if (!handForm(event.target)) return;
  leaving = true;
  forgetDraft();
});
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[href]");
  if (!link || !unsaved || leaving || !document.querySelector("form[data-hand-entry]")) return;
  if (window.confirm("Leave this hand? What you typed is not saved yet.")) {
    leaving = true;
  } else {
    event.preventDefault();
  }
});
window.addEventListener("beforeunload", (event) => {
  if (unsaved && !leaving) event.preventDefault();
});
// Back to a hand form that was sent (the back/forward cache keeps the page as it was): a
// fresh form from the server instead, for the next hand (or the scoreboard once it is over).
window.addEventListener("pageshow", (event) => {
  if (event.persisted && leaving && document.querySelector("form[data-hand-entry]")) {
    location.reload();
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
  const entry = document.querySelector("form[data-hand-entry]");
  if (entry) {
    const [visit] = performance.getEntriesByType("navigation");
    if (visit && visit.type === "back_forward") restoreDraft(entry);
    else forgetDraft(); // now: at idle it could drop a value typed
    // Enter keys get their labels on focusin (here it forced a layout).
  }
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

// Offline, the live score says so instead of waiting; the next answer redraws it.
document.addEventListener("htmx:sendError", (event) => {
  if (!handForm(event.detail.elt)) return;
  lastAsked = "";
  const note = document.querySelector("[data-preview-offline]");
  if (note) note.hidden = false;
  document.querySelectorAll(".preview-score").forEach((score) => {
    score.textContent = "–";
  });
});
