"""The refusals a game service gives, each carrying a sentence for the player.

In every case nothing was changed. They say nothing of HTTP: the web layer gives each
its status, in one place (:data:`app.web.http.refusals.STATUS_OF`)."""


class ServiceError(Exception):
    """A request the service refused, for the reason ``message`` says."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Conflict(ServiceError):
    """Not allowed now: not your turn, not in this phase, the game is paused."""


class Stale(ServiceError):
    """The game moved on since the page or client last saw it (another tab, a second click)."""


class Invalid(ServiceError):
    """The request names no valid move, rule, name or number."""


class Unavailable(ServiceError):
    """The storage cannot be reached."""


class NotFound(ServiceError):
    """No such table, sheet or replay."""


class Forbidden(ServiceError):
    """Not yours: another seat's move, or the host's to make."""


class NotSignedIn(ServiceError):
    """An account's page or step asked by a session that is not signed in to one."""
