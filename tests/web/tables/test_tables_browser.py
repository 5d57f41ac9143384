"""Tables of people in real browsers: each person a browser context of their own (their
own cookie), on the one server of the session. Matches are one hole long."""

from __future__ import annotations

import re
import time

from tests.browser.tablekit import (
    WATCH_MOTION,
    api,
    axe_violations,
    focused_name,
    glides,
    moves_of,
    prompt,
    tab_to,
    wait_settled,
)

LIVE_MS = 2500  # a move shows on the other pages within a couple of seconds
MINE_DOWN = r"^Your card, .* row, column \d, face down$"


def make_table(page, seats: list[str], name: str = "Ann", holes: int = 1) -> str:
    """Make a one-hole table (or of ``holes``) by posting the make-table form as the page
    does (the form offers 9 or 18 holes; one keeps the test short); returns its code."""
    form = {
        "name": "Friday golf",
        "host_name": name,
        "seat_count": str(len(seats) + 1),
        "preset": "standard",
        "holes": str(holes),
        "timer_seconds": "",
        **{f"seat_{i}": kind for i, kind in enumerate(seats, start=1)},
    }
    response = page.request.post("/tables", form=form, max_redirects=0)
    assert response.status == 303, response.text()
    code = response.headers["location"].rsplit("/", 1)[1]
    page.goto(f"/t/{code}")
    return code


def join(page, code: str, name: str) -> None:
    page.goto(f"/t/{code}")
    page.get_by_label("Your name at the table").fill(name)
    page.get_by_role("button", name="Join the table").click()
    page.wait_for_selector("#table.waiting-room")


def mark(page) -> None:
    """Marks the document: a reload would lose the mark."""
    page.evaluate("() => { window.__sameDocument = true; }")


def same_document(page) -> bool:
    return page.evaluate("() => window.__sameDocument === true")


def version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def wait_version(page, at_least: int) -> None:
    page.wait_for_function(
        "(v) => { const t = document.getElementById('table'); return t && +t.dataset.version >= v; }",
        arg=at_least,
        timeout=LIVE_MS,
    )


def act(page) -> bool:
    """This seat's next move by clicking, if it has one: reveal, draw from the stock, swap
    into a face-down card. Returns whether it moved."""
    text = prompt(page)
    mine = page.locator("section.seat.mine")
    if "reveal" in text and "replace" not in text:
        mine.get_by_role("button", name=re.compile(MINE_DOWN)).first.click()
    elif "Draw from the stock" in text:
        page.get_by_role("button", name=re.compile(r"^Stock, ")).click()
    elif "replace" in text:
        down = mine.get_by_role("button", name=re.compile(MINE_DOWN))
        (down.first if down.count() else mine.get_by_role("button").first).click()
    else:
        return False
    wait_settled(page)
    return True


def next_mover(pages: list, patience_ms: int = 30_000):
    """The page that made the next move, looking again while no one can move yet (the
    computer's turn, or a move still on its way to this page); None after ``patience_ms``."""
    waited = 0
    while True:
        mover = next((p for p in pages if act(p)), None)
        if mover is not None or waited >= patience_ms:
            return mover
        pages[0].wait_for_timeout(250)
        waited += 250


def play_out(pages: list, moves: int = 80) -> None:
    """The people at these pages play until the match is over (or ``moves`` moves), each
    waiting to see the others' moves before its own."""
    for _ in range(moves):
        if pages[0].locator(".match-over").count():
            return
        mover = next_mover(pages)
        assert mover is not None, [prompt(p) for p in pages]
        for other in pages:
            if other is not mover:
                wait_version(other, version(mover))


