"""Put every engine's State and Move JSON Schemas, with a worked example, in the OpenAPI
document (drf-spectacular postprocessing hook)."""

from __future__ import annotations

import contextlib
import copy
import json
import re
from typing import Any

from django.db import DatabaseError
from drf_spectacular import openapi
from pydantic import TypeAdapter
from rest_framework.permissions import SAFE_METHODS, AllowAny

from cardsdb.api.errors import ErrorSerializer
from cardsdb.api.permissions import ReadOnlyOrStaff
from cardsdb.desk import MAX_MOVES
from cardsdb.models import Game
from games import registry
from games.core.ruling import Ruling, SequenceRuling

REF_TEMPLATE = "#/components/schemas/{model}"
API = "/api/v1/"
TOOL_OPERATION = "games_tools_run"  # the one tool route, written out per declared tool


ERROR_STATUSES = {
    "400": "A parameter or the body cannot be read: the details name the field.",
    "404": "No such object, game or page.",
    "413": "The request body is larger than the server accepts.",
    "415": "The body must be JSON (`Content-Type: application/json`).",
    "429": "Too many requests from this client: wait `Retry-After` seconds.",
    "503": "The database is unavailable for a moment: retry after `Retry-After` seconds.",
}
RETRY_AFTER = {
    "Retry-After": {"schema": {"type": "integer"}, "description": "seconds to wait before retrying"}
}


class AutoSchema(openapi.AutoSchema):
    """drf-spectacular's AutoSchema, documenting the errors each operation can answer, all in
    the one error shape: 400 where it takes parameters or a body, 404 where it looks something
    up (a path parameter, a page, a name), 413 for a body, 429 where it is rate-limited, and
    503 everywhere (the database gone for a moment)."""

    def get_auth(self) -> list[dict[str, list[str]]]:
        """No credentials for what the public may do: reads, and the desk's AllowAny tools."""
        if all(
            isinstance(p, AllowAny)
            or (isinstance(p, ReadOnlyOrStaff) and self.method in SAFE_METHODS)
            for p in self.view.get_permissions()
        ):
            return []
        return super().get_auth()

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        for parameter in operation.get("parameters", []):
            # An optional parameter sent empty (`?power_min=` from a form) counts as absent.
            if parameter.get("in") == "query" and not parameter.get("required"):
                parameter["allowEmptyValue"] = True
        locations = {p.get("in") for p in operation.get("parameters", [])}
        has_body = "requestBody" in operation
        codes = ["503"]
        if "query" in locations or has_body:
            codes.append("400")
        if "path" in locations or "query" in locations:
            codes.append("404")
        if has_body:
            codes += ["413", "415"]
        if getattr(self.view, "throttle_classes", None):
            codes.append("429")
        error_ref = self.resolve_serializer(ErrorSerializer, "response").ref
        responses = operation.setdefault("responses", {})
        for code in sorted(codes):
            response = responses.setdefault(code, {"description": ERROR_STATUSES[code]})
            response["content"] = {"application/json": {"schema": error_ref}}
            if code in ("429", "503"):
                response["headers"] = RETRY_AFTER
        return operation


def _title(slug: str) -> str:
    return "".join(part.capitalize() for part in slug.split("-"))


def _add(components: dict[str, Any], name: str, schema: dict[str, Any], prefix: str) -> None:
    """Add a pydantic schema, moving its $defs into components under a game prefix so two
    games' same-named models never collide."""
    defs = schema.pop("$defs", {})
    text = json.dumps(schema)
    for def_name in defs:
        text = text.replace(f'"#/$defs/{def_name}"', f'"#/components/schemas/{prefix}{def_name}"')
    components[name] = json.loads(text)
    for def_name, def_schema in defs.items():
        def_text = json.dumps(def_schema)
        for other in defs:
            def_text = def_text.replace(
                f'"#/$defs/{other}"', f'"#/components/schemas/{prefix}{other}"'
            )
        components[f"{prefix}{def_name}"] = json.loads(def_text)


