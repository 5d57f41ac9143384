"""What a page's stream is sent of a change this process wrote is made from the change
itself (its row, its connected seats, its steps), not from a read and a replay: it must
be exactly what the read and the replay give, for every seat and for a spectator."""

from __future__ import annotations

from app.players.greedy import GreedyPlayer
from app.service.tables import pushes as table_pushes
from app.service.tables.notify import Change
from tests.web.tables.tablekit import ok, person, post_action, seated, start


def test_a_change_this_process_wrote_is_told_to_every_seat_as_a_read_and_replay_would(golf_app, api, monkeypatch):
    host = api
    table, people = seated(golf_app, host)  # three people and a computer, whose steps follow theirs
    code = table["code"]
    person(golf_app).get(f"/api/tables/{code}")  # a spectator
    start(host, code)
    service = golf_app.state.tables
    browsers = [entry.browser for entry in service.read_with_connected(code)[0].seats if entry.kind == "person"]
    player = GreedyPlayer()
    told = 0
    longest = 0  # the most steps one change played
    for _ in range(400):
        played = play_one_move(service, code, people, player)
        if played is None:
            break
        mover, record, written = played
        assert written.record.version == record.version and written.record.log == record.log
        for browser in [*browsers, "a-spectator"]:
            # Both described at one moment: the clock's seconds are not what is compared.
            with monkeypatch.context() as frozen:
                at = service.now()
                frozen.setattr(service, "now", lambda at=at: at)
                from_change = service.outcome_of_written(written, browser)
                from_read = service.outcome_since(record, set(written.connected), browser, written.read_moves)
            assert from_change.table == from_read.table
            assert from_change.events == from_read.events
            assert [(f.events, f.seen) for f in from_change.frames] == [(f.events, f.seen) for f in from_read.frames]
            assert (from_change.moves, from_change.read_moves) == (from_read.moves, from_read.read_moves)
        told += len(written.steps)
        longest = max(longest, len(written.steps))
        # The stream's own path takes it: no read of the row for a change written here.
        # Looked at quickly (on the event loop), the mover's page is told the version
        # alone, and another page is sent on to where its table is made: on the loop
        # too (unread), as the change was written here, for a page that saw the table
        # just before it; one further behind is left to a thread, to be played again.
        with monkeypatch.context() as patched:
            patched.setattr(service, "read_with_connected", unreachable)
            change = Change(record.version, False, mover, -told)
            other = browsers[(mover + 1) % len(browsers)]
            assert service.pushes.pushed(other, code, change, -1, written.read_moves, quick=True) is None
            own = service.pushes.pushed(browsers[mover], code, change, -1, written.read_moves, quick=True)
            assert own is not None and own.outcome is None and own.version == record.version
            if written.read_moves > 0:
                behind = written.read_moves - 1
                assert service.pushes.pushed(other, code, change, -1, behind, unread=True) is None
            pushed = service.pushes.pushed(other, code, change, -1, written.read_moves, unread=True)
        assert pushed is not None and pushed.outcome is not None and pushed.version == record.version
    else:
        raise AssertionError("the match did not end")
    assert longest > 1  # a person's move and the computer's after it, told as one change


def test_only_the_latest_changes_are_kept_and_an_older_one_is_told_from_a_read(golf_app, api, monkeypatch):
    # Bounds smaller than the process's, so that a few moves pass them.
    monkeypatch.setattr(table_pushes, "WRITES_KEPT", 5)
    monkeypatch.setattr(table_pushes, "CHANGE_READS_KEPT", 4)
    host = api
    table, people = seated(golf_app, host)
    code = table["code"]
    start(host, code)
    service = golf_app.state.tables
    browsers = [entry.browser for entry in service.read_with_connected(code)[0].seats if entry.kind == "person"]
    player = GreedyPlayer()
    changes = []  # each move's change, as the streams are told of it, with what the pages had seen
    while len(changes) <= 5:
        played = play_one_move(service, code, people, player)
        assert played is not None, "the match ended before enough changes were made"
        mover, record, written = played
        change = Change(record.version, False, mover, -len(changes) - 1)
        service.pushes.pushed(browsers[(mover + 1) % len(browsers)], code, change, -1, written.read_moves)
        changes.append((change, written.read_moves))
    assert len(service.pushes._written) == 5
    assert len(service.pushes._reads) == 4

    # A stream told of the first change only now: it is no longer kept, so it is read,
    # and the page is sent the table as it stands.
    first, seen = changes[0]
    reads = []
    read = service.read_with_connected
    monkeypatch.setattr(service, "read_with_connected", lambda code: reads.append(code) or read(code))
    viewer = browsers[(first.by + 1) % len(browsers)]
    at = service.now()
    monkeypatch.setattr(service, "now", lambda: at)
    # Looked at quickly (on the event loop), where nothing may be read, it is sent on to
    # a thread to be read: nothing is read here, and nothing kept that would stand for the read.
    assert service.pushes.pushed(browsers[first.by], code, first, -1, seen, quick=True) is None
    assert service.pushes.pushed(viewer, code, first, -1, seen, unread=True) is None
    assert reads == []
    pushed = service.pushes.pushed(viewer, code, first, -1, seen)
    assert reads == [code]
    assert pushed is not None
    record, connected = read(code)
    expected = service.outcome_since(record, connected, viewer, seen)
    assert pushed.outcome is not None and pushed.version == record.version
    assert pushed.outcome.table == expected.table
    assert [(f.events, f.seen) for f in pushed.outcome.frames] == [(f.events, f.seen) for f in expected.frames]


def play_one_move(service, code: str, people, player):
    """The greedy player's move for whoever is to move: (that person's index, the row as
    saved, the change this process kept of it), or None once the match is over."""
    views = [ok(client.get(f"/api/tables/{code}")) for client in people]
    if views[0]["status"] == "over":
        return None
    mover = next(i for i, view in enumerate(views) if view["match"]["legal"])
    ok(post_action(people[mover], code, player.choose(views[mover]["match"])))
    record, _ = service.read_with_connected(code)
    return mover, record, service.pushes._written[(code, record.version)]


def unreachable(code: str):
    raise AssertionError("read the row of a change this process wrote")
