"""The people and import responses are typed in OpenAPI (issue 17, item 5): no free-form object
for the SPA to re-type by hand."""

from __future__ import annotations

from config.api import api


def _schemas() -> dict:
    return api.get_openapi_schema()["components"]["schemas"]


def _data_ref(path: str, method: str, status: int = 200) -> str:
    operation = api.get_openapi_schema()["paths"][path][method]
    envelope = operation["responses"][status]["content"]["application/json"]["schema"]["$ref"]
    return _schemas()[envelope.rsplit("/", 1)[1]]["properties"]["data"]["$ref"].rsplit("/", 1)[1]


def test_a_member_change_answers_the_member_row():
    assert _data_ref("/api/v1/organization/members/{profile_id}", "put") == "MemberOut"


def test_an_import_jobs_result_is_one_of_its_kinds_reports():
    """The spreadsheet imports' two reports, and a question file's (issue 36): what its read job
    found, then what its import wrote."""
    result = _schemas()["ImportJobOut"]["properties"]["result"]["anyOf"]
    assert [part.get("$ref", part.get("type")) for part in result] == [
        "#/components/schemas/QuestionImportOut",
        "#/components/schemas/LearnerImportOut",
        "#/components/schemas/QuestionFileReadOut",
        "#/components/schemas/QuestionFileImportOut",
        "null",
    ]
    assert _data_ref("/api/v1/organization/invitations/import", "post") == "LearnerImportOut"
    assert _data_ref("/api/v1/organization/invitations/import", "post", 202) == "ImportJobOut"


def _free_form(node) -> bool:
    """True when ``node`` (a JSON schema) holds an object with no declared properties, or open to
    any others (``additionalProperties``), or an ``Any`` (a schema with no type at all)."""
    if isinstance(node, list):
        return any(_free_form(item) for item in node)
    if not isinstance(node, dict):
        return False
    if "additionalProperties" in node and node["additionalProperties"] is not False:
        return True
    if node.get("type") == "object" and "properties" not in node:
        return True
    if not ({"type", "$ref", "anyOf", "allOf", "oneOf", "enum", "const"} & node.keys()) and "title" in node:
        return True
    return any(_free_form(value) for key, value in node.items() if key in ("properties", "items", "anyOf"))


def test_no_people_or_import_schema_is_a_free_form_object():
    names = ["ImportJobOut", "QuestionImportOut", "LearnerImportOut", "MemberOut", "SettingsOut"]
    names += ["LearnerActivityOut", "OrgInvitationOut", "InviteResultOut", "EventOut", "AuthorizedOut"]
    assert [name for name in names if _free_form(_schemas()[name])] == []
