"""Screenshots of the Golf table at the sizes the layout is made for, into docs/.

Starts the app on a free port with a throw-away SQLite database, brings each table to its
moment exactly as the layout's browser tests do (tests/browser/layout.py: through the
JSON API, then the page) and photographs it in the system Chromium:

    .venv/bin/python scripts/table_screenshots.py [--out docs] [--all]

``--all`` also takes the screens the layout is checked at (1366x768; 2, 3 and 8 players;
a dialog open, the match's end, a review's decision, a table of people) into the same
folder, to look at, not to keep.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.servers import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402
from tests.browser.layout import Case, new_page, stage  # noqa: E402

# The pictures the README shows: a hand in play, a stock card held.
SHOTS = [
    Case(3, "standard", 1280, 720, "holding"),
    Case(8, "standard", 1280, 720, "holding"),
    Case(2, "standard", 390, 844, "holding"),
    Case(8, "standard", 390, 844, "holding"),
]
MORE = [
    Case(players, "standard", width, height, moment)
    for width, height in [(1280, 720), (1366, 768), (390, 844)]
    for players in (2, 3, 8)
    for moment in ("holding", "hole_over")
] + [
    # A dialog open, the match's end, a review's decision, a seat at a table of people.
    Case(players, "standard", width, height, moment)
    for width, height, players, dialog in [(1280, 720, 3, "keys"), (390, 844, 8, "scorecard")]  # a phone has no Keys
    for moment in (dialog, "match_over", "review", "seated")
]


def file_name(case: Case) -> str:
    name = f"table-{case.width}x{case.height}-{case.players}p"
    return name + (".png" if case.moment == "holding" else f"-{case.moment.replace('_', '-')}.png")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "docs"))
    parser.add_argument("--all", action="store_true", help="also the sizes and moments the layout is checked at")
    args = parser.parse_args()
    out = Path(args.out)
    shots = SHOTS + ([c for c in MORE if c not in SHOTS] if args.all else [])
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "GOLF_DATABASE_URL": f"sqlite:///{tmp}/golf.sqlite3",
            "GOLF_DEAL_KEY": "screenshots",
            "GOLF_RATE_LIMIT_ENABLED": "false",
        }
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "app.main:app", "--port", str(port), "--log-level", "warning"],
            cwd=ROOT,
            env=env,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for case in shots:
                    context, page = new_page(browser, base, case)
                    page, extra = stage(page, case, browser, base)
                    page.evaluate("() => document.activeElement && document.activeElement.blur()")
                    page.screenshot(path=str(out / file_name(case)))
                    print(out / file_name(case))
                    if extra is not None:
                        extra.close()
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
