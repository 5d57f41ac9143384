"""Configuration from the environment (prefix ``GOLF_``), read once at start-up."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

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


@lru_cache
def get_settings() -> Settings:
    return Settings()
