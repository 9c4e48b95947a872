"""Model objects from the rows of a hand-written query: for the reads every tap and every page
of a game makes (`GameData.seated_for`), where building the query through the ORM cost more
than running it. Each value goes through the converters the ORM itself applies to its column
(a date, a yes/no, JSON), so an object read here is the one the ORM would have made."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import connection, models

#: A column's converters, as the ORM's compiler calls them: (value, expression, connection).
Converter = Callable[[Any, Any, Any], Any]


class ModelColumns:
    """The columns of `model` under the table alias `alias`: the SQL that selects them all, and
    the model object made from a row's slice of them."""

    def __init__(self, model: type[models.Model], alias: str) -> None:
        self.model = model
        self.alias = alias
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [field.attname for field in self.fields]
        self._converters: dict[str, list[tuple[int, list[Converter], Any]]] = {}

    def __len__(self) -> int:
        return len(self.fields)

    def select(self) -> str:
        quote = connection.ops.quote_name
        return ", ".join(f"{self.alias}.{quote(str(field.column))}" for field in self.fields)

    def converters(self) -> list[tuple[int, list[Converter], Any]]:
        """(column index, converters, expression) of each column that has converters on this
        database, worked out once, as the compiler works them out for a query."""
        vendor = connection.vendor
        if vendor not in self._converters:
            compiler = self.model._default_manager.none().query.get_compiler(connection.alias)
            columns = [field.get_col(self.alias) for field in self.fields]
            self._converters[vendor] = [
                (index, converters, expression)
                for index, (converters, expression) in compiler.get_converters(columns).items()
            ]
        return self._converters[vendor]

    def build(self, row: Sequence[Any], start: int = 0) -> Any:
        """The model object of the columns from `start` in `row`, as read from the database."""
        values = list(row[start : start + len(self.fields)])
        for index, converters, expression in self.converters():
            for convert in converters:
                values[index] = convert(values[index], expression, connection)
        return self.model.from_db(connection.alias, self.attnames, values)
