/* Tables of people: the little their pages need beyond HTMX, its SSE extension and golf.js.
 *
 * - Copy link: copies the table's link with the Clipboard API; when that is refused the
 *   link stays in its read-only field, selected, to copy by hand.
 * - The make-table form shows as many seat choices as there are seats.
 * - Counts the turn timer down between the server's updates (the match's clock is
 *   common.js's, as on every table).
 * - Draws the table the page's event stream sends with the news of another seat's move
 *   (drawn for the version the page shows), and fetches it only when the stream tells of
 *   a version the page does not show and sends no table for it: the news of your own
 *   move costs nothing.
 * - Puts together the table from the parts the server sends of it (those that changed
 *   since the drawing the page shows: app/web/tables/drawings.py), down the stream and in
 *   the answers to moves, and swaps it in as the whole table would have been.
 * - Never misses a change, never drops a move: the table takes one request at a time
 *   (hx-sync drops the others), so an event that comes while a request is under way asks
 *   again after it, and a move made while the table is being fetched goes first.
 * - Keeps focus where the person had it when the table is redrawn because someone else
 *   moved (golf.js sends it to the prompt when the focused control went away).
 */
(function () {
  "use strict";

  var page = window.GolfPage;
  var countdown = null;
  var focusKey = null;

  function byId(id) { return document.getElementById(id); }

  /* ------------------------------------------------------------------ copy the link */
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-copy]");
    if (!button) return;
    var field = byId(button.dataset.copy);
    var status = document.querySelector("[data-copy-status]");
    function fallback() {
      field.focus();
      field.select();
      if (status) status.textContent = "Copy the selected link (Ctrl+C or Cmd+C).";
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(field.value).then(function () {
        if (status) status.textContent = "Link copied.";
      }, fallback);
    } else {
      fallback();
    }
  });

  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("[data-select-on-focus]")) event.target.select();
  });

  /* ------------------------------------------------------------------ seats on the form */
  function showSeats() {
    var count = document.querySelector("[data-seat-count]");
    if (!count) return;
    var seats = parseInt(count.value, 10) || 2;
    document.querySelectorAll("[data-seat-row]").forEach(function (row) {
      row.hidden = parseInt(row.dataset.seatRow, 10) >= seats;
    });
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-seat-count]")) showSeats();
  });

  /* ------------------------------------------------------------------ the timer */
  /* In its last seconds (data-urgent-from) the timer turns urgent: its colour, and for
   * your own time one line in the live region and a short beep when sounds are on, said
   * once per turn (the timer's deadline), however often the table is redrawn. */
  var urgentSaidFor = null;

  function showUrgency(timer, now, deadline) {
    var urgent = now <= (parseInt(timer.dataset.urgentFrom, 10) || 0);
    timer.classList.toggle("urgent", urgent);
    // A redraw of the same turn finds its deadline again to within a second or two.
    if (!urgent || !timer.dataset.urgentSay || (urgentSaidFor !== null && Math.abs(urgentSaidFor - deadline) < 3)) return;
    urgentSaidFor = deadline;
    page.announce(timer.dataset.urgentSay);
    page.tone(660, 0, 0.12);
    page.tone(660, 0.2, 0.12);
  }

  function startCountdown() {
    clearInterval(countdown);
    var shown = document.querySelector("[data-countdown]");
    if (!shown) return;
    var timer = shown.closest(".timer");
    var left = parseInt(shown.dataset.countdown, 10) || 0;
    var started = Date.now();
    var deadline = started / 1000 + left; // in seconds
    function tick() {
      var now = Math.max(left - Math.floor((Date.now() - started) / 1000), 0);
      shown.textContent = String(now);
      if (timer) showUrgency(timer, now, deadline);
      if (!now) clearInterval(countdown);
    }
    tick();
    countdown = setInterval(tick, 1000);
  }

  /* ------------------------------------------------------------------ the table's parts */
  /* The server may send a table as the parts that changed since the drawing this page
   * shows: the table's own element, its attributes as they now are, holding each changed
   * part marked hx-swap-oob ("true": in place of the element of its id; "beforeend:#table":
   * new, at the table's end; "delete": gone). They are put into a copy of the table as it
   * was drawn (never the table on the page, which the steps and the motion change while
   * they play), and the table so made is swapped in as a whole one would be. `drawn` is
   * that copy and its drawing's token (the Golf-Drawn header of every request from the
   * table names it). */
  var drawn = { table: null, token: null };

  function parsed(html) {
    var holder = document.createElement("template");
    holder.innerHTML = html;
    return holder.content;
  }

  function keepDrawn(table, token) {
    drawn = { table: table || null, token: (table && token) || null };
  }

  /* The whole table (its HTML, and its element to keep) made from the parts in `html`
   * (and whatever follows the table there, the alert), or null if a part finds no place:
   * the page then asks for the whole table. */
  function composed(html) {
    var sent = parsed(html), root = sent.getElementById("table");
    if (!root || !drawn.table) return null;
    var table = drawn.table.cloneNode(true);
    Array.prototype.slice.call(table.attributes).forEach(function (a) { table.removeAttribute(a.name); });
    Array.prototype.forEach.call(root.attributes, function (a) { table.setAttribute(a.name, a.value); });
    var parts = Array.prototype.slice.call(root.children);
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i], how = part.getAttribute("hx-swap-oob");
      var old = part.id ? table.querySelector("#" + CSS.escape(part.id)) : null;
      part.removeAttribute("hx-swap-oob");
      if (how === "delete") { if (old) old.remove(); }
      else if (how === "beforeend:#table" && !old) table.appendChild(part);
      else if (how === "true" && old) old.replaceWith(part);
      else return null;
    }
    root.remove();
    var holder = document.createElement("div");
    holder.appendChild(sent);
    return { table: table, html: table.outerHTML + holder.innerHTML };
  }

  /* What the stream's news brings to swap in, for what this page shows: the table whole,
   * or made from its parts; null when it brings nothing this page can show. */
  function broughtTable(told, table) {
    if (!drawnForThisPage(told, table)) return null;
    if (told.base) {
      var made = told.base === drawn.token ? composed(told.html) : null;
      if (made) keepDrawn(made.table, told.drawn);
      return made ? made.html : null;
    }
    keepDrawn(parsed(told.html).getElementById("table"), told.drawn);
    return told.html;
  }

  // Every request from the table names the drawing it shows, so that its answer can be
  // the parts that changed.
  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (drawn.token && elt && elt.closest && elt.closest("#table")) event.detail.headers["Golf-Drawn"] = drawn.token;
  });

  // An answer (a move's, a fetched table) is kept as the drawing shown, or, sent as parts,
  // made into the whole table first: before any other script looks at the swap
  // (capturing), so that what they see is the whole table. Parts that do not fit the
  // copy kept (which cannot be, but for a page that missed an answer) are not swapped:
  // the whole table is asked for after the request.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail, xhr = detail && detail.xhr;
    if (!xhr || !detail.target || detail.target.id !== "table" || !detail.shouldSwap) return;
    var from = xhr.getResponseHeader("Golf-Drawn-From"), token = xhr.getResponseHeader("Golf-Drawn");
    if (!from) { keepDrawn(parsed(detail.serverResponse).getElementById("table"), token); return; }
    var made = from === drawn.token ? composed(detail.serverResponse) : null;
    if (!made) { detail.shouldSwap = false; missed = true; return; }
    detail.serverResponse = made.html;
    keepDrawn(made.table, token);
  }, true);

  /* ------------------------------------------------------------------ no change missed */
  var inFlight = 0, missed = false;

  var refreshing = false; // the table is being fetched again because of an event

  document.addEventListener("htmx:beforeRequest", function (event) {
    inFlight += 1;
    refreshing = page.isTableRefresh(event.detail);
    if (refreshing) seatsChanged = false; // this fetch brings the seats as they are
  });

  // A move goes before a refresh: the table takes one request at a time and would drop
  // the move, so the refresh under way is given up (and asked again after the move).
  document.addEventListener("htmx:confirm", function (event) {
    var table = byId("table");
    if (!refreshing || !table || event.detail.verb === "get") return;
    missed = true;
    window.htmx.trigger(table, "htmx:abort");
  });

  /* The table the event stream sent, swapped in as HTMX swaps a fetched one: the same
   * htmx:beforeSwap (which moves the cards and keeps focus), swap and settle. */
  function swapIn(table, html, cause) {
    var detail = {
      elt: table, target: table, shouldSwap: true, serverResponse: html, isError: false,
      requestConfig: { verb: "get", elt: table, triggeringEvent: cause }
    };
    if (!window.htmx.trigger(table, "htmx:beforeSwap", detail) || !detail.shouldSwap) return;
    window.htmx.swap(table, detail.serverResponse, {
      swapStyle: "outerHTML", transition: /transition:true/.test(detail.swapOverride || ""),
      swapDelay: 0, settleDelay: window.htmx.config.defaultSettleDelay
    });
  }

  // Whether the stream's news carries the table drawn for what this page shows now, and
  // it is the newest the stream told of, its steps timed by the speed chosen now (the
  // stream knows the speed as it was when it opened).
  function drawnForThisPage(told, table) {
    return !!(told && told.html && table && told.drawn_from === parseInt(table.dataset.version, 10) &&
      told.version >= announced && told.speed === (page.readCookie("golf_speed") || ""));
  }

  // Capturing, so this runs before HTMX turns the event into a request (or drops it).
  // While a new table is still moving in (your own move, most often, whose news can come
  // down the event stream before its answer) the table is drawn once it is in: drawn
  // now, it could come in before the table going out is photographed, and your move would
  // not glide.
  var awaitingStill = false, keptNews = null; // the newest news, kept until the table moving in is in place
  var announced = 0, seatsChanged = false; // the newest version the stream told of; a seat's connection changed
  document.addEventListener("sse:table", function (event) {
    var told = null, data = event.detail && event.detail.data;
    // The JSON on the data's first line; the table's HTML, when it comes, on the lines after.
    var cut = data ? data.indexOf("\n") : -1;
    try { told = data ? JSON.parse(cut < 0 ? data : data.slice(0, cut)) : null; } catch (e) { told = null; }
    if (told && cut >= 0) told.html = data.slice(cut + 1);
    if (told && typeof told.version === "number") {
      announced = Math.max(announced, told.version);
      if (told.seats) seatsChanged = true;
    }
    // Nothing to fetch when the page already shows that version and no seat's
    // connection changed: above all the news of your own move, whose answer brought it.
    var table = byId("table");
    var shown = table ? parseInt(table.dataset.version, 10) : NaN;
    if (!seatsChanged && announced && shown >= announced && !missed) {
      event.stopPropagation();
      return;
    }
    if (document.activeViewTransition) {
      event.stopPropagation();
      if (told) keptNews = told;
      if (!awaitingStill) {
        awaitingStill = true;
        page.whenStill(function () {
          var kept = keptNews, table = byId("table");
          awaitingStill = false;
          keptNews = null;
          if (!table || !window.htmx) return;
          var html = inFlight ? null : broughtTable(kept, table);
          if (html) { seatsChanged = false; swapIn(table, html, event); }
          else window.htmx.trigger(table, "sse:table");
        });
      }
      return;
    }
    if (inFlight > 0) { missed = true; return; }
    var html = broughtTable(told, table);
    if (html) {
      event.stopPropagation();
      seatsChanged = false; // this table brings the seats as they are
      swapIn(table, html, event);
    }
  }, true);

  document.addEventListener("htmx:afterRequest", function () {
    inFlight = Math.max(inFlight - 1, 0);
    refreshing = false;
    if (inFlight || !missed) return;
    missed = false;
    setTimeout(function () {
      var table = byId("table");
      if (table && window.htmx) window.htmx.trigger(table, "sse:table");
    }, 0);
  });

  /* ------------------------------------------------------------------ focus across redraws */
  function keyOf(el) {
    if (!el || !el.closest || !el.closest("#table")) return null;
    if (el.id) return "#" + el.id;
    var action = el.getAttribute("formaction");
    return action ? action + "|" + (el.getAttribute("value") || "") : null;
  }

  function find(key) {
    if (!key) return null;
    if (key.charAt(0) === "#") return byId(key.slice(1));
    var parts = key.split("|");
    var found = null;
    document.querySelectorAll("#table [formaction]").forEach(function (el) {
      if (!found && el.getAttribute("formaction") === parts[0] && (el.getAttribute("value") || "") === parts[1]) {
        found = el;
      }
    });
    return found;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    // Only a redraw asked for by the event stream keeps focus; after the person's own
    // move the page puts it where golf.js decides.
    var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    focusKey = trigger && /^sse:/.test(trigger.type) ? keyOf(document.activeElement) : null;
  });

  document.addEventListener("htmx:afterSettle", function () {
    startCountdown();
    var key = focusKey;
    focusKey = null;
    var el = find(key);
    if (el && !el.disabled) el.focus({ preventScroll: true });
  });

  function ready() {
    showSeats();
    startCountdown();
  }

  // The table as the page was drawn, before any script changes it (this script runs once
  // the page is parsed, before the others' work on it begins).
  (function keepThePage() {
    var live = byId("live"), table = byId("table");
    if (live && table && live.dataset.drawn) keepDrawn(parsed(table.outerHTML).getElementById("table"), live.dataset.drawn);
  })();

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
