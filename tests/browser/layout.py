"""The table's layout, walked over its matrix and measured from the boxes the browser lays out.

One case is a number of players, a grid (a rules preset), a screen and a moment of play.
``stage`` brings a new visitor's page to that moment (through the JSON API, then the
page); ``problems`` lists, in words, every way the page then breaks the layout's
invariants:

- no two cards overlap, and no control overlaps a card or a seat's name and score;
- your cards, the piles and the controls you need (a replay's chart of the chance to
  win among them) are not covered (the element the browser finds at each one's centre
  is that element or inside it) and are on screen;
- cards are readable: on a desktop yours and the piles at least 40 px wide, the others'
  20; on a phone yours and the piles at least 44 px (a touch target);
- the page scrolls neither down nor sideways where the layout says it fits, and the
  site's navigation stays within the screen's width;
- a dialog opens at its top and fits the screen; the Scorecard on a wide screen covers
  no card; the log shows its last lines whole;
- no words (a caption, a heading, a paragraph) are cut off at the side by the box that
  holds them or by the screen's edge.

The suite runs a representative slice (tests/web/golf/test_table_layout.py); the whole walk
is the same test over ``MATRIX``, behind the ``layout_matrix`` marker. The screenshots in
docs/ are staged by the same code (scripts/table_screenshots.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from .tablekit import api, new_match, play_out_hole, wait_settled

DESKTOPS = [(1024, 768), (1280, 720), (1366, 768), (1920, 1080)]
PHONES = [(390, 844), (360, 740)]
GRIDS = {"four-card": "2x2", "standard": "2x3", "eight-card": "2x4", "nine-card": "3x3"}
MOMENTS = [
    "opening",
    "draw",
    "holding",
    "hole_over",
    "match_over",
    "summary",
    "scorecard",
    "keys",
    "new_game",
    "review",
    "seated",
    "watching",
    "waiting",
    "replay",
]


@dataclass(frozen=True)
class Case:
    players: int
    rules: str
    width: int
    height: int
    moment: str

    @property
    def phone(self) -> bool:
        return self.width < 760  # the width below which the table is one column (golf.css)

    @property
    def id(self) -> str:
        return f"{self.players}p-{GRIDS[self.rules]}-{self.width}x{self.height}-{self.moment}"

    @property
    def fits(self) -> bool:
        """Whether the whole page must fit the screen without scrolling."""
        if not self.phone:
            return True
        if self.moment in ("match_over", "summary", "review", "waiting", "replay"):
            return False  # a phone scrolls to the final scorecard, the review's facts, the seats, a replay's controls
        return self.players <= (4 if self.width >= 390 else 2)


def _matrix() -> list[Case]:
    cases = []
    for width, height in DESKTOPS + PHONES:
        for players in range(2, 9):
            for rules in GRIDS:
                for moment in MOMENTS:
                    # The grids at every moment would be 4,000 cases: each grid is walked
                    # at the moments where the board's own shapes change.
                    if rules != "standard" and moment not in ("holding", "hole_over", "match_over", "review", "replay"):
                        continue
                    if moment == "keys" and width < 600:
                        continue  # a touch screen has no Keys (its bar leaves them out)
                    cases.append(Case(players, rules, width, height, moment))
    return cases


MATRIX = _matrix()

# About twenty cases, well under a minute: each size, each grid, each moment, the few
# and the many players, and every case that once broke.
SLICE = [
    Case(3, "standard", 1280, 720, "holding"),
    Case(3, "standard", 1280, 720, "hole_over"),
    Case(3, "standard", 1024, 768, "draw"),
    Case(3, "standard", 1366, 768, "opening"),
    Case(2, "standard", 1280, 720, "scorecard"),
    Case(8, "eight-card", 1024, 768, "holding"),
    Case(8, "nine-card", 1024, 768, "hole_over"),
    Case(5, "four-card", 1920, 1080, "holding"),
    Case(4, "nine-card", 1366, 768, "match_over"),
    Case(2, "standard", 1280, 720, "summary"),
    Case(2, "standard", 1024, 768, "review"),
    Case(6, "standard", 1280, 720, "keys"),
    Case(3, "standard", 1280, 720, "seated"),
    Case(8, "standard", 1280, 720, "watching"),
    Case(2, "nine-card", 360, 740, "holding"),
    Case(4, "standard", 390, 844, "hole_over"),
    Case(2, "nine-card", 360, 740, "hole_over"),
    Case(8, "eight-card", 390, 844, "holding"),
    Case(3, "nine-card", 390, 844, "new_game"),
    Case(2, "standard", 360, 740, "draw"),
    Case(6, "standard", 360, 740, "review"),
    Case(2, "standard", 390, 844, "summary"),
    Case(3, "standard", 1280, 720, "replay"),
    Case(5, "eight-card", 1024, 768, "replay"),
    Case(8, "standard", 390, 844, "replay"),
]


def new_page(browser, server: str, case: Case):
    """A new visitor (its own cookie) with the case's screen; returns (context, page)."""
    options = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if case.phone else {}
    context = browser.new_context(
        base_url=server, viewport={"width": case.width, "height": case.height}, reduced_motion="reduce", **options
    )
    context.add_cookies([{"name": "golf_speed", "value": "instant", "url": server}])
    context.set_default_timeout(15_000)
    return context, context.new_page()


