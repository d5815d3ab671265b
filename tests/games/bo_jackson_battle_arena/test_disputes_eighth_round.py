"""Bo Jackson Battle Arena: an eighth round of disputes as players bring them from the rulebook,
written before they were run: the reveal of the battle's Heroes (in a battle and in Sudden
Death), a decision made twice, a substitution with nothing left to draw, a Play paid below its
printed cost, Power cut by the opponent's Play, a Playbook run dry, moves after the end of the
game and Sudden Death called early, setup checks, the deck-check tool under the sealed, team
and Elite formats, and whole games as logs to their end or their first illegal move.

Ana is player 0 and Ben player 1; every Battle Zone holds a 100-Power Steel Hero unless a test
puts another there (tests/games/bo_jackson_battle_arena/helpers.py)."""

from __future__ import annotations

from typing import Any

from games import registry
from games.bo_jackson_battle_arena import reasons as R
from games.bo_jackson_battle_arena.rules import RULES
from games.core.tools import CatalogCard, InMemoryCardCatalog
from tests.games.bo_jackson_battle_arena.helpers import (
    JSON,
    KEY,
    RESOLVE,
    SETUP,
    dealt,
    deck,
    deck_hero,
    game,
    hero,
    keep,
    legal_heroes,
    passes,
    play_card,
    rule,
    run,
    settled,
    sub,
    zones,
)

SUDDEN_DEATH: JSON = {"kind": "sudden-death"}


def reveal(ana: tuple[int, str], ben: tuple[int, str]) -> JSON:
    """Both Heroes of the battle as they were turned face up."""
    return {
        "kind": "reveal-heroes",
        "heroes": [{"power": ana[0], "weapon": ana[1]}, {"power": ben[0], "weapon": ben[1]}],
    }


def face_down(card_id: str) -> JSON:
    """A Hero dealt face down whose face nobody has said yet."""
    return {"id": card_id, "name": "", "power": None, "weapon": None}


# ----- the reveal (4.1.2.1, 4.2.2.5, 4.3.2.5)


def test_the_heroes_are_turned_up_before_ben_has_decided_on_a_substitution() -> None:
    """Ana (honors) keeps her Hero, and at once flips both Heroes over. Ben: "I had not said
    whether I substitute." Ana: "You had your chance." The book: the players substitute, then
    reveal."""
    ruled = RULES.rule_sequence_json(
        game("substitution"), [keep(0), reveal((100, "Steel"), (100, "Steel"))]
    )
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1, ruled.answer
    # Written first as 4.2.2.5 (the reveal). What Ben claims is his own decision in the
    # Substitution Phase, which 4.2.2.1 gives each player in turn: that rule settles it.
    settled(ruled.rulings[1], False, "4.2.2.1")


def test_a_rookie_reveal_of_two_heroes_nobody_had_described() -> None:
    """Rookie battle 1, Heroes dealt face down and never named. Both are turned up: Ana's a
    120 Fire, Ben's a 95 Ice. Ben asks whether the reveal is in order before anything else."""
    state = game("rookie", ana={"current": face_down("a1")}, ben={"current": face_down("b1")})
    settled(rule(state, reveal((120, "Fire"), (95, "Ice"))), True, "4.1.2.1")


def test_a_playmaker_reveal_that_calls_ana_s_140_hero_a_120() -> None:
    """Playmaker, the Play Phase: Ana's Hero in Battle Zone 1 was turned up as a 140 Fire.
    Ben now writes the reveal down as 120 Fire. Ana: "It is a 140, it was already face up.\""""
    state = game("playmaker", phase="plays", ana={"current": hero("A", 140, "Fire")})
    settled(rule(state, reveal((120, "Fire"), (100, "Steel"))), False, "4.3.2.5")


# ----- the Substitution Phase (4.2.2.1-4, 4.3.2.1-4)


def test_ana_keeps_her_hero_and_then_says_it_again() -> None:
    """Substitution Mode battle 1, Ana has honors and keeps her Hero. Before Ben answers, Ana
    declares again "I keep". Ben: "You already decided; it is my decision now.\""""
    ruled = RULES.rule_sequence_json(game("substitution"), [keep(0), keep(0)])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1, ruled.answer
    assert ruled.first_illegal_by == "Ana"
    settled(ruled.rulings[1], False, "4.2.2.1")


