"""Rulings on the reveal: the players say what the Heroes of the current battle turned out to be.

The Heroes are dealt face down (rules 4.1.1.6, 4.2.1, 4.3.1), so a table started from the
setup knows nothing of them until a battle turns them face up (4.1.2.1, 4.2.2.5, 4.3.2.5).
This move writes what was seen on the board: each Hero's printed Power and weapon, and its
name if said. It never changes what the board already says of a Hero: a reveal that
contradicts it is ruled illegal, and one that agrees with it changes nothing.

In Sudden Death (4.4.3.1) the same move says the top Hero of each Hero Deck: a table started
from the setup never described the decks, so the card said becomes the one known card on top
of a deck otherwise not described; the `sudden-death` move then compares the two.
"""

from __future__ import annotations

from games.bo_jackson_battle_arena import reasons as R
from games.bo_jackson_battle_arena.battle import _copy, _does, _fresh_id
from games.bo_jackson_battle_arena.moves import RevealedHero, RevealHeroes
from games.bo_jackson_battle_arena.state import BattleState, Hero, who
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
    return None


def rule_reveal(state: BattleState, move: RevealHeroes) -> Findings:
    if state.phase == "sudden-death":
        return _rule_sudden_death_reveal(state, move)
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


# ----- Sudden Death: the top Hero of each Hero Deck (4.4.3.1) -----


def _top(state: BattleState, player: int) -> Hero | None:
    """The top Hero of the player's Hero Deck where the board has it; None where the deck, or
    what is left of it, was not described."""
    deck = state.players[player].hero_deck
    return deck[0] if deck else None


def _deck_is_empty(state: BattleState, player: int) -> bool:
    p = state.players[player]
    return p.hero_deck == [] and not p.partly("hero_deck")


def _top_reason(detail: str) -> Reason:
    return R.REASONS.reason("sudden-death-reveals-top", detail)


def _rule_sudden_death_reveal(state: BattleState, move: RevealHeroes) -> Findings:
    """In Sudden Death the players say the top Hero of each Hero Deck as it was turned face
    up. A deck the board did not describe gets that one card on top (the rest stays not
    described); a top card the board already has is checked, never changed."""
    for i in (0, 1):
        whose = possessive(who(state, i), start=True)
        if _deck_is_empty(state, i):
            return found_illegal(
                f"{whose} Hero Deck is empty: there is no top Hero to reveal.",
                [_top_reason(f"{possessive(who(state, i))} Hero Deck holds no Hero")],
                answer=f"No: {possessive(who(state, i))} Hero Deck is empty.",
            )
        top = _top(state, i)
        if top is not None and _contradicts(top, move.heroes[i]):
            already = f"{whose} top Hero is already revealed as {_on_board(top)}"
            return found_illegal(
                f"{already}: the reveal described another Hero.",
                [
                    _top_reason(
                        f"{possessive(who(state, i))} top Hero was turned face up as "
                        f"{_on_board(top)}, not {_seen(move.heroes[i])}"
                    )
                ],
                answer=f"No: {already}.",
            )
    nxt = _copy(state)
    for i, said in enumerate(move.heroes):
        p = nxt.players[i]
        top = _top(nxt, i)
        if top is None:  # the deck, or what is left of it, was not described: its top card
            top = Hero(id=_fresh_id(nxt, f"{'ab'[i]}-deck-top"), power=None)
            p.hero_deck = [top]
            if not p.partly("hero_deck"):
                p.partly_described.append("hero_deck")
        top.power, top.weapon = said.power, said.weapon
        top.name = top.name or said.name
    seen = "; ".join(
        f"{possessive(who(state, i))} top Hero {'is' if said.name else 'has'} {_seen(said)}"
        for i, said in enumerate(move.heroes)
    )
    return found_legal(
        "Both players turn face up the top Hero of their Hero Deck.",
        [_top_reason(seen)],
        nxt,
        answer=f"Yes: the top Heroes of the Hero Decks are revealed. {seen[:1].upper()}{seen[1:]}.",
    )
