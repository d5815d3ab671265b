// Table Judge's service worker: the pages a player visited stay readable with no signal.
//
// - Pages (HTML) go to the network first; each answer is stored, and with no signal the
//   stored copy is shown, or, for a page never stored, the offline page with links to what is.
// - Static files (styles, scripts, icons) come from the store once stored.
// - "Keep this game for offline" (a button on a game's page) stores the game's reference pages.
// - A form sent with no signal is kept (IndexedDB) and sent when the signal returns; the page
//   shown meanwhile says so.
// - VERSION is the data fingerprint of the site (cardsdb/response_cache.py), written in when
//   /sw.js is served: a new load of rules data or a deploy gives a new worker, which stores
//   everything again under the new version and drops the old store, so no stale rules are shown.
"use strict";

const VERSION = "__VERSION__";
const PAGES = "tj-pages-" + VERSION;
const STATIC = "tj-static-" + VERSION;
const OFFLINE_URL = "/offline/";
const KEPT_FORM_URL = "/offline/kept/";
const PRECACHE = [OFFLINE_URL, KEPT_FORM_URL, "/static/site.css", "/static/site.js",
  "/static/favicon.svg", "/static/icon.svg", "/static/manifest.webmanifest"];
const REFRESH_AT_MOST = 300; // pages stored again when a new version arrives
const DB_NAME = "table-judge";
const OUTBOX = "outbox";
const KEPT = "kept-games";

function openDb() {
  return new Promise(function (resolve, reject) {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = function () {
      const db = request.result;
      if (!db.objectStoreNames.contains(OUTBOX)) db.createObjectStore(OUTBOX, { keyPath: "id", autoIncrement: true });
      if (!db.objectStoreNames.contains(KEPT)) db.createObjectStore(KEPT, { keyPath: "game" });
    };
    request.onsuccess = function () { resolve(request.result); };
    request.onerror = function () { reject(request.error); };
  });
}

function withStore(name, mode, work) {
  return openDb().then(function (db) {
    return new Promise(function (resolve, reject) {
      const tx = db.transaction(name, mode);
      const result = work(tx.objectStore(name));
      tx.oncomplete = function () { resolve(result && "result" in result ? result.result : undefined); };
      tx.onerror = function () { reject(tx.error); };
    });
  });
}

const allOf = function (name) { return withStore(name, "readonly", function (s) { return s.getAll(); }); };
const putIn = function (name, value) { return withStore(name, "readwrite", function (s) { return s.put(value); }); };
const dropFrom = function (name, key) { return withStore(name, "readwrite", function (s) { return s.delete(key); }); };

function isPage(request) {
  return request.mode === "navigate" || (request.headers.get("Accept") || "").includes("text/html");
}

function storable(response) {
  return response && response.ok && response.type === "basic" && !response.redirected &&
    (response.headers.get("Content-Type") || "").startsWith("text/html") &&
    !(response.headers.get("Cache-Control") || "").includes("no-store");
}

// A page fetched with the signal: stored under its address, and under the address it was
// redirected to (a ruling's permalink after its form).
function storePage(request, response) {
  if (!response || !response.ok || response.type !== "basic") return Promise.resolve();
  if (!(response.headers.get("Content-Type") || "").startsWith("text/html")) return Promise.resolve();
  if ((response.headers.get("Cache-Control") || "").includes("no-store")) return Promise.resolve();
  const url = response.redirected ? response.url : request.url;
  // a fresh copy: a response that followed a redirect cannot answer a page's own request
  return response.blob().then(function (body) {
    const copy = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    return caches.open(PAGES).then(function (cache) { return cache.put(url, copy); });
  });
}

function fromStore(request) {
  return caches.match(request, { cacheName: PAGES }).then(function (hit) {
    return hit || caches.match(OFFLINE_URL, { cacheName: STATIC });
  });
}

function pageFirstFromNetwork(event) {
  const request = event.request;
  return fetch(request).then(function (response) {
    if (storable(response) || (response.ok && response.redirected)) {
      event.waitUntil(storePage(request, response.clone()));
    }
    return response;
  }, function () { return fromStore(request); });
}

function staticFromStore(event) {
  const request = event.request;
  return caches.match(request, { cacheName: STATIC }).then(function (hit) {
    if (hit) return hit;
    return fetch(request).then(function (response) {
      if (response.ok && response.type === "basic") {
        const copy = response.clone();
        event.waitUntil(caches.open(STATIC).then(function (cache) { return cache.put(request, copy); }));
      }
      return response;
    });
  });
}