def test_ana_substitutes_with_her_hero_deck_empty() -> None:
    """Substitution battle 6: Ana's Hero Deck is empty (Plays of earlier games, say). She pays
    2 of her 4 Hot Dogs to substitute. Ben: "You must draw a new Hero, and you cannot." Ana:
    "Then I draw nothing." The book does not say."""
    state = game(
        "substitution",
        battle=6,
        ana={"trophies": 3, "hot_dogs": 4, "deck": []},
        ben={"trophies": 2, "hot_dogs": 6},
    )
    settled(rule(state, sub(0)), True, "4.2.2.1", R.EMPTY_DECK)


# ----- the Play Phase (4.3.2.6-15)


def test_ana_s_3_hot_dog_play_paid_with_1_by_a_card_effect() -> None:
    """Ana (honors) runs Blitz, printed cost 3, paying 1 Hot Dog: a card she ran earlier made
    it cheaper, she says. Ben: "It costs 3." How a card changes a cost is not in the book."""
    state = game("playmaker", phase="plays", ana={"hand": [play_card("Blitz", 3)]})
    move = run(0, "Blitz") | {"hot_dogs": 1}
    # Written first flagged `play-effects-stated-in-the-move`. With 10 Hot Dogs Ana can pay
    # the printed 3 as well: the answer does not turn on what the card effect did.
    settled(rule(state, move), True, "4.3.2.6")


def test_ben_s_minus_30_play_on_ana_s_120_wins_him_the_battle() -> None:
    """Ana (120) passes; Ben runs a Play taking 30 from Ana's Hero, passes, and the battle is
    compared: 90 against Ben's 100. Ana: "My Hero is a 120." Ben: "Not after my Play.\""""
    state = game("playmaker", phase="plays", ana={"current": hero("A", 120)})
    log = [passes(0), run(1, "Ben-play-1", 0) | {"opponent_power_change": -30}, passes(1)]
    ruled = RULES.rule_sequence_json(state, [*log, RESOLVE])
    assert ruled.verdict == "legal", ruled.answer
    settled(ruled.rulings[-1], True, "4.3.2.11")
    assert ruled.rulings[-1].answer.startswith("Ben wins battle 1")


def test_ana_wins_a_battle_while_ben_s_playbook_is_empty() -> None:
    """Playmaker battle 1: Ana's 120 against Ben's 100, and Ben's Playbook is empty, so he
    cannot draw his Play at the end of the battle. Ben: "Then the battle cannot end." Ana:
    "It ends, and I win it.\""""
    state = game(
        "playmaker",
        phase="compare",
        ana={"current": hero("A", 120)},
        ben={"playbook": []},
    )
    ruling = rule(state, RESOLVE)
    settled(ruling, True, "4.3.2.11")
    assert ruling.answer.startswith("Ana wins battle 1")


def test_ana_runs_the_play_she_drew_at_the_end_of_battle_one() -> None:
    """Ben won battle 1; both drew a Play from the Playbook. In battle 2, after Ben (honors)
    passed, Ana runs the Play she just drew. Ben: "That was in your Playbook." Ana: "I drew
    it at the end of the battle.\""""
    state = game("playmaker", ben={"current": hero("B1", 150)})
    log = [keep(0), keep(1), passes(0), passes(1), RESOLVE]
    log += [keep(1), keep(0), passes(1), run(0, "Ana-playbook-1", 10)]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal", ruled.answer
    # Written first as 4.3.2.6. The Play's coming into the Hand is 4.3.2.14, ruled with the end
    # of battle 1 (its draw is named there); the run itself is Ana's turn after Ben passed.
    assert ("draw-a-play", KEY + "4.3.2.14") in {(r.code, r.rule) for r in ruled.rulings[4].reasons}
    settled(ruled.rulings[-1], True, "4.3.2.8")


# ----- the end of the game (4.4)


def test_ana_runs_a_play_after_she_won_the_game() -> None:
    """The seventh battle is over and Ana won 4 to 2 with one draw. Ben wants another battle;
    Ana runs a Play "to end it in style". Is the Play legal?"""
    state = game(
        "playmaker",
        battle=7,
        phase="game-over",
        winner=0,
        ana={"trophies": 4},
        ben={"trophies": 2},
    )
    settled(rule(state, run(0, "Ana-play-1")), False, "4.4.1.1")


