"""Configuration from the environment (prefix ``GOLF_``), read once at start-up."""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from pathlib import Path

from limits import parse
from platformdirs import user_data_dir
from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_data_dir() -> Path:
    """The platform's folder for a user's application data: ``~/.local/share/golf`` on
    Linux (``$XDG_DATA_HOME/golf``), ``~/Library/Application Support/golf`` on macOS,
    ``%LOCALAPPDATA%\\golf`` on Windows. Never the folder the server was started from."""
    return Path(user_data_dir("golf", appauthor=False))


class Settings(BaseSettings):
    # The docstring under each setting is its description, shown by `python -m app --help`.
    model_config = SettingsConfigDict(env_prefix="GOLF_", use_attribute_docstrings=True)

    data_dir: Path = Field(default_factory=default_data_dir)
    """Where the SQLite database lives; a relative path is resolved once, at start-up."""

    database_url: str = ""
    """An SQLAlchemy URL; ``postgresql+psycopg://user@host/db`` for PostgreSQL. Unset: the
    SQLite file ``golf.sqlite3`` in the data folder."""

    deal_key: str | None = None
    """Secret that turns a match's public seed into its deals. Unset: one is made at the
    first start and kept in the database, so a seed shown to players never reveals cards."""

    cookie_secure: bool = False
    """Send the session cookie only over HTTPS (set it when serving behind TLS)."""

    default_level: str = "medium"
    """The computer's level for a browser that has not chosen one (easy, medium, hard, expert)."""

    session_keep_days: float = Field(400, ge=0)
    """How long a session that acted (a match or deal played, statistics) is kept after
    its last action, with its games and statistics; as long as browsers keep the cookie."""

    empty_session_hours: float = Field(24, ge=0)
    """How long a session that never acted (a visit, a crawler) is kept after it was made."""

    session_purge_minutes: float = Field(60, gt=0)
    """How often each server process deletes the sessions past those times (and the
    tables past theirs, below)."""

    # ------------------------------------------------------------------ online tables
    table_away_seconds: float = Field(120, ge=0)
    """How long every person seated at a table with a turn timer may be away (no open
    page of the table, no move, no read) before the timer stops playing for them and the
    table waits until one of them is back."""

    play_again_hold_seconds: float = Field(300, ge=0)
    """How long Play again keeps each seat of the new table for the person who sat there:
    meanwhile nobody else can take it, or their name."""

    next_hole_seconds: float = Field(60, gt=0)
    """How long the end of a hole at a table of several people waits for each of them to
    press Next hole (a countdown shows it to all) before the next hole is dealt anyway, so
    that one person away cannot hold the table."""

    quick_play_wait_seconds: float = Field(25, ge=0, le=600)
    """How long quick play waits for people to fill a table (from each person's Play
    now) before computer players take the empty seats and the match starts."""

    finished_table_keep_days: float = Field(30, ge=0)
    """How long a finished table (its page, its replay and its reviews) is kept after its
    end and its last read; then it is deleted. The people's results stay in their
    statistics."""

    unjoined_table_keep_hours: float = Field(24, ge=0)
    """How long a table nobody joined (only its host seated, never started) is kept
    after it was made or last read."""

    reviews_ahead: bool = True
    """Review each hole as soon as it is scored, in the judge's own process at a lower
    priority, so that its review is ready when its player looks; and work out a finished
    match's chances to win after every step (its replay's chart), in a process of their
    own, as it ends. False: a hole is reviewed, and a match's chances worked out, only
    once someone asks for them (the page shows them a moment later), for a small server
    whose players seldom read them: a review costs some hundreds of milliseconds of a
    processor, a match's chances some seconds."""

    # ------------------------------------------------------------------ limits
    max_body_bytes: int = 64 * 1024
    """The largest request body accepted; a larger one is refused with 413 unread."""

    max_header_bytes: int = 32 * 1024
    """The most header bytes (names and values) a request may carry; more is refused with 431."""

    rate_limit_enabled: bool = True
    """Switch every rate limit below on or off (the test suite turns them off)."""

    # Each limit is ``<count>/<period>`` (``limits`` notation, e.g. ``120/minute``),
    # counted over a moving window, once per browser session and once per client address.
    rate_limit_actions: str = "240/minute"  # a quick solitaire player makes 2 moves a second
    """Moves (any state-changing request) per browser session."""
    rate_limit_actions_per_address: str = "1200/minute"
    """Moves per client address."""
    rate_limit_hints: str = "30/minute"
    """Hints per browser session."""
    rate_limit_hints_per_address: str = "120/minute"
    """Hints per client address."""
    rate_limit_tables: str = "10/minute"
    """New tables per browser session."""
    rate_limit_tables_per_address: str = "30/minute"
    """New tables per client address."""
    rate_limit_streams: str = "60/minute"  # a page opens its table's stream once, and again after a network blip
    """Openings of a table's live event stream per browser session."""
    rate_limit_streams_per_address: str = "300/minute"
    """Openings of a table's live event stream per client address."""
    rate_limit_accounts: str = "20/minute"
    """Steps of an account (registering, signing in, device codes, signing out, removing)
    per browser session: a device code's 8 characters cannot be guessed at this pace."""
    rate_limit_accounts_per_address: str = "60/minute"
    """Steps of an account per client address."""
    rate_limit_reads: str = "600/minute"  # pages and JSON reads; the static files and the probes are not counted
    """Every other GET or HEAD (pages, fragments, JSON reads) per browser session."""
    rate_limit_reads_per_address: str = "3000/minute"
    """Every other GET or HEAD per client address."""

    @field_validator(
        "rate_limit_actions",
        "rate_limit_actions_per_address",
        "rate_limit_hints",
        "rate_limit_hints_per_address",
        "rate_limit_tables",
        "rate_limit_tables_per_address",
        "rate_limit_streams",
        "rate_limit_streams_per_address",
        "rate_limit_accounts",
        "rate_limit_accounts_per_address",
        "rate_limit_reads",
        "rate_limit_reads_per_address",
    )
    @classmethod
    def _a_rate(cls, value: str) -> str:
        parse(value)  # refuses at start-up what the rate limiter could not read
        return value

    max_streams_per_session: int = Field(16, ge=0)
    """The most live tables' event streams one browser session may hold open at once in a
    server process (one per open table page); 0 for no cap."""

    max_streams_per_address: int = Field(64, ge=0)
    """The most event streams one client address may hold open at once in a server
    process, whatever its cookies; 0 for no cap."""

    stream_send_seconds: float = Field(30, gt=0)
    """How long sending one event to a page may wait (the page stopped reading, its
    network is gone) before its stream is closed."""

    # Connections, counted by ``python -m app`` (app/web/http/connections.py) before any request.
    max_connections_per_address: int = Field(100, ge=0)
    """The most connections one client address may hold open at once (every browser
    keeps up to 6 to a site); more are refused with 429 and closed. 0 for no cap.
    Connections from a proxy uvicorn trusts (``FORWARDED_ALLOW_IPS``) are not capped."""

    max_connections: int = Field(0, ge=0)
    """The most connections the process holds open at once; more are refused with 503
    and closed. 0: the process's open-file limit less what the database, the review
    process and the files need, so that a probe or a move always finds a descriptor."""

    request_read_seconds: float = Field(30, gt=0)
    """How long a request (its line, headers and body) may take to arrive, counted from
    the connection's opening or the request's first byte; a connection still sending
    after that is closed. Idle between requests is ``python -m app``'s keep-alive."""

    rp_id: str = ""
    """The domain passkeys are made for (WebAuthn's relying party id), e.g.
    ``golf.example``: a public site must set it, with ``GOLF_ORIGIN``. Unset: the host
    name the page was opened at (``localhost``). Browsers make passkeys for a domain
    name or ``localhost`` only, never for an IP address such as 127.0.0.1. Passkeys made
    for one value do not work under another."""

    origin: str = ""
    """The address the site's pages are served from, as browsers see it (scheme, host and
    port: ``https://golf.example``); a passkey answer made on any other is refused. A
    public site must set it. Unset: the scheme and Host of each request
    (``http://localhost:8000``)."""

    allowed_origins: str = ""
    """Other origins (``https://golf.example``, comma-separated) whose pages may post to
    this one, for a proxy that does not pass the Host header on."""

    # ------------------------------------------------------------------ monitoring
    metrics: bool = False
    """Serve ``/metrics`` in Prometheus' text format (requests and their time, moves, open
    event streams, tables in play, people waiting in quick play, the turn timers' sweep,
    errors; see docs/operations.md), to the addresses ``GOLF_METRICS_ALLOW`` names alone.
    Off: ``/metrics`` is an unknown page (404)."""

    metrics_allow: str = "127.0.0.1,::1"
    """The client addresses and networks (comma-separated: ``10.0.0.5``, ``10.1.0.0/16``,
    ``fd00::/8``) that may read ``/metrics``; any other is answered 404. The address is
    the connection's own, or the one a proxy uvicorn trusts (``FORWARDED_ALLOW_IPS``)
    passes on in ``X-Forwarded-For``."""

    @field_validator("metrics_allow")
    @classmethod
    def _networks(cls, value: str) -> str:
        metrics_networks(value)  # refuses at start-up an address that cannot be read
        return value

    @model_validator(mode="after")
    def _place_the_database(self) -> Settings:
        self.data_dir = self.data_dir.expanduser().resolve()
        if not self.database_url:
            self.database_url = f"sqlite:///{self.data_dir / 'golf.sqlite3'}"
        return self


def metrics_networks(value: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """The networks of a comma-separated list of addresses and networks (an address is
    a network of one).

    >>> [str(n) for n in metrics_networks("127.0.0.1, ::1,10.1.0.0/16")]
    ['127.0.0.1/32', '::1/128', '10.1.0.0/16']
    """
    return [ipaddress.ip_network(part.strip(), strict=False) for part in value.split(",") if part.strip()]


@lru_cache
def get_settings() -> Settings:
    return Settings()
