"""A bounded map of the values most recently put, shared by a process's threads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class Recent:
    """At most ``size`` values by key, the least recently put forgotten first. A value is
    taken out while it is worked on and put back afterwards, so two threads never work on
    one value at once.

    >>> recent = Recent(size=2)
    >>> recent.put("a", 1); recent.put("b", 2); recent.put("c", 3)
    >>> recent.take("a"), recent.take("c"), recent.take("c")
    (None, 3, None)

    A value only looked at (:meth:`get`) stays, as if put again: a drawing every page of
    a table is given alike.

    >>> recent.put("d", 4); recent.get("b"); recent.put("e", 5)
    2
    >>> recent.get("b"), recent.get("d"), recent.get("e")
    (2, None, 5)
    """

    def __init__(self, size: int = 4096):
        self._values: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def take(self, key: Any) -> Any:
        with self._lock:
            return self._values.pop(key, None)

    def get(self, key: Any) -> Any:
        """The value of ``key``, left in place and now the most recent; None if there is none."""
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._values[key] = value
            while len(self._values) > self._size:
                self._values.popitem(last=False)

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._values.clear()
