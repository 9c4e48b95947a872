// A tap's hand score in the frame of the tap. Each preview (and the hand page) carries a table,
// worked out by the server's engine, of the scores the likely next taps would give
// (games/next_taps.py): input name -> value -> each side's score as the preview writes it, or
// the refusal. A tap whose state is in the table shows it at once, marked pending (class and
// aria-busy) until the server's own preview of that state replaces it; a tap that is not shows
// "…" until then. No rule lives here: the table is the engine's, and the server still scores
// every preview. Without this file the page works as before.
"use strict";

(() => {
  const form = document.querySelector("form[data-hand-entry]");
  if (!form) return;

  // The form's values as sent (a box not ticked is not sent, as ""), without the token.
  function valuesOf(data) {
    const values = new Map();
    data.forEach((value, name) => {
      if (name !== "csrfmiddlewaretoken") values.set(name, String(value));
    });
    return values;
  }

  let table = {};
  let base = valuesOf(new FormData(form)); // the values the table was worked out for
  let baseScores = [];

  function readTable() {
    const block = document.getElementById("predictions");
    try {
      table = block ? JSON.parse(block.textContent) : {};
    } catch (error) {
      table = {};
    }
    baseScores = [...document.querySelectorAll("#preview .preview-score")].map((s) => s.textContent);
  }

  // The one input whose value is not the table's starting point: its name, "" when none
  // differs, null when more than one does (that state is not in the table).
  function oneChange(now) {
    let found = "";
    for (const name of new Set([...base.keys(), ...now.keys()])) {
      if ((base.get(name) || "") !== (now.get(name) || "")) {
        if (found) return null;
        found = name;
      }
    }
    return found;
  }

  // What the table says of the form as it is now: scores, a refusal, or undefined.
  function lookUp(now) {
    const name = oneChange(now);
    if (name === "") return baseScores;
    if (name === null || !table[name]) return undefined;
    return table[name][now.get(name) || ""];
  }

  function show(entry) {
    const preview = document.getElementById("preview");
    if (!preview) return;
    const scores = preview.querySelectorAll(".preview-score");
    scores.forEach((score, index) => {
      score.textContent = Array.isArray(entry) ? entry[index] : "…";
      // Dimmed until the server's preview swaps in (a new element, not dimmed).
      score.style.opacity = "0.6";
    });
    preview.classList.add("pending");
    preview.setAttribute("aria-busy", "true");
    if (entry && entry.refused) {
      const where = entry.at && document.getElementById(`err-${entry.at}`);
      if (where) where.textContent = entry.refused;
    }
  }

  function settle() {
    const preview = document.getElementById("preview");
    if (!preview) return;
    preview.classList.remove("pending");
    preview.removeAttribute("aria-busy");
    preview.querySelectorAll(".preview-score").forEach((score) => score.style.removeProperty("opacity"));
  }

  // app.js dispatches "preview-now" on the input a stepper, chooser, box or choice just set.
  document.addEventListener("preview-now", (event) => {
    if (event.target === form || !form.contains(event.target)) return;
    show(lookUp(valuesOf(new FormData(form))));
  });

  // The server's preview is in: its table starts from the values that preview was asked for.
  // A tap made since (its preview queued) is looked up in the new table at once.
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.elt !== form) return;
    if (!event.detail.successful) {
      settle(); // no answer (offline: app.js says so): nothing pending any more
      return;
    }
    base = valuesOf(event.detail.requestConfig.formData);
    readTable();
    const now = valuesOf(new FormData(form));
    if (oneChange(now) !== "") {
      const entry = lookUp(now);
      if (entry !== undefined) show(entry);
    }
  });

  readTable();
})();
