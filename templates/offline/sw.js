{% load i18n %}{% get_current_language as LANGUAGE_CODE %}{% autoescape off %}// Scorekeeper's service worker, drawn by games/offline.py. It keeps copies and never scores:
// - static files: from the cache first (their names change with each deploy);
// - the pages the server marks "X-Offline: keep" (home, scoreboards, the hand form, live
//   views): from the network, falling back after a short wait to the last copy, marked
//   "Offline — as of 14:32". Copies belong to one account: a page drawn for another account,
//   a log-out, or a log-in (another account may be coming) empties them;
// - a hand whose Save cannot reach the server goes to the outbox (static/js/outbox.js), and
//   the phone shows the scoreboard; app.js sends it when the phone is back online;
// - the words of the outbox and of this worker, in the language it was drawn in (WORDS): a
//   change of language or of words is a new worker, which keeps the offline page and the
//   outbox's words (games/js_words.py) afresh in that language.
"use strict";
importScripts({{ outbox_script }});

const VERSION = "{{ version }}";
const STATIC_CACHE = `static-${VERSION}`;
const PAGES_CACHE = "pages";
const PRECACHE = {{ precache }};
const STATIC_PREFIX = {{ static_prefix }};
const OFFLINE_URL = {{ offline_url }};
const LOGOUT_URL = {{ logout_url }};
const LOGIN_URLS = {{ login_urls }};
const HAND_SAVES = {{ hand_save_patterns }}.map((pattern) => new RegExp(pattern));
const GAME_URL = {{ game_url }};
const WORDS = {% include "offline/words.txt" %};
const WORDS_URL = "{% url 'outbox_words' LANGUAGE_CODE %}";
const WORDS_PREFIX = WORDS_URL.slice(0, WORDS_URL.lastIndexOf("/") + 1);
const ACCOUNT_KEY = "/offline-account";
const PAGE_WAIT_MS = 4000;
const SAVE_WAIT_MS = 10000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      // Past the browser's own cache: a new worker must hold the files of its own deploy.
      .then((cache) => {
        const urls = PRECACHE.concat(WORDS_URL);
        return cache.addAll(urls.map((url) => new Request(url, { cache: "reload" })));
      })
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => {
        const old = names.filter((name) => name.startsWith("static-") && name !== STATIC_CACHE);
        // Kept pages name the old files: after a deploy they are kept again as they are opened.
        if (old.length) old.push(PAGES_CACHE);
        return Promise.all(old.map((name) => caches.delete(name)));
      })
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && request.mode === "navigate") {
    const save = HAND_SAVES.map((pattern) => url.pathname.match(pattern)).find(Boolean);
    if (save) event.respondWith(saveOrKeep(request, url, save[1]));
    else if (url.pathname === LOGOUT_URL) event.respondWith(logOut(request));
    else if (LOGIN_URLS.includes(url.pathname)) event.respondWith(logIn(request));
    // Anything else (delete, undo, archive...) needs the server: say so in the app's words.
    else event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith(STATIC_PREFIX)) event.respondWith(fromCacheFirst(request));
  // The outbox's words, by the language their address names (their Vary: Accept-Language,
  // Cookie would keep a copy from the page that asks): a page in another language than this
  // worker's gets its own, kept as they come.
  else if (url.pathname.startsWith(WORDS_PREFIX)) {
    event.respondWith(fromCacheFirst(request, { ignoreVary: true }));
  } else if (request.mode === "navigate") event.respondWith(fromNetworkFirst(request, url));
});

function within(ms, promise) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no answer in time")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function fromCacheFirst(request, matching = {}) {
  const cache = await caches.open(STATIC_CACHE);
  const kept = await cache.match(request, matching);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// -- pages ------------------------------------------------------------------------------------

function pageKey(url) {
  return new URL(url.pathname, url.origin).href;
}

async function forgetPages() {
  await caches.delete(PAGES_CACHE);
}

// The copies go once the server has logged the account out (offline, it is still logged in).
async function logOut(request) {
  try {
    const answer = await fetch(request);
    await forgetPages();
    return answer;
  } catch (error) {
    return (await caches.match(OFFLINE_URL)) || Response.error();
  }
}

