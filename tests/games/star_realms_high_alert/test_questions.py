"""The website's dispute forms build states the engine rules on."""

from __future__ import annotations

from .helpers import RULES


def ask(slug: str, **answers: object):  # type: ignore[no-untyped-def]
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(question.form.model_validate(answers))
    return RULES.rule_json(state, move)


def test_every_question_has_a_title_and_a_form_with_defaults_where_possible() -> None:
    slugs = {q.slug for q in RULES.questions}
    assert slugs == {"ally-live", "requisition-price", "tech-usable", "free-acquire", "hero-scrap"}


def test_is_my_ally_live_form_with_a_card_named_in_play() -> None:
    """The player names Cargo Raptor; its Star Empire faction is the catalog's, not asked."""
    ruling = ask("ally-live", card="hellfire", cards_in_play=["cargo-raptor"])
    assert ruling.legal
    assert "Cargo Raptor in play triggers it" in ruling.answer


def test_is_my_ally_live_form_with_a_hero_played_this_turn_giving_a_merged_symbol() -> None:
    """Doctor Clark, named among the cards in play, was played this turn: his merged Star
    Empire + Trade Federation symbol counts, worked out from the card."""
    ruling = ask("ally-live", card="hellfire", cards_in_play=["doctor-clark"])
    assert ruling.legal
    assert any(r.code == "hero-primary-symbol-counts" for r in ruling.reasons)


def test_is_my_ally_live_form_with_no_card_of_its_faction() -> None:
    ruling = ask("ally-live", card="hellfire", cards_in_play=["corsair"])
    assert not ruling.legal


def test_is_my_ally_live_form_with_a_hero_from_an_earlier_turn() -> None:
    ruling = ask(
        "ally-live",
        card="hellfire",
        cards_in_play=[],
        heroes_from_earlier_turns=["doctor-clark"],
    )
    assert not ruling.legal
    assert any(r.code == "hero-primary-expired" for r in ruling.reasons)


def test_what_does_this_requisition_card_cost_me_form() -> None:
    ruling = ask("requisition-price", card="the-armory", cards_in_play=["star-empire"] * 3, trade=4)
    assert ruling.legal
    assert ruling.next_state is not None and ruling.next_state["trade"] == 0


def test_can_i_use_this_tech_form_for_stealth() -> None:
    ruling = ask("tech-usable", tech="stealth", trade=2, stealth_faction="blob")
    assert ruling.legal


def test_free_acquire_form_refuses_a_card_over_the_limit() -> None:
    ruling = ask(
        "free-acquire", card="the-armory", costing_at_most=4, cards_in_play=["star-empire"] * 4
    )
    assert not ruling.legal
    assert ruling.reasons[0].code == "over-free-limit"


def test_hero_scrap_form_outside_the_main_phase() -> None:
    ruling = ask("hero-scrap", hero="doctor-clark", phase="draw")
    assert not ruling.legal
