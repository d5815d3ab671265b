"""Ending the turn: what stays on the table, what resets and what expires (rules 3.6, 3.7,
4.4, 4.6, 7.2, 7.5).

The sheet rules on heroes, tech and the effects of this turn. What becomes of the ships and
bases in the play area at the end of a turn is the base game's rule, which the sheet does not
give: the next state leaves them out and the ruling says so.
"""

from __future__ import annotations

from collections import Counter

from games.core import Reason
from games.core.words import listed, plural
from games.star_realms_high_alert.catalog import CARDS, SYMBOL_NAMES
from games.star_realms_high_alert.reasons import REASONS
from games.star_realms_high_alert.state import LooseCard, State
from games.star_realms_high_alert.table import hero_label, label

PLAY_AREA_NOTE = (
    "What becomes of the ships and bases in your play area at the end of the turn is the "
    "base game's rule, which the High Alert sheet does not give: the next state leaves them "
    "out."
)


def _r(code: str, detail: str) -> Reason:
    return REASONS.reason(code, detail)


def after_turn(state: State) -> State:
    """Your side of the table when your turn has ended, as far as the sheet says: this turn's
    cards out of play and your hand discarded (10.3), and your next hand to draw (10.4)."""
    discarded = [
        LooseCard(id=c.id, card=c.card, name=c.name, factions=c.factions, got_there="left-in-hand")
        for c in state.hand
    ]
    return state.model_copy(
        update={
            "phase": "draw",
            "trade": 0,
            "play_area": [],
            "out_of_play": [*state.out_of_play, *state.play_area],
            "hand": [],
            "discard_pile": [
                *(_earlier(c) for c in state.discard_pile),
                *discarded,
            ],
            "gained_symbols": [],
            "free_acquires": [],
            "heroes": [h.model_copy(update={"played_this_turn": False}) for h in state.heroes],
            "techs": [
                t.model_copy(update={"used_this_turn": False, "acquired_this_turn": False})
                for t in state.techs
            ],
        }
    )


def _earlier(card: LooseCard) -> LooseCard:
    """A card of the discard pile once the turn has ended: one acquired this turn is now one
    acquired in an earlier turn (it went there by rule 9.4 all the same)."""
    if not card.acquired_this_turn:
        return card
    return card.model_copy(update={"acquired_this_turn": False, "got_there": "acquired"})


def turn_end_reasons(state: State) -> tuple[list[Reason], list[str]]:
    """The reasons, and the plain-words parts of the answer."""
    reasons: list[Reason] = []
    said: list[str] = []
    if state.play_area:
        played = listed(_counted([label(c) for c in state.play_area]))
        leave = plural(len(state.play_area), "leaves", "leave")
        reasons.append(_r("cards-leave-play", f"{played} {leave} your play area"))
    if state.hand:
        kept = listed(_counted([label(c) for c in state.hand]))
        are = plural(len(state.hand), "is", "are")
        reasons.append(_r("hand-discarded", f"{kept}, left in your hand, {are} discarded"))
        said.append("the cards left in your hand are discarded")
    # What this turn's end takes away (a hero's primary ability, the symbols gained, a tech's
    # use) is listed before what stays as it is every turn: the first reason given decides,
    # and it is what a player asks about at the end of the turn.
    if state.heroes:
        names = listed([hero_label(h) for h in state.heroes])
        stay = plural(len(state.heroes), "stays", "stay")
        for hero in state.heroes:
            if hero.played_this_turn:
                symbol = SYMBOL_NAMES.get(CARDS[hero.card].grants_symbol or "", "its symbol")
                reasons.append(
                    _r(
                        "hero-primary-ends",
                        f"{hero_label(hero)}'s primary ability ({symbol}) applies no longer",
                    )
                )
        reasons.append(_r("hero-stays-on-table", f"{names} {stay} on your table"))
        said.append(f"{names} {stay} on your table")
        said.extend(
            f"{hero_label(h)}'s primary ability no longer applies"
            for h in state.heroes
            if h.played_this_turn
        )
    chosen = [g for g in state.gained_symbols if g.card is not None and CARDS[g.card].is_tech]
    others = [g for g in state.gained_symbols if g not in chosen]
    expired: list[str] = []
    if others:
        symbols = listed([SYMBOL_NAMES[g.symbol] for g in others])
        reasons.append(_r("effect-symbols-expire", f"gained this turn as effects: {symbols}"))
        expired.append("the symbols you gained as effects expire")
    if chosen:
        symbols = listed([SYMBOL_NAMES[g.symbol] for g in chosen])
        reasons.append(_r("chosen-faction-expires", f"chosen for this turn: {symbols}"))
        expired.append("the faction you chose for this turn expires")
    if state.techs:
        names = listed(_counted([CARDS[t.card].name for t in state.techs]))
        stay = plural(len(state.techs), "stays", "stay")
        stays = _r("tech-stays-on-table", f"{names} {stay} on your table")
        resets = _r("tech-use-resets", f"{names} may each be used once more next turn")
        used_now = any(t.used_this_turn for t in state.techs)
        reasons.extend([resets, stays] if used_now else [stays, resets])
        said.append(f"your tech stays on the table and can be used again next turn ({names})")
    said.extend(expired)
    used = [c for c in state.play_area if c.ally_used or c.double_ally_used]
    if used:
        reasons.append(
            _r(
                "ally-uses-reset",
                "ally abilities used this turn were used for this turn only: "
                + listed([label(c) for c in used]),
            )
        )
        said.append("ally abilities can be used again next turn")
    if not reasons:
        reasons.append(_r("effect-symbols-expire", "nothing gained this turn carries over"))
    return reasons, said


def _counted(names: list[str]) -> list[str]:
    """Copies of one card said once with their number ("2 Guidance"), in first-seen order."""
    counts = Counter(names)
    return [name if counts[name] == 1 else f"{counts[name]} {name}" for name in counts]
