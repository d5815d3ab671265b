"""Whatever a player (or a bot) sends the desk, every engine either rules on it or refuses it
as bad input naming the field: never another exception, which the API would answer with a 500.

Two kinds of input, for each engine's State and Move, through the calls the desk makes
(`rule_json`, `rule_sequence_json`, `legal_moves_json`):
- arbitrary JSON: any nesting of nulls, booleans, numbers (huge, negative, fractional, NaN),
  strings (empty, very long, NUL bytes, lone surrogates), lists and objects;
- the engine's own worked example (`RULES.example()`), mutated: a value replaced by another
  from the same example (an id reused, a count moved), by a boundary value or by arbitrary
  JSON, a key deleted or added, a list item dropped or duplicated. These get past parsing and
  reach the engine's cross-field checks and its adjudication.

A legal ruling's `next_state` must itself be a state the engine accepts.
`ENGINE_FUZZ_EXAMPLES` sets the examples per engine and kind (default 50 in `make test`, 100
with FUZZ_FULL=1; `.ci/run` sets 300; derandomized).
"""

from __future__ import annotations

import copy
import json
import math
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import registry
from games.core import Ruling, SequenceRuling
from games.core.errors import BadInput
from tests.fuzz_size import examples

ENGINES = sorted(registry)
EXAMPLES = int(os.environ.get("ENGINE_FUZZ_EXAMPLES", str(examples(100))))

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)

BOUNDARY: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    7,
    99,
    2**31,
    2**63,
    -(2**63),
    10**40,
    0.5,
    -0.0,
    1e308,
    math.nan,
    math.inf,
    "",
    " ",
    "0",
    "x" * 5000,
    "\x00",
    "\ud800",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    [],
    {},
    [None],
    {"kind": None},
]

