// The hand form: the live preview as keys and taps come, a count's one-tap choices, the card
// counter, Enter as "next", the draft kept for Back, and what is shown while offline. Loaded by
// the hand form alone (app.js has what every page needs). No rule here: the server scores.
"use strict";

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
// reaching for the next box. Any other box's message waits the same way while taps and keys come
// (until they stop that long): an answer that comes after its box was left (keys faster than the
// answers) moved the rows ~100 px as the next tap landed, and that tap's digits went nowhere.
const HOLD_WHILE_TYPING_MS = 1500;
const heldMessages = new Map();
let lastTouch = -Infinity;
function handsBusy() {
  return performance.now() - lastTouch < HOLD_WHILE_TYPING_MS;
}
["pointerdown", "keydown"].forEach((type) => document.addEventListener(type, () => {
  lastTouch = performance.now();
  [...heldMessages].forEach(([id, held]) => held.timer && hold(id, held.message, HOLD_WHILE_TYPING_MS));
}, true));
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
  const waiting = !typingHere && target.matches(".field-error") && handsBusy();
  if (!(typingHere || waiting) || (!target.textContent && !incoming.textContent)) {
    letGo(target.id);
    return false;
  }
  if (!target.textContent) {
    hold(target.id, incoming.cloneNode(true), HOLD_WHILE_TYPING_MS);
    return true;
  }
  if (!incoming.textContent) {
    target.classList.add("cleared");
    hold(target.id, incoming.cloneNode(true), waiting ? HOLD_WHILE_TYPING_MS : 0);
    return true;
  }
  // Changed in place (no swap: htmx would copy a style attribute, which the CSP refuses).
  letGo(target.id);
  target.style.minHeight = `${target.getBoundingClientRect().height}px`;
  target.classList.remove("cleared");
  target.textContent = incoming.textContent;
  if (waiting) hold(target.id, incoming.cloneNode(true), HOLD_WHILE_TYPING_MS); // its room, at rest
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

// A count's choices come with the page, marked from the box (games/hand_panels.py); they show
// once this script can take their taps (hand.css: an element defined here).
if (window.customElements) customElements.define("count-choices", class extends HTMLElement {});

document.addEventListener("click", (event) => {
  const choice = event.target.closest("button.count-choice");
  if (choice) {
    const input = choice.closest(".count-box").querySelector("input");
    // The chosen count tapped again is taken back (a slip undone in one tap: no 0 is drawn).
    const again = choice.getAttribute("aria-pressed") === "true";
    input.value = again ? "0" : choice.dataset.choice;
    showChosen(choice.closest(".field-row"));
    remember(input);
    askNow(input);
    return;
  }
});

// Each points box's card counter opens under it (app.js's disclosure, on its Count button). Its
// room, a copy of the form's one #card-counter, is made on the first tap, in the click's capture
// phase so that it is there when app.js opens it: none is sent with the page or made at its load
// (the load's time on a slow phone, bench's blocking time).
document.addEventListener("click", (event) => {
  const toggle = event.target.closest(".count-toggle");
  if (!toggle || document.getElementById(toggle.getAttribute("aria-controls"))) return;
  const helper = document.createElement("div");
  helper.className = "card-helper";
  helper.id = toggle.getAttribute("aria-controls");
  helper.dataset.target = helper.id.slice("count-".length);
  if (toggle.dataset.cardsTarget) helper.dataset.cardsTarget = toggle.dataset.cardsTarget;
  helper.hidden = true;
  const counter = document.getElementById("card-counter");
  if (counter) helper.append(counter.content.cloneNode(true));
  toggle.parentElement.after(helper);
}, true);

// A points box's 0 that is a result of its own (the knocker's gin): one tap types it and asks.
document.addEventListener("click", (event) => {
  const tap = event.target.closest("button[data-zero]");
  const input = tap && document.getElementById(tap.dataset.zero);
  if (!input) return;
  input.value = "0";
  showWhileZero(handForm(input));
  remember(input);
  askNow(input);
});
// A box asked only while another of its side holds 0 or nothing (big gin): marked otherwise,
// and hand.css hides it unless it is ticked.
function showWhileZero(form) {
  if (!form) return;
  form.querySelectorAll("[data-while-zero]").forEach((row) => {
    const box = document.getElementById(row.dataset.whileZero);
    const zero = !box || box.value.trim() === "" || Number(box.value) === 0;
    row.classList.toggle("not-while-zero", !zero);
  });
}
document.addEventListener("input", (event) => showWhileZero(handForm(event.target)));

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
// A side's pick that scores alone (a special hand): its other boxes, hidden (hand.css), are not
// sent either, so nothing typed there before is counted or refused; "No" sends them again as
// they were.
function sendAloneOnly(form) {
  form.querySelectorAll(".alone-choice").forEach((choice) => {
    const picked = choice.querySelector("input:checked");
    const alone = Boolean(picked) && picked.value !== "0";
    choice.closest(".tally").querySelectorAll("input").forEach((input) => {
      if (!choice.contains(input)) input.disabled = alone;
    });
  });
}
document.addEventListener("change", (event) => {
  const form = handForm(event.target);
  if (!form || !event.target.name) return;
  if (event.target.closest(".alone-choice")) sendAloneOnly(form);
  remember(event.target);
  askNow(event.target);
});

// With many sides or long names each side's live score stands by its name (hand.css draws it
// from the name's data-score): the bar's scores, as the server or predict.js writes them, are
// copied there as they change.
const inPanels = document.querySelector(".scores-in-panels");
if (inPanels && window.MutationObserver) {
  const copy = () => inPanels.querySelectorAll("[data-side] > legend").forEach((legend) => {
    const from = document.querySelector(`[data-testid="preview-${legend.parentElement.dataset.side}"]`);
    legend.dataset.score = from ? from.textContent : "…";
  });
  new MutationObserver(copy).observe(inPanels.querySelector(".save-bar"), {
    childList: true,
    subtree: true,
    characterData: true,
  });
  copy();
}

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
  sendAloneOnly(form);
  showWhileZero(form);
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
  const form = document.querySelector("form[data-hand-entry]");
  if (!link || !unsaved || leaving || !form) return;
  // The question in the page's language, from the form (data-leave).
  if (window.confirm(form.dataset.leave)) {
    leaving = true;
  } else {
    event.preventDefault();
  }
});
window.addEventListener("beforeunload", (event) => {
  if (unsaved && !leaving) event.preventDefault();
});
// Back to a hand form sent or given up (the back/forward cache keeps the page as it was): a
// fresh form from the server instead, for the next hand (or the scoreboard once it is over).
window.addEventListener("pageshow", (event) => {
  if (event.persisted && leaving && document.querySelector("form[data-hand-entry]")) {
    location.reload();
  }
});


document.addEventListener("DOMContentLoaded", () => {
  const entry = document.querySelector("form[data-hand-entry]");
  if (!entry) return;
  const [visit] = performance.getEntriesByType("navigation");
  if (visit && visit.type === "back_forward") restoreDraft(entry);
  // The last visit's draft goes in a task after this one (the storage's first use takes a few
  // ms at 4x, in the task that ends the parse), unless a value typed since kept a new one.
  else setTimeout(() => unsaved || forgetDraft(), 0);
  sendAloneOnly(entry);
  showWhileZero(entry);
  // Enter keys get their labels on focusin (here it forced a layout).
});

// htmx started after this form was asked about: ask again (app.js starts htmx late).
document.addEventListener("htmx-started", () => {
  const form = document.querySelector("form[data-hand-entry]");
  if (form && lastAsked) form.dispatchEvent(new Event("preview-now", { bubbles: true }));
});

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