def _reveal_openings(page, state: dict) -> dict:
    while state["phase"] == "opening":
        down = [i for i, c in enumerate(state["players"][0]["grid"]) if not c["face_up"]]
        state = api(page, "POST", "/api/match/reveal", {"position": down[-1]})
    return state


def _review_ready(page) -> None:
    for _ in range(600):
        response = page.request.get("/api/match/review?hole=1")
        if response.status == 200:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the review was never ready")


def _online(page, browser, server: str, case: Case):
    """An online table of the case's seats (you the host, the others computers); the
    page is seated at it, or (watching) a second visitor's page watches it. Returns the
    page to measure and the extra context, if any."""
    seats = ["host"] + ["easy"] * (case.players - 1)
    page.request.get("/")  # the visitor's cookie
    table = api(
        page,
        "POST",
        "/api/tables",
        {"name": "Layout", "seats": seats, "rules": {"name": case.rules, "holes": 1}},
        status=201,
    )
    code = table["code"]
    if case.moment != "waiting":
        api(page, "POST", f"/api/tables/{code}/start", {})
    if case.moment != "watching":
        page.goto(f"/t/{code}")
        return page, None
    context, watcher = new_page(browser, server, case)
    watcher.goto(f"/t/{code}")
    return watcher, context


def stage(page, case: Case, browser=None, server: str | None = None):
    """Brings ``page`` to the case's moment; returns the page to measure (a watcher's, for
    a spectator) and any extra browser context made for it (the caller closes it)."""
    if case.moment in ("seated", "watching", "waiting"):
        measured, extra = _online(page, browser, server, case)
        measured.wait_for_selector("#table[data-ready]")
        return measured, extra
    holes = 1 if case.moment in ("match_over", "summary", "replay") else 2
    state = new_match(page, seed=31, rules={"name": case.rules, "players": case.players, "holes": holes})
    if case.moment in ("draw", "holding", "scorecard", "keys", "new_game"):
        state = _reveal_openings(page, state)
    if case.moment == "holding":
        api(page, "POST", "/api/match/draw", {"source": "stock"})
    if case.moment in ("hole_over", "match_over", "summary", "review"):
        play_out_hole(page)
    if case.moment == "replay":
        # Well into the hole: the openings made, a seat to play, every card shown.
        over = play_out_hole(page)
        assert over["phase"] == "match_over", over["phase"]
        page.goto(over["replay"] + f"?step={3 * case.players + 1}")
        page.wait_for_selector(".replay-board")
        # The chance to win beside it, once worked out (the page asks again until it is).
        page.wait_for_selector(".chance-chart[data-ready]", timeout=120_000)
        return page, None
    if case.moment == "review":
        _review_ready(page)
        page.goto("/review/decision?hole=1&n=3")
        page.wait_for_selector(".review-board")
        return page, None
    page.goto("/")
    page.wait_for_selector("#table[data-ready]")
    play = page.get_by_role("button", name="Play", exact=True)
    if play.count():  # a return finds the match paused
        play.click()
        wait_settled(page)
    if case.moment == "summary":
        # The table as the last move brings it (swapped in by HTMX): the summary opens by itself.
        page.evaluate("() => GolfPage.reloadTable('table', '/table')")
        page.wait_for_selector("#summary-dialog[open]")
    opener = {"scorecard": "scorecard-dialog", "keys": "keys-dialog", "new_game": "new-game-dialog"}.get(case.moment)
    if opener:
        page.locator(f'[data-open="{opener}"]').click()
        page.wait_for_selector(f"#{opener}[open]")
        if opener == "new-game-dialog":
            summaries = page.locator("#new-game-dialog summary")  # every choice shown: pass and play, the rules
            for index in range(summaries.count()):
                summaries.nth(index).click()
            # The clicks scrolled the dialog to them: back to its top, as it opens.
            page.evaluate("() => { document.getElementById('new-game-dialog').scrollTop = 0; }")
    return page, None