boundary = st.sampled_from(BOUNDARY).map(copy.deepcopy)  # fresh lists and dicts each time
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-3, max_value=20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=30),
    boundary,
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(st.text(max_size=12), inner, max_size=6),
    ),
    max_leaves=30,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document, the root first."""
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*prefix, index))
    return out


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def _mutate_once(data: st.DataObject, doc: Any) -> Any:
    paths = _paths(doc)
    path = data.draw(st.sampled_from(paths), label="path")
    operation = data.draw(
        st.sampled_from(["steal", "steal", "boundary", "arbitrary", "delete", "add", "duplicate"]),
        label="operation",
    )
    if operation == "steal":
        value = copy.deepcopy(_get(doc, data.draw(st.sampled_from(paths), label="from")))
    elif operation == "boundary":
        value = data.draw(boundary, label="value")
    elif operation == "arbitrary":
        value = data.draw(json_values, label="value")
    if not path:
        return value if operation in ("steal", "boundary", "arbitrary") else doc
    parent = _get(doc, path[:-1])
    last = path[-1]
    if operation in ("steal", "boundary", "arbitrary"):
        parent[last] = value
    elif operation == "delete":
        del parent[last]
    elif operation == "duplicate" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif operation == "add" and isinstance(parent, dict):
        parent[data.draw(st.sampled_from(["id", "kind", "extra", "player", "x"]))] = data.draw(
            json_values
        )
    return doc


def _mutated(data: st.DataObject, example: dict[str, Any]) -> dict[str, Any]:
    doc = copy.deepcopy(example)
    for _ in range(data.draw(st.integers(min_value=1, max_value=4), label="mutations")):
        doc = _mutate_once(data, doc)
    return doc if isinstance(doc, dict) else {"state": doc, "move": doc}


def _rule_or_refuse(slug: str, state: Any, move: Any) -> Ruling | None:
    """What the desk does with `{state, move}` and `{state, moves: [move, move]}`: a ruling, or
    BadInput naming a field of the request; `legal_moves` likewise."""
    engine = registry[slug]
    ruling: Ruling | None = None
    try:
        ruling = engine.rule_json(state, move)
    except BadInput as exc:
        _assert_names_a_field(exc)
    else:
        assert isinstance(ruling, Ruling)
        assert ruling.summary
        _assert_decided(engine, ruling)
        if ruling.legal:
            assert ruling.next_state is not None
            engine.parse_state(ruling.next_state)  # the state after a legal move can exist
    try:
        sequence = engine.rule_sequence_json(state, [move, move])
    except BadInput as exc:
        _assert_names_a_field(exc)
    else:
        assert isinstance(sequence, SequenceRuling)
        for one in sequence.rulings:
            _assert_decided(engine, one)
        if sequence.first_illegal is not None:
            assert sequence.deciding_rule == sequence.rulings[-1].deciding_rule
    try:
        moves = engine.legal_moves_json(state)
    except BadInput as exc:
        _assert_names_a_field(exc)
    else:
        assert moves is None or isinstance(moves, list)
        json.dumps(moves)
    return ruling


def _assert_decided(engine: Any, ruling: Ruling) -> None:
    """A ruling with reasons names its deciding rule: one of its reasons' or voids' rules, of
    a code that can decide unless only general ones stand, and a rule the engine may cite."""
    cited = ruling.cited_rules()
    if not cited:
        assert ruling.deciding_rule is None
        return
    assert ruling.deciding_rule in cited, (ruling.deciding_rule, cited)
    assert ruling.deciding_rule in engine.cited_rule_keys()
    codes = [r.code for r in [*ruling.reasons, *ruling.voided]]
    if any(engine.reasons.can_decide(code) for code in codes):
        deciders = [
            r.rule for r in [*ruling.reasons, *ruling.voided] if engine.reasons.can_decide(r.code)
        ]
        assert ruling.deciding_rule in deciders


def _assert_names_a_field(exc: BadInput) -> None:
    assert exc.field, exc
    assert exc.field.split(".")[0] in ("state", "move", "moves"), exc.field
    assert exc.message, exc


@pytest.mark.parametrize("slug", ENGINES)
@FUZZ
@given(state=json_values, move=json_values)
def test_arbitrary_json_is_ruled_on_or_refused_naming_the_field(
    slug: str, state: Any, move: Any
) -> None:
    _rule_or_refuse(slug, state, move)


@pytest.mark.parametrize("slug", ENGINES)
@FUZZ
@given(data=st.data())
def test_a_mutated_worked_example_is_ruled_on_or_refused_naming_the_field(
    slug: str, data: st.DataObject
) -> None:
    request = _mutated(data, registry[slug].example())
    _rule_or_refuse(slug, request.get("state"), request.get("move"))


def _hyperstar_solve(request: dict[str, Any]) -> Any:
    from games.hyperstar_run.solver import solve_json

    return solve_json(request.get("state"))


def _high_alert_options(request: dict[str, Any]) -> Any:
    return registry["star-realms-high-alert"].options_json(request.get("state"))  # type: ignore[attr-defined]


def _hazard_quest_reachable(request: dict[str, Any]) -> Any:
    """As the tool `reachable` answers POST .../super-hazard-quest/tools/reachable."""
    from games.super_hazard_quest.pathfinder import reachable

    state = registry["super-hazard-quest"].parse_state(request.get("state"))
    move = request.get("move")
    player = move.get("player") if isinstance(move, dict) else None
    if not isinstance(player, str) or not player:
        raise BadInput("move.player", "name the hero whose turn it is")
    try:
        return reachable(state, player).as_json()
    except BadInput:
        raise
    except ValueError as exc:  # the path finder's own refusal, which the API names `player`
        raise BadInput("move.player", str(exc)) from None


TOOLS = {
    "hyperstar-run": _hyperstar_solve,
    "star-realms-high-alert": _high_alert_options,
    "super-hazard-quest": _hazard_quest_reachable,
}


@pytest.mark.parametrize("slug", sorted(TOOLS))
@FUZZ
@given(data=st.data())
def test_a_desk_tool_answers_a_mutated_worked_example_or_refuses_it(
    slug: str, data: st.DataObject
) -> None:
    """The solver, "what can I do now?" and the path finder take the same states."""
    request = _mutated(data, registry[slug].example())
    try:
        answer = TOOLS[slug](request)
    except BadInput as exc:
        _assert_names_a_field(exc)
    else:
        json.dumps(answer)


@pytest.mark.parametrize("slug", ENGINES)
def test_the_worked_example_itself_is_ruled_on(slug: str) -> None:
    example = registry[slug].example()
    assert _rule_or_refuse(slug, example["state"], example["move"]) is not None
