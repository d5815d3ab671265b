"""A deep copy of a board's pydantic models for an engine to play a move on in place.

`model_copy(deep=True)` goes through `copy.deepcopy`, and a pickle round trip through each
model's `__getstate__`/`__setstate__`; both keep a memo of every object seen so that shared
objects stay shared. A board read from JSON shares nothing, so a copy without the memo makes
the same models (fields, fields set, extra and private attributes, as `BaseModel.__deepcopy__`
copies them) in about half the time.
"""

from __future__ import annotations

import copy
from enum import Enum
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_ATOMS = frozenset({str, int, float, bool, type(None)})
_set = object.__setattr__


def deep_copy(value: T) -> T:
    """A copy of `value` (models, lists and dicts of them, plain values) sharing nothing
    mutable with it. Objects it holds twice are copied twice (`copy.deepcopy` would copy them
    once): boards read from JSON or validated from dicts hold none."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [deep_copy(v) for v in value]  # type: ignore[attr-defined,return-value]
    if kind is dict:
        return {k: deep_copy(v) for k, v in value.items()}  # type: ignore[attr-defined,return-value]
    if isinstance(value, BaseModel):
        new = kind.__new__(kind)
        # a model's fields are mostly plain values and enums, kept without a call each
        fields = {
            k: v if type(v) in _ATOMS or isinstance(v, Enum) else deep_copy(v)
            for k, v in value.__dict__.items()
        }
        _set(new, "__dict__", fields)
        extra = value.__pydantic_extra__
        _set(new, "__pydantic_extra__", None if extra is None else deep_copy(extra))
        _set(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
        private = getattr(value, "__pydantic_private__", None)
        _set(new, "__pydantic_private__", None if private is None else deep_copy(private))
        return new
    if isinstance(value, Enum):
        return value
    return copy.deepcopy(value)


__all__ = ["deep_copy"]
