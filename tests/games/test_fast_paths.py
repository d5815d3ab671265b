"""The engines' fast paths (issue 15) give what the code they stand in for gave: each old way
is kept here as the reference, and both are run on the same inputs."""

from __future__ import annotations

import copy
import pickle
import unicodedata
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from games import registry
from games.bo_jackson_battle_arena.cards import Weapon, _weapon_name
from games.bo_jackson_battle_arena.state import _WEAPON_SPELLINGS, _hero_weapon
from games.bo_jackson_battle_arena.state import State as ArenaState
from games.bo_jackson_battle_arena.state import card_place as arena_place
from games.core.copies import deep_copy
from games.core.errors import BadInput
from games.core.names import fold, nfc
from games.higher_lower import checks as hl_checks
from games.higher_lower.state import State as HigherLowerState
from games.hyperstar_run.checks import _places as hyperstar_places
from games.hyperstar_run.naming import place as hyperstar_place
from games.hyperstar_run.state import State as HyperstarState
from games.star_realms_high_alert.state import State as HighAlertState
from games.super_hazard_quest import state as hazard
from tests.fuzz_size import examples

# ----- Hyperstar Run: one spelling per icon -----


def _one_spelling_before(data: Any) -> Any:
    """`State._one_spelling_per_icon` as it was (fold and nfc of every icon)."""
    if not isinstance(data, dict):
        return data
    spelling: dict[str, str] = {}

    def one(icon: Any) -> Any:
        if not isinstance(icon, str) or not icon.strip():
            return icon
        return spelling.setdefault(fold(icon.strip()), nfc(icon.strip()))

    def many(icons: Any) -> Any:
        return [one(i) for i in icons] if isinstance(icons, list) else icons

    faces = data.get("faces")
    if isinstance(faces, dict):
        fixed: dict[Any, Any] = {}
        for card, face in faces.items():
            if isinstance(face, dict):
                face = dict(face)
                for key in ("buttons", "combo_start", "enemy"):
                    if key in face:
                        face[key] = many(face[key])
                if "combo_continue" in face:
                    face["combo_continue"] = one(face["combo_continue"])
            fixed[card] = face
        data = {**data, "faces": fixed}
    equipment = data.get("equipment")
    if isinstance(equipment, dict):
        data = {**data, "equipment": {k: many(v) for k, v in equipment.items()}}
    return data


# Spellings of a few icons a player may type: cases, accents composed and not, spaces, and
# what is not an icon at all (the validator leaves it for the field to refuse).
_ICONS = st.sampled_from(
    [
        *("a", "A", " a ", "Star", "STAR", "star", "é", "É", "e\u0301", "E\u0301", " É "),
        *("ß", "SS", "ǅ", "ǆ", "Ǆ", "\u212b", "Å", "å", "*", "", "  ", "x", "X"),
    ]
)
_ICON_OR_NOT = st.one_of(_ICONS, st.integers(0, 3), st.none())
_FACE = st.fixed_dictionaries(
    {},
    optional={
        "buttons": st.one_of(st.lists(_ICON_OR_NOT, max_size=4), _ICON_OR_NOT),
        "combo_start": st.lists(_ICON_OR_NOT, max_size=3),
        "enemy": st.lists(_ICON_OR_NOT, max_size=4),
        "combo_continue": _ICON_OR_NOT,
        "ability": st.just({"text": "x"}),
    },
)
_BOARD: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
    {"run": st.just(1)},
    optional={
        "faces": st.one_of(
            st.dictionaries(st.sampled_from(["L1", "L2", "L3", "L4"]), st.one_of(_FACE, st.none())),
            st.just([]),
        ),
        "equipment": st.one_of(
            st.dictionaries(st.sampled_from(["E1", "E2"]), st.lists(_ICON_OR_NOT, max_size=3)),
            st.just("E1"),
        ),
    },
)


@settings(max_examples=examples(400), deadline=None)
@given(_BOARD)
def test_icons_are_spelt_as_before(data: dict[str, Any]) -> None:
    """The spellings are settled after the fields are read now, not on the raw board before
    them: the board read is the same, or refused as before."""
    board = {"difficulty": "tutorial", "level": [], "hand": [], **data}
    try:
        before = HyperstarState.model_validate(_one_spelling_before(board), strict=True)
    except ValidationError:
        try:
            HyperstarState.model_validate(board, strict=True)
        except ValidationError:
            return
        raise AssertionError("a board refused before is read now") from None
    assert HyperstarState.model_validate(board, strict=True) == before


