"""Rulings on battle moves: substitution, the Play Phase, the battle's result, Sudden Death.

Each `rule_<move>` function takes a checked state and move and returns core `Findings`
(games/core/findings.py): the ruling's words and, when the move is legal, the state after it;
core composes the Ruling. The words about a player go through games/core/words.py, so a player
named "You" reads "you win", "your Hero". No side effects: the state passed in is never changed
(next states are deep copies).
"""

from __future__ import annotations

from typing import Any, TypeVar

from games.bo_jackson_battle_arena import reasons as R
from games.bo_jackson_battle_arena.moves import (
    CheckSetup,
    KeepHero,
    Pass,
    ResolveBattle,
    RunPlay,
    Substitute,
    SuddenDeath,
)
from games.bo_jackson_battle_arena.state import (
    NOT_DESCRIBED_HERO,
    BattleState,
    Hero,
    PlayCard,
    Player,
    needed,
    who,
)
from games.core import Reason
from games.core.copies import deep_copy
from games.core.findings import Findings, found_illegal, found_legal
from games.core.names import fold
from games.core.readings import ours
from games.core.ruling import GameResult
from games.core.words import count, is_you, possessive, says, subject, verb

T = TypeVar("T")
SUBSTITUTION_COST = 2
WINS_NEEDED = 4  # the majority of seven battles


def setup_numbers(mode: str) -> dict[str, int]:
    """How a game of `mode` is set up, per player, with the numbers worked out (4.1.1, 4.2.1,
    4.3.1): what each player brings and what is left in each deck after the deal."""
    numbers = {"hero_deck": 60, "battle_zones": 7, "bench": 0, "hero_deck_after": 53}
    if mode in ("substitution", "playmaker"):
        numbers |= {"bench": 4, "hero_deck_after": 49, "hot_dogs": 10}
    if mode == "playmaker":
        numbers |= {"playbook": 30, "plays_in_hand": 4, "playbook_after": 26}
    return numbers


# The Hero Deck's size as each mode's own setup restates it (4.1.1.1, 4.2.1.1, 4.3.1.1).
HERO_DECK_SIZE = {
    "rookie": "hero-deck-size",
    "substitution": "hero-deck-size-in-substitution",
    "playmaker": "hero-deck-size-in-playmaker",
}


def setup_words(mode: str, counted: bool = True, plays_counted: bool = True) -> str:
    """The setup of `mode` in words. `counted` False: the Hero Decks were not described in
    full, so what is left in them is not stated (a setup check states no number it was not
    given); `plays_counted` False: the same for the Playbooks."""
    n = setup_numbers(mode)
    words = (
        f"each player shuffles a Hero Deck of {n['hero_deck']} and puts 7 Heroes face down "
        "in the 7 Battle Zones"
    )
    if n["bench"]:
        words += f", draws {n['bench']} more to the Bench"
    if counted:
        words += f", leaving {n['hero_deck_after']} in the Hero Deck"
    if "hot_dogs" in n:
        words += f"; each brings a Hot Dog Deck of exactly {n['hot_dogs']}"
    if "playbook" in n:
        words += (
            f"; each brings a Playbook of {n['playbook']} Plays (Bonus Plays on top) and draws "
            f"{n['plays_in_hand']}"
        )
        if plays_counted:
            words += f", leaving {n['playbook_after']} plus any Bonus Plays"
    return words


def _their(name: str) -> str:
    return "your" if is_you(name) else "their"


def dogs(n: int | None) -> str:
    return f"{n} Hot Dog" if n is None else count(n, "Hot Dog")


def _copy(state: BattleState) -> BattleState:
    """A deep copy for the next state: core's `deep_copy` keeps a Hero's fields (plain values
    and enums) in one dict copy, where a dump and re-read runs every field's validator again."""
    return deep_copy(state)


def _pile(cards: list[T] | None) -> list[T]:
    """A pile the mode requires (check_state has made sure it is there), for changing it."""
    assert cards is not None
    return cards


def _fresh_id(state: BattleState, wanted: str) -> str:
    """An id no card in `state` has, for a card whose face was not described."""
    taken = {fold(c.id) for p in state.players for pile in _PILES for c in getattr(p, pile) or []}
    found, n = wanted, 1
    while fold(found) in taken:
        n += 1
        found = f"{wanted}-{n}"
    return found


_PILES = ("zones", "hero_deck", "set_aside", "bench", "hand", "playbook", "plays_used")


def _reason(code: str, detail: str) -> Reason:
    return R.REASONS.reason(code, detail)


def _mode_reason(base: str, state: BattleState, detail: str) -> Reason:
    return _reason(R.mode_code(base, state.mode), detail)


def _illegal(summary: str, *reasons: Reason, interpretations: list[str] | None = None) -> Findings:
    return found_illegal(summary, list(reasons), interpretations or [])


def _does(state: BattleState, player: int, third: str, plain: str, start: bool = False) -> str:
    """The player and the verb agreeing: "Ana has", "you have" ("You have" at the start)."""
    return says(who(state, player), third, plain, start)


def _score(state: BattleState, won: list[int] | list[int | None]) -> str:
    """ "Ana won 3 battles, you 4"."""
    return f"{subject(who(state, 0))} won {won[0]} battles, {subject(who(state, 1))} {won[1]}"