def test_the_make_table_form_makes_a_table_and_remembers_your_name(people):
    ann = people()
    ann.goto("/tables/new")
    assert ann.get_by_label("Seat 5", exact=True).is_hidden()  # four seats to begin with
    ann.get_by_label("Number of seats").select_option("6")
    assert ann.get_by_label("Seat 6", exact=True).is_visible() and ann.get_by_label("Seat 7").is_hidden()
    ann.get_by_label("Number of seats").select_option("3")
    ann.get_by_label("Your name at the table").fill("Ann")
    ann.get_by_label("Seat 2", exact=True).select_option("open")
    ann.get_by_label("Seat 3", exact=True).select_option("expert")
    ann.get_by_label("Rules").select_option("nine-card")
    ann.get_by_role("button", name="Make the table").click()
    ann.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]{16}$"))
    seats = ann.locator("#table li")
    assert seats.count() == 3
    assert "Ann" in seats.nth(0).inner_text() and "Computer (expert)" in seats.nth(2).inner_text()
    ann.get_by_role("button", name="Copy link").click()
    ann.wait_for_function(
        "() => /Link copied|Copy the selected link/.test(document.querySelector('[data-copy-status]').textContent)"
    )
    said = ann.locator("[data-copy-status]").inner_text()
    # The waiting room is drawn again as people come (and as her own page connects): what
    # the button said stays.
    join(people(), ann.url.rsplit("/", 1)[1], "Bea")
    ann.wait_for_selector("#table li:has-text('Bea')", timeout=LIVE_MS)
    assert ann.locator("[data-copy-status]").inner_text() == said
    ann.goto("/tables/new")
    assert ann.get_by_label("Your name at the table").input_value() == "Ann"  # remembered in this browser


def test_three_people_make_join_start_and_play_a_hole_live(people):
    # With motion reduced (every step drawn at once): the moves racing the cards' motion
    # are the next tests' to check, this one plays the whole hole.
    ann, bea, cy = (people(reduced_motion=True) for _ in range(3))
    code = make_table(ann, ["open", "open"])
    mark(ann)
    ann.get_by_role("button", name="Copy link").is_visible()
    assert ann.locator("#invite-link").input_value().endswith(f"/t/{code}")
    join(bea, code, "Bea")
    ann.wait_for_selector("#table li:has-text('Bea')", timeout=LIVE_MS)  # the waiting room fills up live
    join(cy, code, "Cy")
    ann.wait_for_selector("#table li:has-text('Cy')", timeout=LIVE_MS)
    for page in (bea, cy):
        mark(page)
        assert page.get_by_role("button", name="Start the match").count() == 0  # only the host starts
    ann.get_by_role("button", name="Start the match").click()
    for page in (ann, bea, cy):
        page.wait_for_selector("#board", timeout=LIVE_MS)
    pages = {"Ann": ann, "Bea": bea, "Cy": cy}
    told = set()
    for _ in range(80):
        if any(p.locator(".match-over").count() for p in pages.values()):
            break
        moved = next((name for name, p in pages.items() if act(p)), None)
        assert moved, [prompt(p) for p in pages.values()]
        now = version(pages[moved])
        for name, page in pages.items():
            if name != moved:
                wait_version(page, now)  # the others' pages follow within a couple of seconds
                told.add(page.locator("#announce").inner_text())
    for page in pages.values():
        page.wait_for_selector(".match-over", timeout=LIVE_MS)
        assert same_document(page), "the page was reloaded"
        assert re.search(r"won the match|lost the match|is a draw", prompt(page))
    said = " ".join(told)
    assert re.search(r"(Ann|Bea|Cy) (revealed the|drew the|took the)", said), said
    assert "Your turn." in said


def test_a_spectator_watches_live_and_sees_no_face_down_card(people):
    ann, watcher = people(), people()
    code = make_table(ann, ["easy"])
    ann.get_by_role("button", name="Start the match").click()
    ann.wait_for_selector("#board")
    watcher.goto(f"/t/{code}")
    mark(watcher)
    assert "you are watching" in watcher.locator("h1").inner_text()
    assert watcher.get_by_role("button", name="Undo").count() == 0
    before = version(watcher)
    act(ann)
    wait_version(watcher, max(before + 1, version(ann)))
    downs = watcher.locator("#board .grid .card.down")
    assert downs.count() > 0
    assert watcher.locator("#board .card.down .rank, #board .peek").count() == 0
    assert all("face down" in (downs.nth(i).get_attribute("aria-label") or "") for i in range(downs.count()))
    assert same_document(watcher)


