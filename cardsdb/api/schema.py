"""Put every engine's State and Move JSON Schemas, with a worked example, in the OpenAPI
document (drf-spectacular postprocessing hook)."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from pydantic import TypeAdapter

from games import registry

REF_TEMPLATE = "#/components/schemas/{model}"


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
            "description": f"A dispute in {slug}: the board state and the proposed move.",
            "properties": {
                "state": {"$ref": f"#/components/schemas/{prefix}State"},
                "move": {"$ref": f"#/components/schemas/{prefix}Move"},
                "moves": {
                    "type": "array",
                    "items": {"$ref": f"#/components/schemas/{prefix}Move"},
                },
            },
            "required": ["state"],
        }
        request_refs.append({"$ref": f"#/components/schemas/{prefix}RulingRequest"})
        with contextlib.suppress(NotImplementedError):
            examples[slug] = {"summary": f"A worked example in {slug}", "value": engine.example()}
    for path, item in result.get("paths", {}).items():
        if "/rulings" not in path or "{key}" in path or "post" not in item:
            continue
        content = item["post"].setdefault("requestBody", {}).setdefault("content", {})
        content["application/json"] = {
            "schema": {"oneOf": request_refs},
            "examples": examples,
        }
    return result