def position_faults(state: BattleState) -> list[Reason]:
    """What in a position that can be laid out on a table breaks a rule: piles the mode does
    not use, a finished game whose result the battles do not give."""
    faults: list[Reason] = []
    piles = {
        "bench": "a Bench",
        "hot_dogs": "Hot Dogs",
        "hot_dogs_discarded": "Hot Dogs",
        "substituted": "substitutions",
        "hand": "Plays in Hand",
        "playbook": "a Playbook",
        "plays_used": "Plays",
        "power_change": "Plays",
    }
    code = {"rookie": "rookie-mode-piles", "substitution": "substitution-mode-piles"}
    if state.mode in code:
        wanted = {
            "rookie": (),
            "substitution": ("bench", "hot_dogs", "hot_dogs_discarded", "substituted"),
        }[state.mode]
        for i, p in enumerate(state.players):
            extra = [piles[f] for f in piles if f not in wanted and getattr(p, f) is not None]
            if extra:
                named = ", ".join(dict.fromkeys(extra))
                faults.append(
                    _reason(
                        code[state.mode],
                        f"{_does(state, i, 'has', 'have')} {named}, which "
                        f"{state.mode.title()} Mode "
                        "does not use",
                    )
                )
    if state.mode != "rookie":
        for i, p in enumerate(state.players):
            if p.hot_dogs is None or p.hot_dogs_discarded is None:
                continue  # not described: nothing to count
            in_all = p.hot_dogs + p.hot_dogs_discarded
            if in_all != 10:
                faults.append(
                    _mode_reason(
                        "setup-hot-dogs-ten",
                        state,
                        f"{_does(state, i, 'has', 'have')} {dogs(in_all)} left and paid, in "
                        "all; a Hot Dog "
                        "Deck holds exactly 10",
                    )
                )
            # Read the other way, every player draws a Hero in each Substitution Phase (see
            # rule_keep_hero): a Bench grows by one for each Hero kept.
            if len(p.bench or []) > 4 and (
                ours(R.TO_BENCH) or len(p.bench or []) > _most_on_bench(state, i)
            ):
                faults.append(
                    _mode_reason(
                        "setup-bench-four",
                        state,
                        f"{_does(state, i, 'has', 'have')} {len(p.bench or [])} Heroes on the "
                        "Bench; a "
                        "substitution swaps one for one, so the Bench never holds more than 4",
                    )
                )
    if state.phase == "game-over" and None not in [p.trophies for p in state.players]:
        won = [p.trophies or 0 for p in state.players]
        score = _score(state, won)
        leader = None if won[0] == won[1] else (0 if won[0] > won[1] else 1)
        if leader is not None and state.winner != leader:
            faults.append(
                _reason(
                    "majority-of-battles-wins",
                    f"{score}: {_does(state, leader, 'has', 'have')} the game, not "
                    + ("nobody" if state.winner is None else subject(who(state, state.winner))),
                )
            )
        elif leader is None and state.ties_allowed and state.winner is not None:
            faults.append(
                _reason("equal-battles-tie", f"{score}: the game is a tie, with no winner")
            )
        elif leader is None and not state.ties_allowed and state.winner is None:
            faults.append(
                _reason(
                    "tie-goes-to-sudden-death",
                    f"{score} and ties are not allowed: the game is not over, Sudden Death "
                    "decides it",
                )
            )
    return faults


def _most_on_bench(state: BattleState, player: int) -> int:
    """The most Heroes `player`'s Bench can hold when every player draws a Hero in each
    Substitution Phase, kept or substituted (the other reading of who draws): 4, and one for
    each decision made, in the battles before this one and in this one."""
    p = state.players[player]
    decided = (
        state.phase != "substitution"
        or bool(p.substituted)
        or (player == state.honors and state.to_act != player)
    )
    return 4 + state.battle - 1 + int(decided)


def game_result(state: BattleState) -> GameResult:
    """How the game stands: over or not, who won, and the rule that says so (4.4.1.1 a
    majority of the battles, 4.4.2.1 a tie, 4.4.3.2 or 4.4.3.4 Sudden Death)."""
    if state.phase != "game-over":
        return GameResult()
    won = [p.trophies for p in state.players]
    score = _score(state, won)
    if state.winner is None:
        return GameResult(
            over=True,
            result=f"The game is a tie, {won[0]} battles each.",
            reasons=[_reason("equal-battles-tie", f"{score}: the game is a tie")],
        )
    name = who(state, state.winner)
    if won[0] is not None and won[1] is not None and won[0] != won[1]:
        return GameResult(
            over=True,
            winner=name,
            result=f"{says(name, 'wins', 'win', True)} the game, having won more of the seven "
            f"battles: {max(won[0], won[1])} to {min(won[0], won[1])}.",
            reasons=[
                _reason(
                    "majority-of-battles-wins", f"{score}: {says(name, 'wins', 'win')} the game"
                )
            ],
        )
    return GameResult(over=True, winner=name, **_sudden_death_result(state, name))


def won_in_sudden_death(state: BattleState) -> bool:
    """Whether the game was won in Sudden Death: over, with a winner, on equal trophies."""
    won = [p.trophies for p in state.players]
    return (
        state.phase == "game-over"
        and state.winner is not None
        and (won[0] is None or won[1] is None or won[0] == won[1])
    )


def _sudden_death_result(state: BattleState, name: str) -> dict[str, Any]:
    """The game won in Sudden Death: the last Heroes set aside are the ones revealed."""
    powers = [p.set_aside[-1].power if p.set_aside else None for p in state.players]
    if None not in powers and powers[0] == powers[1]:
        return {
            "result": f"{says(name, 'wins', 'win', True)} the game in Sudden Death: the revealed "
            "Heroes are tied on Power, and only the winner's has a Super Weapon.",
            "reasons": [
                _reason("sudden-death-super-weapon", f"{says(name, 'wins', 'win')} Sudden Death")
            ],
        }
    return {
        "result": f"{says(name, 'wins', 'win', True)} the game in Sudden Death: the revealed "
        "Hero with the higher Power wins.",
        "reasons": [
            _reason("sudden-death-higher-power", f"{says(name, 'wins', 'win')} Sudden Death")
        ],
    }