def test_keyboard_alone_plays_at_a_table(people):
    ann, bea = people(), people()
    code = make_table(ann, ["open"])
    join(bea, code, "Bea")
    ann.wait_for_selector("#table li:has-text('Bea')", timeout=LIVE_MS)
    ann.locator("#prompt").focus()
    tab_to(ann, r"^Start the match$")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#board")
    wait_settled(ann)
    for _ in range(2):  # the opening reveals, by keyboard
        tab_to(ann, MINE_DOWN)
        ann.keyboard.press("Enter")
        wait_settled(ann)
    assert ann.locator("section.seat.mine .card.up").count() == 2
    bea.goto(f"/t/{code}")
    while act(bea) and "reveal" in prompt(bea):
        pass
    wait_version(ann, version(bea))
    if "Draw from the stock" not in prompt(ann):
        act(bea)
        act(bea)
        wait_version(ann, version(bea))
    assert "Draw from the stock" in prompt(ann)
    tab_to(ann, r"^Stock, \d+ cards?$")
    ann.keyboard.press("Enter")
    wait_settled(ann)
    assert "replace" in prompt(ann)
    tab_to(ann, MINE_DOWN)
    ann.keyboard.press("Enter")
    wait_settled(ann)
    assert prompt(ann) == "Bea is playing"
    assert focused_name(ann) != ""  # focus went somewhere sensible, not lost to the body


def test_reload_puts_you_back_in_your_seat_and_seats_show_who_is_here(people):
    ann, bea = people(), people()
    code = make_table(ann, ["open"])
    join(bea, code, "Bea")
    ann.get_by_role("button", name="Start the match").click()
    bea.wait_for_selector("#board", timeout=LIVE_MS)
    bea.reload()
    assert bea.get_by_role("region", name="Your grid").count() == 1
    assert bea.get_by_role("region", name="Ann’s grid").count() == 1
    assert bea.locator("#join-name").count() == 0
    bea_seat = ann.locator("section.seat", has_text="Bea")
    bea_seat.locator(".tag.connected").wait_for(timeout=5000)
    bea.close()
    bea_seat.locator(".tag.away").wait_for(timeout=5000)  # Bea's page went away


def test_leave_asks_first_then_a_computer_takes_the_seat(people):
    ann, bea = people(), people()
    code = make_table(ann, ["open"])
    join(bea, code, "Bea")
    ann.get_by_role("button", name="Start the match").click()
    bea.wait_for_selector("#board", timeout=LIVE_MS)
    bea.get_by_role("button", name="Leave").click()
    dialog = bea.get_by_role("dialog", name="Leave this table?")
    dialog.get_by_role("button", name="Stay").click()
    assert bea.get_by_role("region", name="Your grid").count() == 1
    bea.get_by_role("button", name="Leave").click()
    dialog.get_by_role("button", name="Leave").click()
    bea.wait_for_selector("text=you are watching")
    ann.wait_for_selector("#board h3:has-text('Bea (computer)')", timeout=LIVE_MS)