def test_sudden_death_called_in_battle_four() -> None:
    """Rookie battle 4, 2 battles to 1: Ben wants to settle it by Sudden Death now. Ana: "We
    play the battles out.\""""
    state = game("rookie", battle=4, ana={"trophies": 2}, ben={"trophies": 1})
    settled(rule(state, SUDDEN_DEATH), False, "4.4.2.2")


def test_sudden_death_between_two_150_super_weapons() -> None:
    """Sudden Death: both top Heroes have 150 Power and a Super Weapon. Ana: "My Super Weapon
    wins." Ben: "So does mine: we reveal again.\""""
    state_ = game(
        "rookie",
        battle=7,
        phase="sudden-death",
        ties_allowed=False,
        ana={"trophies": 3, "deck": [hero("A", 150, "Super"), hero("a-next", 1)]},
        ben={"trophies": 3, "deck": [hero("B", 150, "Super"), hero("b-next", 1)]},
    )
    # Written first flagged `sudden-death-tied-supers-repeat`: two Heroes cannot both win, and
    # no reading of the book gives another answer than a new reveal (it never turns).
    settled(rule(state_, SUDDEN_DEATH), True, "4.4.3.3")


def test_a_sudden_death_reveal_that_gives_ana_s_known_130_top_hero_as_150() -> None:
    """Sudden Death: Ana's top Hero was seen as a 130 Fire. She writes the reveal as 150."""
    state = game(
        "rookie",
        battle=7,
        phase="sudden-death",
        ties_allowed=False,
        ana={"trophies": 3, "deck": [hero("A", 130, "Fire")]},
        ben={"trophies": 3, "deck": [hero("B", 140)]},
    )
    settled(rule(state, reveal((150, "Fire"), (140, "Steel"))), False, "4.4.3.1")


# ----- setup checks (4.1.1, 4.2.1, 4.3.1)


def test_a_rookie_setup_with_53_heroes_left_in_each_deck() -> None:
    """Rookie: seven Heroes face down each, 53 left in each Hero Deck. Ben asks whether
    that is right before battle 1."""
    deck_of = {who: [hero(f"{who}-deck-{i}") for i in range(53)] for who in ("Ana", "Ben")}
    state = game("rookie", ana={"deck": deck_of["Ana"]}, ben={"deck": deck_of["Ben"]})
    settled(rule(state, SETUP), True, "4.1.1.6")


def test_a_substitution_setup_where_ana_brought_9_hot_dogs() -> None:
    """Substitution setup: Ana's Hot Dog Deck holds 9. Ana: "Close enough.\""""
    state = game(
        "substitution", ana={"deck": dealt("Ana"), "hot_dogs": 9}, ben={"deck": dealt("Ben")}
    )
    state["players"][0]["hot_dogs_discarded"] = 0
    settled(rule(state, SETUP), False, "4.2.1.2")


def test_a_playmaker_setup_where_ben_holds_five_plays() -> None:
    """Playmaker setup: Ben drew five Plays into his Hand. Ana: "Four.\""""
    state = game(
        "playmaker",
        ana={"deck": dealt("Ana")},
        ben={"deck": dealt("Ben"), "hand": [play_card(f"Ben-play-{i}") for i in range(5)]},
    )
    for i, p in enumerate(state["players"]):
        p["playbook"] = [play_card(f"{'ab'[i]}-pb-{k}") for k in range(26 - (i == 1))]
    settled(rule(state, SETUP), False, "4.3.1.9")


# ----- decks (4.1.1, 4.3.1, 9)


def test_a_rookie_hero_deck_with_a_hot_dog_among_59_heroes() -> None:
    state = deck(
        heroes=[*legal_heroes(59), {"name": "Frank", "kind": "hot-dog", "count": 1}],
        plays=[],
        hot_dogs=0,
    )
    settled(rule(state, {"kind": "check-deck", "format": "rookie"}), False, "4.1.1.1")


def _hero(n: int, power: int) -> CatalogCard:
    return CatalogCard(
        slug=f"hero-{n}",
        name=f"Hero {n}",
        number=f"H-{n}",
        kind="hero",
        power=power,
        attributes={"weapon": "Fire"},
    )