def game_over_answer(state: BattleState) -> Findings:
    result = "a tie" if state.winner is None else f"won by {subject(who(state, state.winner))}"
    over = _reason("game-over", f"all 7 battles are played and the game was {result}")
    if state.winner is None:
        # A tied game is over by the ties rule (4.4.2.1), not by a majority won (4.4.1.1).
        won = [p.trophies for p in state.players]
        tie = _reason("equal-battles-tie", f"{_score(state, won)}: the game ended in a tie")
        return _illegal(f"The game is over ({result}): no more moves.", tie, over)
    return _illegal(f"The game is over ({result}): no more moves.", over)


# ----- the Substitution Phase -----


def _substitution_turn_problem(state: BattleState, player: int) -> Findings | None:
    """Why `player` cannot make their substitution decision now, if they cannot."""
    name = who(state, player)
    if state.mode == "rookie":
        return _illegal(
            "Rookie Mode has no substitutions.",
            _reason("no-substitution-in-rookie", "the game is in Rookie Mode"),
            interpretations=[R.MODE_PARTS],
        )
    if state.players[player].substituted:
        return _illegal(
            f"{says(name, 'has', 'have', True)} already substituted in battle {state.battle}.",
            _mode_reason(
                "one-substitution-per-battle",
                state,
                f"{subject(name)} substituted once in battle {state.battle}",
            ),
        )
    if state.phase != "substitution":
        return _illegal(
            f"The Substitution Phase of battle {state.battle} is over.",
            _mode_reason(
                "substitution-before-reveal",
                state,
                f"the game is in the {state.phase} phase; substitutions come before the reveal",
            ),
        )
    if state.to_act != player:
        if player == state.honors:
            other = who(state, 1 - player)
            detail = (
                f"{subject(name)} had honors and already kept {_their(name)} Hero; it is now "
                f"{possessive(other)} turn"
            )
        else:
            detail = f"{_does(state, state.honors, 'has', 'have')} honors and decides first"
        reasons = [_mode_reason("substitution-in-honors-order", state, detail)]
        if player != state.honors and state.battle > 1:
            # Who has honors after battle 1 is what the last battle left (the winner goes
            # first, a draw keeps the order): the rule a player shows; the first given decides.
            holder = who(state, state.honors)
            reasons.insert(
                0,
                _mode_reason(
                    "honors-from-last-battle",
                    state,
                    f"{says(holder, 'has', 'have')} honors in battle {state.battle}, from the "
                    f"result of battle {state.battle - 1}",
                ),
            )
        return _illegal(
            f"It is not {possessive(name)} turn to substitute.",
            *reasons,
            interpretations=[R.HONORS_BATTLE_ONE] if state.battle == 1 else [],
        )
    return None


def _after_decision(state: BattleState, player: int) -> None:
    """Move the Substitution Phase on once `player` has decided (mutates `state`)."""
    if player == state.honors:
        state.to_act = state.other(player)
    elif state.mode == "playmaker":
        state.phase, state.to_act = "plays", state.honors
    else:
        state.phase, state.to_act = "compare", None


def rule_substitute(state: BattleState, move: Substitute) -> Findings:
    problem = _substitution_turn_problem(state, move.player)
    if problem:
        return problem
    p = state.players[move.player]
    name = who(state, move.player)
    bench = p.bench or []
    hot_dogs = needed(
        p.hot_dogs,
        f"state.players.{move.player}.hot_dogs",
        f"a substitution costs {SUBSTITUTION_COST} Hot Dogs: say how many are left",
    )
    broken: list[Reason] = []
    read: list[str] = []
    if not any(fold(h.id) == fold(move.hero) for h in bench):
        out = _substituted_out(state, move)
        # Read the other way, a Hero substituted out goes back to the Bench, from which it
        # may come in again: only then does where it went decide anything.
        if out is not None and not ours(R.SET_ASIDE):
            pass
        elif out is not None:
            broken.append(
                _mode_reason(
                    "substitute-from-bench",
                    state,
                    f"{out.label()} was substituted out and set aside, not put back on "
                    f"{possessive(name)} Bench",
                )
            )
            read.append(R.SET_ASIDE)
        else:
            broken.append(
                _mode_reason(
                    "substitute-from-bench",
                    state,
                    f"{move.hero!r} is not on {possessive(name)} Bench",
                )
            )
    if hot_dogs < SUBSTITUTION_COST:
        broken.append(
            _mode_reason(
                "substitution-costs-two-hot-dogs",
                state,
                f"{says(name, 'has', 'have')} {dogs(p.hot_dogs)}; a substitution costs "
                f"{SUBSTITUTION_COST}",
            )
        )
    # Read the other way, drawing a new Hero is part of the substitution: with the Hero Deck
    # known to be empty, there is no substitution to make.
    if not broken and not p.hero_deck and _known_empty(p) and not ours(R.EMPTY_DECK):
        broken.append(
            _mode_reason(
                "substitution-draws-replacement",
                state,
                f"{possessive(name, start=True)} Hero Deck is empty, so no new Hero can be drawn",
            )
        )
        read.append(R.EMPTY_DECK)
    if broken:
        return _illegal(
            f"{subject(name, True)} cannot substitute: {broken[0].detail}.",
            *broken,
            interpretations=read,
        )
    return _substitute(state, move)


def _substituted_out(state: BattleState, move: Substitute) -> Hero | None:
    """The Hero `move` names, if it is one set aside in a battle before this one by a
    substitution (in the Substitution Phase, Sudden Death has set nothing aside)."""
    p = state.players[move.player]
    if state.phase != "substitution":
        return None
    return next((h for h in p.set_aside or [] if fold(h.id) == fold(move.hero)), None)


def _known_empty(p: Player) -> bool:
    """Whether the Hero Deck is described whole and holds no Hero."""
    return p.hero_deck is not None and not p.hero_deck and not p.partly("hero_deck")


