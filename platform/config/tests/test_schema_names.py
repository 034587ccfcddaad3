"""Django Ninja names OpenAPI components by class name and silently merges two schemas with the
same name, so the SPA's generated types would describe one endpoint with another's shape. Every
Schema class reachable from the API modules must have a name of its own."""

import importlib
import inspect
from pathlib import Path

from ninja import Schema

PLATFORM = Path(__file__).resolve().parents[2]


def test_schema_class_names_are_unique():
    seen: dict[str, type] = {}
    clashes = []
    for path in sorted(PLATFORM.glob("*/api*.py")) + sorted(PLATFORM.glob("*/schemas.py")):
        module = importlib.import_module(f"{path.parent.name}.{path.stem}")
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and issubclass(obj, Schema) and obj.__module__ == module.__name__:
                if name.endswith("Query"):
                    continue  # query schemas become parameters, not components
                other = seen.setdefault(name, obj)
                if other is not obj:
                    clashes.append(f"{name}: {other.__module__} and {obj.__module__}")
    assert clashes == []
