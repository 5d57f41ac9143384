"""``python -m app``: serve the game on http://127.0.0.1:8000 (GOLF_HOST, GOLF_PORT to change).

The database is checked before the server starts, so that a data folder this user cannot
write ends the start with one sentence on stderr (exit status 1) rather than a traceback.
"""

import os
import sys

import uvicorn
from sqlalchemy.engine import make_url

from app.settings import get_settings
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


def main() -> int:
    settings = get_settings()
    try:
        prepare_sqlite_folder(settings.database_url)
    except DatabaseFolderError as error:
        print(f"golf: {error}", file=sys.stderr)
        return 1
    print(f"golf: database {make_url(settings.database_url).render_as_string(hide_password=True)}", file=sys.stderr)
    uvicorn.run(
        "app.main:app",
        host=os.environ.get("GOLF_HOST", "127.0.0.1"),
        port=int(os.environ.get("GOLF_PORT", "8000")),
        proxy_headers=True,
        timeout_keep_alive=IDLE_CONNECTION_SECONDS,
        http=guarded_protocol(settings),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
