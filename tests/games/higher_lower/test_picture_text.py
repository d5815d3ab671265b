"""The words of Higher or Lower's picture: every seat's name is said whole, in the playing
order and beside the call, however long the names the player used; a hand emptied of its
boosters is said to hold none."""

from __future__ import annotations

from typing import Any

from games.higher_lower.picture import CALL_LINE_CHARS, ORDER_LINE_CHARS, describe, layout
from games.higher_lower.questions import CanIPlayThisCard, build_play

from .helpers import RULES

JSON = dict[str, Any]


def _texts(picture: JSON) -> list[str]:
    return [t["text"] for t in picture["texts"]]


def _order_lines(picture: JSON) -> list[str]:
    texts = picture["texts"]
    start = next(i for i, t in enumerate(texts) if t["text"].startswith("Play passes left: "))
    lines = [texts[start]]
    for t in texts[start + 1 :]:
        if t["x"] != lines[0]["x"] or t["y"] != lines[-1]["y"] + 17:
            break
        lines.append(t)
    return [t["text"] for t in lines]


def test_six_seats_named_as_the_form_names_them_are_all_said_in_the_playing_order() -> None:
    state, _ = build_play(CanIPlayThisCard(players=6))
    picture = layout(RULES.parse_state(state), "At the table")
    lines = _order_lines(picture)
    said = " ".join(lines)
    # Before: one line cut at 64 characters, each name cut at 12 ("the player …").
    assert "…" not in said
    assert said == (
        "Play passes left: You → the player on your left → the player two seats to your left"
        " → the player three seats to your left → the player four seats to your left"
        " → the player on your right → You"
    )
    assert all(len(line) <= ORDER_LINE_CHARS for line in lines)
    assert len(lines) > 1
    # The rest of the table moves down to make room: nothing drawn over the second line.
    below = [t for t in picture["texts"] if t["y"] > 70 and t["text"] not in lines]
    assert min(t["y"] for t in below) > 70 + 17 * (len(lines) - 1) + 10


def test_the_player_who_made_the_call_and_those_who_matched_since_are_named_whole() -> None:
    state, _ = build_play(CanIPlayThisCard(players=6))
    state["match_chain"] = ["the player two seats to your left", "the player on your left"]
    picture = layout(RULES.parse_state(state), "At the table")
    lines = picture["call"]["lines"]
    assert all(len(line) <= CALL_LINE_CHARS for line in lines)
    said = " ".join(lines)
    assert "…" not in said  # before: "called by the player on your …"
    assert "called by the player on your right" in said
    assert "matched since: the player two seats to your left, the player on your left" in said
    # The line under the pile comes after the last of them.
    nxt = next(t for t in picture["texts"] if t["text"].startswith("Next:"))
    last = max(t["y"] for t in picture["texts"] if t["text"] in lines)
    assert nxt["y"] > last


def test_a_player_whose_last_booster_was_played_holds_no_boosters() -> None:
    state, _ = build_play(CanIPlayThisCard(players=2))
    state["players"][0]["boosters"] = []
    said = describe(RULES.parse_state(state))
    assert "You hold." not in said  # before: the empty list of boosters said as nothing
    assert "and no boosters" in said


def test_the_call_you_made_is_said_called_by_you() -> None:
    state, move = build_play(CanIPlayThisCard(players=3))
    after = RULES.apply(RULES.parse_state(state), RULES.parse_move(move, RULES.parse_state(state)))
    lines = layout(after, "After the move")["call"]["lines"]
    assert "called by you" in lines  # was "called by You"
