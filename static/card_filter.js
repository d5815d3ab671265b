// The card list filters by name as you type: the list alone is fetched again (?partial=groups)
// a moment after the last key, and the page's address follows so the result can be shared.
(function () {
  "use strict";
  var input = document.querySelector("input[data-filter-as-you-type]");
  var list = document.getElementById("card-list");
  if (!input || !list || !window.fetch) return;
  var timer = null;
  var asked = 0;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var form = input.form;
      var params = new URLSearchParams(new FormData(form));
      params.delete("page");
      var shown = params.toString();
      params.set("partial", "groups");
      var mine = ++asked;
      fetch(window.location.pathname + "?" + params.toString(), {
        headers: { "X-Requested-With": "fetch" },
      })
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (html) {
          if (mine !== asked) return; // a later key press has its own answer coming
          list.innerHTML = html;
          window.history.replaceState(null, "", "?" + shown);
        })
        .catch(function () { /* the Filter button still works */ });
    }, 200);
  });
})();
