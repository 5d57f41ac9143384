/* How to play: its sections fold (<details>). A link to a heading or to anything in a
 * folded section (the contents list, a link from another page such as
 * /how-to-play#house-rules) opens the sections around it first, so the browser brings
 * the opened section into view. "Open every section" opens them all, or folds them all
 * again; printing prints every section. */
(function () {
  "use strict";

  function sections() {
    return Array.prototype.slice.call(document.querySelectorAll("details.section"));
  }

  // Opens every folded section around the element of this id; true if one was opened.
  function openAround(id) {
    var target = id ? document.getElementById(id) : null;
    var opened = false;
    for (var fold = target && target.closest("details"); fold; fold = fold.parentElement && fold.parentElement.closest("details")) {
      if (!fold.open) { fold.open = true; opened = true; }
    }
    return opened ? target : null;
  }

  function idOf(hash) {
    try { return decodeURIComponent((hash || "").slice(1)); } catch (e) { return ""; }
  }

  function fromAddress() {
    var target = openAround(idOf(location.hash));
    if (target) target.scrollIntoView();
  }

  // A link within the page: open before the browser scrolls to it (a second press of the
  // same link changes no hash, so hashchange alone would miss it).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href^='#']");
    if (link) openAround(idOf(link.getAttribute("href")));
    var all = event.target.closest && event.target.closest("[data-open-all]");
    if (!all) return;
    var open = all.getAttribute("aria-pressed") !== "true";
    sections().forEach(function (fold) { fold.open = open; });
    all.setAttribute("aria-pressed", open ? "true" : "false");
    all.textContent = open ? "Fold every section" : "Open every section";
  });

  window.addEventListener("hashchange", fromAddress);
  window.addEventListener("beforeprint", function () {
    sections().forEach(function (fold) { fold.open = true; });
  });
  fromAddress();
})();
