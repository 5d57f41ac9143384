/* What the Golf table's script and the solitaire page's share, as window.GolfPage.
 *
 * Loaded on every page before the page's own script. Each table is swapped whole by
 * HTMX after a move; these helpers find its parts again by id each time:
 * - announce: the polite live region (#announce), keeping its last few lines;
 * - startClock: ticks the clock from the elapsed seconds the server sent;
 * - focusQuietly, focusLost, keepInView: focus after a swap, without jumping the page;
 * - showOpenSeats: the others' grids folded on a phone, opened with a tap;
 * - dialogClick, openDialog, confirmClick: openers and closers of the <dialog>s, and
 *   the buttons that ask first;
 * - onTableReady, onVisibility, reloadTable, isTableRefresh, whenStill: the table's
 *   life on the page;
 * - motionReduced, moving, nameCards: cards moving from one board to the next (the table, a replay);
 * - soundOn, setSound, tone: the optional sounds (off at first);
 * - readCookie: a cookie's value (the computer speed the person chose), or null.
 * It fills in the display name the person last gave (data-name fields).
 * It also shows in the alert area (#alert) why a request was refused, on every page.
 */
(function () {
  "use strict";

  var KEEP_LINES = 8; // a round of moves with eight players, short enough to stay tidy
  var clockTimer = null; // a page has one table, so one clock

  function byId(id) { return document.getElementById(id); }

  /* Each line of text (sentences are separated by newlines) becomes a line of the
   * region, the latest on top, so the newest move is the first thing one reads. */
  function announce(text) {
    var region = byId("announce");
    if (!region || !text) return;
    String(text).split("\n").forEach(function (sentence) {
      if (!sentence.trim()) return;
      var line = document.createElement("p");
      line.textContent = sentence.trim();
      region.insertBefore(line, region.firstChild);
    });
    while (region.children.length > KEEP_LINES) region.removeChild(region.lastElementChild);
    // The latest first: the box (scrolled, it keeps its place by the line it showed) shows
    // the line just said, whole, at its top.
    region.scrollTop = 0;
  }

  /* ------------------------------------------------------------------ clock */
  function formatClock(total) {
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
  }

  /* Ticks the <time> with id clockId while the table (tableId) says data-running="true",
   * counting on from its data-elapsed; stops the clock ticking before. */
  function startClock(tableId, clockId) {
    clearInterval(clockTimer);
    var table = byId(tableId), clock = byId(clockId);
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

  /* Whether focus is nowhere the person put it after a swap: on nothing, on an element
   * the swap removed, on <main>, or on one of the ids given (places the page sends it). */
  function focusLost(ids) {
    var active = document.activeElement;
    return !active || active === document.body || !document.contains(active) ||
      active.id === "main" || (ids || []).indexOf(active.id) >= 0;
  }

  /* Scrolls the page as little as it takes to show these elements together (after a
   * move or a deal: the prompt and your grid), or, when they cannot all be seen at once,
   * to the first of them. */
  function keepInView(elements) {
    var boxes = elements.filter(Boolean).map(function (e) { return e.getBoundingClientRect(); });
    if (!boxes.length) return;
    var top = Math.min.apply(null, boxes.map(function (b) { return b.top; }));
    var bottom = Math.max.apply(null, boxes.map(function (b) { return b.bottom; }));
    if (top >= 0 && bottom <= window.innerHeight) return;
    if (window.scrollY + bottom <= window.innerHeight) window.scrollTo(0, 0); // all in view from the page's top
    else window.scrollBy(0, top < 0 || bottom - top > window.innerHeight ? top : bottom - window.innerHeight);
  }

  /* ------------------------------------------------------------------ folded seats */
  /* On a phone the others fold into compact rows; a tap on a name opens that grid full
   * size, and it stays open as the table is drawn again (on every page with a table). */
  var openSeats = {}; // by seat id

  function showOpenSeats(root) {
    if (!root || !root.querySelectorAll) return;
    Array.prototype.forEach.call(root.querySelectorAll(".seat.foldable"), function (seat) {
      var open = !!openSeats[seat.dataset.seat];
      seat.classList.toggle("open", open);
      var toggle = seat.querySelector("[data-seat-toggle]");
      if (toggle) toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
  }

  document.addEventListener("click", function (event) {
    var toggle = event.target.closest && event.target.closest("[data-seat-toggle]");
    if (!toggle) return;
    var seat = toggle.closest(".seat");
    openSeats[seat.dataset.seat] = !openSeats[seat.dataset.seat];
    showOpenSeats(seat.parentNode);
  }, true);

  /* ------------------------------------------------------------------ dialogs */
  /* Shows a dialog as modal, opened at its top: focus goes to its heading (from which Tab
   * reaches its first control), not to its first control, which may lie below the fold
   * (the summary's Play again, under its chart and scorecard). */
  function openDialog(dialog) {
    dialog.showModal();
    var heading = dialog.querySelector("h1, h2");
    if (heading) {
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
    dialog.scrollTop = 0;
  }

  /* A click on an opener (an element with openAttr, naming a dialog's id) shows that
   * dialog as modal; one on a closer (with closeAttr) closes the dialog it is in.
   * Returns whether the click was on either. */
  function dialogClick(event, openAttr, closeAttr) {
    if (!event.target.closest) return false;
    var opener = event.target.closest("[" + openAttr + "]");
    if (opener) {
      var dialog = byId(opener.getAttribute(openAttr));
      if (dialog && dialog.showModal && !dialog.open) { event.preventDefault(); openDialog(dialog); }
      return true;
    }
    var closer = event.target.closest("[" + closeAttr + "]");
    if (closer) {
      var open = closer.closest("dialog");
      if (open) open.close();
      return true;
    }
    return false;
  }

  /* A click on an asker (an element with data-confirm naming a dialog: a button that would
   * give something up) opens that dialog, which asks first, instead of doing it; without
   * script the button does what it says (its form goes to a page that asks). Returns
   * whether the click was on such an asker. */
  function confirmClick(event) {
    var asker = event.target.closest && event.target.closest("[data-confirm]");
    if (!asker || asker.disabled) return false;
    var question = byId(asker.dataset.confirm);
    if (!question || !question.showModal) return false;
    event.preventDefault();
    openDialog(question);
    return true;
  }

  /* ------------------------------------------------------------------ the table */
  /* Calls ready(afterSwap) for the table with this id: once when the page has loaded,
   * after HTMX has wired it up (its DOMContentLoaded handler was added first), and after
   * each swap that brings a new table (one without data-ready), once the settle is done
   * and HTMX has wired up its buttons. ready marks the table with data-ready. */
  function onTableReady(tableId, ready) {
    document.addEventListener("htmx:afterSettle", function () {
      var table = byId(tableId);
      if (!table || table.dataset.ready) return;
      ready(true);
    });
    if (document.readyState === "complete") {
      ready(false);
    } else {
      document.addEventListener("DOMContentLoaded", function () { ready(false); });
    }
  }

  /* Calls hidden(table) when the page is hidden and shown(table) when it is seen again,
   * while the page has the table with this id. */
  function onVisibility(tableId, hidden, shown) {
    document.addEventListener("visibilitychange", function () {
      var table = byId(tableId);
      if (!table) return;
      if (document.visibilityState === "hidden") hidden(table);
      else shown(table);
    });
  }

  /* Asks the server for the table as it stands and swaps it in whole. */
  function reloadTable(tableId, url) {
    htmx.ajax("GET", url, { target: "#" + tableId, swap: "outerHTML" });
  }

  /* Whether an HTMX request is the table fetched again by its own hx-get (for news of a
   * move at a table of people), as against a move or any other request. */
  function isTableRefresh(detail) {
    var config = detail && detail.requestConfig;
    return !!config && config.verb === "get" && !!detail.elt && detail.elt.id === "table";
  }

  /* Cards move between one board and the next by a view transition: each card of the
   * board coming in is named by the place it is drawn as coming from (data-vt, set by
   * the server), each card of the board going out by the place where it lies
   * (data-place). The names are set here (the page's style rules forbid inline styles).
   * Off with reduced motion. The live table and the replay both move their cards so. */
  var reducedMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");

  function motionReduced() { return !!(reducedMotion && reducedMotion.matches); }

  function moving() { return !!document.startViewTransition && !motionReduced(); }

  function nameCards(root, by) {
    if (!root || !root.querySelectorAll) return;
    var key = by || "vt"; // "place" for a board going out
    Array.prototype.forEach.call(root.querySelectorAll("[data-vt]"), function (card) {
      card.style.viewTransitionName = "card-" + card.dataset[key].replace(/[^a-z0-9-]/gi, "");
    });
  }

  /* Calls fn once the table moving in (a view transition) is in place, or now if none is. */
  function whenStill(fn) {
    var running = document.activeViewTransition;
    if (running) running.finished.then(fn, fn);
    else fn();
  }

  /* ------------------------------------------------------------------ sound */
  /* Optional sounds made with the Web Audio API: off at first; the table's Sound switch
   * turns them on or off and the browser remembers (localStorage). */
  var SOUND_KEY = "golf_sound";
  var audio = null;

  function soundOn() {
    try { return window.localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; }
  }

  function setSound(on) {
    try { window.localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  /* Plays one tone after `start` seconds for `length` seconds, when sounds are on. */
  function tone(frequency, start, length) {
    if (!soundOn() || !(window.AudioContext || window.webkitAudioContext)) return;
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    var osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.08, audio.currentTime + start);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + start + length);
    osc.connect(gain).connect(audio.destination);
    osc.start(audio.currentTime + start);
    osc.stop(audio.currentTime + start + length);
  }

  /* ------------------------------------------------------------------ failed requests */
  function showAlert(text) {
    var region = byId("alert");
    if (!region) return;
    var p = document.createElement("p");
    p.textContent = text;
    region.replaceChildren(p);
  }

  document.addEventListener("htmx:sendError", function () {
    showAlert("The game server could not be reached; nothing was changed. Check the connection and try again.");
  });

  // A refusal (the store did not answer, too many moves at once, ...) comes to HTMX as
  // one plain sentence saying why; other failures say nothing useful.
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var plain = xhr && /^text\/plain/.test(xhr.getResponseHeader("Content-Type") || "");
    var text = plain && xhr.responseText && xhr.responseText.length < 300 ? xhr.responseText :
      "Something went wrong on the server; nothing was changed. Try again in a moment.";
    showAlert(text);
  });

  /* ------------------------------------------------------------------ the name */
  /* The display name a person gave at a table or for quick play, remembered in this
   * browser (localStorage) and filled into every empty name field ([data-name]) of a
   * page, and of a part of it that HTMX draws again (the New game dialog). */
  var NAME_KEY = "golf_table_name";

  function fillNames() {
    var name;
    try { name = window.localStorage.getItem(NAME_KEY) || ""; } catch (e) { name = ""; }
    if (!name) return;
    document.querySelectorAll("[data-name]").forEach(function (field) {
      if (!field.value) field.value = name;
    });
  }

  document.addEventListener("submit", function (event) {
    if (!event.target.matches || !event.target.matches("[data-remember-name]")) return;
    var field = event.target.querySelector("[data-name]");
    if (!field || !field.value.trim()) return;
    try { window.localStorage.setItem(NAME_KEY, field.value.trim()); } catch (e) { /* private mode: no memory */ }
  });
  document.addEventListener("htmx:afterSettle", fillNames);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fillNames);
  else fillNames();

  /* ------------------------------------------------------------------ cookies */
  function readCookie(name) {
    var found = document.cookie.split("; ").filter(function (c) { return c.indexOf(name + "=") === 0; })[0];
    return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
  }

  window.GolfPage = {
    byId: byId,
    readCookie: readCookie,
    announce: announce,
    startClock: startClock,
    focusQuietly: focusQuietly,
    focusLost: focusLost,
    dialogClick: dialogClick,
    confirmClick: confirmClick,
    openDialog: openDialog,
    keepInView: keepInView,
    showOpenSeats: showOpenSeats,
    onTableReady: onTableReady,
    onVisibility: onVisibility,
    reloadTable: reloadTable,
    isTableRefresh: isTableRefresh,
    whenStill: whenStill,
    motionReduced: motionReduced,
    moving: moving,
    nameCards: nameCards,
    soundOn: soundOn,
    setSound: setSound,
    tone: tone
  };
})();
