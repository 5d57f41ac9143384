/* The match summary opens by itself when a move ends the match: once the new table has
 * been swapped in and the computer's last steps (if any) have been shown. A page loaded
 * on a finished match does not open it again; its Match summary button does. Its
 * replay link's Copy button copies the whole address. */
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
  // Copy a finished match's replay link, whole (the page's own address first).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy-replay]");
    if (!button) return;
    var status = button.parentNode.querySelector("[data-copy-replay-status]");
    var link = window.location.origin + button.dataset.copyReplay;
    if (!navigator.clipboard) { if (status) status.textContent = link; return; }
    navigator.clipboard.writeText(link).then(function () {
      if (status) status.textContent = "Link copied.";
    }, function () {
      if (status) status.textContent = link;
    });
  });
  document.addEventListener("htmx:afterSettle", function () {
    var dialog = document.getElementById("summary-dialog");
    if (dialog && dialog.hasAttribute("data-auto-open")) setTimeout(function () { openWhenShown(0); }, 0);
  });
})();
