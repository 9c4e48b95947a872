// A tap's hand score in the frame of the tap. Each preview carries the engine's scores of the
// likely next taps (#predictions, games/next_taps.py: input name -> value -> scores or refusal);
// a tap found there shows them at once, marked pending until the server's own preview of that
// state swaps in. Anything else shows "…" until then. No rule here: the table is the server's.
"use strict";

(() => {
  const form = document.querySelector("form[data-hand-entry]");
  if (!form) return;
  const valuesOf = (data) => {
    const values = new Map(data);
    values.delete("csrfmiddlewaretoken");
    return values;
  };
  const preview = () => document.getElementById("preview");
  let table = {};
  let base = valuesOf(new FormData(form)); // the values the table starts from
  let baseScores = [];

  function readTable() {
    try {
      table = JSON.parse(document.getElementById("predictions").textContent);
    } catch (error) {
      table = {}; // none (a score pad, a box that does not read)
    }
    baseScores = [...preview().querySelectorAll(".preview-score")].map((s) => s.textContent);
  }

  // The table's entry for the form now: one input changed since `base` (none: its scores).
  function lookUp() {
    const now = valuesOf(new FormData(form));
    let changed = "";
    for (const name of new Set([...base.keys(), ...now.keys()])) {
      if ((base.get(name) || "") === (now.get(name) || "")) continue;
      if (changed) return undefined;
      changed = name;
    }
    if (!changed) return baseScores;
    return (table[changed] || {})[now.get(changed) || ""];
  }

  function show(entry) {
    const shown = preview();
    shown.querySelectorAll(".preview-score").forEach((score, index) => {
      score.textContent = Array.isArray(entry) ? entry[index] : "…";
      score.style.opacity = "0.6"; // until the server's preview (a new element) swaps in
    });
    shown.classList.add("pending");
    shown.setAttribute("aria-busy", "true");
    const where = entry && entry.at && document.getElementById(`err-${entry.at}`);
    if (where) where.textContent = entry.refused;
  }

  // app.js dispatches "preview-now" on the input a tap just set.
  document.addEventListener("preview-now", (event) => {
    if (event.target !== form && form.contains(event.target)) show(lookUp());
  });

  // A preview is in: its table starts from the values it was asked for; a tap made since is
  // looked up in it at once.
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.elt !== form || !event.detail.successful) return;
    base = valuesOf(event.detail.requestConfig.formData);
    readTable();
    const entry = lookUp();
    if (entry !== undefined && entry !== baseScores) show(entry);
  });
  // No answer (offline, app.js says so; a server error): nothing is pending any more.
  const settle = (event) => {
    if (event.detail.elt !== form) return;
    const shown = preview();
    shown.classList.remove("pending");
    shown.removeAttribute("aria-busy");
    shown.querySelectorAll(".preview-score").forEach((score) => score.style.removeProperty("opacity"));
  };
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach((name) => {
    document.addEventListener(name, settle);
  });

  readTable();
})();