def _play(n: int) -> CatalogCard:
    return CatalogCard(
        slug=f"play-{n}", name=f"Play {n}", number=f"PL-{n}", kind="play", attributes={"dbs": 10}
    )


HOT_DOG = CatalogCard(slug="frank", name="Frank", number="HD-1", kind="hot-dog")


def _tool(fmt: str, heroes: list[CatalogCard], plays: int = 30, hot_dogs: int = 10) -> JSON:
    listed = [_play(i) for i in range(plays)]
    catalog = InMemoryCardCatalog({"bo-jackson-battle-arena": [*heroes, *listed, HOT_DOG]})
    body: JSON = {"format": fmt, "hero_deck": [h.slug for h in heroes]}
    if listed:
        body["playbook"] = [p.slug for p in listed]
    if hot_dogs:
        body["hot_dog_deck"] = [{"card": "frank", "count": hot_dogs}]
    answer: dict[str, Any] = (
        registry["bo-jackson-battle-arena"].tools["deck-check"].run(body, catalog)
    )
    return answer


def _tool_says(answer: JSON, legal: bool, number: str, *flagged: str) -> None:
    assert answer["verdict"] == ("legal" if legal else "illegal"), answer["answer"]
    assert answer["deciding_rule"] == KEY + number, (answer["deciding_rule"], answer["answer"])
    assert [t["key"] for t in answer["readings_deciding"]] == list(flagged)


