/* The replay page: play the steps on at a chosen speed, and step by keyboard.
   Each step is a link the server answers (the page without script works the same, by
   hand); playing follows the next one every so often, a second a step at 1x. Keys: the
   left and right arrows step, Space plays or pauses, Home and End go to the deal and to
   the end. Keys pressed in a form field or with a modifier are left alone. */
(function () {
  "use strict";
  var STEP_MS = 1000;
  var timer = null;

  function playButton() { return document.querySelector("[data-replay-play]"); }
  function playing() { var b = playButton(); return !!b && b.getAttribute("aria-pressed") === "true"; }
  function speed() {
    var select = document.querySelector("[data-replay-speed]");
    var value = select ? parseFloat(select.value) : 1;
    return value > 0 ? value : 1;
  }
  function follow(key) {
    var link = document.querySelector('#replay [data-replay-key="' + key + '"]');
    if (!link) return false;
    if (window.htmx) window.htmx.trigger(link, "click"); else window.location.assign(link.href);
    return true;
  }
  function schedule() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(function () {
      timer = null;
      if (playing() && !follow("next")) setPlaying(false);  // the end: nothing more to play
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
      // Play from the end starts again from the deal.
      if (!playing() && !document.querySelector('#replay [data-replay-key="next"]')) follow("first");
      setPlaying(!playing());
      return;
    }
    if (target.closest("#replay a") && event.isTrusted) setPlaying(false);  // a step by hand pauses
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
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.detail.target || !document.getElementById("replay")) return;
    if (focusedKey) {
      var again = document.querySelector('#replay [data-replay-key="' + focusedKey + '"]');
      (again || document.querySelector("#replay .replay-step")).focus({ preventScroll: true });
      focusedKey = null;
    }
    if (playing()) schedule();
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var key = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    if (key) {
      event.preventDefault();
      setPlaying(false);
      follow(key);
    } else if (event.key === " " && !(target && /^(BUTTON|A)$/.test(target.tagName))) {
      event.preventDefault();  // Space on a button or link does what it does there
      setPlaying(!playing());
    }
  });
})();
