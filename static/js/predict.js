// A tap's score in its own frame, from the engine's table of likely taps (games/next_taps.py)
// each preview carries; pending until the server's preview swaps in. No rule here.
"use strict";

(() => {
  const form = document.querySelector("form[data-hand-entry]");
  if (!form) return;
  const valuesOf = (data) => {
    data.delete("csrfmiddlewaretoken");
    return new Map(data);
  };
  const preview = () => document.getElementById("preview");
  const scores = () => preview().querySelectorAll(".preview-score");
  let table = {};
  let base = valuesOf(new FormData(form)); // the values the table starts from
  let baseScores = [];

  function readTable() {
    try {
      table = JSON.parse(document.getElementById("predictions").textContent);
    } catch (error) {
      table = {};
    }
    baseScores = [...scores()].map((score) => score.textContent);
  }

  // The entry for one input changed since `base` (none changed: its scores).
  function lookUp() {
    const now = valuesOf(new FormData(form));
    let changed = "";
    for (const name of new Set([...base.keys(), ...now.keys()])) {
      if ((base.get(name) || "") === (now.get(name) || "")) continue;
      if (changed) return undefined;
      changed = name;
    }
    return changed ? (table[changed] || {})[now.get(changed) || ""] : baseScores;
  }

  function mark(pending) {
    preview().classList.toggle("pending", pending);
    if (pending) preview().setAttribute("aria-busy", "true");
    else preview().removeAttribute("aria-busy");
  }

  // A tap not in the table shows "…"; a refused one is left out of it (games/next_taps.py): its
  // message, written in the tap's frame, pushed the boxes below down as the finger was on its way
  // to the next one. The server's answer brings it, held by hand.js while taps and keys come.
  function show(entry) {
    scores().forEach((score, index) => {
      score.textContent = Array.isArray(entry) ? entry[index] : "…";
    });
    mark(true);
  }

  // hand.js dispatches "preview-now" on the input a tap just set, or on the form (a draft put
  // back, htmx started late): no one tap there to look up.
  document.addEventListener("preview-now", (event) => {
    if (event.target !== form && form.contains(event.target)) show(lookUp());
  });
  // A preview's table starts from the values it was asked for (a tap since: look it up).
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.elt !== form || !event.detail.successful) return;
    base = valuesOf(event.detail.requestConfig.formData);
    readTable();
    const entry = lookUp();
    if (entry !== undefined && entry !== baseScores) show(entry);
  });
  // No answer (offline, a server error): nothing pending; an aborted one has a newer on its way.
  ["htmx:sendError", "htmx:responseError"].forEach((name) => {
    document.addEventListener(name, (event) => event.detail.elt === form && mark(false));
  });

  readTable();
})();