def _substitute(state: BattleState, move: Substitute) -> Findings:
    nxt = _copy(state)
    p = nxt.players[move.player]
    name = who(state, move.player)
    bench = _pile(p.bench)
    # From the Bench; on the other reading of where a Hero substituted out goes, it may be one
    # of those (rule_substitute), back on the Bench.
    wanted = fold(move.hero)
    came_from = bench
    incoming = next((h for h in bench if fold(h.id) == wanted), None)
    if incoming is None:
        came_from = _pile(p.set_aside)
        incoming = next(h for h in came_from if fold(h.id) == wanted)
    outgoing = p.zones[state.battle - 1]
    came_from.remove(incoming)
    p.zones[state.battle - 1] = incoming
    _set_aside(p, outgoing)
    p.hot_dogs = (p.hot_dogs or 0) - SUBSTITUTION_COST
    if p.hot_dogs_discarded is not None:  # not described stays so
        p.hot_dogs_discarded += SUBSTITUTION_COST
    p.substituted = True
    interpretations = [R.SET_ASIDE, R.TO_BENCH, R.SUB_COST]
    draw_detail = _draw_hero(nxt, move.player, name, state.battle, interpretations)
    _after_decision(nxt, move.player)
    return found_legal(
        f"{subject(name, True)} may substitute {incoming.label()} for {outgoing.label()} in "
        f"battle {state.battle}, paying 2 Hot Dogs.",
        [
            _mode_reason(
                "substitution-costs-two-hot-dogs",
                state,
                f"{says(name, 'pays', 'pay')} 2 of {_their(name)} "
                f"{dogs(state.players[move.player].hot_dogs)}",
            ),
            _mode_reason(
                "substitution-replaces-hero",
                state,
                f"{incoming.label()} takes the place of {outgoing.label()}, which is set aside",
            ),
            _mode_reason("substitution-draws-replacement", state, draw_detail),
            _mode_reason(
                "one-substitution-per-battle",
                state,
                f"{subject(name)} cannot substitute again in battle {state.battle}",
            ),
        ],
        nxt,
        interpretations,
        answer=f"Yes, {subject(name)} can substitute {_bench_words(incoming)} for "
        f"{_battling_words(outgoing, state.battle)}, paying 2 Hot Dogs.",
    )


def _bench_words(hero: Hero) -> str:
    """The Hero coming in, as printed; face down, by where it comes from."""
    said = hero.label()
    return "a Hero from the Bench" if said == NOT_DESCRIBED_HERO else said


def _battling_words(hero: Hero, battle: int) -> str:
    """The Hero going out, as printed; not described, by the battle it is in."""
    said = hero.label()
    return f"the Hero in battle {battle}" if said == NOT_DESCRIBED_HERO else said


def _draw_hero(
    nxt: BattleState, player: int, name: str, battle: int, interpretations: list[str]
) -> str:
    """`player` (called `name`) draws a new Hero from the Hero Deck to the Bench (mutates
    `nxt`); what was drawn, in words."""
    p = nxt.players[player]
    bench = _pile(p.bench)
    if p.hero_deck is None or (not p.hero_deck and p.partly("hero_deck")):
        # The top card of a Hero Deck not described: a Hero comes to the Bench, its face
        # as unknown as the deck it came from.
        bench.append(Hero(id=_fresh_id(nxt, f"hero-drawn-{player + 1}-{battle}"), power=None))
        return (
            f"{says(name, 'draws', 'draw')} the top Hero of the Hero Deck to the Bench (the "
            "deck was not described)"
        )
    if p.hero_deck:
        drawn = p.hero_deck.pop(0)
        bench.append(drawn)
        return f"{says(name, 'draws', 'draw')} {drawn.label()} from the Hero Deck to the Bench"
    interpretations.append(R.EMPTY_DECK)
    return f"{possessive(name, start=True)} Hero Deck is empty: nothing is drawn"


def _set_aside(p: Player, hero: Hero) -> None:
    """`hero` goes to the Heroes set aside; to a pile not described it is the one card known."""
    if p.set_aside is None:
        p.set_aside = []
        if not p.partly("set_aside"):
            p.partly_described.append("set_aside")
    p.set_aside.append(hero)


def rule_keep_hero(state: BattleState, move: KeepHero) -> Findings:
    problem = _substitution_turn_problem(state, move.player)
    if problem:
        return problem
    nxt = _copy(state)
    _after_decision(nxt, move.player)
    name = who(state, move.player)
    reasons = [
        _mode_reason(
            "substitution-is-optional",
            state,
            f"{says(name, 'chooses', 'choose')} not to pay for a substitution",
        )
    ]
    interpretations = [R.TO_BENCH]
    drawn = ""
    # Read the other way, "Players draw a new Hero" is every player, whether they substituted
    # or not: a player who keeps their Hero draws too (from a Hero Deck known to be empty,
    # nothing, as on our reading).
    if not _known_empty(state.players[move.player]) and not ours(R.TO_BENCH):
        detail = _draw_hero(nxt, move.player, name, state.battle, interpretations)
        reasons.append(_mode_reason("substitution-draws-replacement", state, detail))
        drawn = f", and {says(name, 'draws', 'draw')} a new Hero to the Bench all the same"
    return found_legal(
        f"{subject(name, True)} may keep {_their(name)} Hero in battle {state.battle} without "
        "substituting.",
        reasons,
        nxt,
        interpretations,
        answer=f"Yes, {subject(name)} can keep the Hero in battle {state.battle}: substituting "
        f"is a choice{drawn}.",
    )


# ----- the Play Phase (Playmaker) -----