def _seven_at_100(n: int) -> list[CatalogCard]:
    """`n` Heroes: 7 of them at 100 Power, the rest 5 to a Power from 50 up."""
    return [_hero(i, 100) for i in range(7)] + [
        _hero(i, 50 + 5 * ((i - 7) // 5) if 50 + 5 * ((i - 7) // 5) < 100 else 300 + i)
        for i in range(7, n)
    ]


def test_tool_a_double_mega_sealed_deck_with_seven_heroes_at_100_power() -> None:
    """Double Mega Sealed: 40 Heroes, seven of them at 100 Power, 20 Plays, 10 Hot Dogs. Ben:
    "Six at most of one Power." Ana: "Not in sealed, where you play what you open.\""""
    answer = _tool("double-mega-sealed", _seven_at_100(40), plays=20)
    _tool_says(answer, True, "9.3", R.SEALED)


def test_tool_a_booster_box_sealed_deck_with_seven_heroes_at_100_power() -> None:
    """Booster Box Sealed, 60 Heroes with seven at 100 Power: Ana says sealed is sealed."""
    answer = _tool("booster-box-sealed", _seven_at_100(60))
    _tool_says(answer, False, "4.1.1.2")


def test_tool_an_apex_madness_deck_with_three_hot_dogs() -> None:
    """Apex Madness lists 4 Hot Dogs; Ana brings 3 with 60 legal Heroes."""
    heroes = [_hero(i, 50 + 5 * (i // 5)) for i in range(60)]
    answer = _tool("apex-madness", heroes, plays=0, hot_dogs=3)
    _tool_says(answer, False, "9.7", R.TEAM)


def test_tool_an_elite_playmaker_deck_of_59_heroes_under_the_power_cap() -> None:
    """Elite Playmaker: 59 Heroes totalling well under 8,250 Power. Ana: "Elite only caps the
    Power." Ben: "It is still Playmaker: 60 Heroes.\""""
    heroes = [_hero(i, 50 + 5 * (i // 5)) for i in range(59)]
    _tool_says(_tool("elite-playmaker", heroes), False, "4.3.1.1")


# ----- whole games as logs


def test_a_whole_substitution_game_of_one_win_each_and_five_draws() -> None:
    """Ana (honors) substitutes her 120 in battle 1 and wins it; battle 2 is drawn, so she
    keeps honors; in battle 3 Ben substitutes his 120 and wins; battles 4 to 7 are drawn.
    Ties are allowed. Ana: "I won first, I win." Ben: "It is a tie.\""""
    log = [sub(0), keep(1), RESOLVE, keep(0), keep(1), RESOLVE, keep(0), sub(1), RESOLVE]
    for _ in range(4):
        log += [keep(1), keep(0), RESOLVE]
    ruled = RULES.rule_sequence_json(game("substitution"), log)
    assert ruled.verdict == "legal", ruled.answer
    assert ruled.game_over and ruled.winner is None and ruled.first_illegal_by is None
    assert ruled.result is not None and "tie" in ruled.result
    assert ruled.deciding_rule == KEY + "4.4.2.1"
    assert [t.key for t in ruled.readings_deciding] == [R.TIES]


def test_a_rookie_log_where_ana_claims_battle_three_her_90_lost() -> None:
    """Rookie: battles 1 and 2 resolved; in battle 3 Ana's 90 meets Ben's 110 and the log
    records Ana's claim that she won it."""
    state = game("rookie")
    state["players"][0]["zones"] = zones([120, 100, 90, 100, 100, 100, 100], "a")
    state["players"][1]["zones"] = zones([100, 100, 110, 100, 100, 100, 100], "b")
    ruled = RULES.rule_sequence_json(state, [RESOLVE, RESOLVE, RESOLVE | {"claim": 0}])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2, ruled.answer
    assert ruled.first_illegal_by is None
    assert ruled.deciding_rule == KEY + "4.1.2.2"


def test_a_whole_rookie_game_won_five_to_two() -> None:
    """Rookie: Ana wins battles 1, 2, 4, 6, 7 and Ben 3 and 5. Ben: "You had four after battle
    six; battle seven did not count." The game is won all the same."""
    state = game("rookie")
    state["players"][0]["zones"] = zones([120, 120, 90, 120, 90, 120, 120], "a")
    state["players"][1]["zones"] = zones([100] * 7, "b")
    ruled = RULES.rule_sequence_json(state, [RESOLVE] * 7)
    assert ruled.verdict == "legal", ruled.answer
    assert ruled.game_over and ruled.winner == "Ana"
    assert ruled.result is not None and "5 to 2" in ruled.result
    assert ruled.deciding_rule == KEY + "4.4.1.1" and ruled.readings_deciding == []


# ----- written after the fixes, on the same themes


def test_tool_a_double_blaster_sealed_deck_with_one_hero_twice() -> None:
    """Double Blaster Sealed: Ana opened the same Hero, same weapon, twice and plays both.
    Ben: "One copy of each variation." Ana: "The sealed summary gives only the sizes.\""""
    heroes = [_hero(i, 50 + 5 * (i // 5)) for i in range(39)]
    twin = CatalogCard(
        slug="hero-0-again",
        name="Hero 0",
        number="H-0b",
        kind="hero",
        power=50,
        attributes={"weapon": "Fire"},
    )
    answer = _tool("double-blaster-sealed", [*heroes, twin], plays=20)
    _tool_says(answer, True, "9.3", R.SEALED)


def test_tool_a_double_mega_sealed_deck_within_every_limit() -> None:
    heroes = [_hero(i, 50 + 5 * (i // 5)) for i in range(40)]
    _tool_says(_tool("double-mega-sealed", heroes, plays=20), True, "9.3")


def test_tool_a_double_mega_sealed_deck_of_39_with_seven_at_100() -> None:
    """Illegal for its size on either reading; read the other way, the seven at 100 Power
    break the limit too, another answer, so the reading is shown."""
    _tool_says(_tool("double-mega-sealed", _seven_at_100(39), plays=20), False, "9.3", R.SEALED)


def test_a_playmaker_deck_with_a_hero_in_two_weapons_and_nine_hot_dogs() -> None:
    """Illegal for its Hot Dogs whatever a Hero variation is; read the other way, Hero 0 in
    two weapons breaks 4.1.1.3 too, another answer, so the reading is shown."""
    state = deck(heroes=[*legal_heroes(59), deck_hero("Hero 0", 300, "Ice")], hot_dogs=9)
    move = {"kind": "check-deck", "format": "playmaker"}
    settled(rule(state, move), False, "4.3.1.5", R.VARIATION)


def test_ana_s_3_hot_dog_play_paid_with_her_last_hot_dog_by_a_card_effect() -> None:
    state = game(
        "playmaker",
        battle=2,
        phase="plays",
        ana={"trophies": 1, "hot_dogs": 1, "hand": [play_card("Blitz", 3)]},
    )
    ruling = rule(state, run(0, "Blitz") | {"hot_dogs": 1})
    settled(ruling, True, "4.3.2.6")
    assert ruling.next_state is not None
    assert ruling.next_state["players"][0]["hot_dogs"] == 0
