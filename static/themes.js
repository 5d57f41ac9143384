/* The table's look: a table colour and a card back to choose from (the Table look
 * chooser in the site's header), remembered by the browser (localStorage) and put on
 * <html> as data-felt and data-back before the page is drawn, for themes.css.
 * Loaded in <head> without defer, so that a page never shows the default look first. */
(function () {
  "use strict";

  var LOOKS = { felt: ["green", "blue", "red", "grey"], back: ["blue", "red", "green", "gold"] };
  var KEY = "golf_look_";
  var root = document.documentElement;

  function read(name) {
    var value = null;
    try { value = window.localStorage.getItem(KEY + name); } catch (e) { /* private mode: the default */ }
    return LOOKS[name].indexOf(value) >= 0 ? value : LOOKS[name][0];
  }

  function wear(name, value) { root.dataset[name] = value; }

  Object.keys(LOOKS).forEach(function (name) { wear(name, read(name)); });

  function showChosen() {
    document.querySelectorAll("[data-look]").forEach(function (select) { select.value = read(select.dataset.look); });
  }

  document.addEventListener("change", function (event) {
    var select = event.target.closest && event.target.closest("[data-look]");
    if (!select || LOOKS[select.dataset.look].indexOf(select.value) < 0) return;
    try { window.localStorage.setItem(KEY + select.dataset.look, select.value); } catch (e) { /* not kept */ }
    wear(select.dataset.look, select.value);
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showChosen);
  else showChosen();
})();
