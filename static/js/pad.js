// A score pad's hand form: the phone's number pad has no minus, so a button beside each score
// turns its sign. Loaded only where a side's score is all the form asks; typing "-" works too.
"use strict";

document.addEventListener("click", (event) => {
  const sign = event.target.closest("[data-sign-toggle]");
  if (!sign) return;
  const input = document.getElementById(sign.dataset.signToggle);
  const typed = input.value.trim();
  input.value = typed.startsWith("-") ? typed.slice(1) : `-${typed}`;
  // The live score and the draft kept for Back follow the typed value (app.js listens).
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.focus();
  // Digits typed next go after the sign ("-10", never "10-").
  input.setSelectionRange(input.value.length, input.value.length);
});
// Shown in the room hand.css kept for them: nothing moves.
document.querySelectorAll("[data-sign-toggle]").forEach((button) => {
  button.dataset.ready = "";
});