# Every box the invariants need, read in one pass at the page's own scroll position.
MEASURE = """() => {
  // The part of an element's box its scrolling ancestors let be seen (the others' folded
  // rows on a phone scroll within their own region).
  const seen = (e) => { const r = e.getBoundingClientRect();
    let x1 = r.left, y1 = r.top, x2 = r.right, y2 = r.bottom;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflow === 'visible') continue;
      const c = a.getBoundingClientRect();
      x1 = Math.max(x1, c.left); y1 = Math.max(y1, c.top); x2 = Math.min(x2, c.right); y2 = Math.min(y2, c.bottom);
    }
    return {x1, y1, x2, y2}; };
  const box = (e) => { const r = e.getBoundingClientRect(), v = seen(e);
    return {x: v.x1, y: v.y1, w: Math.max(0, v.x2 - v.x1), h: Math.max(0, v.y2 - v.y1), fullW: r.width}; };
  const shown = (e) => { const b = box(e); const s = getComputedStyle(e);
    return b.w > 0 && b.h > 0 && s.visibility !== 'hidden' && !e.closest('dialog:not([open]), template, [hidden]'); };
  const name = (e) => String(e.getAttribute('aria-label') || e.textContent || e.className.baseVal || e.className).trim().replace(/\\s+/g, ' ').slice(0, 50);
  const covered = (e) => { const r = seen(e);  // the centre of what can be seen of it
    const x = (r.x1 + r.x2) / 2, y = (r.y1 + r.y2) / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return 'off screen';
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === e || e.contains(hit)) ? '' : (hit ? 'under ' + name(hit) + ' <' + hit.tagName + '>' : 'nothing there'); };
  // Whether a select shows its chosen words whole: their width in its font, and room for its arrow.
  const pen = document.createElement('canvas').getContext('2d');
  const textFits = (select) => { const s = getComputedStyle(select); pen.font = s.font;
    const words = select.selectedOptions[0] ? select.selectedOptions[0].text : '';
    return pen.measureText(words).width + parseFloat(s.paddingLeft) + parseFloat(s.paddingRight) + 20 <= select.clientWidth; };
  const item = (e, kind) => ({kind, name: name(e), ...box(e), covered: covered(e)});
  const board = document.querySelector('#board, .review-board, .replay-board');
  // A read-only board (a replay) draws its first seat where yours is: measured as yours.
  const asMine = (c) => c.closest('.seat.mine') || (board.matches('.replay-board') && c.closest('.board > .seat'));
  const cards = board ? [...board.querySelectorAll('.card')].filter(shown) : [];
  const dialog = document.querySelector('dialog[open]');
  const scope = dialog || document;
  // The controls one plays with (a folded seat's name is not one: it may scroll within the others' rows).
  const controls = [...document.querySelectorAll('#table button, #table select, #table a.button, #table summary, '
      + '.review-steps a, .review-links a, .replay-controls a, .replay-holes a, [data-replay-play], .chance-chart')].filter(shown)
      .filter(e => !e.classList.contains('card') && !e.closest('dialog') && !e.hasAttribute('data-seat-toggle'));
  const log = document.getElementById('announce');
  // A chosen pile's ring (6 px round it) and its caption; a pair's "=0" and the card's corner.
  const captions = [...document.querySelectorAll('.pile-slot')].filter(shown).map(slot => {
    const card = slot.querySelector('.card'), caption = slot.querySelector('.caption');
    return card && caption ? {name: name(card), card: box(card), caption: box(caption), ring: card.tagName === 'BUTTON'} : null;
  }).filter(Boolean);
  const badges = cards.length ? [...board.querySelectorAll('.card .pair-mark')].filter(shown).map(mark => {
    const corner = mark.parentElement.querySelector('.corner:not(.end)');
    return corner && shown(corner) ? {name: name(mark.parentElement), mark: box(mark), corner: box(corner)} : null;
  }).filter(Boolean) : [];
  // Each seat's name and score, and its cards (a card you can choose has a 6 px ring).
  const heads = board ? [...board.querySelectorAll('.seat')].filter(shown).map(seat => {
    const head = seat.querySelector('.seat-head');
    return head && shown(head) ? {name: name(head), head: box(head),
      cards: [...seat.querySelectorAll('.card')].filter(shown).map(c => ({ring: c.tagName === 'BUTTON' ? 6 : 0, ...box(c)}))} : null;
  }).filter(Boolean) : [];
  // The site's navigation: each of its links and buttons within the screen's width.
  const nav = document.querySelector('header.site nav');
  const navItems = nav ? [...nav.querySelectorAll('a, button, summary')]
      .filter(e => e.getClientRects().length && e.getBoundingClientRect().width > 0) : [];
  // Words cut off at the side by the box that holds them (a scorecard's caption in a side
  // column) or by the screen's edge; a table's cells may scroll sideways, its caption not.
  const cut = [...document.querySelectorAll('caption, h1, h2, h3, p, .caption, legend, figcaption')].filter(shown)
      .filter(e => !(e.closest('.table-scroll') && e.tagName !== 'CAPTION')).filter(e => {
        const r = e.getBoundingClientRect(), v = seen(e);
        return r.width > 1 && (v.x1 > r.left + 1 || v.x2 < r.right - 1 || r.right > innerWidth + 1 || r.left < -1); }).map(name);
  return {
    captions, badges, heads, cut,
    nav: nav ? {scrollWidth: nav.scrollWidth, clientWidth: nav.clientWidth,
                past: navItems.filter(e => e.getBoundingClientRect().right > innerWidth + 1 || e.getBoundingClientRect().left < -1).map(name)} : null,
    scrollHeight: document.documentElement.scrollHeight, scrollWidth: document.documentElement.scrollWidth,
    innerHeight, innerWidth, scrollY,
    cards: cards.map(c => ({...item(c, asMine(c) ? 'mine' : c.closest('.middle') ? 'pile' : 'other'),
                            space: c.classList.contains('space')})),
    controls: controls.map(c => item(c, 'control')),
    prompt: document.getElementById('prompt') ? item(document.getElementById('prompt'), 'prompt') : null,
    dialog: dialog ? {id: dialog.id, ...box(dialog), scrollTop: dialog.scrollTop,
                      controls: [...dialog.querySelectorAll('button, select, input:not([type=hidden]), a')].filter(shown)
                        .map(c => ({name: name(c), ...box(c), inner: c.tagName !== 'SELECT' || textFits(c)}))} : null,
    log: log && shown(log) ? {...box(log), lines: [...log.children].slice(0, 3).map(p => box(p))} : null,
  };
}"""


