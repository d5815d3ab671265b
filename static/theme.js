// Before the page is drawn: the theme the player chose on this device (light or dark), kept in
// localStorage; with none chosen (or JavaScript off) the page follows the system's setting.
(function () {
  try {
    var theme = window.localStorage.getItem("theme");
    if (theme === "dark" || theme === "light") document.documentElement.classList.add("theme-" + theme);
  } catch (e) { /* storage refused: follow the system */ }
})();
