"""A table of people in real browsers, its pages sent the parts of the table that
changed: a whole match played from two pages (and a computer's seat, whose replies come
as steps), each page putting together what its stream and its moves' answers send; at
the end each looks, box for box, as the same page loaded afresh."""

from __future__ import annotations

import pytest

from tests.browser.tablekit import wait_settled
from tests.web.tables.test_tables_browser import join, make_table, play_out

# Counts the tables a page is sent as parts: its stream's events (whose JSON names the
# drawing they are drawn from, "base") and its requests' answers (a Golf-Drawn-From header).
COUNT_PARTS = """
window.__parts = 0;
const Source = window.EventSource;
window.EventSource = function (url, options) {
  const source = new Source(url, options);
  source.addEventListener('table', (event) => { if (/^\\{[^\\n]*"base"/.test(event.data)) window.__parts += 1; });
  return source;
};
window.EventSource.prototype = Source.prototype;
document.addEventListener('htmx:afterRequest', (event) => {
  const xhr = event.detail && event.detail.xhr;
  if (xhr && xhr.getResponseHeader('Golf-Drawn-From')) window.__parts += 1;
});
"""

# Every element of the table a person sees or reaches (the steps' templates aside, and
# what a page with scripts on never shows, <noscript>, whose content is text in a page
# loaded afresh and elements once swapped in): its tag, id, accessible name, text and box.
LOOK = """() => [...document.querySelectorAll('#table *')]
  .filter(e => !e.closest('template') && !e.closest('#frames') && !e.closest('noscript'))
  .map(e => { const r = e.getBoundingClientRect();
    return [e.tagName, e.id, e.getAttribute('aria-label'), e.getAttribute('aria-disabled'),
            e.children.length ? '' : e.textContent.trim(),
            Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; })"""


def still_look(page):
    """The table's look once it stops changing: the last events of a match (the other
    page's final move, the steps shown after it, who is still connected) may come a
    moment after the page first shows the match over, all the more on a busy machine."""
    look = page.evaluate(LOOK)
    for _ in range(10):
        page.wait_for_timeout(1000)
        wait_settled(page)
        again = page.evaluate(LOOK)
        if again == look:
            return look
        look = again
    raise AssertionError("the table kept changing for 10 s after the match ended")


@pytest.mark.slow
def test_a_match_played_from_parts_looks_as_the_page_loaded_afresh(people):
    ann, bea = people(reduced_motion=True), people(reduced_motion=True)
    for page in (ann, bea):
        page.add_init_script(COUNT_PARTS)
    code = make_table(ann, ["open", "medium"])
    join(bea, code, "Bea")
    ann.get_by_role("button", name="Start the match").click()
    for page in (ann, bea):
        page.wait_for_selector("#table:not(.waiting-room)")
        wait_settled(page)
    play_out([ann, bea])
    for page in (ann, bea):
        page.wait_for_selector(".match-over")
        wait_settled(page)
    for page in (ann, bea):
        assert page.evaluate("() => window.__parts") > 10, "the tables were not sent as parts"
    # Both pages are looked at before either reloads, and again once both have: a page
    # reloading is for a moment not connected, which the other page may show meanwhile.
    played = [still_look(page) for page in (ann, bea)]
    for page in (ann, bea):
        page.reload()
    for page in (ann, bea):
        wait_settled(page)
    afresh = [still_look(page) for page in (ann, bea)]
    for name, before, after in zip(("Ann", "Bea"), played, afresh, strict=True):
        assert after == before, f"{name}'s page differs afresh: {first_difference(before, after)}"


def first_difference(played: list, afresh: list) -> str:
    """Where two looks part, with the elements around it, so that a failure says what moved."""
    at = next((i for i, (a, b) in enumerate(zip(played, afresh)) if a != b), min(len(played), len(afresh)))
    return f"at element {at}: played {played[max(at - 2, 0) : at + 3]}, afresh {afresh[max(at - 2, 0) : at + 3]}"