def test_an_icon_keeps_the_boards_first_spelling() -> None:
    engine = registry["hyperstar-run"]
    state = engine.example()["state"]
    first = next(iter(state["faces"].values()))["buttons"][0]
    other = first.swapcase() if first.swapcase() != first else first
    card = list(state["faces"])[-1]
    state = {
        **state,
        "faces": {
            **state["faces"],
            card: {**state["faces"][card], "buttons": [f" {other} "]},
        },
    }
    parsed = engine.parse_state(state)
    assert parsed.faces[card].buttons == [first]


# ----- Battle Arena: weapons -----


def _hero_weapon_before(value: Any) -> Any:
    if isinstance(value, str) and value.strip().casefold() == "none":
        return "none"
    if isinstance(value, Weapon):
        return value
    if isinstance(value, str):
        try:
            return Weapon(_weapon_name(value))
        except ValueError:
            pass
    raise ValueError("not a weapon")


def test_every_weapon_spelling_in_the_table_reads_as_before() -> None:
    assert len(_WEAPON_SPELLINGS) == 3 * len(Weapon) + 3
    for spelt in _WEAPON_SPELLINGS:
        assert _hero_weapon(spelt) is _hero_weapon_before(spelt), spelt
    for other in (Weapon.FIRE, " fire", "fIrE", "NoNe", " none ", "Fire\n"):
        assert _hero_weapon(other) == _hero_weapon_before(other), other
    for bad in ("", "fyre", "nothing", 3, None):
        for reader in (_hero_weapon, _hero_weapon_before):
            try:
                reader(bad)
            except ValueError:
                continue
            raise AssertionError(f"{bad!r} read as a weapon")


# ----- Super Hazard Quest: the fold of names and ids -----


