// A little JavaScript that makes forms nicer; every page works without it.
// - number inputs get - and + buttons (phones hide the browser's own spinners);
// - card name boxes suggest printed names from /api/v1/cards/autocomplete/, or, where the
//   card fills other fields, its printings from /api/v1/cards/;
// - the ruling page's Share button uses the Web Share API, or copies the link;
// - a link to a glossary term opens its definition;
// - the theme switch (light or dark, remembered on this device; theme.js applies it early);
// - the service worker (static/sw.js, served at /sw.js) keeps visited pages for no signal:
//   "Keep this game for offline", the offline page's list of what is kept, and the news that
//   a form kept with no signal has been sent.
(function () {
  "use strict";

  function steppers(root) {
    root.querySelectorAll("input.stepper").forEach(function (input) {
      if (input.dataset.stepped) return;
      input.dataset.stepped = "1";
      var label = (input.labels && input.labels[0] ? input.labels[0].textContent : "").trim();
      function button(sign, text) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "step";
        b.textContent = text;
        b.setAttribute("aria-label", (sign < 0 ? "One less" : "One more") + (label ? ": " + label : ""));
        b.addEventListener("click", function () {
          if (sign < 0) input.stepDown(); else input.stepUp();
          input.dispatchEvent(new Event("change", { bubbles: true }));
        });
        return b;
      }
      var wrap = document.createElement("span");
      wrap.className = "stepper-wrap";
      input.parentNode.insertBefore(wrap, input);
      wrap.appendChild(button(-1, "−"));
      wrap.appendChild(input);
      wrap.appendChild(button(1, "+"));
    });
  }

  // A card box that fills other fields (a Hero's Power and weapon) offers each printing,
  // "Bandelero BL-G55", with what it prints; picking one fills those fields and folds them
  // away (the printed card answers them); any other text shows them again.
  function printingPickers(root) {
    root.querySelectorAll("input[data-card-fills]").forEach(function (input) {
      var list = document.getElementById(input.getAttribute("list"));
      var form = input.form;
      var fills = input.dataset.cardFills.split(" ").map(function (pair) { return pair.split(":"); });
      var known = {};
      var last = "";
      var timer = null;
      function apply() {
        var card = known[input.value.trim().toLowerCase()];
        fills.forEach(function (pair) {
          var field = form.elements[pair[1]];
          if (!field) return;
          var box = field.closest(".field");
          var value = card ? (pair[0] in card ? card[pair[0]] : (card.attributes || {})[pair[0]]) : undefined;
          if (value !== undefined && value !== null) field.value = String(value);
          if (box) box.hidden = value !== undefined && value !== null;
        });
      }
      input.addEventListener("change", apply);
      input.addEventListener("input", function () {
        apply();
        var q = input.value.trim();
        if (q.length < 2 || q === last) return;
        last = q;
        clearTimeout(timer);
        timer = setTimeout(function () {
          var url = "/api/v1/cards/?game=" + encodeURIComponent(input.dataset.cardGame) +
            "&name=" + encodeURIComponent(q.split(" ")[0]) + "&page_size=40";
          fetch(url, { headers: { Accept: "application/json" } })
            .then(function (r) { return r.ok ? r.json() : { results: [] }; })
            .then(function (body) {
              list.textContent = "";
              (body.results || []).forEach(function (card) {
                if (card.power === null || !card.number) return;
                var value = card.name + " " + card.number;
                known[value.toLowerCase()] = card;
                var option = document.createElement("option");
                option.value = value;
                var weapon = (card.attributes || {}).weapon;
                var parallel = (card.attributes || {}).parallel;
                option.label = card.power + " Power" + (weapon ? " · " + weapon : "") +
                  (parallel ? " · " + parallel : "");
                list.appendChild(option);
              });
              apply();
            })
            .catch(function () {});
        }, 150);
      });
    });
  }

  function cardPickers(root) {
    root.querySelectorAll("input[data-card-game]:not([data-card-fills])").forEach(function (input) {
      var list = document.getElementById(input.getAttribute("list"));
      var timer = null;
      var last = "";
      input.addEventListener("input", function () {
        var q = input.value.trim();
        if (q.length < 2 || q === last) return;
        last = q;
        clearTimeout(timer);
        timer = setTimeout(function () {
          var url = "/api/v1/cards/autocomplete/?game=" + encodeURIComponent(input.dataset.cardGame) +
            "&q=" + encodeURIComponent(q);
          fetch(url, { headers: { Accept: "application/json" } })
            .then(function (r) { return r.ok ? r.json() : { data: [] }; })
            .then(function (body) {
              list.textContent = "";
              (body.data || []).forEach(function (name) {
                var option = document.createElement("option");
                option.value = name;
                list.appendChild(option);
              });
            })
            .catch(function () {});
        }, 150);
      });
    });
  }

  function share() {
    var button = document.getElementById("share");
    if (!button) return;
    var status = document.getElementById("share-status");
    button.hidden = false;
    button.addEventListener("click", function () {
      var url = button.dataset.url || window.location.href.split("#")[0];
      var data = { title: button.dataset.title || document.title, url: url };
      if (navigator.share) {
        navigator.share(data).catch(function () {});
        return;
      }
      var done = function () { status.textContent = "Link copied: paste it to your opponent."; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(url).then(done, function () { status.textContent = url; });
      } else {
        status.textContent = url;
      }
    });
  }

  // A link to a glossary term opens its definition (the browser may already have).
  function openTarget() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target && target.tagName === "DETAILS") target.open = true;
  }

  function themeSwitch() {
    var button = document.getElementById("theme-switch");
    if (!button) return;
    var root = document.documentElement;
    var dark = function () {
      if (root.classList.contains("theme-dark")) return true;
      if (root.classList.contains("theme-light")) return false;
      return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
    };
    var show = function () {
      var on = dark();
      button.textContent = on ? "Light theme" : "Dark theme";
      button.setAttribute("aria-pressed", "false");
      root.style.colorScheme = on ? "dark" : "light";
    };
    button.hidden = false;
    show();
    button.addEventListener("click", function () {
      var next = dark() ? "light" : "dark";
      root.classList.remove("theme-dark", "theme-light");
      root.classList.add("theme-" + next);
      try { window.localStorage.setItem("theme", next); } catch (e) { /* not remembered */ }
      show();
    });
  }

  // --- no signal ---------------------------------------------------------------------------

  function ask(message) {
    return navigator.serviceWorker.ready.then(function (registration) {
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) { resolve(event.data); };
        (navigator.serviceWorker.controller || registration.active).postMessage(message, [channel.port2]);
      });
    });
  }

  function say(text, href, linkText) {
    var status = document.getElementById("sw-status");
    if (!status) return;
    status.textContent = text + " ";
    if (href) {
      var a = document.createElement("a");
      a.href = href;
      a.textContent = linkText;
      status.appendChild(a);
    }
  }

  function keepGame() {
    var button = document.getElementById("keep-game");
    if (!button) return;
    var status = document.getElementById("keep-status");
    button.hidden = false;
    button.addEventListener("click", function () {
      button.disabled = true;
      status.textContent = "Keeping…";
      ask({ type: "keep-game", game: button.dataset.game, name: button.dataset.name,
        urls: button.dataset.urls.split(" ").filter(Boolean) }).then(function (answer) {
        button.disabled = false;
        status.textContent = answer.stored === answer.of
          ? "Kept: " + answer.stored + " pages of " + button.dataset.name + " can be read with no signal."
          : "Kept " + answer.stored + " of " + answer.of + " pages; open this page again with a signal to keep the rest.";
      });
    });
  }

  function titleOf(url) {
    return caches.match(url).then(function (response) {
      return response ? response.text() : "";
    }).then(function (html) {
      var m = /<title>([^<]*)<\/title>/.exec(html || "");
      var title = m ? m[1].replace(/ · Table Judge$/, "") : "";
      var t = document.createElement("textarea");
      t.innerHTML = title;
      return t.value || new URL(url).pathname;
    });
  }

  function listStored() {
    var page = document.getElementById("offline-page");
    if (!page) return;
    ask({ type: "stored" }).then(function (stored) {
      var list = document.getElementById("stored-list");
      var pages = stored.pages.filter(function (url) { return new URL(url).pathname.indexOf("/offline/") !== 0; });
      document.getElementById("stored-none").hidden = pages.length > 0;
      document.getElementById("stored").hidden = pages.length === 0;
      Promise.all(pages.map(function (url) {
        return titleOf(url).then(function (title) { return { url: url, title: title }; });
      })).then(function (items) {
        items.sort(function (a, b) { return a.url < b.url ? -1 : 1; });
        items.forEach(function (item) {
          var li = document.createElement("li");
          var a = document.createElement("a");
          a.href = item.url;
          a.textContent = item.title;
          li.appendChild(a);
          list.appendChild(li);
        });
      });
      var waiting = document.getElementById("waiting-list");
      document.getElementById("waiting").hidden = stored.waiting.length === 0;
      stored.waiting.forEach(function (form) {
        var li = document.createElement("li");
        li.textContent = "A question kept at " + new Date(form.at).toLocaleTimeString() + ", sent when the signal returns.";
        waiting.appendChild(li);
      });
    });
  }

  function sendKept() {
    if (navigator.onLine === false) return;
    ask({ type: "send-kept-forms" });
  }

  function offline() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    navigator.serviceWorker.addEventListener("message", function (event) {
      var data = event.data || {};
      if (data.type === "form-sent") {
        say(data.ok ? "The question you asked with no signal has been sent and answered." :
          "The question you asked with no signal has been sent; it came back with a problem to fix.",
          data.url, data.ok ? "Open the answer" : "Open it");
      }
    });
    window.addEventListener("online", sendKept);
    window.addEventListener("offline", function () {
      say("No signal: pages you opened before can still be read, and a question you ask is kept and sent when the signal returns.");
    });
    keepGame();
    listStored();
    sendKept();
  }

  window.addEventListener("hashchange", openTarget);
  document.addEventListener("DOMContentLoaded", function () {
    openTarget();
    steppers(document);
    cardPickers(document);
    printingPickers(document);
    share();
    themeSwitch();
    offline();
  });
})();
