"""Rulings on the reveal: the players say what the Heroes of the current battle turned out to be.

The Heroes are dealt face down (rules 4.1.1.6, 4.2.1, 4.3.1), so a table started from the
setup knows nothing of them until a battle turns them face up (4.1.2.1, 4.2.2.5, 4.3.2.5).
This move writes what was seen on the board: each Hero's printed Power and weapon, and its
name if said. It never changes what the board already says of a Hero: a reveal that
contradicts it is ruled illegal, and one that agrees with it changes nothing.
"""

from __future__ import annotations

from games.bo_jackson_battle_arena import reasons as R
from games.bo_jackson_battle_arena.battle import _copy, _does, who
from games.bo_jackson_battle_arena.moves import RevealedHero, RevealHeroes
from games.bo_jackson_battle_arena.state import BattleState, Hero
from games.core import Reason
from games.core.findings import Findings, found_illegal, found_legal
from games.core.names import fold
from games.core.words import possessive


def _reveal_reason(state: BattleState, detail: str) -> Reason:
    return R.REASONS.reason(R.mode_code("heroes-revealed", state.mode), detail)


def _seen(hero: RevealedHero) -> str:
    """ "Bo (150 Power, Fire weapon)", or "150 Power, Fire weapon" when its name was not said."""
    weapon = "no weapon" if hero.weapon == "none" else f"{hero.weapon} weapon"
    return (
        f"{hero.name} ({hero.power} Power, {weapon})"
        if hero.name
        else f"{hero.power} Power, {weapon}"
    )


def _shown(state: BattleState, player: int, hero: RevealedHero) -> str:
    """ "Ana's Hero is Bo (150 Power, Fire weapon)", "your Hero has 150 Power, no weapon"."""
    return f"{possessive(who(state, player))} Hero {'is' if hero.name else 'has'} {_seen(hero)}"


def _on_board(hero: Hero) -> str:
    """What the board says of a Hero, only the parts it says."""
    parts = [f"{hero.power} Power"] if hero.power is not None else []
    if hero.weapon is not None:
        parts.append("no weapon" if hero.weapon == "none" else f"{hero.weapon} weapon")
    said = ", ".join(parts)
    if hero.name:
        return f"{hero.name} ({said})" if said else hero.name
    return said


def _contradicts(hero: Hero, said: RevealedHero) -> bool:
    """The board already says something of the Hero that the reveal does not."""
    return (
        (hero.power is not None and hero.power != said.power)
        or (hero.weapon is not None and str(hero.weapon) != str(said.weapon))
        or bool(hero.name and said.name and fold(hero.name) != fold(said.name))
    )


def _not_now(state: BattleState) -> Findings | None:
    """Why the Heroes of the current battle cannot be revealed now, if they cannot."""
    if state.phase == "substitution":
        acting = state.to_act if state.to_act is not None else state.honors
        not_yet = (
            f"The Heroes of battle {state.battle} are not revealed yet: the Substitution Phase "
            "comes first"
        )
        return found_illegal(
            f"{not_yet}.",
            [
                R.REASONS.reason(
                    R.mode_code("substitution-before-reveal", state.mode),
                    f"{_does(state, acting, 'has', 'have')} still to decide whether to "
                    "substitute; the Heroes are revealed after",
                )
            ],
            answer=f"No: {not_yet[:1].lower()}{not_yet[1:]}.",
        )
    if state.phase == "sudden-death":
        return found_illegal(
            "All seven battles are played: Sudden Death reveals the top Hero of each Hero Deck, "
            "not the Heroes of a Battle Zone.",
            [
                R.REASONS.reason(
                    "sudden-death-reveals-top", "the game is tied and ties are not allowed"
                )
            ],
        )
    return None


def rule_reveal(state: BattleState, move: RevealHeroes) -> Findings:
    problem = _not_now(state)
    if problem:
        return problem
    zone = state.battle
    for i, said in enumerate(move.heroes):
        hero = state.zone_hero(i)
        if _contradicts(hero, said):
            whose = possessive(who(state, i), start=True)
            already = f"{whose} Hero in Battle Zone {zone} is already revealed as {_on_board(hero)}"
            return found_illegal(
                f"{already}: the reveal described another Hero.",
                [
                    _reveal_reason(
                        state,
                        f"{possessive(who(state, i))} Hero in Battle Zone {zone} was turned "
                        f"face up as {_on_board(hero)}, not {_seen(said)}",
                    )
                ],
                answer=f"No: {already}.",
            )
    nxt = _copy(state)
    for i, said in enumerate(move.heroes):
        hero = nxt.zone_hero(i)
        hero.power, hero.weapon = said.power, said.weapon
        hero.name = hero.name or said.name  # a name the board has stays as it was written
    seen = "; ".join(_shown(state, i, said) for i, said in enumerate(move.heroes))
    return found_legal(
        f"Both players turn face up the Heroes of battle {zone}.",
        [_reveal_reason(state, f"in Battle Zone {zone}: {seen}")],
        nxt,
        answer=f"Yes: the Heroes of battle {zone} are revealed. {seen[:1].upper()}{seen[1:]}.",
    )
