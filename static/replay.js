/* The replay page: play the steps on at a chosen speed, and step by keyboard.
   Each step is an address the server answers (/r/{id}?step=N); the page without script
   steps by its links. Here the page asks for the step it wants, one request at a time:
   keys pressed faster than the steps arrive add up, and the page goes straight to the
   step they come to. Playing asks for the next step every so often, a second a step at
   1x. Keys: the left and right arrows step, Space plays or pauses, Home and End go to
   the deal and to the end; keys pressed in a form field or with a modifier are left alone. */
(function () {
  "use strict";
  var STEP_MS = 1000;
  var timer = null;
  var wanted = null;  // the step asked for, while it is on its way
  var busy = false;

  function replay() { return document.getElementById("replay"); }
  function shown() { return replay() ? parseInt(replay().dataset.step, 10) : 0; }
  function count() { return replay() ? parseInt(replay().dataset.count, 10) : 0; }
  function address(step) { return window.location.pathname + "?step=" + step; }
  function playButton() { return document.querySelector("[data-replay-play]"); }
  function playing() { var b = playButton(); return !!b && b.getAttribute("aria-pressed") === "true"; }
  function speed() {
    var select = document.querySelector("[data-replay-speed]");
    var value = select ? parseFloat(select.value) : 1;
    return value > 0 ? value : 1;
  }

  function go(step) {
    wanted = Math.max(0, Math.min(count(), step));
    if (!busy) fetchWanted();
  }
  /* Cards move from one step to the next as on the live table (common.js). */
  var moving = window.GolfPage.moving, nameCards = window.GolfPage.nameCards;
  function swapIn(html) {
    var change = function () {
      var old = replay();
      old.insertAdjacentHTML("afterend", html);
      old.remove();
      window.htmx.process(replay());
      if (moving()) nameCards(replay(), "vt");
    };
    if (!moving() || document.activeViewTransition) { change(); return Promise.resolve(); }
    document.documentElement.style.setProperty("--move-ms", Math.max(120, Math.min(400, 0.6 * STEP_MS / speed())) + "ms");
    nameCards(replay(), "place");
    var transition = document.startViewTransition(change);
    transition.finished.catch(function () {});
    return transition.updateCallbackDone;
  }
  function fetchWanted() {
    if (wanted === null || wanted === shown()) { wanted = null; return; }
    busy = true;
    var step = wanted;
    window.fetch(address(step), { headers: { "HX-Request": "true" }, credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error("step " + step + ": " + response.status);
      return response.text();
    }).then(swapIn).then(function () {
      busy = false;
      window.history.replaceState(null, "", address(shown()));
      if (wanted !== null && wanted !== shown()) { fetchWanted(); return; }
      wanted = null;
      if (playing()) schedule();  // the next step once this one is in
    }, function () { busy = false; wanted = null; setPlaying(false); });
  }
  function by(offset) { go((wanted === null ? shown() : wanted) + offset); }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(function () {
      timer = null;
      if (!playing()) return;
      if (shown() >= count()) { setPlaying(false); return; }  // the end: nothing more to play
      by(1);
    }, STEP_MS / speed());
  }
  function setPlaying(on) {
    var button = playButton();
    if (!button) return;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? "Pause" : "Play";
    if (timer) { clearTimeout(timer); timer = null; }
    if (on) schedule();
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target.closest) return;
    if (target.closest("[data-replay-play]")) {
      if (!playing() && shown() >= count()) go(0);  // Play at the end plays from the deal
      setPlaying(!playing());
      return;
    }
    if (target.closest("#replay a")) setPlaying(false);  // a step chosen by hand pauses
    var copy = target.closest("[data-copy-link]");
    if (copy && navigator.clipboard) {
      var status = document.querySelector("[data-copy-status]");
      navigator.clipboard.writeText(window.location.origin + window.location.pathname).then(function () {
        if (status) status.textContent = "Link copied.";
      }, function () {
        if (status) status.textContent = "Copy the address from the address bar.";
      });
    }
  });
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-replay-speed]") && playing()) schedule();
  });

  // A step drawn again loses the focus with the link that had it: give it to the same control.
  var focusedKey = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "replay") return;
    var active = document.activeElement;
    focusedKey = active && active.dataset ? active.dataset.replayKey || null : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!replay()) return;
    if (focusedKey) {
      var again = document.querySelector('#replay [data-replay-key="' + focusedKey + '"]');
      (again || document.querySelector("#replay .replay-step")).focus({ preventScroll: true });
      focusedKey = null;
    }
  });

  // The chart of the chances to win (chance.js) moves the replay to a step it is asked for.
  window.GolfReplay = { go: function (step) { setPlaying(false); go(step); } };

  document.addEventListener("keydown", function (event) {
    if (!replay() || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      event.preventDefault();
      setPlaying(false);
      by(moves[event.key]);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      setPlaying(false);
      go(event.key === "Home" ? 0 : count());
    } else if (event.key === " " && !(target && /^(BUTTON|A)$/.test(target.tagName))) {
      event.preventDefault();  // Space on a button or link does what it does there
      if (!playing() && shown() >= count()) go(0);
      setPlaying(!playing());
    }
  });
})();
