/* The daily deal's page: Copy the result to share; Play asks first when it would give up
 * a match in progress (its dialog; without script the button goes to a page that asks). */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var page = window.GolfPage;
    if (!page || page.confirmClick(event)) return;
    page.dialogClick(event, "data-open", "data-close");
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy-share]");
    if (!button) return;
    var text = document.getElementById("daily-share").textContent;
    var status = document.querySelector("[data-copy-status]");
    if (!navigator.clipboard) { if (status) status.textContent = "Select the result and copy it."; return; }
    navigator.clipboard.writeText(text).then(function () {
      if (status) status.textContent = "Result copied.";
    }, function () {
      if (status) status.textContent = "Select the result and copy it.";
    });
  });
})();
