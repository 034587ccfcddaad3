"""Every request and response of both APIs is typed in OpenAPI (issue 17, item 5).

The SPA's types are generated from these documents (``./ops/openapi-types``); a field declared as
``dict``/``Any`` arrives there as ``unknown``/``Record<string, unknown>`` and gets re-typed by hand.
This walks both documents and fails on any schema that says nothing: no ``type``/``$ref``/
combinator (``Any``), an open map (``additionalProperties`` other than ``false``: ``dict[str, Any]``),
or an object with no properties that is not declared closed (a bare ``dict``). A map whose values
are typed (``dict[str, bool]``: a true/false set's ``{statement id: bool}``, issue 39) is typed:
the SPA gets ``Record<string, boolean>``, nothing to re-type; its values are walked.
"""

from __future__ import annotations

from typing import Any

import pytest

from config.api import api, public_api

SHAPES = ("type", "$ref", "anyOf", "oneOf", "allOf", "enum", "const", "not")


def untyped(schema: Any, where: str) -> list[str]:
    """The places under ``schema`` (a JSON Schema node at ``where``) that are not typed."""
    if not isinstance(schema, dict):
        return [f"{where}: not a schema"]
    found: list[str] = []
    if not any(key in schema for key in SHAPES):
        found.append(f"{where}: any value (no type)")
    extra = schema.get("additionalProperties")
    typed_map = isinstance(extra, dict) and any(key in extra for key in SHAPES)
    if typed_map:
        found += untyped(extra, f"{where}{{}}")
    elif extra not in (None, False):
        found.append(f"{where}: open map (additionalProperties)")
    if (
        schema.get("type") == "object"
        and not schema.get("properties")
        and extra is not False
        and not typed_map
    ):
        found.append(f"{where}: object without properties")
    for name, sub in (schema.get("properties") or {}).items():
        found += untyped(sub, f"{where}.{name}")
    if "items" in schema:
        found += untyped(schema["items"], f"{where}[]")
    for key in ("anyOf", "oneOf", "allOf"):
        for i, sub in enumerate(schema.get(key) or []):
            found += untyped(sub, f"{where}<{key}{i}>")
    return found


def document_untyped(doc: dict[str, Any]) -> list[str]:
    """Untyped places of one OpenAPI document: its component schemas, and every parameter,
    request body and response schema of its operations."""
    found: list[str] = []
    for name, schema in doc.get("components", {}).get("schemas", {}).items():
        found += untyped(schema, name)
    for path, item in doc.get("paths", {}).items():
        for method, op in item.items():
            where = f"{method.upper()} {path}"
            for param in op.get("parameters", []):
                found += untyped(param.get("schema", {}), f"{where} ?{param.get('name')}")
            for media, body in (op.get("requestBody") or {}).get("content", {}).items():
                found += untyped(body.get("schema", {}), f"{where} body {media}")
            for status, response in op.get("responses", {}).items():
                for media, body in (response.get("content") or {}).items():
                    found += untyped(body.get("schema", {}), f"{where} {status} {media}")
    return found


@pytest.mark.parametrize("document", [api, public_api], ids=["session-api", "public-api"])
def test_every_request_and_response_is_typed(document):
    found = document_untyped(document.get_openapi_schema())
    assert found == [], "untyped in OpenAPI:\n" + "\n".join(found)


def test_the_walker_finds_each_kind_of_untyped_schema():
    assert untyped({"title": "X"}, "X") == ["X: any value (no type)"]
    assert untyped({"type": "object", "additionalProperties": True}, "M") == [
        "M: open map (additionalProperties)",
        "M: object without properties",
    ]
    assert untyped({"type": "object", "properties": {}, "additionalProperties": False}, "E") == []
    assert untyped({"type": "array", "items": {"type": "object"}}, "L") == ["L[]: object without properties"]
    assert untyped({"anyOf": [{"type": "string"}, {"type": "null"}]}, "S") == []
    assert untyped({"type": "object", "additionalProperties": {"type": "boolean"}}, "B") == []
    assert untyped({"type": "object", "additionalProperties": {"title": "X"}}, "V") == [
        "V: open map (additionalProperties)",
        "V: object without properties",
    ]
