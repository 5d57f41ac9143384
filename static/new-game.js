/* The New game form: when another preset is chosen, each rule's first choice ("as the
 * preset") says that preset's value. The values come from the preset select's
 * data-preset-words (the server's words); without script the form still works, its
 * first choices naming the values of the preset it was drawn with. */
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select || select.id !== "ng-preset" || !select.dataset.presetWords) return;
    var words = JSON.parse(select.dataset.presetWords)[select.value];
    if (!words) return;
    Object.keys(words).forEach(function (field) {
      var option = select.form && select.form.querySelector("#ng-" + field + " option[data-preset-value]");
      if (option) option.textContent = words[field] + " (the preset\u2019s)";
    });
  });
})();