def test_no_accessibility_violations_from_making_to_the_end(people):
    ann, bea = people(reduced_motion=True), people(reduced_motion=True)
    ann.goto("/tables/new")
    assert axe_violations(ann) == []
    code = make_table(ann, ["open"])
    join(bea, code, "Bea")
    ann.wait_for_selector("#table li:has-text('Bea')", timeout=LIVE_MS)
    assert axe_violations(ann) == []  # the waiting room
    ann.get_by_role("button", name="Start the match").click()
    ann.wait_for_selector("#board")
    wait_settled(ann)
    assert axe_violations(ann) == []  # the match
    pages = [ann, bea]
    bea.goto(f"/t/{code}")
    play_out(pages)
    ann.wait_for_selector(".match-over", timeout=LIVE_MS)
    wait_settled(ann)
    assert axe_violations(ann) == []  # the end
    ann.get_by_role("button", name="Play again").click()
    ann.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]{16}$"))
    follow_up = ann.url.rsplit("/", 1)[1]
    assert follow_up != code
    bea.get_by_role("link", name="Join the next match").wait_for(timeout=LIVE_MS)


def test_the_turn_timer_counts_down_on_the_page(people):
    ann = people()
    form = {
        "name": "Quick",
        "host_name": "Ann",
        "seat_count": "2",
        "seat_1": "easy",
        "holes": "1",
        "timer_seconds": "60",
    }
    code = ann.request.post("/tables", form=form, max_redirects=0).headers["location"].rsplit("/", 1)[1]
    ann.goto(f"/t/{code}")
    ann.get_by_role("button", name="Start the match").click()
    shown = ann.locator("[data-countdown]")
    shown.wait_for()
    first = int(shown.inner_text())
    assert 55 <= first <= 60 and "Time left for you" in ann.locator(".timer").inner_text()
    ann.wait_for_function("(n) => +document.querySelector('[data-countdown]').textContent < n", arg=first, timeout=2500)


def test_focus_stays_on_your_card_when_another_seat_moves(people):
    ann, bea = people(), people()
    code = make_table(ann, ["open"])
    join(bea, code, "Bea")
    ann.get_by_role("button", name="Start the match").click()
    ann.wait_for_selector("#board")
    bea.goto(f"/t/{code}")
    # Bea's page connecting redraws Ann's table once: let that pass before Ann takes focus.
    ann.wait_for_selector(".seat:not(.mine) .tag.connected")
    wait_settled(ann)
    ann.locator("#prompt").focus()
    chosen = tab_to(ann, MINE_DOWN)
    before = version(ann)
    act(bea)  # Bea reveals a card of her opening: Ann's page is drawn again
    wait_version(ann, before + 1)
    wait_settled(ann)
    assert focused_name(ann) == chosen


def test_your_swap_at_a_table_glides_into_your_grid_before_the_computer_replies(people):
    ann = people(speed="slow")
    ann.context.add_init_script(WATCH_MOTION)
    code = make_table(ann, ["easy"])
    ann.get_by_role("button", name="Start the match").click()
    ann.wait_for_selector("#board")
    for position in (0, 1):  # the opening through the API: the computer's reveals are not shown
        api(ann, "POST", f"/api/tables/{code}/reveal", {"position": position})
    ann.reload()
    wait_settled(ann)
    assert "Draw from the stock" in prompt(ann), prompt(ann)
    ann.get_by_role("button", name=re.compile(r"^Stock, ")).click()
    wait_settled(ann)
    held = ann.locator(".held-slot .card").get_attribute("aria-label").removeprefix("Your drawn card, ")
    target = ann.locator("section.seat.mine").get_by_role("button", name=re.compile(MINE_DOWN)).first
    where = re.match(r"Your card, (.*), face down$", target.get_attribute("aria-label")).group(1)

    # The news of your move comes down the event stream before its answer: the table is
    # fetched again only once your move's table has moved in.
    def answer_late(route):
        response = route.fetch()
        time.sleep(0.3)
        route.fulfill(response=response)

    ann.route(re.compile(r"/t/[^/]+/play/"), answer_late)
    ann.evaluate("""() => { window.__fetchedWhileMoving = 0;
      document.addEventListener('htmx:beforeRequest', (event) => {
        if (event.detail.requestConfig.verb === 'get' && document.activeViewTransition) window.__fetchedWhileMoving += 1;
      }); }""")
    moves = moves_of(ann, target.click)
    assert ann.evaluate("() => window.__fetchedWhileMoving") == 0
    assert glides(moves[0], f"^Your drawn card, {held}$", f"^Your card, {where}, {held}$"), moves[0]
    assert glides(moves[0], f"^Your card, {where}, face down$", "^Discard pile, "), moves[0]
    assert any(glides(move, "^(Stock|Discard pile)", "drawn card, face down$") for move in moves[1:]), moves


