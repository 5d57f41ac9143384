"""The declarative base every table of the database is mapped from, its constraints named."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from sqlalchemy import (
    MetaData,
    Table,
)
from sqlalchemy.orm import DeclarativeBase

# Named constraints, so that Alembic can alter them on SQLite (batch mode) too.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    if TYPE_CHECKING:
        # Each model is mapped to one Table (SQLAlchemy types __table__ as any FromClause),
        # which the statements of app/store use for inserts, updates and deletes.
        __table__: ClassVar[Table]
