"""The open event streams of a server process, and the marks that show seats connected.

A seated person's open event stream (``/api/tables/{code}/events``) has a row in
``table_streams``, so that every process sees the seat connected. The rows of one
process are marked as of now all at once, one statement every
:data:`STREAM_REFRESH_SECONDS` (not one transaction per stream); a seat shows connected
while a mark of its younger than :data:`CONNECTED_WITHIN_MS` exists, so the seats of a
process that died show away within that time. A stream's row goes when it closes; when
the database cannot be reached then, it goes with the next refresh.

Opening and closing a seated person's stream is a change the others hear of (the
seat's mark), as a table event of the table's current version; a spectator's stream
changes nothing the others see, and is announced to nobody.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable

from sqlalchemy import Connection, Engine

from app.service.common import in_transaction
from app.service.errors import NotFound, Unavailable
from app.service.play.table_record import seat_of
from app.service.tables.notify import Notifier
from app.store import table_streams as stream_store
from app.store import tables as table_store
from app.store.tables import TableRecord

STREAM_REFRESH_SECONDS = 15  # each process marks its open streams connected this often
CONNECTED_WITHIN_MS = 45_000  # so a seat shows away 30 to 45 s after its server process died
STREAMS_PER_STATEMENT = 500


def load_record(connection: Connection, code: str) -> TableRecord:
    record = table_store.load_table(connection, code) if isinstance(code, str) and len(code) <= 32 else None
    if record is None:
        raise NotFound("There is no table with this code: check the invite link.")
    return record


class OpenStreams:
    """This process's open event streams of seated people."""

    def __init__(self, engine: Engine, notifier: Notifier, now: Callable[[], int]):
        self.engine = engine
        self.notifier = notifier
        self.now = now
        self._streams: set[str] = set()
        self._lock = threading.Lock()
        # Closed streams whose row could not be deleted then (the database out of reach):
        # stream -> table code, tried again with the next refresh.
        self._unforgotten: dict[str, str] = {}

    def open(self, browser_id: str, code: str, stream: str) -> int:
        """Note an open event stream (its seat shows connected); returns the version."""

        def note(connection: Connection) -> tuple[int, bool]:
            record = load_record(connection, code)
            seat = seat_of(record, browser_id)
            if seat is not None:
                stream_store.open_stream(connection, stream, code, seat, self.now())
                self.notifier.stage(connection, code, record.version, seats=True)
            return record.version, seat is not None

        version, seated = in_transaction(self.engine, note)
        if seated:
            with self._lock:
                self._streams.add(stream)
            # Only a seat's mark changed what the pages show. A spectator's or an
            # outsider's stream tells nobody: were it announced, anyone with the link
            # could make every open page fetch the table again, and opening n streams
            # would send n * n events.
            self.notifier.publish(code, version, seats=True)
        return version

    def close(self, code: str, stream: str) -> None:
        with self._lock:
            self._streams.discard(stream)

        def forget(connection: Connection) -> int | None:
            if not stream_store.close_stream(connection, stream):
                return None
            version = load_record(connection, code).version
            self.notifier.stage(connection, code, version, seats=True)
            return version

        try:
            version = in_transaction(self.engine, forget)
        except Unavailable:
            # Not marked connected any more, so its seat shows away within
            # CONNECTED_WITHIN_MS; its row goes when the database answers again.
            with self._lock:
                self._unforgotten[stream] = code
            raise
        if version is not None:
            self.notifier.publish(code, version, seats=True)

    def refresh(self) -> int:
        """Mark every open stream of this process connected as of now, and forget the
        closed ones a failure left behind; how many are open."""
        with self._lock:
            streams = sorted(self._streams)
            unforgotten, self._unforgotten = self._unforgotten, {}
        for stream, code in unforgotten.items():
            with contextlib.suppress(Unavailable):  # kept for the next time
                self.close(code, stream)
        now = self.now()
        for start in range(0, len(streams), STREAMS_PER_STATEMENT):
            chunk = streams[start : start + STREAMS_PER_STATEMENT]
            in_transaction(self.engine, lambda connection: stream_store.refresh_streams(connection, chunk, now))  # noqa: B023 (run at once)
        return len(streams)

    def count(self) -> int:
        """This process's open streams of seated people."""
        with self._lock:
            return len(self._streams)

    def connected_seats(self, connection: Connection, code: str) -> set[int]:
        """The seats of ``code`` with an open stream in some process (a hint: the table
        row alone decides what is shown)."""
        return stream_store.connected_seats(connection, code, self.now() - CONNECTED_WITHIN_MS)

    def connected(self, code: str) -> set[int]:
        return in_transaction(self.engine, lambda connection: self.connected_seats(connection, code))
