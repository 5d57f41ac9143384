/* Golf solitaire: the little the page needs beyond HTMX.
 *
 * - Ticks the clock from the elapsed time the server sent, while the deal runs.
 * - After each move (the table is swapped whole) puts focus where the server asks:
 *   the next playable card, the stock, the hint, the end of the game; and tells the
 *   move in the polite live region (#announce).
 * - Opens and closes the New deal dialog.
 * - When the page comes back into view after a while, asks for the table again so
 *   that the time away is not counted.
 * The helpers it shares with the Golf table are in common.js (window.GolfPage).
 */
(function () {
  "use strict";

  var page = window.GolfPage;
  var byId = page.byId;
  var AWAY_MS = 30000;
  var hiddenAt = null;
  var focusedBefore = null;

  /* ------------------------------------------------------------------ focus */
  function focusAfterSwap(table) {
    var lost = page.focusLost();
    var want = table.dataset.focus;
    if (want === "keep") {
      if (!lost) return;
      want = focusedBefore;
    }
    var target = want ? byId(want) : null;
    if (!target || target.disabled) target = byId("sol-prompt");
    page.focusQuietly(target);
  }

  function tableReady(afterSwap) {
    var table = byId("sol-table");
    if (!table) return;
    table.dataset.ready = "true";
    page.startClock("sol-table", "sol-clock");
    var reopen = table.querySelector("dialog[data-reopen]");
    if (reopen && reopen.showModal && !reopen.open) {
      // A refused deal number: the form again, with what was typed and why.
      reopen.showModal();
      var invalid = reopen.querySelector("[aria-invalid=true]");
      if (invalid) invalid.focus();
      return;
    }
    if (afterSwap) {
      focusAfterSwap(table);
      page.announce(table.dataset.say);
    }
  }

  /* ------------------------------------------------------------------ events */
  // Restart after a move asks first, in its dialog (without script it restarts at once).
  document.addEventListener("click", function (event) {
    var confirmer = event.target.closest && event.target.closest("[data-sol-confirm]");
    if (confirmer && !confirmer.disabled) {
      var dialog = byId(confirmer.dataset.solConfirm);
      if (dialog && dialog.showModal) {
        event.preventDefault();
        event.stopPropagation();
        dialog.showModal();
        return;
      }
    }
    page.dialogClick(event, "data-sol-open", "data-sol-close");
  }, true);

  document.addEventListener("htmx:beforeRequest", function () {
    var active = document.activeElement;
    focusedBefore = active && active.id ? active.id : null;
  });

  // On load, and after each swap once HTMX has wired up the new table's buttons.
  page.onTableReady("sol-table", tableReady);

  page.onVisibility("sol-table", function () {
    hiddenAt = Date.now();
  }, function (table) {
    if (hiddenAt === null) return;
    var away = Date.now() - hiddenAt;
    hiddenAt = null;
    if (away >= AWAY_MS && table.dataset.running === "true" && window.htmx) {
      page.reloadTable("sol-table", "/solitaire/table?away=1");
    }
  });
})();