// A form sent with no signal: its fields are kept, and the page shown says they will be sent.
function formKeptOffline(event) {
  const request = event.request;
  const kept = request.clone();
  return fetch(request).catch(function () {
    return kept.text().then(function (body) {
      return putIn(OUTBOX, {
        url: kept.url,
        body: body,
        type: kept.headers.get("Content-Type") || "application/x-www-form-urlencoded",
        from: kept.referrer || "",
        at: Date.now(),
      });
    }).then(function () {
      if (self.registration.sync) self.registration.sync.register("send-kept-forms").catch(function () {});
      return caches.match(KEPT_FORM_URL, { cacheName: STATIC });
    }).then(function (page) {
      return page || new Response("No signal: your form is kept and will be sent when the signal returns.",
        { status: 202, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    });
  });
}

let sending = null;

// The signal that just returned often drops the first request (the browser says "online" before
// the network answers): a send that fails is tried again, a few times, a little later.
const RETRIES = 5;
const RETRY_AFTER_MS = 2000;

function later(ms) {
  return new Promise(function (resolve) { setTimeout(resolve, ms); });
}

// Send every kept form; each one answered is dropped from the outbox, its answer stored, and
// every open page told where the answer is.
function sendKeptForms(attempt) {
  attempt = attempt || 0;
  if (sending) return sending;
  sending = allOf(OUTBOX).then(function (forms) {
    return forms.reduce(function (chain, form) {
      return chain.then(function () {
        return fetch(form.url, {
          method: "POST", body: form.body, credentials: "same-origin",
          headers: { "Content-Type": form.type }, referrer: form.from || "about:client",
        }).then(function (response) {
          return dropFrom(OUTBOX, form.id).then(function () {
            return storePage(new Request(response.url), response.clone());
          }).then(function () {
            return tell({ type: "form-sent", url: response.url, ok: response.ok, status: response.status });
          });
        });
      });
    }, Promise.resolve());
  }).then(function () { return false; }, function () { return true; }).then(function (failed) {
    sending = null;
    if (failed && attempt + 1 < RETRIES) {
      return later(RETRY_AFTER_MS).then(function () { return sendKeptForms(attempt + 1); });
    }
  });
  return sending;
}

function tell(message) {
  return self.clients.matchAll({ includeUncontrolled: true }).then(function (clients) {
    clients.forEach(function (client) { client.postMessage(message); });
  });
}

// "Keep this game for offline": its pages stored now, and again at each new version.
function keepGame(game, name, urls) {
  return caches.open(PAGES).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (!storable(response)) throw new Error(url);
        return cache.put(url, response).then(function () { return 1; });
      }).catch(function () { return 0; });
    }));
  }).then(function (done) {
    const stored = done.reduce(function (a, b) { return a + b; }, 0);
    return putIn(KEPT, { game: game, name: name, urls: urls, at: Date.now() }).then(function () {
      return { type: "game-kept", game: game, stored: stored, of: urls.length };
    });
  });
}

// A new version: the pages the old one held (and every kept game) are fetched again into the
// new store, then every old store is dropped; what cannot be fetched again is not kept stale.
function moveToThisVersion() {
  return caches.keys().then(function (names) {
    const old = names.filter(function (n) { return n.startsWith("tj-") && n !== PAGES && n !== STATIC; });
    const oldPages = old.filter(function (n) { return n.startsWith("tj-pages-"); });
    return Promise.all(oldPages.map(function (n) {
      return caches.open(n).then(function (c) { return c.keys(); });
    })).then(function (lists) {
      const seen = {};
      const urls = [];
      lists.forEach(function (list) {
        list.forEach(function (r) { if (!seen[r.url]) { seen[r.url] = 1; urls.push(r.url); } });
      });
      return allOf(KEPT).catch(function () { return []; }).then(function (games) {
        return Promise.all(games.map(function (g) { return keepGame(g.game, g.name, g.urls).catch(function () {}); }));
      }).then(function () {
        return caches.open(PAGES).then(function (cache) {
          return Promise.all(urls.slice(0, REFRESH_AT_MOST).map(function (url) {
            return cache.match(url).then(function (hit) {
              if (hit) return null;
              return fetch(url, { credentials: "same-origin" }).then(function (response) {
                return storable(response) ? cache.put(url, response) : null;
              }).catch(function () { return null; });
            });
          }));
        });
      });
    }).then(function () {
      return Promise.all(old.map(function (n) { return caches.delete(n); }));
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return cache.addAll(PRECACHE.map(function (url) { return new Request(url, { cache: "reload" }); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(moveToThisVersion().then(function () { return self.clients.claim(); })
    .then(function () { return tell({ type: "version", version: VERSION }); }));
});

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/admin/") || url.pathname === "/sw.js") return;
  if (request.method === "POST" && isPage(request) && !url.pathname.startsWith("/api/")) {
    event.respondWith(formKeptOffline(event));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(staticFromStore(event));
  } else if (isPage(request) && !url.pathname.startsWith("/api/")) {
    event.respondWith(pageFirstFromNetwork(event));
  }
});

self.addEventListener("sync", function (event) {
  if (event.tag === "send-kept-forms") event.waitUntil(sendKeptForms());
});

self.addEventListener("message", function (event) {
  const data = event.data || {};
  const reply = function (message) {
    if (event.ports && event.ports[0]) event.ports[0].postMessage(message);
  };
  if (data.type === "send-kept-forms") {
    event.waitUntil(sendKeptForms().then(function () { return allOf(OUTBOX); })
      .then(function (left) { reply({ type: "outbox", waiting: left.length }); }));
  } else if (data.type === "keep-game") {
    event.waitUntil(keepGame(data.game, data.name, data.urls || []).then(reply,
      function () { reply({ type: "game-kept", game: data.game, stored: 0, of: (data.urls || []).length }); }));
  } else if (data.type === "stored") {
    event.waitUntil(Promise.all([
      caches.open(PAGES).then(function (c) { return c.keys(); }),
      allOf(OUTBOX).catch(function () { return []; }),
      allOf(KEPT).catch(function () { return []; }),
    ]).then(function (r) {
      reply({
        type: "stored", version: VERSION,
        pages: r[0].map(function (q) { return q.url; }),
        waiting: r[1].map(function (f) { return { url: f.url, at: f.at }; }),
        kept: r[2].map(function (g) { return { game: g.game, name: g.name, url: g.urls[0] }; }),
      });
    }));
  }
});
