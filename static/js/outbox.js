// The outbox: hands whose Save could not reach the server, kept on the phone (IndexedDB, so
// they survive closing the browser) until they are sent. The service worker (sw.js, which
// imports this file) puts them in; on a page (app.js loads this file when it has something to
// do) they are listed on the scoreboard and sent, oldest first and each once, when the phone
// is back online: the online event, the next page load, or "Send now". The server records
// them as any save; one it refuses comes back to its form with the message, as at the table.
// Each entry: { id, account, game, url, body, kept }, body being the form exactly as typed
// (URL-encoded), with its hand number and revision. Its words, in the page's language, are asked
// for once it has something to show or ask (the page's data-words, games/js_words.py), never
// sent with every page; the worker keeps them for offline use.
"use strict";

self.Outbox = (() => {
  const DATABASE = "scorekeeper";
  const STORE = "outbox";

  function open() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  async function run(mode, work) {
    const database = await open();
    try {
      return await new Promise((resolve, reject) => {
        const transaction = database.transaction(STORE, mode);
        const request = work(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      });
    } finally {
      database.close();
    }
  }

  return {
    // Every Save kept is kept: a second copy of a hand is sent too, and the server records the
    // same form once or refuses a different one with its form and message, so nothing is lost.
    keep(entry) {
      return run("readwrite", (store) => store.add({ ...entry, kept: new Date().toISOString() }));
    },
    // Oldest first: the order they were kept in is the order they are sent in.
    all() {
      return run("readonly", (store) => store.getAll());
    },
    remove(id) {
      return run("readwrite", (store) => store.delete(id));
    },
  };
})();

if (typeof document !== "undefined") {
  const WAITING_FLAG = "outbox-waiting"; // read by app.js, which then loads this file

  const offlineCopy = () => document.querySelector("[data-offline-copy]") !== null;

  // The words, asked once (again after a failure): null when they cannot be had.
  let asked = null;
  function words() {
    if (!asked) {
      asked = fetch(document.body.dataset.words, { credentials: "same-origin" })
        .then((answer) => (answer.ok ? answer.json() : Promise.reject(answer.status)))
        .catch(() => {
          asked = null;
          return null;
        });
    }
    return asked;
  }
  // Words with their {placeholders} filled (as written: a name may hold "$&").
  function said(text, values) {
    const fill = (filled, [name, value]) => filled.replace(`{${name}}`, () => String(value));
    return Object.entries(values).reduce(fill, text);
  }
  const numberOf = (entry) => parseInt(new URLSearchParams(entry.body).get("number"), 10) || 0;
  const isChange = (entry) => new URLSearchParams(entry.body).has("revision");

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
    } catch (error) {
      return "";
    }
  }

  // This account's waiting hands (of one game, or all): each carries the account of the page
  // its form was drawn on.
  async function waitingHands(game) {
    const account = document.body.dataset.account;
    if (!account) return [];
    let entries = [];
    try {
      entries = await Outbox.all();
    } catch (error) {
      return []; // no IndexedDB here: nothing can have been kept either
    }
    try {
      if (entries.length) localStorage.setItem(WAITING_FLAG, "1");
      else localStorage.removeItem(WAITING_FLAG);
    } catch (error) {
      // no storage: the outbox is then looked at only after a hand was just kept
    }
    return entries.filter(
      (entry) => entry.account === account && (game === undefined || entry.game === String(game)),
    );
  }

  // The next hand's number, counting the hands waiting on this phone. An offline copy of a
  // page may be older than the number the server last gave (app.js keeps it, with its time).
  function showNextNumber(game, shown, waiting) {
    let next = shown;
    const copy = document.querySelector("[data-offline-copy]");
    if (copy) {
      let said = [];
      try {
        said = (localStorage.getItem(`next-hand:${game}`) || "").split(" ").map(Number);
      } catch (error) {
        // no storage: the copy's own number stands
      }
      if (said[1] > Date.parse(copy.dataset.offlineCopy)) next = said[0];
    }
    waiting.filter((entry) => !isChange(entry)).forEach((entry) => {
      next = Math.max(next, numberOf(entry) + 1);
    });
    document.querySelectorAll("[data-hand-number]").forEach((element) => {
      element.textContent = String(next);
    });
    return next;
  }

  function element(tag, text, attributes = {}) {
    const made = document.createElement(tag);
    if (text) made.textContent = text;
    Object.entries(attributes).forEach(([name, value]) => made.setAttribute(name, value));
    return made;
  }

  // "<b>Saved on this phone</b> — will ...": the bold part of the words as a <b>.
  function withBold(text) {
    return text.split(/<\/?b>/).map((part, index) => (index % 2 ? element("b", part) : part));
  }

  async function showOutbox() {
    const box = document.getElementById("outbox");
    if (box) {
      const game = box.dataset.game;
      const waiting = await waitingHands(game);
      showNextNumber(game, parseInt(box.dataset.nextNumber, 10), waiting);
      const say = waiting.length ? await words() : null;
      if (say) {
        const hand = box.dataset.handWord;
        const list = element("ul", "", { class: "outbox-list" });
        waiting.forEach((entry) => {
          const number = numberOf(entry);
          const named = isChange(entry) ? said(say.change, { hand, number }) : `${hand} ${number}`;
          list.append(element("li", named));
        });
        const kept = element("p", "", { "data-outbox-kept": "" });
        kept.append(...withBold(say.kept));
        kept.hidden = new URLSearchParams(location.search).get("outbox") !== "kept";
        box.replaceChildren(
          kept,
          element("p", say.waiting, { class: "outbox-title" }),
          list,
          element("p", "", { class: "muted", role: "status", "data-outbox-status": "" }),
          element("button", say.send, { type: "button", class: "button", "data-outbox-send": "" }),
        );
      }
      box.hidden = !say;
    }
    const form = document.querySelector("form[data-hand-entry][data-new-hand]");
    if (form) {
      const number = form.querySelector("input[name=number]");
      const waiting = await waitingHands(form.dataset.game);
      number.value = String(showNextNumber(form.dataset.game, parseInt(number.value, 10), waiting));
    }
  }

  // The sending's state in words ("sending", "offline", "logIn", "busy"); the words are there
  // already when the outbox is shown.
  async function outboxStatus(word) {
    const status = document.querySelector("[data-outbox-status]");
    const say = status && (await words());
    if (say) status.textContent = say[word];
  }

  // A hand the server refused comes back as it would at the table: the same form is posted
  // for real, and the server answers with its form, the message and the typed values.
  function bringBack(entry) {
    const form = element("form", "", { method: "post", action: entry.url, hidden: "" });
    new URLSearchParams(entry.body).forEach((value, name) => {
      const token = name === "csrfmiddlewaretoken";
      form.append(element("input", "", { type: "hidden", name, value: token ? csrfToken() : value }));
    });
    document.body.append(form);
    form.submit();
  }

  // Sends what waits, oldest first; stops at the first hand that does not get through.
  async function sendEach() {
    let sent = 0;
    for (const entry of await waitingHands()) {
      const body = new URLSearchParams(entry.body);
      body.set("csrfmiddlewaretoken", csrfToken());
      let response;
      try {
        response = await fetch(entry.url, {
          method: "POST",
          body,
          credentials: "same-origin",
          headers: { "X-CSRFToken": csrfToken(), "X-Outbox": "1" },
        });
      } catch (error) {
        outboxStatus("offline");
        return { sent, waiting: true };
      }
      if (response.status === 204) {
        await Outbox.remove(entry.id);
        sent += 1;
        continue;
      }
      // Refused: a rule the hand breaks (422), another scorekeeper got there first (422), the
      // game moved on (back to the scoreboard with a message), or it is gone (404).
      const toGame = response.redirected && new URL(response.url).pathname === `/games/${entry.game}/`;
      if (response.status === 422 || response.status === 404 || toGame) {
        await Outbox.remove(entry.id);
        bringBack(entry);
        return { sent, waiting: true, broughtBack: true };
      }
      outboxStatus(response.redirected || response.status === 403 ? "logIn" : "busy");
      return { sent, waiting: true };
    }
    return { sent, waiting: false };
  }

  // Reload the page once the server answers (any answer): asked every 2 s, a few times, since
  // "online" can come before the network carries anything.
  async function backOnline(tries) {
    try {
      await fetch(document.querySelector("link[rel=manifest]").href, { cache: "no-store" });
      location.reload();
    } catch (error) {
      if (tries > 1) setTimeout(() => backOnline(tries - 1), 2000);
    }
  }

  async function sendWaitingHands() {
    // Never from a hand form: a hand brought back there must be fixed before the next is sent.
    if (!navigator.onLine || document.querySelector("form[data-hand-entry]")) return;
    // An offline copy's token and numbers may be stale: back online, fetch the page itself,
    // which sends what waits as it loads (a copy never reloads on load: no loop offline).
    if (offlineCopy()) {
      backOnline(10);
      return;
    }
    if ((await waitingHands()).length === 0) return;
    outboxStatus("sending");
    const outcome = await (navigator.locks
      ? navigator.locks.request("scorekeeper-outbox", sendEach)
      : sendEach());
    // The recorded hands, from the server (and without "?outbox=kept").
    if (outcome.sent > 0 && !outcome.broughtBack) location.replace(location.pathname);
  }

  showOutbox().then(() => {
    if (!offlineCopy()) sendWaitingHands();
  });
  window.addEventListener("online", sendWaitingHands);
  document.addEventListener("click", (event) => {
    if (event.target.closest("[data-outbox-send]")) sendWaitingHands();
  });

  // Logging out with hands still waiting asks first (they stay, for this account). Without its
  // words (offline, and never kept by the worker) it asks nothing: the log-out then needs the
  // server too, and the worker shows the offline page.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches("[data-logout]") || form.dataset.confirmed) return;
    event.preventDefault();
    waitingHands().then(async (waiting) => {
      const say = waiting.length ? await words() : null;
      // The five languages shipped say one hand, or many (settings.LANGUAGES).
      const ask = say && (waiting.length === 1 ? say.askOne : say.askMany);
      if (ask && !window.confirm(said(ask, { number: waiting.length }))) return;
      form.dataset.confirmed = "1";
      form.submit();
    });
  });
}
