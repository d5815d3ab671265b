"""Render an engine's flat pydantic question form as HTML inputs, and read it back.

Everything a player reads is declared with the question, never derived from a field name or a
value: the label is the field's `title`, the hint its `description`, and an option's words come
from `json_schema_extra={"options": {value: label}}` (a value with no label is shown as
written, so only plain-word values such as "higher" may go without one).

Widgets, chosen from the field's type and its `json_schema_extra`:

- a number: a number input with its bounds (`ge`/`le`), a default and -/+ steppers;
- yes/no: a checkbox inside its label;
- one of a few options (up to four): radio buttons; more: a drop-down;
- a list of options: checkboxes (`"widget": "counts"`: a stepper per option, for repeats);
- a list of words (`"widget": "lines"`): a multi-line box, one entry a line;
- a list of options typed by their words (`"widget": "names"`): a few text boxes, each with
  the options' words offered as the player types (a card's printed name, a symbol's name),
  one more box than entries given; a box may hold several, separated by commas;
- a card (`"card": "<game slug>"`): a text box with autocomplete from the card database;
  the printed name is matched without regard to case or accents, a near miss answers
  "did you mean ...?". With `"fills": {"power": field, "weapon": field}` the card's printed
  values fill those fields: from the printing named by its number after the name
  ("Bandelero BL-G55", as the autocomplete offers it), or from the name alone where every
  printing of it agrees; a value the card does not fix is read from its field as typed.

Typed option names (a list of options written as text, or an option given by its words) are
matched the same way. Every error comes back on its field, in words.
"""

from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict
from pydantic import BaseModel, ValidationError

from cardsdb.models import Card

RADIO_MAX = 4  # up to this many options show as radio buttons (one tap each on a phone)
NAME_BOXES = 3  # text boxes a list typed by its words opens with


def fold(text: str) -> str:
    """A name as compared: no case, no accents, single spaces, ё as е."""
    text = unicodedata.normalize("NFKD", text.casefold().replace("ё", "е"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.replace("-", " ").replace("_", " ").split())


@dataclass
class Choice:
    value: str
    label: str


@dataclass
class FormField:
    name: str
    label: str
    help: str
    widget: str  # text | number | checkbox | select | radio | multi | counts | lines | card
    value: Any
    choices: list[Choice] = field(default_factory=list)
    error: str = ""
    minimum: int | float | None = None
    maximum: int | float | None = None
    step: str = "1"
    card_game: str = ""
    max_length: int | None = None
    fills: dict[str, str] = field(default_factory=dict)  # card attribute -> field it fills

    @property
    def names(self) -> list[str]:
        """The entries of a list typed by its words, each in its own box, and one empty box
        more (at least three)."""
        value = self.value
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        labels = {c.value: c.label for c in self.choices}
        given = [labels.get(str(v), str(v)) for v in value or []]
        return given + [""] * max(1, NAME_BOXES - len(given))

    @property
    def filled_by(self) -> str:
        """The fields this card box fills, for the page's script (space-separated)."""
        return " ".join(f"{attr}:{name}" for attr, name in self.fills.items())

    @property
    def selected(self) -> set[str]:
        """The chosen values of a list of options."""
        value = self.value
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",")]
        return {str(v) for v in value or []}

    @property
    def counts(self) -> list[tuple[Choice, int]]:
        """(option, how many times it is in the list), for the stepper-per-option widget."""
        value = self.value if isinstance(self.value, list) else []
        return [(c, sum(1 for v in value if str(v) == c.value)) for c in self.choices]

    @property
    def lines(self) -> str:
        return "\n".join(str(v) for v in self.value) if isinstance(self.value, list) else ""


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
    info = model.model_fields[name]
    if info.default_factory is not None:
        return info.default_factory()  # type: ignore[call-arg]
    return None if info.is_required() else info.default


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if hasattr(value, "value"):
        return value.value
    return value


def _display(value: Any) -> Any:
    value = _plain(value)
    if isinstance(value, list):
        return value
    return "" if value is None else value


def _choices(values: list[Any], labels: dict[str, str]) -> list[Choice]:
    return [Choice(str(v), labels.get(str(v), str(v))) for v in values]


