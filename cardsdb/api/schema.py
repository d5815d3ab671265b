"""Put every engine's State and Move JSON Schemas, with a worked example, in the OpenAPI
document (drf-spectacular postprocessing hook)."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from drf_spectacular import openapi
from pydantic import TypeAdapter
from rest_framework.permissions import SAFE_METHODS, AllowAny

from cardsdb.api.errors import ErrorSerializer
from cardsdb.api.permissions import ReadOnlyOrStaff
from cardsdb.desk import MAX_MOVES
from games import registry

REF_TEMPLATE = "#/components/schemas/{model}"


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
    bodies = _tool_bodies(
        [f"#/components/schemas/{_title(slug)}State" for slug in sorted(registry)]
    )
    for item in result.get("paths", {}).values():
        if "post" not in item:
            continue
        content = item["post"].setdefault("requestBody", {}).setdefault("content", {})
        operation_id = item["post"].get("operationId")
        if operation_id == "rulings_create":
            content["application/json"] = {"schema": {"oneOf": request_refs}, "examples": examples}
        elif operation_id in bodies:
            json_body = content.setdefault("application/json", {})
            json_body["schema"] = bodies[operation_id]
    return result


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _tool_bodies(state_refs: list[str]) -> dict[str, dict[str, Any]]:
    """Request bodies of the desk's tools: each takes an engine's State."""
    from games.bo_jackson_battle_arena.deck import FORMATS

    reference = {"type": "string", "minLength": 1, "maxLength": 200, "pattern": r"\S"}
    entry = {
        "anyOf": [
            reference,
            {
                "type": "object",
                "properties": {
                    "card": reference,
                    "count": {"type": "integer", "minimum": 1, "maximum": 100},
                },
                "required": ["card"],
            },
        ]
    }
    deck_part = {"type": ["array", "null"], "items": entry, "maxItems": 200}
    return {
        "legal_moves": {
            "type": "object",
            "properties": {"state": {"anyOf": [{"$ref": ref} for ref in state_refs]}},
            "required": ["state"],
        },
        "hyperstar_run_solve": {
            "type": "object",
            "properties": {"state": _ref("HyperstarRunState")},
            "required": ["state"],
        },
        "star_realms_high_alert_options": {
            "type": "object",
            "properties": {"state": _ref("StarRealmsHighAlertState")},
            "required": ["state"],
        },
        "super_hazard_quest_reachable": {
            "type": "object",
            "properties": {
                "state": _ref("SuperHazardQuestState"),
                "player": {"type": "string", "minLength": 1, "description": "the hero's player"},
            },
            "required": ["state", "player"],
        },
        "bo_jackson_battle_arena_deck_check": {
            "type": "object",
            "properties": {
                "format": {"type": "string", "enum": sorted(FORMATS), "default": "playmaker"},
                "hero_deck": deck_part,
                "playbook": deck_part,
                "hot_dog_deck": deck_part,
            },
        },
    }


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

    return convert(result)  # type: ignore[no-any-return]
