"""Tables of people in the browser: how soon a move made on one person's page shows on
another's.

    python -m bench.table_pages [--holes 1]

Runs the server (uvicorn, a throw-away SQLite database) and two headless Chromium
pages, Ann and Bea, at one table. Each move is made by clicking on the page whose turn
it is; it times from the click until the other page holds the table's new version
(the event stream announced it and the page fetched its fragment). Prints the median,
the 95th percentile and the worst, in milliseconds.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

from bench.servers import CHROMIUM, CHROMIUM_ARGS, free_port

MINE_DOWN = re.compile(r"^Your card, .* row, column \d, face down$")


def move(page) -> bool:
    """Click this seat's next move, if it has one (reveal, draw from the stock, swap into a face-down card)."""
    text = page.locator("#prompt").inner_text()
    mine = page.locator("section.seat.mine")
    if "reveal" in text and "replace" not in text:
        mine.get_by_role("button", name=MINE_DOWN).first.click()
    elif "Draw from the stock" in text:
        page.get_by_role("button", name=re.compile(r"^Stock, ")).click()
    elif "replace" in text:
        down = mine.get_by_role("button", name=MINE_DOWN)
        (down.first if down.count() else mine.get_by_role("button").first).click()
    else:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holes", type=int, default=1)
    args = parser.parse_args()
    port = free_port()
    folder = Path(tempfile.mkdtemp())
    env = {
        **os.environ,
        "GOLF_DATABASE_URL": f"sqlite:///{folder / 'golf.sqlite3'}",
        "GOLF_RATE_LIMIT_ENABLED": "false",
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "app.main:app", "--port", str(port), "--log-level", "warning"], env=env
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(f"{base}/healthz", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            pages = []
            for _ in range(2):
                context = browser.new_context(base_url=base)
                context.add_cookies([{"name": "golf_speed", "value": "instant", "url": base}])
                pages.append(context.new_page())
            ann, bea = pages
            made = ann.request.post(
                "/tables",
                form={
                    "name": "Bench",
                    "host_name": "Ann",
                    "seat_count": "2",
                    "seat_1": "open",
                    "holes": str(args.holes),
                },
                max_redirects=0,
            )
            code = made.headers["location"].rsplit("/", 1)[1]
            bea.goto(f"/t/{code}")
            bea.fill("#join-name", "Bea")
            bea.click("text=Join the table")
            ann.goto(f"/t/{code}")
            ann.click("text=Start the match")
            bea.wait_for_selector("#board")
            times = []
            while not ann.locator(".match-over").count():
                mover = next((p for p in pages if move(p)), None)
                if mover is None:
                    ann.wait_for_timeout(50)
                    continue
                started = time.perf_counter()
                mover.wait_for_function("() => !document.querySelector('.htmx-request')")
                version = mover.locator("#table").get_attribute("data-version")
                assert version is not None, "the table carries the version it was drawn from"
                target = int(version)
                other = bea if mover is ann else ann
                other.wait_for_function("(v) => +document.getElementById('table').dataset.version >= v", arg=target)
                times.append((time.perf_counter() - started) * 1000)
            browser.close()
    finally:
        server.terminate()
        server.wait()
    times.sort()
    print(
        f"{len(times)} moves: from the click to the other page showing it, "
        f"median {statistics.median(times):.0f} ms, 95th percentile "
        f"{times[int(0.95 * (len(times) - 1))]:.0f} ms, worst {times[-1]:.0f} ms"
    )


if __name__ == "__main__":
    main()