def _hazard_fold_before(text: str) -> str:
    """The fold written out without its ASCII fast path: NFKC, case folding, NFKC (names that
    differ only in compatibility forms, such as full-width letters, are one name)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


@settings(max_examples=examples(500), deadline=None)
@given(st.text(max_size=12) | st.text(alphabet=st.characters(max_codepoint=127), max_size=12))
def test_hazard_names_fold_as_before(text: str) -> None:
    assert hazard.fold(text) == _hazard_fold_before(text)


def test_every_ascii_character_folds_as_before() -> None:
    every = "".join(chr(c) for c in range(128))
    assert hazard.fold(every) == _hazard_fold_before(every)


# ----- the deep copy of boards -----


def _boards() -> list[Any]:
    boards = []
    for slug in sorted(registry):
        engine = registry[slug]
        boards.append(engine.parse_state(engine.example()["state"]))
    # A High Alert board with parts not described: a private attribute of the model.
    example = registry["star-realms-high-alert"].example()["state"]
    boards.append(HighAlertState.model_validate({**example, "trade_row": None, "techs": None}))
    return boards


def test_a_deep_copy_is_the_models_a_pickle_round_trip_makes() -> None:
    for board in _boards():
        copied = deep_copy(board)
        before = pickle.loads(pickle.dumps(board, protocol=pickle.HIGHEST_PROTOCOL))
        assert copied == before == board
        assert copied.model_dump(mode="json") == before.model_dump(mode="json")
        assert copied.model_fields_set == before.model_fields_set
        assert copied.__pydantic_private__ == before.__pydantic_private__
        assert copied.model_dump(mode="json") == copy.deepcopy(board).model_dump(mode="json")


def test_a_deep_copy_shares_nothing_that_changes() -> None:
    board = registry["super-hazard-quest"].parse_state(
        registry["super-hazard-quest"].example()["state"]
    )
    before = board.model_dump(mode="json")
    copied = deep_copy(board)
    hero = copied.heroes[0]
    hero.hand.clear()
    hero.x = None
    copied.dungeon[0].exits.clear()
    copied.heroes.append(copied.heroes[0])
    assert board.model_dump(mode="json") == before
    assert copied.model_dump(mode="json") != before


# ----- a card in two places: the same field and message as the old walk of every place -----


def _refusal(engine: Any, state: Any) -> tuple[str, str] | None:
    try:
        engine.parse_state(state)
    except BadInput as exc:
        return exc.field, exc.message
    return None


def _hyperstar_twice_before(state: Any) -> tuple[str, str] | None:
    seen: dict[str, str] = {}
    for path, card in hyperstar_places(state):
        if card in seen:
            said = f"{_said_place(path)} is the same card as {_said_place(seen[card])}"
            return path, f"{said}: a card is in one place"
        seen[card] = path
    return None


def _said_place(path: str) -> str:
    """`state.hand.2.card` as the refusal says it: "the 3rd card in your hand"."""
    _, zone, index, *_ = path.split(".")
    return hyperstar_place(zone, int(index))


def test_a_hyperstar_card_in_two_places_is_refused_as_before() -> None:
    engine = registry["hyperstar-run"]
    example = engine.example()["state"]
    cards = [
        *(s["card"] for s in example["level"]),
        *(h["card"] for h in example["hand"]),
        *example["set_aside"],
    ]
    refused = 0
    for zone in ("level", "hand", "discard", "set_aside"):
        for card in cards:
            state = copy.deepcopy(example)
            if zone == "level":
                state["level"].append({"card": card})
            elif zone == "set_aside":  # full: the card stands in for its last
                state["set_aside"] = [*state["set_aside"][:-1], card]
            else:
                state[zone] = [*state.get(zone, []), {"card": card}]
            state["hero"] = 0
            got = _refusal(engine, state)
            try:
                parsed = HyperstarState.model_validate(state)
            except ValidationError:  # refused by a field before any check across fields
                continue
            expected = _hyperstar_twice_before(parsed)
            if expected is not None:
                assert got == expected, (zone, card)
                refused += 1
    assert refused > 20


def test_a_battle_arena_card_in_two_places_is_refused_as_before() -> None:
    engine = registry["bo-jackson-battle-arena"]
    example = engine.example()["state"]
    piles = ("zones", "hero_deck", "set_aside", "bench")
    refused = 0
    for p in (0, 1):
        for pile in piles:
            for q in (0, 1):
                for other in piles:
                    state = copy.deepcopy(example)
                    source = state["players"][q].get(other) or []
                    if not source:
                        continue
                    twin = {**source[-1], "id": source[-1]["id"].swapcase()}
                    target = state["players"][p]
                    target[pile] = [*(target.get(pile) or []), twin]
                    if pile == "zones":
                        target[pile] = [twin, *target[pile][1:7]]
                    got = _refusal(engine, state)
                    if got is None or "is the same card" not in got[1]:
                        continue
                    # The old walk: every place in order, the first met twice refused.
                    parsed = ArenaState.model_validate(state).root
                    seen: dict[str, tuple[int, str, int]] = {}
                    expected = None
                    for i, player in enumerate(state["players"]):
                        for name in (*piles, "hand", "playbook", "plays_used"):
                            for j, card in enumerate(player.get(name) or []):
                                key, path = fold(card["id"]), f"state.players.{i}.{name}.{j}"
                                if key in seen and expected is None:
                                    named = card.get("name", "")
                                    named = f" ({named})" if named and named != card["id"] else ""
                                    here = arena_place(parsed, i, name, j)
                                    first = arena_place(parsed, *seen[key])
                                    said = f"{here} is the same card{named} as {first}"
                                    expected = (path, f"{said}: a card is in one place")
                                seen.setdefault(key, (i, name, j))
                    assert got == expected
                    refused += 1
    assert refused > 10


# ----- Higher or Lower: more than four copies of a number -----


def _copies_before(state: Any) -> tuple[str, str] | None:
    """`checks._check_copies` as it was, up to its last check (unchanged): every place
    written as a path first, then counted."""
    counts: Counter[int] = Counter()
    places = [(f"state.discard.{i}", v) for i, v in enumerate(state.discard)]
    if state.last_card is not None:
        places.append(("state.last_card", state.last_card))
    for pi, p in enumerate(state.players):
        if isinstance(p.hand, list):
            places.extend((f"state.players.{pi}.hand.{i}", v) for i, v in enumerate(p.hand))
    for field, value in places:
        counts[value] += 1
        if counts[value] > 4:
            return field, hl_checks._too_many(value)
    return None


_FEW = st.lists(st.integers(1, 4), max_size=7)


@settings(max_examples=examples(300), deadline=None)
@given(_FEW, st.one_of(st.none(), st.integers(1, 4)), st.lists(st.one_of(_FEW, st.integers(0, 9))))
def test_too_many_copies_are_refused_as_before(
    discard: list[int], last: int | None, hands: list[Any]
) -> None:
    example = registry["higher-lower"].example()["state"]
    players = [
        {**p, "hand": hands[i] if i < len(hands) else p["hand"]}
        for i, p in enumerate(example["players"])
    ]
    state = HigherLowerState.model_validate(
        {**example, "discard": discard, "last_card": last, "players": players}
    )
    expected = _copies_before(state)
    try:
        hl_checks._check_copies(state)
    except BadInput as exc:
        assert (exc.field, exc.message) == expected or (
            expected is None and exc.field == "state.match_chain"
        )
        return
    assert expected is None
