"""Super Hazard Quest's rulings and picture in a player's words: the seats of the setup form
named as the form names them, counts agreeing with their nouns, a seat's name in lower case
mid-sentence, the move said in words, and the picture's words wrapped to a phone's width."""

from __future__ import annotations

from typing import Any

from games.core.registry import registry
from games.super_hazard_quest.picture import CAPTION_CHARS, HERO_CHARS, SMALL_CHARS, layout
from games.super_hazard_quest.state import State

RULES = registry["super-hazard-quest"]


def _asked(slug: str, **answers: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    question = next(q for q in RULES.questions if q.slug == slug)
    return question.build(question.form(**answers))


def test_who_starts_names_the_seats_as_the_form_does() -> None:
    state, move = _asked("who-starts")
    ruling = RULES.rule_json(state, move)
    # Before: "No, that setup is not right: You drew the lowest Stage Number (3), not Seat 2."
    assert ruling.answer == (
        "No, that setup is not right: you drew the lowest Stage Number (3), so you go first, "
        "not the player on your left."
    )
    state, move = _asked("who-starts", stage_numbers=[5, 4, 3], claimed_first=3)
    ruling = RULES.rule_json(state, move)
    assert ruling.answer.startswith(
        "Yes, that setup is right: the player 2 seats to your left goes first."
    )
    assert "Seat" not in " ".join([ruling.answer, *(r.detail for r in ruling.reasons)])


def test_in_a_hero_battle_your_opponent_is_named_in_lower_case_mid_sentence() -> None:
    ruling = RULES.rule_json(*_asked("hero-battle"))
    assert ruling.answer.startswith("Yes, but your opponent answers every request")  # was "Your"


def test_counts_agree_with_their_nouns() -> None:
    ruling = RULES.rule_json(*_asked("was-i-wounded"))
    details = [r.detail for r in ruling.reasons]
    assert "0 crystals lost" in details  # was "0 crystal(s) lost"
    state, move = _asked("pass-hazard")
    drawn = layout(State.model_validate(state), "Can I pass?", {"move": move})
    said = " ".join(t.text for t in drawn["texts"])
    assert "The path in the move, in orange: You, 1 step." in said  # was "1 step(s)"
    assert "1 card on the table" in said  # was "1 card(s) on the table"


def test_the_move_is_said_in_words() -> None:
    state, move = _asked("hero-battle")
    drawn = layout(State.model_validate(state), "Battle", {"move": move})
    said = " ".join(t.text for t in drawn["texts"])
    # Before: "The move: hero battle by You."
    assert "The move: your Hero Battle against your opponent." in said
    state, move = _asked("look-and-discard")
    drawn = layout(State.model_validate(state), "Discard", {"move": move})
    assert "The move: your Discard Turn." in " ".join(t.text for t in drawn["texts"])


def test_the_words_around_the_map_fit_a_phone() -> None:
    limits = {"hq-path-say": CAPTION_CHARS, "hq-note": CAPTION_CHARS}
    limits |= {"hq-hero-name": HERO_CHARS, "hq-small": SMALL_CHARS}
    for slug in ("pass-hazard", "was-i-wounded", "hero-battle", "look-and-discard"):
        state, move = _asked(slug)
        drawn = layout(State.model_validate(state), "The board", {"move": move})
        long = [
            t.text
            for t in drawn["texts"]
            if t.cls in limits and t.x < 40 and len(t.text) > limits[t.cls]
        ]
        assert not long, (slug, long)


def test_a_hand_of_which_nothing_is_given_is_not_described() -> None:
    state, move = _asked("pass-hazard")
    # Your opponent, said to stand on your card: of their hand nothing is given.
    state["heroes"][1].update(x=0, y=0)
    drawn = layout(State.model_validate(state), "Can I pass?", {"move": move})
    hands = [t.text for t in drawn["texts"] if t.text.startswith("hand: ")]
    # Before: "hand: how many others: not described".
    assert "hand: not described" in hands
    assert "hand: Super Item (Attack), 4 unseen" in hands
