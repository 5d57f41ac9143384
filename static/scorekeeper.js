/* The score sheet: move between cells with the keyboard, and an on-screen number pad
   for phones. No scoring here: every change is posted and the server draws the totals. */
(function () {
  "use strict";
  var form = document.getElementById("sk-form");
  if (!form) return;
  var pad = document.getElementById("sk-pad");
  var toggle = document.getElementById("sk-pad-toggle");
  var current = null;

  function cells() { return Array.prototype.slice.call(form.querySelectorAll("input.sk-cell")); }
  function cellAt(hole, player) { return document.getElementById("s-" + hole + "-" + player); }
  function players() { return form.querySelectorAll("thead th").length - 1; }

  function go(cell) {
    if (!cell) return;
    cell.focus();
    cell.select();
  }
  function step(cell, delta) {
    var all = cells();
    go(all[all.indexOf(cell) + delta]);
  }
  function changed(cell) {
    cell.dispatchEvent(new Event("input", { bubbles: true }));
  }

  form.addEventListener("focusin", function (event) {
    if (!event.target.classList.contains("sk-cell")) return;
    current = event.target;
    keepBesidePad(current);
  });

  form.addEventListener("keydown", function (event) {
    var cell = event.target;
    if (!cell.classList || !cell.classList.contains("sk-cell") || event.altKey || event.ctrlKey || event.metaKey) return;
    var hole = Number(cell.dataset.hole), player = Number(cell.dataset.player);
    var atStart = cell.selectionStart === 0 && cell.selectionEnd === 0;
    var atEnd = cell.selectionStart === cell.value.length;
    switch (event.key) {
      case "Enter": event.preventDefault(); step(cell, event.shiftKey ? -1 : 1); break;
      case "ArrowDown": event.preventDefault(); go(cellAt(hole + 1, player)); break;
      case "ArrowUp": event.preventDefault(); go(cellAt(hole - 1, player)); break;
      case "ArrowRight": if (atEnd || cell.selectionEnd - cell.selectionStart === cell.value.length) { event.preventDefault(); step(cell, 1); } break;
      case "ArrowLeft": if (atStart || cell.selectionEnd - cell.selectionStart === cell.value.length) { event.preventDefault(); step(cell, -1); } break;
      default: break;
    }
  });

  // On a touch screen the pad is docked at the foot of the screen, and the cell being
  // typed is kept just above it, so that the keys and the cell are seen together.
  var touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;

  function keepBesidePad(cell) {
    if (!pad || pad.hidden || !pad.classList.contains("docked") || !cell) return;
    var gap = pad.getBoundingClientRect().top - cell.getBoundingClientRect().bottom;
    if (gap < 8 || gap > 72) window.scrollBy(0, 12 - gap);
  }

  function setPad(on) {
    pad.hidden = !on;
    toggle.setAttribute("aria-pressed", on ? "true" : "false");
    pad.classList.toggle("docked", on && touch);
    form.closest(".scorekeeper").classList.toggle("pad-docked", on && touch);
    cells().forEach(function (cell) { cell.setAttribute("inputmode", on ? "none" : "numeric"); });
  }
  if (pad && toggle) {
    setPad(touch);
    toggle.addEventListener("click", function () { setPad(pad.hidden); });
    // Keep the cell focused while a pad key is pressed.
    pad.addEventListener("pointerdown", function (event) { if (event.target.closest("button")) event.preventDefault(); });
    pad.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var cell = current || cells()[0];
      var key = button.dataset.key;
      if (key === "next") { step(cell, 1); return; }
      if (key === "cards") {
        window.location.href = "/scorekeeper/" + form.action.split("/")[4] + "/calc?hole=" +
          (Number(cell.dataset.hole) + 1) + "&player=" + (Number(cell.dataset.player) + 1);
        return;
      }
      if (key === "back") cell.value = cell.value.slice(0, -1);
      else if (key === "-") cell.value = cell.value.charAt(0) === "-" ? cell.value.slice(1) : "-" + cell.value;
      else if (cell.value.replace("-", "").length < 3) cell.value += key;
      current = cell;
      cell.focus();
      changed(cell);
    });
  }
  // After Undo the sheet is drawn again: the pad's input mode goes on the new cells.
  document.body.addEventListener("htmx:oobAfterSwap", function () { if (pad) setPad(!pad.hidden); });

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) window.print();
  });
})();