def add_engine_schemas(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    components = result.setdefault("components", {}).setdefault("schemas", {})
    examples: dict[str, Any] = {}
    request_refs: list[dict[str, str]] = []
    for slug in sorted(registry):
        engine = registry[slug]
        prefix = _title(slug)
        _add(components, f"{prefix}State", engine.State.model_json_schema(), prefix)
        _add(components, f"{prefix}Move", TypeAdapter(engine.Move).json_schema(), prefix)
        components[f"{prefix}RulingRequest"] = {
            "type": "object",
            "description": f"A dispute in {slug}: the board state and the proposed move "
            "(`move`), or a game log (`moves`): exactly one of the two.",
            "properties": {
                "state": {"$ref": f"#/components/schemas/{prefix}State"},
                "move": {"$ref": f"#/components/schemas/{prefix}Move"},
                "moves": {
                    "type": "array",
                    "items": {"$ref": f"#/components/schemas/{prefix}Move"},
                    "minItems": 1,
                    "maxItems": MAX_MOVES,
                },
            },
            "required": ["state"],
            "oneOf": [{"required": ["move"]}, {"required": ["moves"]}],
        }
        request_refs.append({"$ref": f"#/components/schemas/{prefix}RulingRequest"})
        with contextlib.suppress(NotImplementedError):
            examples[slug] = {"summary": f"A worked example in {slug}", "value": engine.example()}
    _add(components, "Ruling", Ruling.model_json_schema(mode="serialization"), "Ruled")
    _add(
        components,
        "SequenceRuling",
        SequenceRuling.model_json_schema(mode="serialization"),
        "Ruled",
    )
    ruled = {
        "allOf": [
            {"anyOf": [_ref("Ruling"), _ref("SequenceRuling")]},
            {"type": "object", "properties": RULING_EXTRAS},
        ]
    }
    bodies = _bodies([f"#/components/schemas/{_title(slug)}State" for slug in sorted(registry)])
    add_tool_operations(result, components)
    for item in result.get("paths", {}).values():
        if "post" not in item:
            continue
        content = item["post"].setdefault("requestBody", {}).setdefault("content", {})
        operation_id = item["post"].get("operationId")
        if operation_id == "rulings_create":
            content["application/json"] = {"schema": {"oneOf": request_refs}, "examples": examples}
            for status, response in item["post"].get("responses", {}).items():
                if str(status).startswith("2"):
                    response.setdefault("content", {})["application/json"] = {"schema": ruled}
        elif operation_id in bodies:
            json_body = content.setdefault("application/json", {})
            json_body["schema"] = bodies[operation_id]
    return result


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _bodies(state_refs: list[str]) -> dict[str, dict[str, Any]]:
    """Request bodies of the desk's other POST operations."""
    return {
        "legal_moves": {
            "type": "object",
            "properties": {"state": {"anyOf": [{"$ref": ref} for ref in state_refs]}},
            "required": ["state"],
        },
    }


def _pascal(slug: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[-_/]", slug))


RULING_EXTRAS = {
    "reference_version": {"type": "string"},
    "cited_rules": {"type": "array", "items": {"type": "object"}},
}


def add_tool_operations(result: dict[str, Any], components: dict[str, Any]) -> None:
    """One operation per declared tool (games/core/tools.py), its request and response
    documented from the tool's models; the older per-tool paths as deprecated aliases. The one
    route they all go through (`games/{slug}/tools/{tool}`) is replaced by them."""
    paths = result.setdefault("paths", {})
    generated = {
        path: item["post"]
        for path, item in paths.items()
        if str(item.get("post", {}).get("operationId", "")).startswith(TOOL_OPERATION)
    }
    for path in generated:
        del paths[path]
    template = generated.get(f"{API}games/{{slug}}/tools/{{tool}}/")
    if template is None:
        return
    for slug in sorted(registry):
        prefix = _title(slug)
        for tool in registry[slug].tools.values():
            name = f"{prefix}{_pascal(tool.slug)}"
            _add(components, f"{name}Request", tool.input.model_json_schema(), prefix)
            _add(components, f"{name}Answer", tool.result_schema(), prefix)
            answer: dict[str, Any] = _ref(f"{name}Answer")
            if tool.answers_ruling:
                answer = {"allOf": [answer, {"type": "object", "properties": RULING_EXTRAS}]}
            body: dict[str, Any] = {"schema": _ref(f"{name}Request")}
            if tool.example is not None:
                body["examples"] = {"example": {"value": tool.example}}
            words = "What the tool answers" + (": a ruling." if tool.answers_ruling else ".")
            for path, alias in [(f"{slug}/tools/{tool.slug}", ""), *((a, a) for a in tool.aliases)]:
                operation = copy.deepcopy(template)
                operation["parameters"] = [
                    p for p in operation.get("parameters", []) if p.get("in") != "path"
                ]
                if not operation["parameters"]:
                    del operation["parameters"]
                operation["operationId"] = (
                    (f"{slug}_{alias}" if alias else f"{slug}_tools_{tool.slug}")
                    .replace("-", "_")
                    .replace("/", "_")
                )
                operation["summary"] = tool.title
                operation["description"] = tool.description
                operation["requestBody"] = {"content": {"application/json": body}}
                operation["responses"]["200"] = {
                    "description": words,
                    "content": {"application/json": {"schema": answer}},
                }
                if alias:
                    operation["deprecated"] = True
                    operation["description"] += (
                        f"\n\nDeprecated: the same as `POST {API}games/{slug}/tools/{tool.slug}`."
                    )
                    path = f"{slug}/{alias}"
                paths[f"{API}games/{path}/"] = {"post": operation}


def enumerate_games(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    """The `game` query parameters take a loaded game's slug: listed, as the database has
    them when the schema is asked for."""
    try:
        slugs = sorted(Game.objects.values_list("slug", flat=True))
    except DatabaseError:  # no database yet (a deploy check before migrate): not enumerated
        slugs = []
    if not slugs:
        return result
    for item in result.get("paths", {}).values():
        for operation in item.values():
            for parameter in operation.get("parameters", []) if isinstance(operation, dict) else []:
                if parameter.get("in") == "query" and parameter.get("name") == "game":
                    parameter["schema"] = {**parameter.get("schema", {}), "enum": slugs}
    return result


def nullable_as_json_schema(
    result: dict[str, Any], generator: Any, **kwargs: Any
) -> dict[str, Any]:
    """OpenAPI 3.1 has no `nullable`: turn the 3.0 spelling that DRF's pagination schema still
    uses into JSON Schema's `null` type."""

    def convert(node: Any) -> Any:
        if isinstance(node, list):
            return [convert(item) for item in node]
        if not isinstance(node, dict):
            return node
        node = {key: convert(value) for key, value in node.items()}
        if node.pop("nullable", False):
            kind = node.get("type")
            if isinstance(kind, str):
                node["type"] = [kind, "null"]
                if "enum" in node and None not in node["enum"]:
                    node["enum"] = [*node["enum"], None]
            elif isinstance(kind, list):
                node["type"] = [*kind, "null"] if "null" not in kind else kind
            else:
                node = {"anyOf": [node, {"type": "null"}]}
        return node

    converted: dict[str, Any] = convert(result)
    return converted
