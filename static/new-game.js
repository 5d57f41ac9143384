/* The New game form: when other Rules are chosen, each rule's first choice says their
 * value and name ("9 holes (as in Standard)", the words before any ":" of the value, and
 * of the chosen option's text). The values come from the preset select's
 * data-preset-words (the server's words); without script the form still works, its
 * first choices naming the values of the preset it was drawn with. */
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select || select.id !== "ng-preset" || !select.dataset.presetWords) return;
    var words = JSON.parse(select.dataset.presetWords)[select.value];
    if (!words || !select.selectedOptions.length) return;
    var named = select.selectedOptions[0].text.split(":")[0];
    Object.keys(words).forEach(function (field) {
      var option = select.form && select.form.querySelector("#ng-" + field + " option[data-preset-value]");
      if (option) option.textContent = words[field].split(":")[0] + " (as in " + named + ")";
    });
  });
})();

/* The number of players: each choice names the people given and the computers as they
 * will sit ("3 players: Ann, Bo and 1 computer"), and a line says the seats in order,
 * as the people's names are typed (the server draws the same words for the names it
 * was given: app/web/golf/view_model.py, players_words and seating_words). */
(function () {
  "use strict";
  function and(words) {
    return words.length === 1 ? words[0] : words.slice(0, -1).join(", ") + " and " + words[words.length - 1];
  }
  function people(form) {
    var names = [];
    form.querySelectorAll("[data-person]").forEach(function (field) {
      var name = field.value.trim();
      if (name) names.push(name);
    });
    return names.length >= 2 ? names : [];
  }
  function playersWords(players, names) {
    if (names.length > players) return players + " players: too few seats for " + names.length + " people";
    var computers = players - Math.max(1, names.length);
    var them = computers + " computer" + (computers === 1 ? "" : "s");
    if (!names.length) return players + " players: you and " + them;
    return players + " players: " + and(computers ? names.concat([them]) : names);
  }
  // The words a choice may take, longest first: the first that fits the select's width
  // is shown, so that no choice is cut off on a narrow screen (the seating line below it
  // names everyone in full).
  function shorter(players, names) {
    if (names.length > players) return [players + " players: too few seats"];
    if (names.length < 2) return [];
    var computers = players - names.length;
    var them = computers + " computer" + (computers === 1 ? "" : "s");
    return [
      players + " players: " + names.concat(computers ? [them] : []).join(", "),
      players + " players: " + names.length + " people" + (computers ? ", " + them : ""),
      players + " players"
    ];
  }
  var measure = null;
  function fits(select, text) {
    var style = getComputedStyle(select);
    var room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24; // the arrow
    measure = measure || document.createElement("canvas").getContext("2d");
    measure.font = style.font;
    return measure.measureText(text).width <= room;
  }
  function seatingWords(players, names) {
    if (names.length > players) {
      return "As they will sit: " + names.length + " people need " + names.length + " seats; choose more players.";
    }
    var seats = names.length ? names.slice() : ["You"];
    for (var seat = seats.length; seat < players; seat++) seats.push(players === 2 ? "Computer" : "Computer " + seat);
    return "As they will sit: " + seats.join(", ");
  }
  function name(form) {
    var select = form.querySelector("#ng-players"), line = form.querySelector("[data-seating]");
    if (!select || !line) return;
    var names = people(form);
    var shown = select.clientWidth > 0; // measured only when the select is laid out
    Array.prototype.forEach.call(select.options, function (option) {
      var players = Number(option.value), words = playersWords(players, names);
      if (shown && !fits(select, words)) {
        words = shorter(players, names).filter(function (text) { return fits(select, text); })[0] || players + " players";
      }
      option.textContent = words;
    });
    line.textContent = seatingWords(Number(select.value), names);
  }
  function changed(event) {
    var target = event.target;
    if (!target || !target.form || !(target.matches("[data-person]") || target.id === "ng-players")) return;
    name(target.form);
  }
  document.addEventListener("input", changed);
  document.addEventListener("change", changed);
  // Drawn by the server in full: fitted once the form is seen (the dialog takes focus as
  // it opens; the page of its own is laid out at once).
  document.addEventListener("focusin", function (event) {
    var box = event.target && event.target.closest && (event.target.closest("dialog") || event.target.closest("form"));
    var select = box && box.querySelector("#ng-players");
    if (select && select.form) name(select.form);
  });
  document.addEventListener("DOMContentLoaded", function () {
    var select = document.querySelector("#ng-players");
    if (select && select.form) name(select.form);
  });
})();
