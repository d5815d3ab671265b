// A table's page: ask the server every few seconds whether the table has moved on (a 304
// while it has not), and show the new board when another phone records a move.
(function () {
  "use strict";
  var root = document.getElementById("play-table");
  if (!root || !window.fetch) return;
  var url = root.getAttribute("data-poll");
  var etag = '"' + root.getAttribute("data-version") + '"';
  var busy = false;
  // Once a form is sent this page is leaving: a poll must not load the board over the answer
  // on its way (a move just recorded changes the table, so the next poll would see it).
  var leaving = false;
  document.addEventListener("submit", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });
  function poll() {
    if (busy || leaving || document.hidden) return;
    busy = true;
    fetch(url, { headers: { "If-None-Match": etag }, cache: "no-store" })
      .then(function (response) {
        if (leaving) return;
        if (response.status === 200 && response.headers.get("ETag") !== etag) {
          var typing = document.activeElement && document.activeElement.form;
          if (typing) {
            document.getElementById("table-news").hidden = false;
          } else {
            window.location.assign(window.location.pathname); // a full load: the new board
          }
        }
      })
      .catch(function () {})
      .then(function () { busy = false; });
  }
  window.setInterval(poll, 3000);
  document.addEventListener("visibilitychange", poll);
})();
