/* The daily deal's page: Copy the result to share. */
(function () {
  "use strict";
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
