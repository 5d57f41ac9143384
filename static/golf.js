/* Golf table: the little the page needs beyond HTMX.
 *
 * - Shows the computer's turn step by step: the server sends each step as a rendered
 *   board in a <template> (#frames); this plays them with a delay, then puts the live
 *   board back. Any new request (Undo, Restart, ...) or new table cancels what is left.
 * - Announces the computer's moves in the polite live region (#announce).
 * - Ticks the clock, keeps the computer speed in a cookie, opens the dialogs, keeps
 *   focus on the prompt (or the next likely control) after a swap, and pauses the match
 *   when the page is hidden so time away is not counted.
 */
(function () {
  "use strict";

  var SPEED_COOKIE = "golf_speed";
  var KEEP_LINES = 4;
  var playback = { id: 0, restore: null };
  var clockTimer = null;
  var pausedWhileAway = false;

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
    var table = byId("table"), clock = byId("clock");
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
    var lost = !active || active === document.body || !document.contains(active) ||
      active.id === "prompt" || active.id === "main";
    if (!lost) return;
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
      prompt.textContent = frame.dataset.prompt;
      announce(frame.dataset.say);
      setTimeout(step, delay);
    }
    step();
  }

  function tableReady(afterSwap) {
    var table = byId("table");
    if (!table) return;
    startClock();
    var speed = table.querySelector("[data-speed]");
    if (speed) {
      var chosen = readCookie(SPEED_COOKIE);
      if (chosen) speed.value = chosen;
    }
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
    var opener = event.target.closest && event.target.closest("[data-open]");
    if (opener) {
      var target = byId(opener.dataset.open);
      if (target && target.showModal) { event.preventDefault(); target.showModal(); }
      return;
    }
    var closer = event.target.closest && event.target.closest("[data-close]");
    if (closer) {
      var open = closer.closest("dialog");
      if (open) open.close();
    }
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

  // After the settle, when HTMX has wired up the new table's buttons (and before the
  // browser paints, as the settle delay is 0), so the frames can take the board's place.
  document.addEventListener("htmx:afterSettle", function (event) {
    var table = byId("table");
    if (!table || table.dataset.ready) return;
    tableReady(true);
  });

  document.addEventListener("htmx:sendError", function () {
    showAlert("The game server could not be reached; nothing was changed. Check the connection and try again.");
  });

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var text = xhr && xhr.status === 503 && xhr.responseText && xhr.responseText.length < 300 ? xhr.responseText :
      "Something went wrong on the server; nothing was changed. Try again in a moment.";
    showAlert(text);
  });

  function showAlert(text) {
    var region = byId("alert");
    if (!region) return;
    var p = document.createElement("p");
    p.textContent = text;
    region.replaceChildren(p);
  }

  document.addEventListener("visibilitychange", function () {
    var table = byId("table");
    if (!table) return;
    if (document.visibilityState === "hidden") {
      if (table.dataset.running === "true" && navigator.sendBeacon) {
        var data = new FormData();
        data.append("version", table.dataset.version);
        pausedWhileAway = navigator.sendBeacon("/play/away", data);
      }
    } else if (pausedWhileAway && window.htmx) {
      pausedWhileAway = false;
      htmx.ajax("GET", "/table", { target: "#table", swap: "outerHTML" });
    }
  });

  // After HTMX has wired up the page (its DOMContentLoaded handler was added first).
  if (document.readyState === "complete") {
    tableReady(false);
  } else {
    document.addEventListener("DOMContentLoaded", function () { tableReady(false); });
  }
})();
