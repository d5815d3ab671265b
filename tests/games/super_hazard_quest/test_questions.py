"""The website's question forms build boards the engine rules on as a player would expect."""

from __future__ import annotations

from games.super_hazard_quest.questions import (
    BattleForm,
    LookAndDiscardForm,
    PassHazardForm,
    WhoStartsForm,
    WoundForm,
)
from games.super_hazard_quest.rules import RULES
from tests.games.super_hazard_quest.helpers import assert_illegal, assert_legal


def ask(slug: str, form: object):
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(form)
    return RULES.rule_json(state, move)


def test_every_question_is_offered() -> None:
    assert {q.slug for q in RULES.questions} == {
        "pass-hazard",
        "look-and-discard",
        "was-i-wounded",
        "who-starts",
        "hero-battle",
    }


def test_a_super_item_passes_its_own_combat_hazard() -> None:
    form = PassHazardForm(
        hazard="attack",
        item_kind="super",
        item_action="attack",
        item_second_action="hide",
        inherent="dig",
    )
    assert_legal(ask("pass-hazard", form))


def test_a_dual_item_without_the_direction_action_cannot_pass() -> None:
    form = PassHazardForm(
        hazard="climb",
        item_kind="dual-action",
        item_action="dig",
        item_second_action="hide",
        inherent="stomp",
    )
    assert_illegal(ask("pass-hazard", form), "dual-action-lacks-action", "9.3")


def test_the_look_and_discard_question() -> None:
    assert_illegal(
        ask("look-and-discard", LookAndDiscardForm(discard=2, look=True)),
        "look-in-discard-turn",
        "6.4",
    )
    assert_legal(ask("look-and-discard", LookAndDiscardForm(discard=2, look=False)))


def test_the_wound_question() -> None:
    """Three disputes at the table: an Attack hazard you cannot pass, the red Scrambler with
    its crystal in hand, and the same hazard with a Super Item of Attack."""
    form = WoundForm(new_room="hazard", hazard="attack", inherent="climb", red_crystals=1)
    assert_legal(ask("was-i-wounded", form), "wounded-stuck", "8.1")
    ruling = ask("was-i-wounded", WoundForm(new_room="red-scrambler", red_crystals=1))
    assert_legal(ruling, "scrambler-defeated", "2.8")
    form = WoundForm(new_room="hazard", hazard="attack", item_kind="super", item_action="attack")
    assert_legal(ask("was-i-wounded", form), "way-on-open", "8.1")


def test_the_who_starts_question() -> None:
    assert_legal(ask("who-starts", WhoStartsForm(stage_numbers=[5, 0, 2], claimed_first=3)))
    assert_illegal(
        ask("who-starts", WhoStartsForm(stage_numbers=[5, 0, 2], claimed_first=1)),
        "setup-wrong-first",
        "3.3",
    )
    # the player claimed to start drew no Stage Number: rule 3.5 decides
    assert_illegal(
        ask("who-starts", WhoStartsForm(stage_numbers=[5, 0, 2], claimed_first=2)),
        "setup-no-stage-number",
        "3.5",
    )


def test_the_battle_question() -> None:
    form = BattleForm(
        hazard_item="combat",
        requested="hide",
        defender_item_action="attack",
        defender_inherent="climb",
        defender_answers=False,
    )
    ruling = ask("hero-battle", form)
    assert_legal(ruling, "battle-won", "11.5")
    # The defender that cannot answer is wounded by the battle (our reading of rule 8.12).
    assert_legal(ruling, "battle-wound", "8.12")
    assert "super-hazard-quest:hero-battle-wounds-the-loser" in ruling.interpretations
