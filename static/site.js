// A little JavaScript that makes forms nicer; every page works without it.
// - number inputs get - and + buttons (phones hide the browser's own spinners);
// - card name boxes suggest printed names from /api/v1/cards/autocomplete/;
// - the ruling page's Share button uses the Web Share API, or copies the link;
// - a link to a glossary term opens its definition.
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

  function cardPickers(root) {
    root.querySelectorAll("input[data-card-game]").forEach(function (input) {
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

  window.addEventListener("hashchange", openTarget);
  document.addEventListener("DOMContentLoaded", function () {
    openTarget();
    steppers(document);
    cardPickers(document);
    share();
  });
})();
