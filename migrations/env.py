"""Alembic environment: runs on the connection the application hands over, or on
``GOLF_DATABASE_URL`` when called from the ``alembic`` command line."""

from alembic import context

from app.store.models import Base

config = context.config
target_metadata = Base.metadata


def run(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite cannot ALTER most things
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    from app.settings import get_settings
    from app.store.database import make_engine

    with make_engine(get_settings().database_url).begin() as fresh:
        run(fresh)
