"""The migrations make exactly the schema the models describe, on SQLite and PostgreSQL:
a column, a key or an index added to one and not the other is caught here."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from app.store.database import make_engine, migrate
from app.store.models import Base


def test_the_migrated_schema_is_the_models_schema(own_database):
    engine = make_engine(own_database)
    migrate(engine)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []
