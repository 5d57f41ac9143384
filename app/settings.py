"""Configuration from the environment (prefix ``GOLF_``), read once at start-up."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from limits import parse
from pydantic import field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DATA_DIR = Path("data")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="GOLF_")

    database_url: str = f"sqlite:///{DATA_DIR / 'golf.sqlite3'}"
    """An SQLAlchemy URL; ``postgresql+psycopg://user@host/db`` for PostgreSQL."""

    deal_key: str | None = None
    """Secret that turns a match's public seed into its deals. Unset: one is made at the
    first start and kept in the database, so a seed shown to players never reveals cards."""

    cookie_secure: bool = False
    """Send the session cookie only over HTTPS (set it when serving behind TLS)."""

    default_level: str = "medium"

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
    rate_limit_actions_per_address: str = "1200/minute"
    rate_limit_hints: str = "30/minute"
    rate_limit_hints_per_address: str = "120/minute"
    rate_limit_tables: str = "10/minute"
    rate_limit_tables_per_address: str = "30/minute"

    @field_validator("rate_limit_actions", "rate_limit_actions_per_address", "rate_limit_hints",
                     "rate_limit_hints_per_address", "rate_limit_tables", "rate_limit_tables_per_address")
    @classmethod
    def _a_rate(cls, value: str) -> str:
        parse(value)  # refuses at start-up what the rate limiter could not read
        return value

    allowed_origins: str = ""
    """Other origins (``https://golf.example``, comma-separated) whose pages may post to
    this one, for a proxy that does not pass the Host header on."""


@lru_cache
def get_settings() -> Settings:
    return Settings()
