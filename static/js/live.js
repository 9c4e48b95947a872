"use strict";

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
