// The new-game page: one-tap seating from the roster, the options of the chosen rule set, and
// the first-dealer choices named after the seats. The page works without it. Its words come
// with the page, in its language, on the elements they are written into (data-seat...).
"use strict";

// Words of the page with their {placeholders} filled (as written: a name may hold "$&").
function said(words, values) {
  const fill = (text, [name, value]) => text.replace(`{${name}}`, () => String(value));
  return Object.entries(values).reduce(fill, words);
}

function showForRules() {
  const chosen = document.querySelector("input[name=rules]:checked");
  document.querySelectorAll("[data-show-for]").forEach((element) => {
    element.hidden = !chosen || !element.dataset.showFor.split(" ").includes(chosen.value);
  });
}

// The engine's seating: for each rule set, players to a side by number of players.
function seatingTable() {
  try {
    return JSON.parse(document.getElementById("seating-table").textContent);
  } catch (error) {
    return {};
  }
}

// The most players the chosen rule set seats (Infinity until one is chosen).
function mostPlayers() {
  const chosen = document.querySelector("input[name=rules]:checked");
  const counts = Object.keys((chosen && seatingTable()[chosen.value]) || {}).map(Number);
  return counts.length ? Math.max(...counts) : Infinity;
}

function showSeats() {
  const seats = document.querySelector(".seats");
  if (!seats) return;
  const inputs = [...seats.querySelectorAll("input")];
  const filled = inputs.filter((input) => input.value.trim() !== "").length;
  const most = mostPlayers();
  // One empty seat more than the players seated so far (four at least), and none past the
  // most the game seats ("Seat 5" for a game of two to four): no wall of boxes. A seat
  // typed into stays, so that nothing typed is hidden.
  inputs.forEach((input, index) => {
    const seat = input.closest(".extra-seat");
    const typed = input.value.trim() !== "";
    if (seat) seat.classList.toggle("shown", typed || (index <= filled && index < most));
  });
  document.querySelectorAll("#id_first_dealer option").forEach((option, index) => {
    const name = inputs[index] && inputs[index].value.trim();
    const words = name ? seats.dataset.seatNamed : seats.dataset.seat;
    option.textContent = said(words, { number: index + 1, name });
    option.hidden = !name && index >= most;
  });
}

// The partnerships as they will be, before Start: players to a side come from the engine's
// seating (the page's #seating-table); partners sit opposite, as the server seats them.
function showSides() {
  const preview = document.getElementById("sides-preview");
  const chosen = document.querySelector("input[name=rules]:checked");
  const table = seatingTable();
  if (!preview || !chosen) return;
  const names = [...document.querySelectorAll(".seats input")].map((i) => i.value.trim()).filter(Boolean);
  const picked = Number((document.getElementById("id_team_size") || {}).value) || 1;
  const sizes = table[chosen.value] || {};
  const size = sizes[names.length];
  const perSide = size === 0 ? picked : size;
  if (!names.length || !perSide || names.length % perSide) {
    const alone = Object.values(sizes).length && Object.values(sizes).every((each) => each === 1);
    preview.textContent = alone ? preview.dataset.alone : preview.dataset.partners;
    return;
  }
  const count = names.length / perSide;
  const sides = [];
  for (let side = 0; side < count; side += 1) sides.push(names.filter((_, i) => i % count === side).join(" & "));
  // "Ann & Cy against Bob & Di", and on for a third side.
  const against = sides.reduce((first, second) => said(preview.dataset.against, { first, second }));
  preview.textContent = perSide === 1
    ? said(preview.dataset.eachAlone, { names: names.join(", ") })
    : `${against}.`;
}

// The keyboard's Enter ("Next") on a seat goes to the next seat; it never starts the game.
document.addEventListener("keydown", (event) => {
  const seat = event.target.closest && event.target.closest(".seats input");
  if (!seat || event.key !== "Enter") return;
  event.preventDefault();
  const seats = [...document.querySelectorAll(".seats input")];
  const next = seats[seats.indexOf(seat) + 1];
  const room = seats.indexOf(seat) + 1 < mostPlayers();
  if (room && next && next.closest(".extra-seat")) next.closest(".extra-seat").classList.add("shown");
  if (!room) {
    seat.blur();
    return;
  }
  if (next) next.focus();
  else seat.blur();
});

document.addEventListener("click", (event) => {
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
    showSides();
    return;
  }
});
document.addEventListener("change", (event) => {
  if (event.target.name === "rules") {
    showForRules();
    showSeats();
  }
  showSides();
});
document.addEventListener("input", (event) => {
  if (event.target.closest(".seats")) {
    showSeats();
    showSides();
  }
});
document.addEventListener("DOMContentLoaded", () => {
  showForRules();
  showSeats();
  showSides();
});
