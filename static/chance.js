/* The chart of a finished match's chance to win (templates/replays/_chance.html), made a control:
   a click on it goes to the nearest step; focused, it is a slider whose point moves along
   the steps with the arrow keys (Page Up and Page Down by hole, Home and End to the deal
   and the end), its words said as it moves, and Enter goes to that step. On the replay's
   page the replay itself moves there (replay.js) and the chart marks the step shown as
   the replay moves on; elsewhere (the review) the replay opens at that step. The chart
   without script is an image, its numbers in the table and the turning points below it. */
(function () {
  "use strict";
  var SVG_NS = "http://www.w3.org/2000/svg";

  function numbers(text) { return text.split(",").map(function (n) { return parseInt(n, 10); }); }

  function setUp(chart) {
    if (chart.dataset.ready) return;
    chart.dataset.ready = "true";
    var count = parseInt(chart.dataset.count, 10);
    var left = parseFloat(chart.dataset.left), plot = parseFloat(chart.dataset.plot), width = parseFloat(chart.dataset.width);
    var names = JSON.parse(chart.dataset.names);
    var chances = chart.dataset.chances.split(";").map(numbers);
    var holes = numbers(chart.dataset.holes);
    var svg = chart.querySelector("svg");
    var now = chart.querySelector(".chance-now"), cursor = chart.querySelector(".chance-cursor");
    var shown = parseInt(chart.dataset.step, 10) || 0, point = shown;

    function xOf(step) { return (left + plot * step / Math.max(count, 1)).toFixed(1); }
    function place(line, step) { line.setAttribute("x1", xOf(step)); line.setAttribute("x2", xOf(step)); }
    function words(step) {
      var said = names.map(function (name, seat) { return name + " " + chances[step][seat] + "%"; }).join(", ");
      return "Step " + step + " of " + count + ", hole " + holes[step] + ": " + said;
    }
    function moveTo(step) {
      point = Math.max(0, Math.min(count, step));
      place(cursor, point);
      chart.setAttribute("aria-valuenow", String(point));
      chart.setAttribute("aria-valuetext", words(point));
    }
    function go(step) {
      var replay = document.getElementById("replay");
      if (chart.hasAttribute("data-on-replay") && replay && window.GolfReplay) window.GolfReplay.go(step);
      else window.location.assign(chart.dataset.link + "?step=" + step);
    }
    function mark(step) {
      shown = step;
      place(now, step);
      if (document.activeElement !== chart) moveTo(step);
    }
    // Each hole's deal: Page Down goes to the next one, Page Up back to the last one before the point.
    var deals = holes.map(function (hole, step) { return step === 0 || hole !== holes[step - 1] ? step : -1; })
      .filter(function (step) { return step >= 0; });
    function nextDeal(step) {
      for (var i = 0; i < deals.length; i++) { if (deals[i] > step) return deals[i]; }
      return count;
    }
    function lastDeal(step) {
      for (var i = deals.length - 1; i >= 0; i--) { if (deals[i] < step) return deals[i]; }
      return 0;
    }

    // The image becomes a control: its words are the slider's, the picture says nothing more.
    svg.setAttribute("aria-hidden", "true");
    chart.setAttribute("role", "slider");
    chart.setAttribute("tabindex", "0");
    chart.setAttribute("aria-label", "Chance to win, step by step: Enter goes to the step");
    chart.setAttribute("aria-valuemin", "0");
    chart.setAttribute("aria-valuemax", String(count));
    moveTo(point);

    chart.addEventListener("focus", function () { cursor.setAttribute("visibility", "visible"); });
    chart.addEventListener("blur", function () { cursor.setAttribute("visibility", "hidden"); moveTo(shown); });
    chart.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var moves = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };
      var to = null;
      if (event.key in moves) to = point + moves[event.key];
      else if (event.key === "PageUp") to = lastDeal(point);
      else if (event.key === "PageDown") to = nextDeal(point);
      else if (event.key === "Home") to = 0;
      else if (event.key === "End") to = count;
      else if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.stopPropagation(); go(point); return; }
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();  // the replay's own keys are for the page, not for the chart's point
      moveTo(to);
    });
    chart.addEventListener("click", function (event) {
      var box = svg.getBoundingClientRect();
      var x = (event.clientX - box.left) * width / box.width;
      var step = Math.round((x - left) / plot * count);
      moveTo(step);
      go(point);
    });

    // The replay's step, as it moves on (its part is drawn anew at every step).
    var page = document.getElementById("replay");
    if (chart.hasAttribute("data-on-replay") && page) {
      mark(parseInt(page.dataset.step, 10) || 0);
      new MutationObserver(function () {
        var replay = document.getElementById("replay");
        if (replay) mark(parseInt(replay.dataset.step, 10) || 0);
      }).observe(page.parentNode, { childList: true });
    }
  }

  function setUpAll(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("[data-chance]").forEach(setUp);
  }
  document.addEventListener("DOMContentLoaded", function () { setUpAll(document); });
  document.addEventListener("htmx:load", function (event) { setUpAll(event.detail.elt.parentNode || document); });
})();
