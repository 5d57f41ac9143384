"""``python -m app``: serve the game on http://127.0.0.1:8000; ``python -m app --help`` says how.
``python -m app admin ...`` is the site's host's hand instead (app/admin.py).

The database is checked before the server starts, so that a data folder this user cannot
write ends the start with one sentence on stderr (exit status 1) rather than a traceback.
A bad argument is one line on stderr too (exit status 2).
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import NoReturn

import uvicorn
from sqlalchemy.engine import make_url

from app.settings import Settings, get_settings
from app.store.database import DatabaseFolderError, prepare_sqlite_folder
from app.web.http.connections import guarded_protocol

# How long a connection may wait idle for its next request. A proxy in front reuses its
# idle connections to the server (nginx's upstream keepalive and most load balancers for
# 60 s, Go's and Caddy's for 90 s and more); were the server to close one first (uvicorn
# closes after 5 s), it could close it just as the proxy sends a move on it, and the
# player would see the move fail. Longer than the proxies', so the proxy closes first.
IDLE_CONNECTION_SECONDS = 130
# That is for a connection that has sent a whole request. One that never has (nothing
# sent, half its headers or half its body) gets settings.request_read_seconds, and one
# address only so many connections: see app/web/http/connections.py.

PROGRAM = "python -m app"


class OneLineErrors(argparse.ArgumentParser):
    """An argument parser whose refusal is one line (argparse's own prints the usage first)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{PROGRAM}: {message} (see {PROGRAM} --help)\n")


def port_number(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text!r}")
    return int(text)


def settings_help() -> str:
    """Every setting's environment variable, its default and its description, from
    :class:`app.settings.Settings` itself, so that the list is never out of date."""
    lines = ["settings (environment variables, all optional):"]
    for name, field in Settings.model_fields.items():
        default = "(made at first start)" if field.default is None else field.get_default(call_default_factory=True)
        if default == "":
            default = "(none)" if name != "database_url" else "(SQLite in the data folder)"
        lines.append(f"  GOLF_{name.upper()}  [default: {default}]")
        description = " ".join((field.description or "").split())
        lines += textwrap.wrap(description, width=88, initial_indent="      ", subsequent_indent="      ")
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    commands = OneLineErrors(
        prog=PROGRAM,
        description="Serve Golf, the card game, in the browser: open http://HOST:PORT/ to play.",
        epilog=settings_help()
        + "\n\nA proxy in front: see docs/operations.md (uvicorn's FORWARDED_ALLOW_IPS names the proxy)."
        + "\n\nModeration: python -m app admin COMMAND (accounts, rename, suspend, unsuspend, off-boards,"
        + "\non-boards, end-table), on the same settings and database: python -m app admin --help.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands.add_argument(
        "--host",
        default=os.environ.get("GOLF_HOST", "127.0.0.1"),
        help="the address to listen on (default: $GOLF_HOST or 127.0.0.1; 0.0.0.0 for every interface)",
    )
    commands.add_argument(
        "--port",
        type=port_number,
        default=os.environ.get("GOLF_PORT", "8000"),
        help="the port to listen on (default: $GOLF_PORT or 8000)",
    )
    commands.add_argument(
        "--data-dir",
        metavar="FOLDER",
        help="the folder of the SQLite database (default: $GOLF_DATA_DIR or the platform's data folder)",
    )
    return commands


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["admin"]:
        from app.admin import run  # the host's commands, with nothing of the server started

        return run(words[1:])
    arguments = parser().parse_args(words)
    if arguments.data_dir is not None:
        os.environ["GOLF_DATA_DIR"] = arguments.data_dir  # read by the settings, here and in the app
        get_settings.cache_clear()
    settings = get_settings()
    try:
        prepare_sqlite_folder(settings.database_url)
    except DatabaseFolderError as error:
        print(f"golf: {error}", file=sys.stderr)
        return 1
    print(f"golf: database {make_url(settings.database_url).render_as_string(hide_password=True)}", file=sys.stderr)
    uvicorn.run(
        "app.main:app",
        host=arguments.host,
        port=arguments.port,
        proxy_headers=True,
        timeout_keep_alive=IDLE_CONNECTION_SECONDS,
        http=guarded_protocol(settings),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
