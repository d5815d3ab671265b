"""A deep copy of a board's pydantic models for an engine to play a move on in place.

`model_copy(deep=True)` goes through `copy.deepcopy`, and a pickle round trip through each
model's `__getstate__`/`__setstate__`; both keep a memo of every object seen so that shared
objects stay shared. A board read from JSON shares nothing, so a copy without the memo makes
the same models (fields, fields set, extra and private attributes, as `BaseModel.__deepcopy__`
copies them) in about half the time.
"""

from __future__ import annotations

import copy
import types
from enum import Enum
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

T = TypeVar("T")

_ATOMS = frozenset({str, int, float, bool, type(None)})
_set = object.__setattr__
_UNIONS = (Union, types.UnionType)


def _atomic(annotation: Any) -> bool:
    """Whether a field of this type only ever holds a plain value or an enum member (str, int,
    float, bool, None, a Literal, an Enum, unions and Annotated forms of them)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _atomic(get_args(annotation)[0])
    if origin is Literal:
        return all(type(v) in _ATOMS or isinstance(v, Enum) for v in get_args(annotation))
    if origin in _UNIONS:
        return all(_atomic(a) for a in get_args(annotation))
    if origin is tuple:  # a tuple of plain values is itself immutable (copy.deepcopy keeps it)
        return all(a is Ellipsis or _atomic(a) for a in get_args(annotation))
    if annotation is None or annotation in _ATOMS:
        return True
    return isinstance(annotation, type) and issubclass(annotation, Enum)


# a model class -> (how many fields, the fields that may hold a mutable value, whether it has
# neither extra fields nor private attributes)
_PLANS: dict[type, tuple[int, tuple[str, ...], bool]] = {}


def _plan(kind: type[BaseModel]) -> tuple[int, tuple[str, ...], bool]:
    """How a model class is copied: its fields' dict in one call, and only the fields that may
    hold a list, a dict or a model one by one (a Dungeon Card has thirteen fields, four of
    them such)."""
    fields = kind.model_fields
    mutable = tuple(k for k, f in fields.items() if not _atomic(f.annotation))
    bare = kind.model_config.get("extra") != "allow" and not kind.__private_attributes__
    plan = _PLANS[kind] = (len(fields), mutable, bare)
    return plan


def deep_copy(value: T) -> T:
    """A copy of `value` (models, lists and dicts of them, plain values) sharing nothing
    mutable with it. Objects it holds twice are copied twice (`copy.deepcopy` would copy them
    once): boards read from JSON or validated from dicts hold none."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    plan = _PLANS.get(kind)
    if plan is None:
        if kind is list:
            return [v if type(v) in _ATOMS else deep_copy(v) for v in value]  # type: ignore[attr-defined,return-value]
        if kind is dict:
            return {k: v if type(v) in _ATOMS else deep_copy(v) for k, v in value.items()}  # type: ignore[attr-defined,return-value]
        if not isinstance(value, BaseModel):
            return value if isinstance(value, Enum) else copy.deepcopy(value)
        plan = _plan(type(value))
    size, mutable, bare = plan
    new = kind.__new__(kind)
    fields = value.__dict__.copy()
    if len(fields) == size:
        # the fields typed as plain values, enums or tuples of them are kept as they are
        for k in mutable:
            v = fields[k]
            if type(v) not in _ATOMS:
                fields[k] = deep_copy(v)
    else:  # not the model's own fields (built without validation): each one looked at
        fields = {
            k: v if type(v) in _ATOMS or isinstance(v, Enum) else deep_copy(v)
            for k, v in fields.items()
        }
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))  # type: ignore[attr-defined]
    if bare:
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new
    extra = value.__pydantic_extra__  # type: ignore[attr-defined]
    _set(new, "__pydantic_extra__", None if extra is None else deep_copy(extra))
    private = getattr(value, "__pydantic_private__", None)
    _set(new, "__pydantic_private__", None if private is None else deep_copy(private))
    return new


M = TypeVar("M", bound=BaseModel)


def copy_with(value: M, **fields: Any) -> M:
    """A shallow copy of the model `value` with `fields` put in its place (not validated), and
    `value`'s fields set: an engine that changes only part of a board copies that part
    (`deep_copy`) and shares the rest, which it never changes."""
    kind = type(value)
    plan = _PLANS.get(kind) or _plan(kind)
    new = kind.__new__(kind)
    own = value.__dict__.copy()
    own.update(fields)
    _set(new, "__dict__", own)
    _set(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
    if plan[2]:
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new
    extra = value.__pydantic_extra__
    _set(new, "__pydantic_extra__", None if extra is None else deep_copy(extra))
    private = getattr(value, "__pydantic_private__", None)
    _set(new, "__pydantic_private__", None if private is None else deep_copy(private))
    return new


__all__ = ["copy_with", "deep_copy"]
