// Small conveniences on top of plain forms. Every page works without this file; it adds
// steppers, the just-the-total switch, the card counter, one-tap seating, and the wake lock.
// No rule lives here: the server (and its engine) scores every hand.
"use strict";

document.documentElement.classList.add("js");

function fire(input) {
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

document.addEventListener("click", (event) => {
  const step = event.target.closest("button.step");
  if (step) {
    const input = step.parentElement.querySelector("input");
    const next = (parseInt(input.value, 10) || 0) + parseInt(step.dataset.step, 10);
    const max = input.max === "" ? Infinity : parseInt(input.max, 10);
    input.value = String(Math.min(Math.max(next, 0), max));
    fire(input);
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

// "Just the total": show either the total or the itemized fields of a side.
function syncJustTotal(checkbox) {
  checkbox.closest(".panel").classList.toggle("just-total", checkbox.checked);
}
document.addEventListener("change", (event) => {
  if (event.target.matches("[data-just-total]")) syncJustTotal(event.target);
  if (event.target.name === "rules") showForRules();
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
  document.querySelectorAll("[data-just-total]").forEach(syncJustTotal);
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