def _play_turn_problem(state: BattleState, player: int) -> Findings | None:
    name = who(state, player)
    if state.mode != "playmaker":
        code = "no-plays-in-rookie" if state.mode == "rookie" else "no-plays-in-substitution"
        return _illegal(
            f"There are no Plays in {state.mode.title()} Mode.",
            _reason(code, f"the game is in {state.mode.title()} Mode"),
            interpretations=[R.MODE_PARTS],
        )
    if state.phase == "substitution":
        return _illegal(
            "Plays come after the Substitution Phase and the reveal.",
            _reason(
                "plays-only-in-play-phase",
                f"battle {state.battle} is still in its Substitution Phase",
            ),
        )
    if state.phase == "compare" or (
        state.phase == "plays" and state.to_act != player and player == state.honors
    ):
        return _illegal(
            f"{says(name, 'has', 'have', True)} already passed: one opportunity to run Plays per "
            "battle.",
            _reason(
                "play-opportunity-used",
                f"{subject(name)} passed in the Play Phase of battle {state.battle}",
            ),
        )
    if state.phase != "plays":
        return _illegal(
            "There is no Play Phase now.",
            _reason("plays-only-in-play-phase", f"the game is in the {state.phase} phase"),
        )
    if state.to_act != player:
        reasons = [
            _reason(
                "honors-plays-first", f"{_does(state, state.honors, 'has', 'have')} not passed yet"
            )
        ]
        if state.battle > 1:
            # As in the Substitution Phase: after battle 1, who has honors is what the last
            # battle left (the winner goes first, a draw keeps the order), the rule a player
            # shows; the first reason given decides.
            holder = who(state, state.honors)
            reasons.insert(
                0,
                _reason(
                    "honors-from-last-battle-in-playmaker",
                    f"{says(holder, 'has', 'have')} honors in battle {state.battle}, from the "
                    f"result of battle {state.battle - 1}",
                ),
            )
        return _illegal(
            f"{_does(state, state.honors, 'has', 'have', True)} honors and "
            f"{verb(who(state, state.honors), 'runs', 'run')} Plays or "
            f"{verb(who(state, state.honors), 'passes', 'pass')} first.",
            *reasons,
            interpretations=[R.HONORS_BATTLE_ONE] if state.battle == 1 else [],
        )
    return None


def rule_run_play(state: BattleState, move: RunPlay) -> Findings:
    problem = _play_turn_problem(state, move.player)
    if problem:
        return problem
    p = state.players[move.player]
    name = who(state, move.player)
    card = next((c for c in p.hand or [] if fold(c.id) == fold(move.play)), None)
    if card is None:
        where = (
            "in the Playbook"
            if any(fold(c.id) == fold(move.play) for c in p.playbook or [])
            else "used"
        )
        return _illegal(
            f"{says(name, 'does', 'do', True)} not have that Play in Hand.",
            _reason("play-from-hand", f"{move.play!r} is {where}, not in {possessive(name)} Hand"),
        )
    paid = card.cost if move.hot_dogs is None else move.hot_dogs
    paid = paid or 0  # check_move makes sure a Play of unknown cost states what was paid
    hot_dogs = needed(
        p.hot_dogs,
        f"state.players.{move.player}.hot_dogs",
        "a Play is paid in Hot Dogs: say how many are left",
    )
    if paid > hot_dogs:
        return _illegal(
            f"{subject(name, True)} cannot pay for {card.label()}.",
            _reason(
                "play-costs-hot-dogs",
                f"it costs {dogs(paid)} and {says(name, 'has', 'have')} {p.hot_dogs}",
            ),
        )
    return _run_play(state, move, card.id, paid)


def _run_play(state: BattleState, move: RunPlay, card_id: str, paid: int) -> Findings:
    nxt = _copy(state)
    me, them = nxt.players[move.player], nxt.players[nxt.other(move.player)]
    hand = _pile(me.hand)
    card = next(c for c in hand if c.id == card_id)
    hand.remove(card)
    card.name = card.name or move.name  # run face up: a name said is written, never changed
    # Piles and totals not described stay so: a Play added to an unknown total is unknown.
    if me.plays_used is not None:
        me.plays_used.append(card)
    me.hot_dogs = (me.hot_dogs or 0) - paid
    if me.hot_dogs_discarded is not None:
        me.hot_dogs_discarded += paid
    if me.power_change is not None:
        me.power_change += move.power_change
    if them.power_change is not None:
        them.power_change += move.opponent_power_change
    name = who(state, move.player)
    notes = ["The Play's text is not read: its Power changes are as stated in the move."]
    if card.cost is not None and paid != card.cost:
        notes.append(
            f"{dogs(paid)} paid against a printed cost of {card.cost}: this rests on a card "
            "effect the adjudicator cannot check."
        )
    reasons = [
        _reason(
            "play-run",
            f"{card.label()} is in {possessive(name)} Hand and {says(name, 'pays', 'pay')} "
            f"{paid} of {dogs(state.players[move.player].hot_dogs)}",
        ),
    ]
    if move.player != state.honors:
        # the other player's turn to run Plays comes once the player with honors has passed:
        # that is what a player doubts here (4.3.2.8), the first reason given decides
        honors = who(state, state.honors)
        reasons.insert(
            0,
            _reason(
                "honors-plays-first",
                f"{says(honors, 'has', 'have')} honors and {verb(honors, 'has', 'have')} "
                f"passed, so {subject(name)} {verb(name, 'runs', 'run')} Plays now",
            ),
        )
    return found_legal(
        f"{subject(name, True)} may run {card.label()} for {dogs(paid)}.",
        reasons,
        nxt,
        [R.PLAY_EFFECTS],
        notes,
        answer=f"Yes, {subject(name)} can run {card.label()} for {dogs(paid)}.",
    )


