// Small conveniences on top of plain forms. Every page works without this file; it adds
// steppers, the card counter, the live preview's timing, Enter as "next", the typed-hand
// draft, one-tap seating, and the wake lock.
// No rule lives here: the server (and its engine) scores every hand.
"use strict";

document.documentElement.classList.add("js");

function fire(input) {
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

// The live preview (hx-trigger on the hand form): a tap on a stepper or a toggle asks at once;
// typing asks after a short pause (the form's "preview-typed delay:150ms").
// A refresh is asked for only when the values differ from the last ask: leaving a box (its
// "change") after typing does not send the same preview twice, nor race the Save that follows.
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

document.addEventListener("click", (event) => {
  const step = event.target.closest("button.step");
  if (step) {
    const input = step.parentElement.querySelector("input");
    const next = (parseInt(input.value, 10) || 0) + parseInt(step.dataset.step, 10);
    const max = input.max === "" ? Infinity : parseInt(input.max, 10);
    input.value = String(Math.min(Math.max(next, 0), max));
    remember(input);
    askNow(input);
    return;
  }
  const disclosure = event.target.closest("[data-breakdown-toggle], .count-toggle, [data-disclosure]");
  if (disclosure) {
    const open = disclosure.getAttribute("aria-expanded") !== "true";
    disclosure.setAttribute("aria-expanded", String(open));
    document.getElementById(disclosure.getAttribute("aria-controls")).hidden = !open;
    return;
  }
  const chip = event.target.closest("#roster .chip");
  if (chip) {
    const seats = [...document.querySelectorAll(".seats input")];
    const already = seats.find((seat) => seat.value === chip.dataset.name);
    if (already) {
      already.value = "";
      chip.setAttribute("aria-pressed", "false");
    } else {
      const empty = seats.find((seat) => seat.value.trim() === "");
      if (empty) {
        empty.value = chip.dataset.name;
        chip.setAttribute("aria-pressed", "true");
      }
    }
    showSeats();
    return;
  }
  if (event.target.id === "more-seats") {
    document.querySelector(".seats").classList.add("show-more");
    event.target.hidden = true;
  }
});

// The card counter: tally cards by value class, the points field gets the sum.
document.addEventListener("input", (event) => {
  const helper = event.target.closest(".card-helper");
  if (!helper || !event.target.dataset.points) return;
  let points = 0;
  helper.querySelectorAll("input[data-points]").forEach((input) => {
    points += (parseInt(input.value, 10) || 0) * parseInt(input.dataset.points, 10);
  });
  const target = document.getElementById(helper.dataset.target);
  target.value = String(points);
  fire(target);
});

document.addEventListener("change", (event) => {
  if (event.target.name === "rules") showForRules();
});

// -- the hand form --------------------------------------------------------------------------
// ("Just the total" needs nothing here: the stylesheet shows the total or the itemized fields.)

function handForm(element) {
  return element && element.closest ? element.closest("form[data-hand-entry]") : null;
}

document.addEventListener("input", (event) => {
  const form = handForm(event.target);
  if (!form) return;
  remember(event.target);
  const typed = event.target.matches("input.number, input.points, input[inputmode]");
  if (typed) ask(event.target, "preview-typed");
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
    // Private mode or full storage: the form still works, only the draft is not kept.
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

// New game: show the options of the chosen rule set, name the dealer's seat.
function showForRules() {
  const chosen = document.querySelector("input[name=rules]:checked");
  document.querySelectorAll("[data-show-for]").forEach((element) => {
    element.hidden = !chosen || !element.dataset.showFor.split(" ").includes(chosen.value);
  });
}
function showSeats() {
  const seats = document.querySelector(".seats");
  if (!seats) return;
  const inputs = [...seats.querySelectorAll("input")];
  const filled = inputs.filter((input) => input.value.trim() !== "").length;
  if (filled >= 4) seats.classList.add("show-more");
  document.querySelectorAll("#id_first_dealer option").forEach((option, index) => {
    const name = inputs[index] && inputs[index].value.trim();
    option.textContent = name ? `Seat ${index + 1}: ${name}` : `Seat ${index + 1}`;
  });
  const more = document.getElementById("more-seats");
  if (more) more.hidden = seats.classList.contains("show-more");
}
document.addEventListener("input", (event) => {
  if (event.target.closest(".seats")) showSeats();
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

document.addEventListener("DOMContentLoaded", () => {
  const entry = document.querySelector("form[data-hand-entry]");
  if (entry) {
    const [visit] = performance.getEntriesByType("navigation");
    if (visit && visit.type === "back_forward") restoreDraft(entry);
    else forgetDraft();
    labelEnterKeys(entry);
  }
  showForRules();
  showSeats();
  keepAwake();
});

// The live view. While polls fail, its note says when it last heard from the server; the next
// answer that gets through redraws the scoreboard with its usual note, so it recovers by itself.
// A stopped link answers 404 with an explanation, which takes the scoreboard's place (and the
// polling stops with it).
let liveHeard = new Date();
function isLivePoll(event) {
  return event.detail.elt instanceof Element && event.detail.elt.id === "live";
}
function liveLost(event) {
  const status = document.getElementById("live-status");
  if (!isLivePoll(event) || !status) return;
  const time = liveHeard.toTimeString().slice(0, 5);
  status.textContent = status.dataset.lost.replace("{time}", time);
  status.classList.add("reconnecting");
}
document.addEventListener("htmx:afterRequest", (event) => {
  if (isLivePoll(event) && event.detail.successful) liveHeard = new Date();
});
document.addEventListener("htmx:sendError", liveLost);
document.addEventListener("htmx:timeout", liveLost);
document.addEventListener("htmx:responseError", liveLost);
document.addEventListener("htmx:beforeSwap", (event) => {
  if (isLivePoll(event) && event.detail.xhr.status === 404) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});
