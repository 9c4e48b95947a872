// The new-game page: one-tap seating from the roster, the options of the chosen rule set, and
// the first-dealer choices named after the seats. The page works without it.
"use strict";

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
    return;
  }
  if (event.target.id === "more-seats") {
    document.querySelector(".seats").classList.add("show-more");
    event.target.hidden = true;
  }
});
document.addEventListener("change", (event) => {
  if (event.target.name === "rules") showForRules();
});
document.addEventListener("input", (event) => {
  if (event.target.closest(".seats")) showSeats();
});
document.addEventListener("DOMContentLoaded", () => {
  showForRules();
  showSeats();
});