def playing_together(people, seats: tuple[str, ...] = ("open",)):
    """Ann and Bea at a table of two (or of ``seats`` after Ann's, Bea taking the open
    one), the match started, each page showing the other connected and still; (ann, bea)."""
    ann, bea = people(), people()
    code = make_table(ann, list(seats))
    join(bea, code, "Bea")
    ann.get_by_role("button", name="Start the match").click()
    ann.wait_for_selector("#board")
    bea.wait_for_selector("#board", timeout=LIVE_MS)
    for page in (ann, bea):
        page.wait_for_selector(".seat:not(.mine) .tag.connected", timeout=LIVE_MS)
        wait_settled(page)
    return ann, bea


def test_a_move_comes_to_the_other_pages_down_their_streams_and_no_page_fetches_it(people):
    """The news of your move comes down your page's stream too: your page, which its
    move's answer already drew, fetches nothing for it; the other page is sent its table
    with the news and fetches nothing either."""
    ann, bea = playing_together(people)
    fetches = {ann: [], bea: []}
    for page, seen in fetches.items():
        page.on(
            "request",
            lambda request, seen=seen: (
                seen.append(request.url)
                if request.method == "GET" and re.search(r"/t/[^/]+/table\?", request.url)
                else None
            ),
        )
    before = version(ann)
    assert act(ann)
    wait_version(bea, before + 1)
    wait_settled(bea)
    time.sleep(0.5)  # any late fetch would have been sent by now
    assert fetches[ann] == [] and fetches[bea] == [], fetches
    assert version(ann) == version(bea) == before + 1


def test_a_computer_speed_chosen_after_the_page_opened_times_the_others_moves(people):
    """The stream knows the speed as it was when it opened: once the person has chosen
    another, the page asks for the table instead of drawing the one the stream sent, so
    the others' moves are shown at the speed chosen (offered where a computer plays)."""
    ann, bea = playing_together(people, ("open", "easy"))
    bea.locator("[data-speed]").select_option("slow")
    fetched = []
    bea.on("response", lambda response: fetched.append(response) if "/table?" in response.url else None)
    before = version(ann)
    assert act(ann)
    wait_version(bea, before + 1)
    assert len(fetched) == 1, [response.url for response in fetched]
    assert '<option value="slow" selected>' in fetched[0].text()  # drawn for the speed chosen
    wait_settled(bea)


HIDE_PAGE = """() => {
  Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_the_clock_ticks_at_a_table_and_hiding_its_page_pauses_nothing(people):
    """One clock for every table: a table of people's ticks on as a match's does, but
    hiding its page asks for no pause (the others play on), where a match of one's own
    is paused."""
    ann, solo = people(), people()
    make_table(ann, ["easy"])
    ann.get_by_role("button", name="Start the match").click()
    ann.wait_for_selector("#board")
    wait_settled(ann)
    ann.wait_for_function("() => document.getElementById('clock').textContent !== '0:00'", timeout=4000)
    solo.goto("/")
    solo.wait_for_selector("#board")
    paused = {ann: [], solo: []}
    for page, asked in paused.items():
        page.on("request", lambda request, asked=asked: asked.append(request.url) if "/away" in request.url else None)
    assert act(solo)  # a match of one's own runs once begun
    for page in (ann, solo):
        page.evaluate(HIDE_PAGE)
    solo.wait_for_timeout(300)
    assert paused[ann] == [] and len(paused[solo]) == 1, paused
