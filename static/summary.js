/* The match summary opens by itself when a move ends the match: once the new table has
 * been swapped in and the computer's last steps (if any) have been shown. A page loaded
 * on a finished match does not open it again; its Match summary button does. */
(function () {
  "use strict";
  function openWhenShown(tries) {
    var dialog = document.getElementById("summary-dialog");
    var table = document.getElementById("table");
    if (!dialog || dialog.open || dialog.dataset.shown || !dialog.showModal) return;
    if (table && table.classList.contains("playing") && tries < 600) {
      setTimeout(function () { openWhenShown(tries + 1); }, 100);
      return;
    }
    dialog.dataset.shown = "true";
    window.GolfPage.openDialog(dialog);
  }
  document.addEventListener("htmx:afterSettle", function () {
    var dialog = document.getElementById("summary-dialog");
    if (dialog && dialog.hasAttribute("data-auto-open")) setTimeout(function () { openWhenShown(0); }, 0);
  });
})();
