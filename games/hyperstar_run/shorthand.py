"""Building boards from short descriptions: for the website's forms, the worked example, the
benchmark and the tests.

Faces are written the way a player reads them: `face("A", enemy="A *", start="B B",
cont="B", line="LR red")`. Cards get ids in order: the level first (L1, L2, ...), then the
Level Cards in hand, then those in the discard pile; the rest are set aside. Rows shorter than
the difficulty asks are filled with face-down cards whose faces are not given.
"""

from __future__ import annotations

from typing import Any

from games.hyperstar_run.state import HAND_LEVEL_CARDS, LEVEL_IDS, level_size, set_aside_size


def icons(text: str) -> list[str]:
    return text.split()


def face(
    buttons: str,
    enemy: str | None = None,
    start: str | None = None,
    cont: str | None = None,
    line: str | None = None,
    ability: str | None = None,
    swap: bool = False,
) -> dict[str, Any]:
    """One Level Card face. `line` is the edges it reaches, `L`, `R` or `LR`, then a colour."""
    out: dict[str, Any] = {"buttons": icons(buttons)}
    if enemy is not None:
        out["enemy"] = icons(enemy)
    if start is not None:
        out["combo_start"] = icons(start)
    if cont is not None:
        out["combo_continue"] = cont
    if line is not None:
        edges, _, colour = line.partition(" ")
        out["combo_line"] = {"left": "L" in edges, "right": "R" in edges, "colour": colour}
    if ability is not None or swap:
        out["ability"] = {"text": ability or "", "swap": swap}
    return out


UNSAID: Any = object()  # a part the question did not describe


def said(
    buttons: str | None = None,
    *,
    enemy: Any = UNSAID,
    start: Any = UNSAID,
    cont: Any = UNSAID,
    line: Any = UNSAID,
    ability: Any = UNSAID,
    swap: bool = False,
) -> dict[str, Any]:
    """A face as far as a question described it: each part left out is not described
    (listed in `not_described`), None is not printed, a value is as printed. `buttons` None:
    not described. `line` may also be a dict of edges ({"right": True}, the other edge not
    described) with an optional colour."""
    out: dict[str, Any] = {"buttons": icons(buttons) if buttons else None, "not_described": []}
    parts = {"enemy": enemy, "combo_start": start, "combo_continue": cont}
    for part, value in parts.items():
        if value is UNSAID:
            out["not_described"].append(part)
        elif value is not None:
            out[part] = value if part == "combo_continue" else icons(value)
    if line is UNSAID:
        out["not_described"].append("combo_line")
    elif isinstance(line, dict):
        out["combo_line"] = {"left": None, "right": None, "colour": "", **line}
    elif line is not None:
        edges, _, colour = line.partition(" ")
        out["combo_line"] = {"left": "L" in edges, "right": "R" in edges, "colour": colour}
    if ability is UNSAID:
        out["not_described"].append("ability")
    elif ability is not None or swap:
        out["ability"] = {"text": ability or "", "swap": swap}
    return out


def board(
    difficulty: str = "tutorial",
    run: int = 1,
    hero: int = 0,
    level: list[dict[str, Any] | None] | None = None,
    hand: list[dict[str, Any] | None] | None = None,
    discard: list[dict[str, Any] | None] | None = None,
    equipment: tuple[str, str] | None = ("A B", "C D"),
    equipment_discarded: tuple[bool, bool] = (False, False),
    pressed: tuple[int, ...] = (),
    face_down_level: tuple[int, ...] = (),
    face_down_hand: int | None = None,
    discard_face_down: int | None = None,
    not_described: tuple[str, ...] = (),
    equipment_placed: tuple[bool, bool] = (True, True),
    **flags: Any,
) -> dict[str, Any]:
    """A board as JSON. Level cards up to the hero are face up unless in `face_down_level`.

    `hand` and `discard` list Level Cards only; the Equipment Cards go to the hand unless
    `equipment_discarded` says otherwise, and come last in the hand; one not in
    `equipment_placed` is placed nowhere (its place not described). The places listed in
    `not_described` ("hand", "face_down_card", "discard") hold only the cards given: the hand
    is not filled up to its size, and the cards placed nowhere are in one of them. Extra
    `flags` (combo, ability_used, swap_pending, outcome, challenge) are copied onto the board.
    """
    size = level_size(difficulty, run)
    rows = list(level or [])
    rows += [None] * (size - len(rows))
    in_hand = list(hand or [])
    in_discard = list(discard or [])
    held = HAND_LEVEL_CARDS + run - 1
    if not not_described:
        in_hand += [None] * (held - len(in_hand) - len(in_discard))
    ids = iter(LEVEL_IDS)
    faces: dict[str, Any] = {}

    def place(card_face: dict[str, Any] | None) -> str:
        card = next(ids)
        if card_face is not None:
            faces[card] = card_face
        return card

    level_slots = [
        {
            "card": place(f),
            "face_up": i <= hero and i not in face_down_level,
            "pressed": i in pressed,
        }
        for i, f in enumerate(rows)
    ]
    hand_cards = [{"card": place(f), "face_up": i != face_down_hand} for i, f in enumerate(in_hand)]
    discard_cards = [
        {"card": place(f), "face_up": i != discard_face_down} for i, f in enumerate(in_discard)
    ]
    for card, gone, placed in zip(("E1", "E2"), equipment_discarded, equipment_placed, strict=True):
        if placed:
            (discard_cards if gone else hand_cards).append({"card": card, "face_up": True})
    set_aside = [next(ids) for _ in range(set_aside_size(difficulty))]
    state: dict[str, Any] = {
        "difficulty": difficulty,
        "run": run,
        "hero": hero,
        "level": level_slots,
        "hand": hand_cards,
        "discard": discard_cards,
        "set_aside": set_aside,
        "faces": faces,
        "equipment": ({"E1": icons(equipment[0]), "E2": icons(equipment[1])} if equipment else {}),
    }
    if not_described:
        state["not_described"] = list(not_described)
    state.update(flags)
    return state


RANDOM_ICONS = ("A", "B", "C", "D")
RANDOM_COLOURS = ("red", "blue")


def random_face(rng: Any, icons: tuple[str, ...] = RANDOM_ICONS) -> dict[str, Any]:
    """A made-up face for tests and benchmarks (not a real card: no real face is public)."""
    start = rng.choice(icons)
    edges = rng.choice(("", "L", "R", "LR", "LR"))
    return face(
        rng.choice(icons),
        enemy=" ".join(rng.choice((*icons, "*")) for _ in range(rng.randint(2, 3))),
        start=f"{start} {start}",
        cont=rng.choice(icons),
        line=f"{edges} {rng.choice(RANDOM_COLOURS)}" if edges else None,
    )


def random_board(
    rng: Any, difficulty: str = "expert", run: int = 1, icons: tuple[str, ...] = RANDOM_ICONS
) -> dict[str, Any]:
    """A board at the start of `run` with every face in the level and the hand made up."""
    size = level_size(difficulty, run)
    held = HAND_LEVEL_CARDS + run - 1
    return board(
        difficulty,
        run=run,
        level=[random_face(rng, icons) for _ in range(size)],
        hand=[random_face(rng, icons) for _ in range(held)],
        equipment=(
            f"{rng.choice(icons)} {rng.choice(icons)}",
            f"{rng.choice(icons)} {rng.choice(icons)}",
        ),
    )
