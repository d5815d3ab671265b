"""Render an engine's flat pydantic question form as HTML inputs, and read it back.

Supported field shapes: str, int, number, bool, enum/Literal (a select), and lists of those
(typed as comma-separated text). Everything the player types is validated by the pydantic
model itself; errors come back per field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from pydantic import BaseModel, ValidationError


@dataclass
class FormField:
    name: str
    label: str
    help: str
    widget: str  # text | number | checkbox | select | list
    value: Any
    choices: list[str]
    error: str = ""


def _resolve(schema: dict[str, Any], prop: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in prop:
        name = prop["$ref"].rsplit("/", 1)[-1]
        return {
            **schema.get("$defs", {}).get(name, {}),
            **{k: v for k, v in prop.items() if k != "$ref"},
        }
    if "allOf" in prop and len(prop["allOf"]) == 1:
        return {
            **_resolve(schema, prop["allOf"][0]),
            **{k: v for k, v in prop.items() if k != "allOf"},
        }
    if "anyOf" in prop:  # Optional[X]: take the non-null branch
        options = [o for o in prop["anyOf"] if o.get("type") != "null"]
        if len(options) == 1:
            return {
                **_resolve(schema, options[0]),
                **{k: v for k, v in prop.items() if k != "anyOf"},
            }
    return prop


def _default(model: type[BaseModel], name: str) -> Any:
    field = model.model_fields[name]
    if field.default_factory is not None:
        return field.default_factory()  # type: ignore[call-arg]
    return None if field.is_required() else field.default


def _display(value: Any) -> Any:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if hasattr(value, "value"):
        return value.value
    return "" if value is None else value


def form_fields(
    model: type[BaseModel],
    values: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
) -> list[FormField]:
    schema = model.model_json_schema()
    fields: list[FormField] = []
    for name, raw in schema.get("properties", {}).items():
        prop = _resolve(schema, raw)
        kind = prop.get("type")
        choices = [str(c) for c in prop.get("enum", [])]
        if "const" in prop:
            choices = [str(prop["const"])]
        if choices:
            widget = "select"
        elif kind == "boolean":
            widget = "checkbox"
        elif kind in ("integer", "number"):
            widget = "number"
        elif kind == "array":
            widget = "list"
            items = _resolve(schema, prop.get("items", {}))
            choices = [str(c) for c in items.get("enum", [])]
        else:
            widget = "text"
        value = (values or {}).get(name, _display(_default(model, name)))
        if widget == "select" and value in ("", None) and choices:
            value = choices[0]  # what a browser submits for a select left alone
        fields.append(
            FormField(
                name=name,
                label=prop.get("title", name.replace("_", " ").capitalize()),
                help=prop.get("description", ""),
                widget=widget,
                value=value,
                choices=choices,
                error=(errors or {}).get(name, ""),
            )
        )
    return fields


def read_form(
    model: type[BaseModel], data: QueryDict
) -> tuple[BaseModel | None, dict[str, Any], dict[str, str]]:
    """(the validated form or None, the raw values to show again, field -> error)."""
    values: dict[str, Any] = {}
    payload: dict[str, Any] = {}
    for field in form_fields(model):
        raw = data.get(field.name, "")
        if field.widget == "checkbox":
            payload[field.name] = field.name in data
            values[field.name] = payload[field.name]
            continue
        values[field.name] = raw
        if field.widget == "list":
            payload[field.name] = [part.strip() for part in raw.split(",") if part.strip()]
        elif raw.strip() == "" and _default(model, field.name) is None:
            payload[field.name] = None
        else:
            payload[field.name] = raw.strip()
    try:
        return model.model_validate(payload), values, {}
    except ValidationError as exc:
        errors: dict[str, str] = {}
        for err in exc.errors(include_url=False):
            name = str(err["loc"][0]) if err["loc"] else "__all__"
            errors.setdefault(name, err["msg"])
        return None, values, errors
