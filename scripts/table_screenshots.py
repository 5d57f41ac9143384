"""Screenshots of the Golf table at the sizes the layout is made for, into docs/.

Starts the app on a free port with a throw-away SQLite database, deals known matches
through the JSON API and photographs the table in the system Chromium:

    .venv/bin/python scripts/table_screenshots.py [--out docs]
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("GOLF_CHROMIUM", "/usr/bin/chromium")

# (file name, viewport, players, rules preset, moves to make through the API first)
SHOTS = [
    ("table-1280x720-2p.png", (1280, 720), 2, "standard", 3),
    ("table-1280x720-4p.png", (1280, 720), 4, "standard", 3),
    ("table-1280x720-8p.png", (1280, 720), 8, "standard", 3),
    ("table-390x844-2p.png", (390, 844), 2, "standard", 3),
    ("table-390x844-6p.png", (390, 844), 6, "standard", 3),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def advance(page, moves: int) -> None:
    """Reveal the opening cards, then draw from the stock: a hand in play, a card held."""
    for _ in range(moves):
        state = page.request.get("/api/match").json()
        down = [i for i, c in enumerate(state["players"][0]["grid"]) if not c["face_up"]]
        if state["phase"] == "opening":
            page.request.post("/api/match/reveal", data={"position": down[-1]})
        elif state["phase"] == "draw":
            page.request.post("/api/match/draw", data={"source": "stock"})
        else:
            return


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "docs"))
    out = Path(parser.parse_args().out)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GOLF_DATABASE_URL": f"sqlite:///{tmp}/golf.sqlite3", "GOLF_DEAL_KEY": "screenshots",
               "GOLF_RATE_LIMIT_ENABLED": "false"}
        server = subprocess.Popen([sys.executable, "-m", "uvicorn", "app.main:app", "--port", str(port),
                                   "--log-level", "warning"], cwd=ROOT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
                for name, (width, height), players, preset, moves in SHOTS:
                    context = browser.new_context(base_url=base, viewport={"width": width, "height": height},
                                                  reduced_motion="reduce")
                    context.add_cookies([{"name": "golf_speed", "value": "instant", "url": base}])
                    page = context.new_page()
                    page.request.post("/api/match/new", data={"seed": 7, "level": "easy",
                                                              "rules": {"name": preset, "players": players}})
                    advance(page, moves)
                    page.goto("/")
                    page.wait_for_selector("#table[data-ready]")
                    play = page.get_by_role("button", name="Play", exact=True)
                    if play.count():  # a return finds the match paused
                        play.click()
                        page.wait_for_function("() => !document.querySelector('[data-resume]')")
                    page.evaluate("() => window.scrollTo(0, 0)")
                    page.screenshot(path=str(out / name))
                    print(out / name)
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
