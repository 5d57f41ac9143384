/* Golf table: the little the page needs beyond HTMX.
 *
 * - Shows the computer's turn step by step: the server sends each step as a rendered
 *   board in a <template> (#frames); this plays them with a delay, then puts the live
 *   board back. Any new request (Undo, Restart, ...) or new table cancels what is left.
 * - Announces the computer's moves in the polite live region (#announce).
 * - Ticks the clock, keeps the computer speed in a cookie, opens the dialogs, keeps
 *   focus on the prompt (or the next likely control) after a swap, and pauses the match
 *   when the page is hidden so time away is not counted.
 * The helpers it shares with the solitaire page are in common.js (window.GolfPage).
 */
(function () {
  "use strict";

  var page = window.GolfPage;
  var byId = page.byId, announce = page.announce, focusQuietly = page.focusQuietly;
  var SPEED_COOKIE = "golf_speed";
  var playback = { id: 0, restore: null };
  var pausedWhileAway = false;
  var openSeats = {}; // the others' grids a phone shows full size, by seat id, across redraws

  /* ------------------------------------------------------------------ folded seats */
  function showOpenSeats(root) {
    Array.prototype.forEach.call(root.querySelectorAll(".seat.foldable"), function (seat) {
      var open = !!openSeats[seat.dataset.seat];
      seat.classList.toggle("open", open);
      var toggle = seat.querySelector("[data-seat-toggle]");
      if (toggle) toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
  }

  /* ------------------------------------------------------------------ focus */
  function focusAfterSwap(table) {
    if (!page.focusLost(["prompt"])) return;
    var want = table.dataset.focus;
    var target = null;
    if (want === "hint") target = byId("hint");
    else if (want === "resume") target = table.querySelector("[data-resume]");
    focusQuietly(target || byId("prompt"));
  }

  /* ------------------------------------------------------------------ frames */
  function cancelPlayback() {
    playback.id += 1;
    if (playback.restore) {
      var restore = playback.restore;
      playback.restore = null;
      restore();
    }
  }

  function play(table, afterSwap) {
    cancelPlayback();
    var id = playback.id;
    var frames = table.querySelector("#frames");
    var board = table.querySelector("#board");
    var prompt = table.querySelector("#prompt");
    if (!frames || !board || !prompt) {
      announce(table.dataset.say);
      if (afterSwap) focusAfterSwap(table);
      return;
    }
    var steps = Array.prototype.slice.call(frames.querySelectorAll("template"));
    var delay = parseInt(frames.dataset.delay, 10) || 0;
    var live = Array.prototype.slice.call(board.childNodes);
    frames.parentNode.removeChild(frames);

    function showLive() {
      board.replaceChildren.apply(board, live);
      showOpenSeats(board);
      prompt.textContent = table.dataset.prompt;
      table.classList.remove("playing");
      board.removeAttribute("aria-busy");
    }
    playback.restore = showLive;

    table.classList.add("playing");
    board.setAttribute("aria-busy", "true");
    announce(frames.dataset.sayFirst);
    if (afterSwap) focusQuietly(prompt);

    var index = 0;
    function step() {
      if (id !== playback.id) return;
      if (index >= steps.length) {
        playback.restore = null;
        showLive();
        announce(table.dataset.say);
        if (afterSwap) focusAfterSwap(table);
        return;
      }
      var frame = steps[index++];
      board.replaceChildren(frame.content.cloneNode(true));
      showOpenSeats(board);
      prompt.textContent = frame.dataset.prompt;
      announce(frame.dataset.say);
      setTimeout(step, delay);
    }
    step();
  }

  function tableReady(afterSwap) {
    var table = byId("table");
    if (!table) return;
    page.startClock("table", "clock");
    var speed = table.querySelector("[data-speed]");
    if (speed) {
      var chosen = readCookie(SPEED_COOKIE);
      if (chosen) speed.value = chosen;
    }
    showOpenSeats(table);
    if (afterSwap) play(table, true);
    table.dataset.ready = "true";
  }

  /* ------------------------------------------------------------------ cookies */
  function readCookie(name) {
    var found = document.cookie.split("; ").filter(function (c) { return c.indexOf(name + "=") === 0; })[0];
    return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
  }

  /* ------------------------------------------------------------------ events */
  document.addEventListener("click", function (event) {
    var confirmer = event.target.closest && event.target.closest("[data-confirm]");
    if (confirmer && !confirmer.disabled) {
      var dialog = byId(confirmer.dataset.confirm);
      if (dialog && dialog.showModal) {
        event.preventDefault();
        event.stopPropagation();
        dialog.showModal();
        return;
      }
    }
    var toggle = event.target.closest && event.target.closest("[data-seat-toggle]");
    if (toggle) {
      var seat = toggle.closest(".seat");
      openSeats[seat.dataset.seat] = !openSeats[seat.dataset.seat];
      showOpenSeats(seat.parentNode);
      return;
    }
    page.dialogClick(event, "data-open", "data-close");
  }, true);

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-speed]")) {
      document.cookie = SPEED_COOKIE + "=" + encodeURIComponent(event.target.value) +
        "; path=/; max-age=31536000; samesite=lax";
    }
  });

  document.addEventListener("htmx:beforeRequest", function () {
    cancelPlayback(); // Undo, Restart and every other move cancel the steps still pending
  });

  // After each swap the new table is ready once HTMX has wired up its buttons, and before
  // the browser paints (the settle delay is 0), so the frames can take the board's place.
  page.onTableReady("table", tableReady);

  page.onVisibility("table", function (table) {
    if (table.dataset.running === "true" && navigator.sendBeacon) {
      var data = new FormData();
      data.append("version", table.dataset.version);
      pausedWhileAway = navigator.sendBeacon("/play/away", data);
    }
  }, function () {
    if (pausedWhileAway && window.htmx) {
      pausedWhileAway = false;
      page.reloadTable("table", "/table");
    }
  });
})();