def _overlap(a: dict, b: dict, slack: float = 0.5) -> bool:
    return (
        a["x"] + slack < b["x"] + b["w"]
        and b["x"] + slack < a["x"] + a["w"]
        and a["y"] + slack < b["y"] + b["h"]
        and b["y"] + slack < a["y"] + a["h"]
    )


def _inside(inner: dict, outer: dict, slack: float = 1) -> bool:
    return (
        inner["x"] >= outer["x"] - slack
        and inner["y"] >= outer["y"] - slack
        and inner["x"] + inner["w"] <= outer["x"] + outer["w"] + slack
        and inner["y"] + inner["h"] <= outer["y"] + outer["h"] + slack
    )


def problems(page, case: Case) -> list[str]:
    """Every way the page, as it stands, breaks the layout's invariants, in words. On a
    page that may scroll (a phone with many players, a review) it is first scrolled as
    a player would, to bring your grid in view."""
    if case.phone and not case.fits and not page.evaluate("() => !!document.querySelector('dialog[open]')"):
        # To the board when it is read (a review, the final board), else to the bar below it.
        read = case.moment in ("review", "match_over", "summary", "replay")
        page.evaluate(
            "(read) => { const board = document.querySelector('.review-board, .replay-board, #board');"
            " if (board && read) board.scrollIntoView({block: 'center'});"
            " else window.scrollTo(0, document.documentElement.scrollHeight); }",
            read,
        )
    m = page.evaluate(MEASURE)
    found: list[str] = []
    cards, controls = m["cards"], m["controls"]
    if not cards and case.moment != "waiting":
        found.append("no card is drawn")
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            if _overlap(a, b):
                found.append(f"cards overlap: {a['name']} and {b['name']}")
    for c in controls:
        for card in cards:
            if _overlap(c, card):
                found.append(f"control {c['name']!r} overlaps card {card['name']}")
    for c in m["captions"]:
        ring = 6 if c["ring"] else 0
        if c["caption"]["y"] < c["card"]["y"] + c["card"]["h"] + ring - 0.5:
            found.append(f"the caption under {c['name']} runs into its card or its ring")
    for h in m["heads"]:
        for c in controls:
            if _overlap(c, h["head"]):
                found.append(f"control {c['name']!r} runs into the words {h['name']!r}")
        for card in h["cards"]:
            ring = card["ring"]
            grown = {"x": card["x"] - ring, "y": card["y"] - ring, "w": card["w"] + 2 * ring, "h": card["h"] + 2 * ring}
            if _overlap(h["head"], grown):
                found.append(f"the words {h['name']!r} run into a card or its ring")
                break
    for b in m["badges"]:
        if _overlap(b["mark"], b["corner"]):
            found.append(f"the =0 mark covers the corner of {b['name']}")
    # Sizes: a card is readable, yours and the piles' a touch target on a phone.
    least = 44 if case.phone else 40
    for card in cards:
        if card["kind"] in ("mine", "pile") and card["fullW"] < least - 0.5:
            found.append(f"{card['name']} is {card['fullW']:.0f} px wide (at least {least})")
        if card["kind"] == "other" and card["fullW"] < 19.5 and not case.phone:
            found.append(f"{card['name']} is {card['fullW']:.0f} px wide (at least 20)")
    if case.phone:
        for card in cards:
            if card["kind"] == "other" and card["fullW"] < 14:
                found.append(f"{card['name']} is {card['fullW']:.0f} px wide (at least 14, folded)")
    for words in m["cut"]:
        found.append(f"the words {words!r} are cut off at the side")
    # The site's navigation fits the screen's width (wrapped or compact, never scrolled).
    nav = m["nav"]
    if nav and (nav["past"] or nav["scrollWidth"] > nav["clientWidth"] + 1):
        found.append(f"the site's navigation runs past the edge of the screen: {nav}")
    # Scrolling.
    if m["scrollWidth"] > m["innerWidth"] + 1:
        found.append(f"the page scrolls sideways ({m['scrollWidth']} px wide)")
    if case.fits and m["scrollHeight"] > m["innerHeight"] + 1:
        found.append(f"the page scrolls ({m['scrollHeight']} px tall on a {m['innerHeight']} px screen)")
    dialog = m["dialog"]
    if dialog:
        if dialog["scrollTop"] > 0:
            found.append(f"the {dialog['id']} opens scrolled {dialog['scrollTop']} px down")
        if not _inside(dialog, {"x": 0, "y": 0, "w": m["innerWidth"], "h": m["innerHeight"]}):
            found.append(f"the {dialog['id']} does not fit the screen: {dialog}")
        for c in dialog["controls"]:
            # A phone's select opens its list full screen; a desktop one shows its words whole.
            if not c["inner"] and not case.phone:
                found.append(f"in the {dialog['id']}, {c['name']!r} is cut")
        if dialog["id"] == "scorecard-dialog" and case.width >= 1200:  # beside the table (golf.css)
            for card in cards:
                if _overlap(card, dialog):
                    found.append(f"the Scorecard covers {card['name']}")
        if dialog["id"] == "summary-dialog" and m["scrollY"] > 0:
            found.append(f"the page is scrolled {m['scrollY']} px under the summary")
        return found  # under a modal dialog nothing else can be reached: the rest is its business
    # Uncovered and on screen: your cards, the piles, the controls, the prompt.
    needed = [c for c in cards if c["kind"] in ("mine", "pile") and not c["space"]] + controls
    if m["prompt"]:
        needed.append(m["prompt"])
    if case.phone and not case.fits:
        # The others may scroll above; what you act on is on screen together.
        needed = [n for n in needed if n is not m["prompt"]]
        if case.moment in ("review", "match_over", "summary", "replay"):
            # Read, not played: the board is on screen whole, the links and the final
            # scorecard below it.
            needed = [n for n in needed if n["kind"] != "control"]
    for n in needed:
        if n["covered"]:
            found.append(f"{n['name']!r} is not reachable: {n['covered']}")
    log = m["log"]
    if log and case.fits and case.moment not in ("review",):
        if log["y"] + log["h"] > m["innerHeight"] + 1:
            found.append("the log is off screen")
        for line in log["lines"]:
            if not _inside(line, log, slack=2):
                found.append(f"a line of the log is cut: {line} in {log}")
    return found