// Someone logs in (or signs up) on this phone, maybe without the last account logging out:
// once the server has let them in (it answers with a redirect), the copies kept for whoever
// was logged in before go, before the first page of the new account is asked for. A refused
// password (the form again) keeps them.
async function logIn(request) {
  try {
    const answer = await fetch(request);
    if (answer.type === "opaqueredirect" || answer.redirected) await forgetPages();
    return answer;
  } catch (error) {
    return (await caches.match(OFFLINE_URL)) || Response.error();
  }
}

async function keptAccount(cache) {
  const answer = await cache.match(ACCOUNT_KEY);
  return answer ? answer.text() : null;
}

async function keepPage(url, response) {
  const account = response.headers.get("X-Account");
  if (account === null || !response.ok || response.headers.get("X-Offline") !== "keep") return;
  let cache = await caches.open(PAGES_CACHE);
  if ((await keptAccount(cache)) !== account) {
    await forgetPages();
    cache = await caches.open(PAGES_CACHE);
    await cache.put(ACCOUNT_KEY, new Response(account));
  }
  const headers = new Headers(response.headers);
  headers.set("X-Kept-At", new Date().toISOString());
  const body = await response.blob();
  await cache.put(pageKey(url), new Response(body, { status: 200, headers }));
}

function clock(date) {
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

async function keptPage(url) {
  const cache = await caches.open(PAGES_CACHE);
  const kept = await cache.match(pageKey(url));
  if (!kept) return null;
  const when = new Date(kept.headers.get("X-Kept-At") || Date.now());
  const said = WORDS.asOf.replace("{time}", clock(when));
  const note =
    `<p class="offline-note" role="status" data-offline-copy="${when.toISOString()}">` +
    `${said.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>`;
  // The note opens <main>, whatever attributes the page gives it (the hand form's class).
  const html = (await kept.text()).replace(/<main id="main"[^>]*>/, (main) => main + note);
  return new Response(html, { status: 200, headers: kept.headers });
}

// Back to a page a Save answered is asked of the cache only (saveOrKeep sends it on to the game
// page), and so is the game page it is sent on to: that fetch would fail online as offline,
// and the phone would show its copy marked "Offline". That one page is asked of the network
// like any other, Offline only when that fails. (Other pages asked of the cache only are left
// as asked: Chromium asks so while offline.)
let sentOnFromBack = null;
function fromTheNetwork(request, url) {
  if (request.cache !== "only-if-cached" || url.pathname !== sentOnFromBack) return fetch(request);
  sentOnFromBack = null;
  return fetch(new Request(request.url, { redirect: "manual", credentials: "same-origin" }));
}

async function fromNetworkFirst(request, url) {
  const network = fromTheNetwork(request, url);
  try {
    const response = await within(PAGE_WAIT_MS, network);
    await keepPage(url, response.clone());
    return response;
  } catch (error) {
    // A slow answer still refreshes the copy for next time (cloned before anyone reads it).
    network.then((late) => keepPage(url, late.clone())).catch(() => {});
    const kept = await keptPage(url);
    if (kept) return kept;
    try {
      return await network; // no copy to show: a slow answer is better than none
    } catch (offline) {
      return (await caches.match(OFFLINE_URL)) || Response.error();
    }
  }
}

// -- saving a hand ----------------------------------------------------------------------------

async function saveOrKeep(request, url, game) {
  // Back (or Forward) to the page a Save answered asks for that answer from the cache only,
  // never sending the form again: it is no Save, so nothing goes to the outbox. The page shows
  // the game as it is now.
  if (request.cache === "only-if-cached") {
    sentOnFromBack = GAME_URL.replace("{game}", game);
    return Response.redirect(sentOnFromBack, 303);
  }
  const copy = request.clone();
  try {
    return await within(SAVE_WAIT_MS, fetch(request));
  } catch (error) {
    // Not answered: keep the form exactly as typed. If the server did get it after all, it
    // records the copy sent later once (it knows the same form sent twice).
    const body = await copy.text();
    await Outbox.keep({
      // The account the form was drawn for (its page says), so no other account sends it.
      account: new URLSearchParams(body).get("offline_account"),
      game,
      url: url.pathname,
      body,
    });
    return Response.redirect(`${GAME_URL.replace("{game}", game)}?outbox=kept`, 303);
  }
}
{% endautoescape %}