def rule_pass(state: BattleState, move: Pass) -> Findings:
    problem = _play_turn_problem(state, move.player)
    if problem:
        return problem
    nxt = _copy(state)
    name = who(state, move.player)
    reasons = [
        _reason(
            "pass-ends-opportunity",
            f"{says(name, 'runs', 'run')} no more Plays in battle {state.battle}",
        )
    ]
    if move.player == state.honors:
        reasons.insert(
            0, _reason("honors-may-pass", f"{subject(name)} has honors: run Plays or pass")
        )
    else:
        # the other player may run Plays or pass once the player with honors has passed
        # (4.3.2.8): that is what a player doubts of this pass; the first reason given decides
        honors = who(state, state.honors)
        reasons.insert(
            0,
            _reason(
                "honors-plays-first",
                f"{says(honors, 'has', 'have')} honors and {verb(honors, 'has', 'have')} "
                f"passed, so {subject(name)} may run Plays or pass now",
            ),
        )
    if move.player == state.honors:
        nxt.to_act = nxt.other(move.player)
        summary = (
            f"{says(name, 'passes', 'pass', True)}; {subject(who(state, nxt.to_act))} may now "
            "run Plays or pass."
        )
    else:
        nxt.phase, nxt.to_act = "compare", None
        reasons.append(_reason("both-passed", "both players have passed: compare Power"))
        summary = (
            f"{says(name, 'passes', 'pass', True)}; both have passed, so battle {state.battle} "
            "is decided."
        )
    return found_legal(summary, reasons, nxt)


# ----- the battle's result -----


def _printed(state: BattleState, player: int) -> int:
    return needed(
        state.zone_hero(player).power,
        f"state.players.{player}.zones.{state.battle - 1}.power",
        "who wins the battle rests on the Power of both Heroes",
    )


def _power(state: BattleState, player: int) -> int:
    """The Power a Hero fights with; refused, naming the field, where it was not described."""
    printed = _printed(state, player)
    if state.mode != "playmaker":
        return printed
    change = needed(
        state.players[player].power_change,
        f"state.players.{player}.power_change",
        "who wins the battle rests on the Power the Plays added (0 if none)",
    )
    return printed + change


def _power_text(state: BattleState, player: int, start: bool = True) -> str:
    hero = state.zone_hero(player)
    total = _power(state, player)
    printed = _printed(state, player)
    plays = f" ({printed} printed, {total - printed:+d} from Plays)" if total != printed else ""
    label = hero.name or hero.id
    whose = possessive(who(state, player), start=start)
    if label.split(" ")[0].casefold() in ("your", "their", "my"):  # a Hero named by whose it is
        return f"{whose} Hero has {total} Power{plays}"
    return f"{whose} {label} has {total} Power{plays}"


def battle_winner(state: BattleState) -> tuple[int | None, list[Reason], list[str]]:
    """Who wins the current battle, why, and the reference rulings it rests on."""
    a, b = _power(state, 0), _power(state, 1)
    powers = f"{_power_text(state, 0)}; {_power_text(state, 1, start=False)}"
    if a != b:
        winner = 0 if a > b else 1
        return winner, [_mode_reason("higher-power-wins", state, powers)], []
    if state.mode == "playmaker":  # a tie in Playmaker is broken by a Super Weapon
        for i in (0, 1):
            needed(
                state.zone_hero(i).weapon,
                f"state.players.{i}.zones.{state.battle - 1}.weapon",
                "a tie in Playmaker Mode is broken by a Super Weapon",
            )
    supers = [state.zone_hero(i).super for i in (0, 1)]
    # Read the other way, the Super Tie Breaker (4.3.2.13) breaks a tie in every mode.
    if supers[0] != supers[1] and (state.mode == "playmaker" or not ours(R.PLAYMAKER_ONLY)):
        winner = 0 if supers[0] else 1
        detail = (
            f"{powers}: tied, and only {possessive(who(state, winner))} Hero has a Super Weapon"
        )
        read = [] if state.mode == "playmaker" else [R.PLAYMAKER_ONLY]
        return winner, [_reason("super-tie-breaker", detail)], read
    reasons = [_mode_reason("equal-power-draw", state, powers)]
    interpretations: list[str] = []
    if state.mode == "playmaker":
        reasons.append(
            _reason(
                "super-tie-breaker",
                "both Heroes have a Super Weapon"
                if supers[0]
                else "neither Hero has a Super Weapon",
            )
        )
        if supers[0]:  # the reference ruling is on two Super Weapons, not on none
            interpretations.append(R.BOTH_SUPER)
    elif any(supers):
        interpretations.append(R.PLAYMAKER_ONLY)
    return None, reasons, interpretations


def rule_resolve(state: BattleState, move: ResolveBattle) -> Findings:
    if state.phase == "substitution":
        return _illegal(
            "The Substitution Phase is not over yet.",
            _mode_reason(
                "substitution-phase-not-over",
                state,
                f"{_does(state, state.to_act or 0, 'has', 'have')} still to decide whether to "
                "substitute",
            ),
        )
    if state.phase == "plays":
        return _illegal(
            "The Play Phase is not over: both players must pass first.",
            _reason(
                "play-phase-not-over",
                f"{_does(state, state.to_act or 0, 'has', 'have')} not passed yet",
            ),
        )
    if state.phase == "sudden-death":
        return _illegal(
            "All seven battles are played: the tie goes to Sudden Death.",
            _reason("sudden-death-pending", "the game is tied and ties are not allowed"),
        )
    winner, reasons, interpretations = battle_winner(state)
    if state.battle == 7:  # the last battle ends the game: its result rests on the score
        for i, p in enumerate(state.players):
            needed(p.trophies, f"state.players.{i}.trophies", "the last battle ends the game")
        needed(state.draws, "state.draws", "the last battle ends the game")
    result = "a draw" if winner is None else f"won by {subject(who(state, winner))}"
    claimed = None if move.claim == "draw" else move.claim
    if move.claim is not None and claimed != winner:
        claim = "a draw" if move.claim == "draw" else f"won by {subject(who(state, move.claim))}"
        return _illegal(
            f"Battle {state.battle} is {result}, not {claim}.",
            *reasons,
            interpretations=interpretations,
        )
    return _resolve(state, winner, reasons, interpretations)


