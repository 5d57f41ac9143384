"""Who sits with whom: the groups that the people waiting in quick play make now.

Pure (no I/O, no clock of its own): given the waiting rows, oldest first, and the time,
:func:`groups` answers the tables to make. People asking for the same size are seated
together as soon as there are enough of them, and a person asking for any size completes
any such group; two people asking for any size sit at a table of two. Past a person's
deadline their table is made with whoever can sit with them, and computer players take
the seats left (a table of two for a person asking for any size alone).

>>> from app.store.quick_play import QueueEntry
>>> def asking(who, players, joined=0):
...     return QueueEntry(who, players, who, joined, joined + 25_000, joined)
>>> [(g.players, [p.name for p in g.people]) for g in groups([asking("a", 3), asking("b", None), asking("c", 3)], 1)]
[(3, ['a', 'b', 'c'])]
>>> groups([asking("a", 3), asking("b", 2)], 1)
[]
>>> [(g.players, [p.name for p in g.people]) for g in groups([asking("a", 4), asking("b", None)], 30_000)]
[(4, ['a', 'b'])]
"""

from __future__ import annotations

from dataclasses import dataclass

from app.store.quick_play import QueueEntry

SIZES = (2, 3, 4)
ANY_SIZE_ALONE = 2  # the table of a person who asked for any size and waited alone


@dataclass(frozen=True)
class Group:
    """A table to make: its people, oldest first, and its seats (the rest are computers)."""

    people: tuple[QueueEntry, ...]
    players: int


def groups(waiting: list[QueueEntry], now_ms: int) -> list[Group]:
    """The tables to make of ``waiting`` (oldest first): every full group, then, for each
    person past their deadline, the group they head with computers in its empty seats."""
    left = list(waiting)
    made: list[Group] = []

    def take(people: list[QueueEntry], players: int) -> None:
        for entry in people:
            left.remove(entry)
        made.append(Group(tuple(sorted(people, key=lambda e: (e.joined_ms, e.browser_id))), players))

    def companions(entry: QueueEntry, players: int) -> list[QueueEntry]:
        """The others who could sit with ``entry`` at a table of ``players``, oldest first."""
        return [other for other in left if other is not entry and other.players in (players, None)]

    # Full groups: each person asking a size, oldest first, with the others asking the
    # same size or any; then the people asking any size, two by two.
    for entry in list(left):
        if entry in left and entry.players is not None:
            others = companions(entry, entry.players)
            if len(others) >= entry.players - 1:
                take([entry, *others[: entry.players - 1]], entry.players)
    open_minded = [entry for entry in left if entry.players is None]
    while len(open_minded) >= ANY_SIZE_ALONE:
        pair, open_minded = open_minded[:ANY_SIZE_ALONE], open_minded[ANY_SIZE_ALONE:]
        take(pair, ANY_SIZE_ALONE)
    # Past the deadline: the table is made with whoever waits for it.
    for entry in list(left):
        if entry in left and entry.deadline_ms <= now_ms:
            players = entry.players or ANY_SIZE_ALONE
            take([entry, *companions(entry, players)[: players - 1]], players)
    return made
