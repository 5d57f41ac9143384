/* Golf solitaire: the little the page needs beyond HTMX.
 *
 * - Ticks the clock from the elapsed time the server sent, while the deal runs.
 * - After each move (the table is swapped whole) puts focus where the server asks:
 *   the next playable card, the stock, the hint, the end of the game; and tells the
 *   move in the polite live region (#announce).
 * - Opens and closes the New deal dialog.
 * - When the page comes back into view after a while, asks for the table again so
 *   that the time away is not counted.
 */
(function () {
  "use strict";

  var KEEP_LINES = 4;
  var AWAY_MS = 30000;
  var clockTimer = null;
  var hiddenAt = null;
  var focusedBefore = null;

  function byId(id) { return document.getElementById(id); }

  function announce(text) {
    var region = byId("announce");
    if (!region || !text) return;
    var line = document.createElement("p");
    line.textContent = text;
    region.appendChild(line);
    while (region.children.length > KEEP_LINES) region.removeChild(region.firstElementChild);
  }

  /* ------------------------------------------------------------------ clock */
  function formatClock(total) {
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
  }

  function startClock() {
    clearInterval(clockTimer);
    var table = byId("sol-table"), clock = byId("sol-clock");
    if (!table || !clock || table.dataset.running !== "true") return;
    var base = parseInt(clock.dataset.elapsed, 10) || 0;
    var started = Date.now();
    clockTimer = setInterval(function () {
      var now = base + Math.floor((Date.now() - started) / 1000);
      clock.textContent = formatClock(now);
      clock.setAttribute("datetime", "PT" + now + "S");
    }, 1000);
  }

  /* ------------------------------------------------------------------ focus */
  function focusQuietly(el) {
    if (!el) return;
    el.focus({ preventScroll: true });
    var box = el.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: "nearest" });
  }

  function focusAfterSwap(table) {
    var active = document.activeElement;
    var lost = !active || active === document.body || !document.contains(active) || active.id === "main";
    var want = table.dataset.focus;
    if (want === "keep") {
      if (!lost) return;
      want = focusedBefore;
    }
    var target = want ? byId(want) : null;
    if (!target || target.disabled) target = byId("sol-prompt");
    focusQuietly(target);
  }

  function tableReady(afterSwap) {
    var table = byId("sol-table");
    if (!table) return;
    table.dataset.ready = "true";
    startClock();
    if (afterSwap) {
      focusAfterSwap(table);
      announce(table.dataset.say);
    }
  }

  /* ------------------------------------------------------------------ events */
  document.addEventListener("click", function (event) {
    if (!event.target.closest) return;
    var opener = event.target.closest("[data-sol-open]");
    if (opener) {
      var dialog = byId(opener.dataset.solOpen);
      if (dialog && dialog.showModal && !dialog.open) { event.preventDefault(); dialog.showModal(); }
      return;
    }
    var closer = event.target.closest("[data-sol-close]");
    if (closer) {
      var open = closer.closest("dialog");
      if (open) open.close();
    }
  });

  document.addEventListener("htmx:beforeRequest", function () {
    var active = document.activeElement;
    focusedBefore = active && active.id ? active.id : null;
  });

  // After the settle, when HTMX has wired up the new table's buttons.
  document.addEventListener("htmx:afterSettle", function () {
    var table = byId("sol-table");
    if (!table || table.dataset.ready) return;
    tableReady(true);
  });

  document.addEventListener("visibilitychange", function () {
    var table = byId("sol-table");
    if (!table) return;
    if (document.visibilityState === "hidden") {
      hiddenAt = Date.now();
    } else if (hiddenAt !== null) {
      var away = Date.now() - hiddenAt;
      hiddenAt = null;
      if (away >= AWAY_MS && table.dataset.running === "true" && window.htmx) {
        htmx.ajax("GET", "/solitaire/table?away=1", { target: "#sol-table", swap: "outerHTML" });
      }
    }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { tableReady(false); });
  } else {
    tableReady(false);
  }
})();