def _resolve(
    state: BattleState, winner: int | None, reasons: list[Reason], interpretations: list[str]
) -> Findings:
    nxt = _copy(state)
    notes: list[str] = []
    # A score not described stays not described (battle 7 has it: rule_resolve).
    if winner is None:
        if nxt.draws is not None:
            nxt.draws += 1
        reasons.append(_mode_reason("trophy-to-winner", state, "a draw: no Trophy"))
    else:
        had = nxt.players[winner].trophies
        nxt.players[winner].trophies = None if had is None else had + 1
        reasons.append(
            _mode_reason(
                "trophy-to-winner", state, f"{_does(state, winner, 'places', 'place')} a Trophy"
            )
        )
    if state.mode != "rookie":
        _pass_honors(state, nxt, winner, reasons)
    if state.mode == "playmaker":
        _draw_plays(nxt, reasons, interpretations)
    for p in nxt.players:
        if state.mode != "rookie":
            p.substituted = False
        if state.mode == "playmaker":
            p.power_change = 0
    if state.battle < 7:
        _next_battle(nxt, reasons, notes, interpretations)
    else:
        _end_game(nxt, reasons, interpretations)
    result = "a draw" if winner is None else f"won by {subject(who(state, winner))}"
    if winner is None:
        answer = f"Battle {state.battle} is a draw: no Trophy is placed."
    else:
        answer = f"{_does(state, winner, 'wins', 'win', True)} battle {state.battle}."
    if nxt.phase == "game-over":
        score = [p.trophies or 0 for p in nxt.players]  # given at battle 7 (rule_resolve)
        if nxt.winner is None and score[0] == score[1]:
            answer += f" The game ends in a tie, {score[0]} battles each."
        elif nxt.winner is None:  # a majority read as 4 of the 7 battles
            answer += (
                f" Nobody has won 4 of the 7 battles ({max(score)} to {min(score)}): the game "
                "ends in a tie."
            )
        else:
            answer += (
                f" {_does(state, nxt.winner, 'wins', 'win', True)} the game, {max(score)} "
                f"battles to {min(score)}."
            )
    elif nxt.phase == "sudden-death" and not nxt.ties_allowed:
        answer += " The game is tied and ties are not allowed: Sudden Death follows."
    elif nxt.phase == "sudden-death":  # the other reading of a tie (`_end_game`)
        answer += " The game is tied: Sudden Death follows."
    return found_legal(
        f"Battle {state.battle} is {result}.",
        reasons,
        nxt,
        interpretations,
        notes,
        answer=answer,
    )


def _pass_honors(
    state: BattleState, nxt: BattleState, winner: int | None, reasons: list[Reason]
) -> None:
    if winner is None:
        reasons.append(
            _mode_reason(
                "draw-keeps-honors", state, f"{_does(state, state.honors, 'keeps', 'keep')} honors"
            )
        )
        return
    nxt.honors = winner
    reasons.append(
        _mode_reason(
            "winner-gets-honors", state, f"{_does(state, winner, 'goes', 'go')} first next battle"
        )
    )


def _draw_plays(nxt: BattleState, reasons: list[Reason], interpretations: list[str]) -> None:
    drawn = []
    for i, p in enumerate(nxt.players):
        if p.playbook is None or (not p.playbook and p.partly("playbook")):
            # The top card of a Playbook not described: a Play whose face is as unknown.
            if p.hand is not None:
                p.hand.append(PlayCard(id=_fresh_id(nxt, f"play-drawn-{i + 1}-{nxt.battle}")))
            drawn.append(
                f"{_does(nxt, i, 'draws', 'draw')} the top Play (the Playbook was not described)"
            )
        elif p.playbook:
            _pile(p.hand).append(p.playbook.pop(0))
            drawn.append(f"{_does(nxt, i, 'draws', 'draw')} a Play")
        else:
            drawn.append(f"{possessive(who(nxt, i), start=True)} Playbook is empty: no Play drawn")
            interpretations.append(R.EMPTY_DECK)
    reasons.append(_reason("draw-a-play", "; ".join(drawn)))


def _next_battle(
    nxt: BattleState, reasons: list[Reason], notes: list[str], interpretations: list[str]
) -> None:
    nxt.battle += 1
    if nxt.mode == "rookie":
        nxt.phase, nxt.to_act = "compare", None
    else:
        nxt.phase, nxt.to_act = "substitution", nxt.honors
    reasons.append(_reason("next-battle", f"battle {nxt.battle} comes next"))
    for i, p in enumerate(nxt.players):
        if p.trophies is not None and p.trophies >= WINS_NEEDED:
            notes.append(
                f"{_does(nxt, i, 'has', 'have', True)} won {p.trophies} of 7 battles: the game "
                f"is {'yours' if is_you(who(nxt, i)) else 'theirs'}, whatever the remaining "
                "battles bring."
            )
            interpretations.append(R.MAJORITY)


def _end_game(nxt: BattleState, reasons: list[Reason], interpretations: list[str]) -> None:
    won = [p.trophies or 0 for p in nxt.players]  # given at battle 7 (rule_resolve)
    score = f"{_score(nxt, won)}, {nxt.draws} drawn"
    nxt.to_act = None
    # Read the other way, a majority is 4 of the 7 battles: fewer is no win, but a tie.
    if won[0] != won[1] and (max(won) >= WINS_NEEDED or ours(R.MAJORITY)):
        nxt.phase, nxt.winner = "game-over", (0 if won[0] > won[1] else 1)
        reasons.append(
            _reason(
                "majority-of-battles-wins",
                f"{score}: {_does(nxt, nxt.winner, 'wins', 'win')} the game",
            )
        )
        if max(won) < WINS_NEEDED:
            interpretations.append(R.MAJORITY)
    # Read the other way, Sudden Death follows every tied game ("In the event of a tie"), the
    # game's setting on ties notwithstanding.
    elif nxt.ties_allowed and ours(R.TIES):
        nxt.phase, nxt.winner = "game-over", None
        reasons.append(_reason("equal-battles-tie", f"{score}: the game is a tie"))
        interpretations.append(R.TIES)
    else:
        nxt.phase, nxt.winner = "sudden-death", None
        why = ", and ties are not allowed" if not nxt.ties_allowed else ": a tie goes to it"
        reasons.append(_reason("tie-goes-to-sudden-death", f"{score}{why}"))
        interpretations.append(R.TIES)