def form_fields(
    model: type[BaseModel],
    values: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
) -> list[FormField]:
    schema = model.model_json_schema()
    fields: list[FormField] = []
    for name, raw in schema.get("properties", {}).items():
        prop = _resolve(schema, raw)
        labels = {str(k): str(v) for k, v in prop.get("options", {}).items()}
        kind = prop.get("type")
        enum = list(prop.get("enum", []))
        if "const" in prop:
            enum = [prop["const"]]
        choices = _choices(enum, labels)
        extra = {"minimum": prop.get("minimum"), "maximum": prop.get("maximum")}
        if enum:
            widget = "radio" if len(enum) <= RADIO_MAX else "select"
        elif kind == "boolean":
            widget = "checkbox"
        elif kind in ("integer", "number"):
            widget = "number"
            if kind == "number":
                extra["step"] = "any"
        elif kind == "array":
            items = _resolve(schema, prop.get("items", {}))
            item_enum = list(items.get("enum", []))
            if "const" in items:
                item_enum = [items["const"]]
            choices = _choices(item_enum, labels)
            widget = prop.get("widget", "multi") if choices else "lines"
        elif prop.get("card"):
            widget = "card"
        else:
            widget = prop.get("widget", "text")
        value = (values or {}).get(name, _display(_default(model, name)))
        if widget in ("select", "radio") and value in ("", None) and choices:
            value = choices[0].value  # what a browser submits for a drop-down left alone
        fields.append(
            FormField(
                name=name,
                label=str(prop.get("title") or name),
                help=prop.get("description", ""),
                widget=widget,
                value=value,
                choices=choices,
                error=(errors or {}).get(name, ""),
                card_game=str(prop.get("card", "")),
                max_length=prop.get("maxLength"),
                fills={str(k): str(v) for k, v in (prop.get("fills") or {}).items()},
                **{k: v for k, v in extra.items() if v is not None},
            )
        )
    return fields


# ----- reading a form back -----


class _Refused(ValueError):
    pass


def _near(text: str, options: list[str]) -> str:
    close = difflib.get_close_matches(fold(text)[:80], [fold(o) for o in options], n=1, cutoff=0.6)
    if close:
        by_fold = {fold(o): o for o in options}
        return f"did you mean {by_fold[close[0]]}?"
    return "choose one of: " + ", ".join(options) + "."


def _match(text: str, choices: list[Choice]) -> str:
    """An option given by its words or its value, in any case and with or without accents."""
    wanted = fold(text)
    for c in choices:
        if wanted in (fold(c.label), fold(c.value)):
            return c.value
    raise _Refused(
        f"No option called “{text.strip()[:80]}”: {_near(text, [c.label for c in choices])}"
    )


def _card_name(text: str, game: str) -> str:
    """A card's printed name from the card database, typed in any case, with or without
    accents; a near miss is refused with the nearest name."""
    wanted = text.strip()
    cards = Card.objects.filter(game__slug=game)
    exact = cards.filter(name__iexact=wanted).values_list("name", flat=True).first()
    if exact:
        return str(exact)
    folded = fold(wanted)
    first = folded.split(" ")[0][:3] if folded else ""
    # Accents: compare folded names among the cards that share the first letters.
    nearby = list(
        cards.filter(name__icontains=first).values_list("name", flat=True).distinct()[:2000]
        if first
        else []
    )
    for name in nearby:
        if fold(name) == folded:
            return str(name)
    close = difflib.get_close_matches(folded, [fold(n) for n in nearby], n=1, cutoff=0.6)
    if close:
        name = next(n for n in nearby if fold(n) == close[0])
        raise _Refused(f"No card called “{wanted[:80]}”: did you mean {name}?")
    raise _Refused(f"No card called “{wanted[:80]}” in the card list.")


