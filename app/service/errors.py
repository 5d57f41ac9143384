"""The refusals a game service gives, each carrying a sentence for the player.

The web layer maps them to HTTP: :class:`Conflict` 409 (a move not allowed now),
:class:`Stale` 412 (the game moved on since the page was drawn), :class:`Invalid` 422
(a request that names no valid move), :class:`Unavailable` 503 (storage unreachable),
:class:`NotFound` 404 (no such table) and :class:`Forbidden` 403 (not your seat, or not
the host).
In every case nothing was changed."""


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Conflict(ServiceError):
    status = 409


class Stale(ServiceError):
    status = 412


class Invalid(ServiceError):
    status = 422


class Unavailable(ServiceError):
    status = 503


class NotFound(ServiceError):
    status = 404


class Forbidden(ServiceError):
    status = 403
