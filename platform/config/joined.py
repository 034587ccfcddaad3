"""A SELECT over joined models whose SQL is written once per process (issue 23).

The ORM compiles a queryset's SQL anew on every evaluation; on the two hot paths of a sitting (an
answer save and a start, 2,000 learners at once) compiling the request's profile query with its
user and organization cost more than running it (``bench/taking_profile.py``). ``JoinedSelect``
writes the SQL of every concrete column of the given models once, and builds the instances
through Django's documented ``Model.from_db`` with each field's database converters applied
(``from_db_value``: JSON, the encrypted CCCD number...), as the ORM's compiler does. Same rows,
same instances, no compilation per request.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.db import connection
from django.db.models import Model


class JoinedSelect:
    """``SELECT`` of every concrete column of ``models`` (``[(alias, Model), ...]``, each aliased
    in ``tail``), then ``tail`` (``FROM ... JOIN ... WHERE ... ORDER BY``, with ``%s``
    placeholders), both returned by ``define()``, called at the first use (models are not
    loaded when a module defines its statements). ``rows(params)`` returns one tuple of
    instances per row, ``None`` in place of a model whose columns are all NULL (the empty side
    of a LEFT JOIN). ``cursor`` makes the cursor it runs on (``connection.cursor`` unless
    given: ``tenants.scope.qualified_cursor`` for a statement whose tables all name their
    schema)."""

    def __init__(
        self,
        define: Callable[[], tuple[list[tuple[str, type[Model]]], str]],
        cursor: Callable[[], Any] | None = None,
    ) -> None:
        self.define = define
        self.cursor = cursor
        self._sql: str | None = None
        self._shapes: list[tuple[type[Model], list[str], list[tuple[Any, list[Any]]]]] = []

    def _prepare(self) -> str:
        """Write the SQL and the shapes (built aside, then set: threads may race here)."""
        qn = connection.ops.quote_name
        models, tail = self.define()
        columns = []
        shapes = []
        for alias, model in models:
            fields = model._meta.concrete_fields
            columns += [f"{alias}.{qn(cast(str, f.column))}" for f in fields]  # concrete: a column
            converters = []
            for f in fields:
                col = f.get_col(alias)
                converters.append(
                    (col, connection.ops.get_db_converters(col) + col.get_db_converters(connection))
                )
            shapes.append((model, [f.attname for f in fields], converters))
        self._shapes = shapes
        self._sql = f"SELECT {', '.join(columns)} {tail}"
        return self._sql

    @property
    def sql(self) -> str:
        """The statement's SQL text (``%s`` placeholders), written at the first use."""
        return self._sql or self._prepare()

    def rows(self, params: list[Any], *, sql: str | None = None) -> list[tuple[Model | None, ...]]:
        """Run the statement with ``params``; the instances of each row, in the order of
        ``models``. ``sql``: the statement's text made from ``self.sql`` by the caller (the
        schemas filled in: ``tenants.scope.OrganizationSelect``); the shapes stay the same."""
        sql = sql or self.sql
        with (self.cursor or connection.cursor)() as cursor:
            cursor.execute(sql, params)
            raw = cursor.fetchall()
        out = []
        for row in raw:
            at = 0
            instances: list[Model | None] = []
            for model, attnames, converters in self._shapes:
                values = list(row[at : at + len(attnames)])
                at += len(attnames)
                if all(v is None for v in values):
                    instances.append(None)
                    continue
                for i, (col, funcs) in enumerate(converters):
                    for func in funcs:
                        values[i] = func(values[i], col, connection)
                instances.append(model.from_db(connection.alias, attnames, values))
            out.append(tuple(instances))
        return out