def _card_printing(text: str, game: str, fills: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """(the printed name, the card's values for `fills`): from the printing whose number ends
    the text ("Bandelero BL-G55"), else from the name, each value only where every printing
    of that name agrees (a value they differ in is left to its field)."""

    cards = Card.objects.filter(game__slug=game)
    head, _, number = text.strip().rpartition(" ")
    if fills and head and number:
        same = cards.filter(number__iexact=number)
        printing = next((c for c in same if fold(c.name) == fold(head)), None)
        if printing is not None:
            return printing.name, _printed(printing, fills)
    name = _card_name(text, game)
    if not fills:
        return name, {}
    found = [_printed(c, fills) for c in cards.filter(name=name)]
    agreed = {
        attr: found[0][attr]
        for attr in fills
        if found and attr in found[0] and all(f.get(attr) == found[0][attr] for f in found)
    }
    return name, agreed


def _printed(card: Any, fills: dict[str, str]) -> dict[str, Any]:
    """The card's printed values for the attributes a form fills (power, cost, or one of its
    attributes such as weapon), each only where the card gives it."""
    out: dict[str, Any] = {}
    for attr in fills:
        value = getattr(card, attr, None) if attr in ("power", "cost") else None
        if value is None:
            value = (card.attributes or {}).get(attr)
        if value is not None:
            out[attr] = value
    return out


def _words(err: dict[str, Any], spec: FormField | None) -> str:
    """A pydantic error in a player's words."""
    kind, ctx = err.get("type", ""), err.get("ctx") or {}
    low = spec.minimum if spec else None
    high = spec.maximum if spec else None
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        if low is not None and high is not None:
            return f"Give a number from {low} to {high}."
        bound = ctx.get("ge", ctx.get("le", ctx.get("gt", ctx.get("lt"))))
        word = "at least" if kind.startswith("greater") else "at most"
        return f"Give a number {word} {bound}."
    if kind in ("int_parsing", "int_from_float", "int_type"):
        return "Give a whole number."
    if kind in ("float_parsing", "float_type"):
        return "Give a number."
    if kind == "missing":
        return "Fill this in."
    if kind in ("literal_error", "enum"):
        return "Choose one of the options."
    if kind == "string_too_long":
        return f"At most {ctx.get('max_length')} characters."
    if kind == "string_too_short":
        return "Fill this in."
    if kind == "too_short":
        return f"Give at least {ctx.get('min_length')}."
    if kind == "too_long":
        return f"Give at most {ctx.get('max_length')}."
    message = str(err.get("msg", "Not accepted."))
    return message.removeprefix("Value error, ")


def default_post(model: type[BaseModel]) -> dict[str, Any]:
    """What a browser sends for this form left as it opens (for tests and examples)."""
    data: dict[str, Any] = {}
    for f in form_fields(model):
        if f.widget == "checkbox":
            if f.value:
                data[f.name] = "on"
        elif f.widget == "multi":
            data[f.name] = sorted(f.selected - {""})
        elif f.widget == "counts":
            for i, (_choice, n) in enumerate(f.counts):
                data[f"{f.name}--{i}"] = str(n)
        elif f.widget == "lines":
            data[f.name] = f.lines
        else:
            data[f.name] = f.value
    return data


def read_form(
    model: type[BaseModel], data: QueryDict
) -> tuple[BaseModel | None, dict[str, Any], dict[str, str]]:
    """(the validated form or None, the raw values to show again, field -> error in words)."""
    values: dict[str, Any] = {}
    payload: dict[str, Any] = {}
    errors: dict[str, str] = {}
    filled: dict[str, Any] = {}
    specs = {f.name: f for f in form_fields(model)}
    for spec in specs.values():
        name = spec.name
        try:
            if spec.widget == "checkbox":
                payload[name] = values[name] = name in data
            elif spec.widget == "multi":
                picked = data.getlist(name)
                values[name] = picked
                payload[name] = [_match(p, spec.choices) for p in picked]
            elif spec.widget == "counts":
                chosen: list[str] = []
                for i, choice in enumerate(spec.choices):
                    raw_count = data.get(f"{name}--{i}", "0").strip() or "0"
                    if not raw_count.isdigit() or int(raw_count) > 20:
                        raise _Refused(f"{choice.label}: give a number from 0 to 20.")
                    chosen += [choice.value] * int(raw_count)
                payload[name] = values[name] = chosen
            elif spec.widget == "names":
                raw = ",".join(data.getlist(name))
                parts = [p.strip() for p in raw.replace("\n", ",").split(",") if p.strip()]
                values[name] = parts
                payload[name] = [_match(p, spec.choices) for p in parts]
            elif spec.widget == "lines":
                raw = data.get(name, "")
                lines = [line.strip() for line in raw.splitlines() if line.strip()]
                values[name] = lines
                payload[name] = lines
            else:
                raw = data.get(name, "")
                values[name] = raw
                text = raw.strip()
                if text == "" and _default(model, name) is None:
                    payload[name] = None
                elif spec.widget in ("select", "radio"):
                    payload[name] = _match(text, spec.choices)
                    values[name] = payload[name]
                elif spec.widget == "card" and text:
                    payload[name], printed = _card_printing(text, spec.card_game, spec.fills)
                    values[name] = payload[name]
                    filled.update({spec.fills[attr]: v for attr, v in printed.items()})
                elif spec.widget == "number":
                    try:
                        payload[name] = float(text) if spec.step == "any" else int(text)
                    except ValueError:
                        raise _Refused(
                            "Give a whole number." if spec.step != "any" else "Give a number."
                        ) from None
                else:
                    payload[name] = text
        except _Refused as exc:
            errors[name] = str(exc)
    for name, value in filled.items():  # what the printed card fixes, over what was typed
        if name in specs and name not in errors:
            payload[name] = values[name] = value
    for name in errors:  # refused already: its default stands in, to check the others
        payload[name] = _default(model, name)
    try:
        form = model.model_validate(payload)
    except ValidationError as exc:
        for err in exc.errors(include_url=False):
            name = str(err["loc"][0]) if err["loc"] else "__all__"
            errors.setdefault(name, _words(dict(err), specs.get(name)))
        return None, values, errors
    return (None, values, errors) if errors else (form, values, {})
