/* Golf table: the little the page needs beyond HTMX.
 *
 * - Shows your move and the computer's turn step by step: the server sends each step as
 *   a rendered board in a <template> (#frames); this plays them with a delay, then puts
 *   the live board back. Any new request (Undo, Restart, ...) or new table cancels what
 *   is left.
 * - Announces the computer's moves in the polite live region (#announce).
 * - Ticks the clock, keeps the computer speed in a cookie, opens the dialogs, keeps
 *   focus on the prompt (or the next likely control) after a swap, and pauses the match
 *   when the page is hidden so time away is not counted.
 * The helpers it shares with the solitaire page are in common.js (window.GolfPage).
 */
(function () {
  "use strict";

  var page = window.GolfPage;
  var byId = page.byId, announce = page.announce, focusQuietly = page.focusQuietly;
  var SPEED_COOKIE = "golf_speed";
  var playback = { id: 0, restore: null, skip: null };
  var pausedWhileAway = false;
  var showOpenSeats = page.showOpenSeats; // the others folded on a phone (common.js)

  /* ------------------------------------------------------------------ focus */
  /* The control a player most likely wants next: Play or Resume when paused, the hint
   * just asked for, a card of your grid when you are to choose one, the stock when you
   * are to draw, Next hole between holes, New game when the match is over; else the
   * prompt, which says what is happening. */
  function likelyNext(table) {
    var want = table.dataset.focus;
    if (want === "resume" || table.querySelector("[data-resume]")) return table.querySelector("[data-resume]");
    // Pass and play: the next person's first step is to open the table.
    if (table.querySelector("[data-pass-open]")) return table.querySelector("[data-pass-open]");
    if (want === "hint" && byId("hint")) return byId("hint");
    var mine = table.querySelector(".seat.mine");
    var choose = mine && (mine.querySelector("button.card.down") || mine.querySelector("button.card"));
    return choose || table.querySelector("button.card.stock") || table.querySelector("[data-next]") ||
      (table.classList.contains("phase-match_over") && table.querySelector('[data-open="new-game-dialog"]')) || null;
  }

  function focusAfterSwap(table) {
    if (page.focusLost(["prompt"])) focusQuietly(likelyNext(table) || byId("prompt"));
    page.keepInView([byId("prompt"), table.querySelector(".seat.mine .grid")]);
  }

  /* ------------------------------------------------------------------ motion */
  /* Cards move between one table and the next by a view transition: each card of the
   * table coming in is named by the place it is drawn as coming from (data-vt, set by
   * the server), each card of the table going out by the place where it lies
   * (data-place), so a card drawn from the stock glides from the stock to the drawn-card
   * place, the card you swap in from your drawn-card place to its place in your grid,
   * and so on. The names are set here (the page's style rules forbid inline styles).
   * Off with reduced motion. */
  var moving = page.moving, nameCards = page.nameCards;  // common.js

  /* Replaces the board's content (change names the cards coming in), as a view
   * transition when motion is on. */
  function showBoard(board, change, ms) {
    // Never cut short a transition still running (a new table coming in, whose new
    // state is photographed once this change is made): that one moves the cards.
    if (!moving() || document.activeViewTransition) { change(); return; }
    document.documentElement.style.setProperty("--move-ms", Math.max(150, Math.min(400, ms || 300)) + "ms");
    nameCards(board, "place");
    var transition = document.startViewTransition(change);
    // A move made before the last one has finished moving skips it: nothing is wrong.
    [transition.ready, transition.finished, transition.updateCallbackDone].forEach(function (done) {
      if (done) done.catch(function () {});
    });
  }

  /* ------------------------------------------------------------------ sound */
  /* A card played or drawn clicks, a pair rings twice, the end of a hole plays a short
   * rising run (when sounds are on: common.js). */
  var tone = page.tone;

  function showSoundSwitch(root) {
    var button = root && root.querySelector("[data-sound]");
    if (button) button.setAttribute("aria-pressed", page.soundOn() ? "true" : "false");
  }

  function playSound(table) {
    if (!page.soundOn()) return;
    if (table.classList.contains("phase-hole_over") || table.classList.contains("phase-match_over")) {
      [523, 659, 784].forEach(function (f, i) { tone(f, i * 0.12, 0.18); });
    } else if (table.querySelector(".card.matched.last-move")) {
      tone(880, 0, 0.12); tone(1175, 0.12, 0.16);
    } else {
      tone(320, 0, 0.06);
    }
  }

  /* ------------------------------------------------------------------ the hole's end */
  /* When a hole has been scored, each seat's score is added up before one's eyes, line by
   * line (data-tally, from the server: each line's positions and the running total),
   * then shows the hole score. Off with reduced motion: the score is simply there.
   * Once for each hole's end: the table drawn again while it is shown (someone at a
   * table of people pressing Next hole, a reconnection) shows the scores as they are,
   * never counted up again from the first line. */
  var TALLY_MS = 420;
  var countedEnd = null; // the hole whose end this page has shown

  function holeEnd(table) {
    var over = table.classList.contains("phase-hole_over") || table.classList.contains("phase-match_over");
    return over ? table.dataset.hole || "" : null;
  }

  function tallyScores(table) {
    var end = holeEnd(table);
    if (end === null || end === countedEnd) return;
    countedEnd = end;
    if (page.motionReduced()) return;
    Array.prototype.forEach.call(table.querySelectorAll("#board .seat[data-tally]"), function (seat) {
      var steps = [], score = seat.querySelector(".seat-score strong"), grid = seat.querySelector(".grid");
      try { steps = JSON.parse(seat.dataset.tally); } catch (e) { return; }
      if (!score || !grid || !steps.length) return;
      var cards = grid.children, final = score.textContent, index = 0;
      seat.classList.add("tallying");
      (function next() {
        Array.prototype.forEach.call(cards, function (card) { card.classList.remove("tallied"); });
        if (index >= steps.length) {
          score.textContent = final;
          seat.classList.remove("tallying");
          return;
        }
        var step = steps[index++];
        step.positions.forEach(function (p) { if (cards[p]) cards[p].classList.add("tallied"); });
        score.textContent = String(step.total);
        setTimeout(next, TALLY_MS);
      })();
    });
  }

  /* ------------------------------------------------------------------ frames */
  function cancelPlayback() {
    playback.id += 1;
    playback.skip = null;
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
      if (afterSwap) { focusAfterSwap(table); tallyScores(table); }
      return;
    }
    var steps = Array.prototype.slice.call(frames.querySelectorAll("template"));
    var delay = parseInt(frames.dataset.delay, 10) || 0;
    // The live board may be the last step itself (the hole's end, which is shown once):
    // its cards then come in making that step's move, as a step's do.
    var liveMoves = frames.hasAttribute("data-live-moves");
    var live = Array.prototype.slice.call(board.childNodes);
    frames.parentNode.removeChild(frames);

    // The live board is the last step's table again: nothing on it moves.
    var skip = table.querySelector("[data-skip]");
    function showLive() {
      if (skip) skip.hidden = true;
      board.replaceChildren.apply(board, live);
      showOpenSeats(board);
      nameCards(board, "place");
      prompt.textContent = table.dataset.prompt;
      table.classList.remove("playing");
      board.removeAttribute("aria-busy");
    }
    playback.restore = showLive;
    var index = 0;

    // Skip: the steps not yet shown are told at once and the live board comes in, so the
    // player is at their next decision without waiting for the others' replies.
    playback.skip = function () {
      var rest = steps.slice(index).map(function (frame) { return frame.dataset.say; });
      cancelPlayback();
      announce(rest.concat([table.dataset.say]).filter(Boolean).join("\n"));
      focusQuietly(likelyNext(table) || byId("prompt"));
    };

    table.classList.add("playing");
    if (skip) skip.hidden = false;
    board.setAttribute("aria-busy", "true");
    announce(frames.dataset.sayFirst);
    if (afterSwap) focusQuietly(prompt);

    function step() {
      if (id !== playback.id) return;
      if (index >= steps.length) {
        // Focus goes to the next likely control once the live board (with its buttons)
        // is in: a view transition puts it in a moment later. Until then the last step's
        // cards are still moving under a headline that may already say it is your turn:
        // a click or key meanwhile brings the live board in at once (a skip), and plays.
        var finished = false;
        var finish = function () {
          if (finished) return;
          finished = true;
          playback.restore = null;
          playback.skip = null;
          showLive();
          if (liveMoves) nameCards(board);
          if (afterSwap) focusAfterSwap(table);
          tallyScores(table);
        };
        playback.restore = finish;
        playback.skip = function () { cancelPlayback(); };
        showBoard(board, finish, delay * 0.6);
        announce(table.dataset.say);
        return;
      }
      var frame = steps[index++];
      showBoard(board, function () {
        // The change is made a moment after it is asked for (once the board going out
        // is photographed): a Skip meanwhile has put the live board in for good.
        if (id !== playback.id) return;
        board.replaceChildren(frame.content.cloneNode(true));
        showOpenSeats(board);
        nameCards(board);
      }, delay * 0.6);
      // A step's headline that is already the live table's (your turn) waits for the live
      // table: said over a step's pictures, its click would find no button.
      if (frame.dataset.prompt !== table.dataset.prompt) prompt.textContent = frame.dataset.prompt;
      announce(frame.dataset.say);
      // A step due while the last one is still moving (a slow device, a fast speed)
      // waits for it: started then, it would be put in place without moving at all.
      setTimeout(function () { page.whenStill(step); }, delay);
    }
    step();
  }

  /* The first deal at a table of people: the waiting room gives way to the table, its
   * cards dealt as each new hole's are (that deal is no move of the match's, so the
   * server does not mark it). Dealt on the first of the steps to show, if there are
   * any (the live board comes in after them), else on the board. */
  var fromWaitingRoom = false;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "table" && event.detail.shouldSwap) {
      fromWaitingRoom = target.classList.contains("waiting-room");
    }
  });

  function dealFirst(table) {
    var first = table.querySelector("#frames template");
    var board = first ? first.content : table.querySelector("#board");
    if (!board) return;
    Array.prototype.forEach.call(board.querySelectorAll(".seat"), function (seat) { seat.classList.add("dealt"); });
  }

  function tableReady(afterSwap) {
    var table = byId("table");
    if (!table) return;
    if (!afterSwap) {
      var first = table.querySelector("[data-resume]") || table.querySelector("[data-pass-open]");
      if (first) focusQuietly(first);
    }
    page.startClock("table", "clock");
    var speed = table.querySelector("[data-speed]");
    if (speed) {
      var chosen = page.readCookie(SPEED_COOKIE);
      if (chosen) speed.value = chosen;
    }
    showOpenSeats(table);
    nameCards(table);
    showSoundSwitch(table);
    noteRegion(); // in the page before anything is said in it, as a live region must be
    // A table away from a hole's end forgets it; one loaded at a hole's end has shown it.
    if (holeEnd(table) === null) countedEnd = null;
    else if (!afterSwap) countedEnd = holeEnd(table);
    if (afterSwap && fromWaitingRoom) dealFirst(table);
    fromWaitingRoom = false;
    if (afterSwap) { playSound(table); play(table, true); }
    table.dataset.ready = "true";
  }

  /* ------------------------------------------------------------------ keys */
  /* One key for each frequent control (listed in the Keys dialog and on How to play),
   * and the arrow keys to move between the cards of your grid. */
  var KEYS = {
    s: "button.card.stock", d: "button.card.pile", x: '[data-key="x"]', r: '[data-key="r"]', k: '[data-key="k"]',
    n: '[data-key="n"]', u: '[data-key="u"]', h: '[data-key="h"]', p: '[data-key="p"]'
  };

  function typing(target) {
    return target && target.closest && target.closest("input, select, textarea, [contenteditable], dialog[open]");
  }

  function myCards(table) {
    var grid = table.querySelector(".seat.mine .grid");
    return grid ? Array.prototype.slice.call(grid.children) : [];
  }

  /* From the card at index `from`, the next card of your grid that is a button, going
   * `step` places at a time (1 or -1 along a row, the width of a row to go up or down). */
  function cardFrom(cards, from, step, cols) {
    var i = from + step;
    while (i >= 0 && i < cards.length) {
      if (Math.abs(step) === 1 && Math.floor(i / cols) !== Math.floor(from / cols)) return null;
      if (cards[i].tagName === "BUTTON" && !cards[i].disabled) return cards[i];
      i += step;
    }
    return null;
  }

  function arrow(event, table) {
    var cards = myCards(table);
    var from = cards.indexOf(document.activeElement);
    if (from < 0) return false;
    var match = /cols-(\d)/.exec(cards[0].parentNode.className);
    var cols = match ? parseInt(match[1], 10) : 3;
    var step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[event.key];
    if (!step) return false;
    var to = cardFrom(cards, from, step, cols);
    if (to) to.focus();
    return true;
  }

  document.addEventListener("keydown", function (event) {
    var table = byId("table");
    if (!table || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    if (event.key && event.key.indexOf("Arrow") === 0) {
      if (arrow(event, table)) event.preventDefault();
      return;
    }
    if (typing(event.target)) return;
    if (event.key === "Escape" && playback.skip) {
      event.preventDefault();
      playback.skip();
      return;
    }
    if (event.key === "?") {
      var keys = byId("keys-dialog");
      if (keys && !keys.open) { event.preventDefault(); page.openDialog(keys); }
      return;
    }
    var key = (event.key || "").toLowerCase();
    if (key === "g") {
      var card = likelyNext(table);
      var first = myCards(table).filter(function (c) { return c.tagName === "BUTTON"; })[0];
      var target = card && card.closest(".seat.mine") ? card : first;
      if (target) { event.preventDefault(); focusQuietly(target); }
      return;
    }
    if (event.shiftKey || !KEYS[key]) return;
    if (table.classList.contains("playing")) {
      if (!playback.skip) { refuse(table, "playing", byId("prompt")); return; }
      playback.skip(); // the others' moves are told at once; the key plays on the live table
    }
    var control = table.querySelector(KEYS[key]);
    if (control && !control.disabled && control.getAttribute("aria-disabled") !== "true") {
      event.preventDefault();
      control.click();
    } else {
      refuse(table, { s: "stock", d: "discard" }[key] || key, control);
    }
  });

  /* ------------------------------------------------------------------ a card's value */
  /* A long press on a face-up card shows what it scores (a hover does, by CSS); the
   * press is not a click, so a card that is a move is not played by it. */
  var LONG_PRESS_MS = 450;
  var press = { timer: null, card: null, shown: false };

  function endPress() {
    clearTimeout(press.timer);
    var card = press.card;
    press.card = null;
    if (card && press.shown) setTimeout(function () { card.classList.remove("show-worth"); }, 1500);
  }

  document.addEventListener("pointerdown", function (event) {
    var card = event.target.closest && event.target.closest("#board .card");
    endPress();
    press.shown = false;
    if (!card || !card.querySelector(".worth")) return;
    press.card = card;
    press.timer = setTimeout(function () {
      press.shown = true;
      card.classList.add("show-worth");
    }, LONG_PRESS_MS);
  });
  document.addEventListener("pointerup", endPress);
  document.addEventListener("pointercancel", endPress);
  document.addEventListener("contextmenu", function (event) {
    if (event.target.closest && event.target.closest("#board .card .worth, #board .card.show-worth")) event.preventDefault();
  });
  document.addEventListener("click", function (event) {
    if (!press.shown) return;
    press.shown = false; // the click that ends a long press shows the value, and plays nothing
    if (event.target.closest && event.target.closest("#board .card")) { event.preventDefault(); event.stopPropagation(); }
  }, true);

  /* ------------------------------------------------------------------ refusals */
  /* A refusal is shown where the person is looking: a short note floating beside the
   * control they tapped (or, for a key with no control on the table, the headline), in
   * a polite live region of its own; it goes after a few seconds, or at the next tap.
   * The alert area above the table may be out of sight on a phone. */
  var NOTE_MS = 4500;
  var noteTimer = null;

  function noteRegion() {
    var note = byId("refusal-note");
    if (!note) {
      note = document.createElement("p");
      note.id = "refusal-note";
      note.className = "refusal-note";
      note.setAttribute("role", "status");
      note.setAttribute("aria-live", "polite");
      note.hidden = true;
      document.body.appendChild(note);
    }
    return note;
  }

  function hideNote() {
    clearTimeout(noteTimer);
    var note = byId("refusal-note");
    if (note) note.hidden = true;
  }

  /* Shows `text` beside the box (a DOMRect of what was tried): below it, or above it
   * when there is no room below, within the screen's width. */
  function showNote(text, box) {
    var note = noteRegion();
    if (!text || !box || (!box.width && !box.height)) return;
    clearTimeout(noteTimer);
    note.textContent = text;
    note.hidden = false;
    var gap = 6, margin = 8;
    var width = note.offsetWidth, height = note.offsetHeight;
    var room = document.documentElement.clientWidth;
    var left = Math.max(margin, Math.min(box.left + box.width / 2 - width / 2, room - width - margin));
    var top = box.bottom + gap;
    if (top + height > window.innerHeight - margin && box.top - gap - height >= margin) top = box.top - gap - height;
    note.style.left = Math.round(left + window.scrollX) + "px";
    note.style.top = Math.round(top + window.scrollY) + "px";
    noteTimer = setTimeout(hideNote, NOTE_MS);
  }

  /* A click or key that is not a move now says why, in one sentence from the server
   * (data-refusals: what is refused now, by what was tried), where the table speaks
   * and beside what was tried (`at`: the control or card; else the headline). */
  function refuse(table, what, at) {
    var said = {};
    try { said = JSON.parse(table.dataset.refusals || "{}"); } catch (e) { /* an old table: say nothing */ }
    if (!said[what]) return;
    announce(said[what]);
    var place = at && at.isConnected && at.getBoundingClientRect();
    if (!place || (!place.width && !place.height)) place = byId("prompt") && byId("prompt").getBoundingClientRect();
    showNote(said[what], place);
  }

  /* A refusal from the server (a move refused, the server out of reach) is said in the
   * alert area; the note shows it beside the control that asked too. The alert of an
   * earlier refusal is cleared as the next move is asked for: it no longer applies. */
  var asked = null; // the box of the control whose request is under way, or just answered

  function tellAsked() {
    var alert = byId("alert");
    var text = alert && alert.textContent.trim();
    if (asked && text) { showNote(text, asked); asked = null; }
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (elt && elt.tagName === "FORM") elt = document.activeElement;
    asked = elt && elt.closest && elt.closest("#table") && !page.isTableRefresh(event.detail) ? elt.getBoundingClientRect() : null;
    if (asked && byId("alert")) byId("alert").replaceChildren();
  });
  // Said at once when the request failed (common.js fills the alert), else once the
  // table answered has been put in place (its alert with it).
  document.addEventListener("htmx:afterRequest", function () { setTimeout(tellAsked, 0); });
  document.addEventListener("htmx:afterSettle", function () { tellAsked(); asked = null; });
  document.addEventListener("pointerdown", function (event) {
    if (!(event.target.closest && event.target.closest("#refusal-note"))) hideNote();
  }, true);

  /* What a click on a card that is not a button tried: the stock, the discard pile,
   * your drawn card, a card of your grid face up or down, or another seat's card. */
  function triedCard(card) {
    if (card.classList.contains("stock")) return "stock";
    if (card.classList.contains("pile")) return "discard";
    if (card.closest(".held-slot")) return "held";
    var seat = card.closest(".seat");
    if (!seat) return null;
    if (!seat.classList.contains("mine")) return "other";
    return card.classList.contains("up") ? "mine-up" : "mine-down";
  }

  /* A card clicked while the others' moves are still being shown (the cards of a step,
   * drawn as pictures): the showing is skipped, and the click lands on the same place of
   * the live table, which plays it if it is a move now, or says why not. */
  function placeOf(card) {
    if (card.classList.contains("stock")) return { find: "#board .card.stock" };
    if (card.classList.contains("pile")) return { find: "#board .card.pile" };
    if (card.closest(".held-slot")) return { find: "#board .held-slot .card" };
    var grid = card.closest(".seat.mine .grid");
    if (grid) return { find: "#board .seat.mine .grid", index: Array.prototype.indexOf.call(grid.children, card) };
    return null;
  }

  /* While cards glide (a view transition), a card drawn by a pseudo-element is no target of
   * the pointer's: a click there lands on what lies under it. The card whose place it is
   * takes it. */
  function cardAt(event) {
    if (!document.activeViewTransition || !(event.clientX || event.clientY)) return null;
    var cards = document.querySelectorAll("#board .card");
    for (var i = 0; i < cards.length; i++) {
      var box = cards[i].getBoundingClientRect();
      if (event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom) return cards[i];
    }
    return null;
  }

  document.addEventListener("click", function (event) {
    var table = byId("table");
    if (!table || !event.target.closest || event.target.closest("#board .card, button, a, select, input, dialog")) return;
    var card = cardAt(event);
    if (!card) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    card.click();
  }, true);

  document.addEventListener("click", function (event) {
    var table = byId("table");
    var card = table && event.target.closest && event.target.closest("#board .card");
    if (!card || !table.classList.contains("playing") || !playback.skip) return;
    var place = placeOf(card);
    if (!place) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    playback.skip();
    var live = document.querySelector(place.find);
    if (live && place.index !== undefined) live = live.children[place.index];
    if (!live) return;
    if (live.tagName === "BUTTON" && !live.disabled) live.click();
    else refuse(table, triedCard(live), live);
  }, true);

  /* A control not allowed now (Undo with nothing to take back) is aria-disabled, not
   * disabled, so that a click on it reaches the page: it does nothing and says why. */
  document.addEventListener("click", function (event) {
    var table = byId("table");
    var control = table && event.target.closest && event.target.closest('#table [aria-disabled="true"][data-key]');
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    refuse(table, table.classList.contains("playing") ? "playing" : control.dataset.key, control);
  }, true);

  document.addEventListener("click", function (event) {
    var table = byId("table");
    var card = table && event.target.closest && event.target.closest("#board .card");
    if (!card || card.classList.contains("space") || (card.tagName === "BUTTON" && !card.disabled)) return;
    if (table.classList.contains("playing")) { refuse(table, "playing", card); return; }
    var what = triedCard(card);
    if (what) refuse(table, what, card);
  });

  /* ------------------------------------------------------------------ events */
  document.addEventListener("click", function (event) {
    if (page.confirmClick(event)) {
      event.stopPropagation();
      return;
    }
    if (event.target.closest && event.target.closest("[data-skip]")) {
      if (playback.skip) playback.skip();
      return;
    }
    var sound = event.target.closest && event.target.closest("[data-sound]");
    if (sound) {
      page.setSound(!page.soundOn());
      showSoundSwitch(byId("table"));
      return;
    }
    page.dialogClick(event, "data-open", "data-close");
  }, true);

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-speed]")) {
      document.cookie = SPEED_COOKIE + "=" + encodeURIComponent(event.target.value) +
        "; path=/; max-age=31536000; samesite=lax";
    }
  });

  // A new table from the server comes in as a view transition; its cards are named as
  // soon as it is in the page, before the new state is photographed.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (page.isTableRefresh(event.detail) && event.detail.shouldSwap) cancelPlayback();
    // Not while another is still moving: a second would skip the first (moves at a table
    // of people can come a moment apart); the new table then comes in at once.
    if (target && target.id === "table" && moving() && event.detail.shouldSwap && !document.activeViewTransition) {
      event.detail.swapOverride = "outerHTML transition:true";
      nameCards(target, "place");
      document.documentElement.dataset.swapping = "true"; // until the new table has settled
    }
  });
  document.addEventListener("htmx:afterSettle", function () { delete document.documentElement.dataset.swapping; });
  document.addEventListener("htmx:afterSwap", function () { nameCards(byId("table")); });
  document.addEventListener("htmx:load", function (event) { nameCards(event.target); });

  document.addEventListener("htmx:beforeRequest", function (event) {
    // Undo, Restart and every other move cancel the steps still pending; a refresh of an
    // online table only when it brings a new table (above): it brings nothing new when
    // the page already shows that move, most often the one whose steps are being shown.
    if (!page.isTableRefresh(event.detail)) cancelPlayback();
  });

  // After each swap the new table is ready once HTMX has wired up its buttons, and before
  // the browser paints (the settle delay is 0), so the frames can take the board's place.
  page.onTableReady("table", tableReady);

  // A page being left (reload, another page, the tab closed) sends no beacon: its pause
  // could reach the server after the next page was drawn, and that page's first click
  // would then be refused as stale. The next visit stops the clock for the time away
  // itself (pause_if_away). The page is hidden only after pagehide has fired.
  var leaving = false;
  window.addEventListener("pagehide", function () { leaving = true; });
  window.addEventListener("pageshow", function (event) {
    leaving = false;
    // Back from the browser's page cache: the table shown may be old.
    var shown = byId("table");
    if (event.persisted && window.htmx && shown) page.reloadTable("table", shown.getAttribute("hx-get") || "/table");
  });

  page.onVisibility("table", function (table) {
    // A table of people plays on while a page is hidden: only a match of one's own pauses.
    if (!leaving && table.dataset.running === "true" && table.dataset.pausesAway === "true" && navigator.sendBeacon) {
      var data = new FormData();
      data.append("version", table.dataset.version);
      pausedWhileAway = navigator.sendBeacon("/play/away", data);
    }
  }, function () {
    if (pausedWhileAway && window.htmx) {
      pausedWhileAway = false;
      page.reloadTable("table", "/table");
    }
  });
})();
