/* The review pages: step through the decisions with the keyboard.
   Left and right arrows follow the page's previous and next links, Escape goes up to the
   list; keys pressed in a form field or with a modifier are left alone. */
(function () {
  "use strict";
  var KEYS = { ArrowLeft: 'a[rel="prev"]', ArrowRight: 'a[rel="next"]', Escape: "a[data-up]" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var selector = KEYS[event.key];
    if (!selector) return;
    var link = document.querySelector(selector);
    if (!link) return;
    event.preventDefault();
    window.location.assign(link.href);
  });
  // Arriving on a decision, put the reader on its heading.
  document.addEventListener("DOMContentLoaded", function () {
    var heading = document.getElementById("decision-heading");
    if (heading) heading.focus({ preventScroll: true });
  });
})();
