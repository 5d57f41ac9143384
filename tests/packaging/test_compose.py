"""compose.yaml, the game with PostgreSQL beside it, read without Docker: each keeps its
data in a named volume, the game starts once PostgreSQL answers and finds it by its
service's name, and the settings a public site needs are there to uncomment, each one
the server reads and accepts."""

from __future__ import annotations

import re

import yaml
from sqlalchemy.engine import make_url

from app.settings import Settings
from tests.packaging import dockerfile
from tests.packaging.lockfile import REPO

COMPOSE = REPO / "compose.yaml"
# Compose's interpolation: ${NAME}, ${NAME:?error}, ${NAME:-default}.
VARIABLE = re.compile(r"\$\{(\w+)(?::?[?-][^}]*)?\}")
# What the file offers to uncomment for a public site, and the metrics.
OFFERED = (
    "GOLF_RP_ID",
    "GOLF_ORIGIN",
    "GOLF_COOKIE_SECURE",
    "GOLF_ALLOWED_ORIGINS",
    "FORWARDED_ALLOW_IPS",
    "GOLF_DEAL_KEY",
    "GOLF_METRICS",
    "GOLF_METRICS_ALLOW",
)
VARIABLES_OF_DOT_ENV = {"POSTGRES_PASSWORD": "0123456789abcdef", "GOLF_DEAL_KEY": "a-deal-key"}


def compose(text: str | None = None) -> dict:
    """The file as Compose reads it, its variables taken from a .env."""
    text = COMPOSE.read_text() if text is None else text
    return yaml.safe_load(VARIABLE.sub(lambda found: VARIABLES_OF_DOT_ENV[found[1]], text))


def uncommented() -> dict:
    """The file with every setting offered in a comment, and the open-file limit, switched on."""
    lines = []
    for line in COMPOSE.read_text().splitlines():
        switch = re.match(r"(\s*)# ((\w+): .*|ulimits:|  nofile: \d+)$", line)
        lines.append(switch[1] + switch[2] if switch else line)
    return compose("\n".join(lines))


def test_the_game_and_postgresql_each_keep_their_data_in_a_named_volume():
    services, volumes = compose()["services"], compose()["volumes"]
    assert set(services) == {"golf", "db"}
    mounts = {
        service: dict(reversed(volume.split(":", 1)) for volume in services[service]["volumes"]) for service in services
    }
    game_volume = mounts["golf"][dockerfile.final_env()["GOLF_DATA_DIR"]]
    database_volume = mounts["db"]["/var/lib/postgresql/data"]
    assert game_volume != database_volume
    assert {game_volume, database_volume} <= set(volumes)  # named, so kept by `docker compose down`


def test_the_game_starts_once_postgresql_answers_over_the_network():
    services = compose()["services"]
    assert services["golf"]["depends_on"] == {"db": {"condition": "service_healthy"}}
    check = services["db"]["healthcheck"]
    assert check["test"][:2] == ["CMD", "pg_isready"]
    # Over TCP: while the postgres image first initialises, its server answers on the socket alone.
    assert "--host=127.0.0.1" in check["test"]
    assert "start_period" in check and "start_interval" in check


def test_the_game_keeps_the_images_own_health_check():
    assert "healthcheck" not in compose()["services"]["golf"]
    assert dockerfile.healthcheck()[0]["start-interval"]


def test_the_game_finds_the_database_by_its_service_name_and_the_same_password():
    services = compose()["services"]
    url = make_url(services["golf"]["environment"]["GOLF_DATABASE_URL"])
    database = services["db"]["environment"]
    assert url.drivername == "postgresql+psycopg"
    assert url.host == "db" and "db" in services
    assert (url.username, url.password, url.database) == (
        database["POSTGRES_USER"],
        database["POSTGRES_PASSWORD"],
        database["POSTGRES_DB"],
    )


def test_a_missing_password_stops_compose_with_a_sentence_rather_than_an_empty_password():
    text = COMPOSE.read_text()
    uses = re.findall(r"\$\{POSTGRES_PASSWORD([^}]*)\}", text)
    assert uses and all(use.startswith(":?") and ".env" in use for use in uses)


def test_postgresql_is_not_published():
    assert "ports" not in compose()["services"]["db"]


def test_the_settings_a_public_site_needs_are_offered_commented_out():
    text = COMPOSE.read_text()
    for name in OFFERED:
        assert re.search(rf"^\s*# {name}: \S", text, re.MULTILINE), f"{name} is not offered in compose.yaml"
    assert set(compose()["services"]["golf"]["environment"]) == {"GOLF_DATABASE_URL"}


def test_uncommented_the_settings_are_read_and_accepted_by_the_server(monkeypatch):
    environment = uncommented()["services"]["golf"]["environment"]
    assert set(OFFERED) <= set(environment)
    for name, value in environment.items():
        monkeypatch.setenv(name, str(value))
    settings = Settings()
    assert settings.rp_id == environment["GOLF_RP_ID"]
    assert settings.origin == environment["GOLF_ORIGIN"] and settings.origin.startswith("https://")
    assert settings.cookie_secure is True
    assert settings.deal_key == VARIABLES_OF_DOT_ENV["GOLF_DEAL_KEY"]
    known = {f"GOLF_{name.upper()}" for name in Settings.model_fields} | {"GOLF_HOST", "GOLF_PORT"}
    for name in environment:
        if name.startswith("GOLF_METRICS") and "metrics" not in Settings.model_fields:
            continue  # offered for a server that has the metrics
        if name.startswith("GOLF_"):
            assert name in known, f"compose.yaml sets {name}, which the server does not read"


def test_a_higher_open_file_limit_is_offered():
    assert uncommented()["services"]["golf"]["ulimits"] == {"nofile": 65536}