# ----- Sudden Death -----


def rule_sudden_death(state: BattleState, move: SuddenDeath) -> Findings:
    if state.phase != "sudden-death":
        return _illegal(
            "There is no Sudden Death now.",
            _reason(
                "no-sudden-death",
                f"the game is in battle {state.battle}, {state.phase} phase; Sudden Death follows "
                "only a tied game in which ties are not allowed",
            ),
            interpretations=[R.TIES],
        )
    tops = [(p.hero_deck or [])[0] for p in state.players]  # check_move: both exist
    a, b = (
        needed(t.power, f"state.players.{i}.hero_deck.0.power", "Sudden Death compares it")
        for i, t in enumerate(tops)
    )
    shown = (
        f"{_does(state, 0, 'reveals', 'reveal')} {tops[0].label()}, "
        f"{subject(who(state, 1))} {tops[1].label()}"
    )
    interpretations: list[str] = []
    if a == b:  # a tie is broken by a Super Weapon
        for i, t in enumerate(tops):
            needed(t.weapon, f"state.players.{i}.hero_deck.0.weapon", "a tie is broken by it")
    if a != b:
        winner: int | None = 0 if a > b else 1
        reasons = [_reason("sudden-death-higher-power", shown)]
    elif tops[0].super != tops[1].super:
        winner = 0 if tops[0].super else 1
        reasons = [
            _reason("sudden-death-super-weapon", f"{shown}: tied, and only one has a Super Weapon")
        ]
    else:
        winner = None
        reasons = [_reason("sudden-death-repeat", f"{shown}: tied, so reveal the next top cards")]
        if tops[0].super:
            interpretations.append(R.SUDDEN_DEATH_SUPERS)
    if move.claim is not None and move.claim != winner:
        result = (
            "another reveal is needed"
            if winner is None
            else f"{_does(state, winner, 'wins', 'win')}"
        )
        return _illegal(
            f"{_does(state, move.claim, 'does', 'do', True)} not win this reveal: {result}.",
            *reasons,
            interpretations=interpretations,
        )
    nxt = _copy(state)
    for p in nxt.players:
        revealed = _pile(p.hero_deck).pop(0)
        _set_aside(p, revealed)
    if winner is not None:
        nxt.phase, nxt.winner = "game-over", winner
        summary = f"{_does(state, winner, 'wins', 'win', True)} the game in Sudden Death."
    else:
        summary = "Sudden Death is tied again: reveal the next top cards."
    return found_legal(summary, reasons, nxt, interpretations, answer=summary)


# ----- the setup -----


def rule_check_setup(state: BattleState, move: CheckSetup) -> Findings:
    """A described setup ruled: right, or what is off, with the setup rule (4.x.1)."""
    if state.battle != 1 or state.draws or any(p.trophies for p in state.players):
        return _illegal(
            "This is not a setup: battles have been played.",
            _reason("setup-not-battle-one", f"the game is at battle {state.battle}"),
        )
    off: list[Reason] = []
    n = setup_numbers(state.mode)
    for i, p in enumerate(state.players):
        name = who(state, i)
        if state.mode == "rookie":
            continue
        bench = len(p.bench or [])
        if bench != n["bench"] and not p.substituted:
            off.append(
                _mode_reason(
                    "setup-bench-four",
                    state,
                    f"{says(name, 'has', 'have')} {bench} Heroes on the Bench, not {n['bench']}",
                )
            )
        dogs_in_all = (p.hot_dogs or 0) + (p.hot_dogs_discarded or 0)
        if dogs_in_all != n["hot_dogs"]:
            off.append(
                _mode_reason(
                    "setup-hot-dogs-ten",
                    state,
                    f"{says(name, 'has', 'have')} {dogs(dogs_in_all)} in all, not {n['hot_dogs']}",
                )
            )
        if state.mode == "playmaker":
            plays = len(p.hand or []) + len(p.plays_used or [])
            if plays != n["plays_in_hand"]:
                off.append(
                    _reason(
                        "setup-plays-four",
                        f"{says(name, 'has', 'have')} {count(plays, 'Play')} in Hand, not "
                        f"{n['plays_in_hand']}",
                    )
                )
    for i, p in enumerate(state.players):
        # A Hero Deck given whole holds what the setup leaves in it (4.x.1.1: a deck of 60,
        # restated by each mode's own setup).
        left = len(p.hero_deck or [])
        if p.whole("hero_deck") and not p.substituted and left != n["hero_deck_after"]:
            off.append(
                _reason(
                    HERO_DECK_SIZE[state.mode],
                    f"{_does(state, i, 'has', 'have')} {count(left, 'Hero', 'Heroes')} left in "
                    "the Hero Deck, not "
                    f"{n['hero_deck_after']}",
                )
            )
    # What is left in a Playbook is stated only where every Playbook is given whole. It is
    # not counted against its 26: the setup counts the Plays drawn (4.3.1.9), and the
    # Playbook's size is the deck check's (4.3.1.2).
    words = setup_words(
        state.mode,
        all(p.whole("hero_deck") for p in state.players),
        all(p.whole("playbook") for p in state.players),
    )
    if off:
        return found_illegal(
            f"The setup is not right: {off[0].detail}.",
            off,
            answer="No, that setup is not right: " + "; ".join(r.detail for r in off) + ".",
        )
    return found_legal(
        "The setup is right.",
        [_mode_reason("setup-is-right", state, words)],
        _copy(state),
        [R.HONORS_BATTLE_ONE] if state.mode != "rookie" else [],
        answer=f"Yes, that setup is right: {words}.",
    )
