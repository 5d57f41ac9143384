"""Configuration from the environment (prefix ``GOLF_``), read once at start-up."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field
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

    session_keep_days: float = Field(400, ge=0)
    """How long a session that acted (a match or deal played, statistics) is kept after
    its last action, with its games and statistics; as long as browsers keep the cookie."""

    empty_session_hours: float = Field(24, ge=0)
    """How long a session that never acted (a visit, a crawler) is kept after it was made."""

    session_purge_minutes: float = Field(60, gt=0)
    """How often each server process deletes the sessions past those times."""


@lru_cache
def get_settings() -> Settings:
    return Settings()
