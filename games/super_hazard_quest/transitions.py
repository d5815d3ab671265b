"""Helpers shared by the move handlers: a broken rule, drawing items, placing Dungeon Cards."""

from __future__ import annotations

from games.core import InvalidMove
from games.core.copies import copy_with, deep_copy
from games.core.findings import Broken, Findings, broken
from games.super_hazard_quest.movement import Grid
from games.super_hazard_quest.spoken import from_start
from games.super_hazard_quest.state import HAND_SIZE, Hero, Item, PlacedRoom, Room, State, fold

# Keys of the reference rulings, written once.
PROPER_MOVEMENT = "super-hazard-quest:proper-movement-model"
WOUND_RULING = "super-hazard-quest:when-a-hero-is-wounded"
FIGHT_RULING = "super-hazard-quest:mini-boss-fight-mid-turn"
SCRAMBLER_RULING = "super-hazard-quest:reaching-a-scrambler"
LEAP_RULING = "super-hazard-quest:running-leap-landing"
BATTLE_RULING = "super-hazard-quest:hero-battle-answers"
BATTLE_WOUND_RULING = "super-hazard-quest:hero-battle-wounds-the-loser"
TRAP_DOOR_RULING = "super-hazard-quest:trap-door-model"
HAZARD_ITEM_RULING = "super-hazard-quest:hazard-item-in-a-turn"
SPECIAL_RULING = "super-hazard-quest:special-item-effects-unknown"
UNSEEN_RULING = "super-hazard-quest:unseen-items"
TRADE_RULING = "super-hazard-quest:trading-is-the-whole-turn"
DISCARD_RULING = "super-hazard-quest:discard-turn-only-without-actions"
TIE_RULING = "super-hazard-quest:stage-number-tie"
LOOK_RULING = "super-hazard-quest:look-ends-the-path"


def breach(
    code: str,
    detail: str,
    interps: tuple[str, ...] = (),
    more: tuple[tuple[str, str], ...] = (),
) -> Broken:
    """The move breaks a rule: core's illegal findings (games/core/findings.py), raised from
    deep in a turn's walk; the reason `code`, what in this state made it so, further faults
    `more` as (code, detail), and the reference rulings the finding rests on."""
    catalog = _reasons.REASONS
    reasons = [catalog.reason(code, detail), *(catalog.reason(c, d) for c, d in more)]
    return broken(reasons, interps)


# The reasons of a move that wounds the hero (rules 8.2 to 8.5) and of one that wins (2.8).
WOUNDS = frozenset({"wounded-dead-end", "wounded-scrambler", "wounded-stuck", "trap-door-dead-end"})
WON = "scrambler-defeated"


def turn_findings(state: State, interps: list[str] | None = None) -> Findings:
    """The findings of a legal move under way, on `state` (the board it leaves): core's
    record (games/core/findings.py), its reasons added as the move is played (`add`), its words
    said once it is whole (rules.py)."""
    return Findings(True, "", [], state, interps or [])


def add(findings: Findings, reason: tuple[str, str]) -> None:
    """One more reason of a legal move: (code, what in this state made it so)."""
    findings.reasons.append(_reasons.REASONS.reason(*reason))


def outcome(findings: Findings) -> str:
    """How a legal turn ended: "won" (a Scrambler defeated), "wounded", or "ended"."""
    codes = {r.code for r in findings.reasons}
    if WON in codes:
        return "won"
    # A wound without a cause of its own (a Hero Battle lost by the attacker, read the other
    # way) still sends the hero back (rule 8.2).
    return "wounded" if codes & WOUNDS or "returned-to-start" in codes else "ended"


def copy_state(state: State) -> State:
    """A private copy of a board to play a move on: what a move changes is copied (the lists
    of cards and heroes, each hero, its hand's list and its crystals), and what no move changes
    in place is shared: the Dungeon Cards (a Hazard Item changes a copy of its card,
    `own_room`) and the Item Cards (a hand gains and loses items, never changes one)."""
    heroes = [
        copy_with(
            h,
            hand=list(h.hand),
            crystals=None if h.crystals is None else copy_with(h.crystals),
        )
        for h in state.heroes
    ]
    return copy_with(state, dungeon=list(state.dungeon), heroes=heroes)


def own_room(state: State, grid: Grid, x: int, y: int) -> PlacedRoom:
    """The card at (x, y) as the board's own copy, to change in place: the cards of a board
    copied for a move are shared with the board it was copied from (`copy_state`)."""
    k = next(k for k, r in enumerate(state.dungeon) if r.x == x and r.y == y)
    mine = state.dungeon[k] = deep_copy(state.dungeon[k])
    grid[(x, y)] = mine
    return mine


def draw_items(state: State, hero: Hero, count: int, known: list[Item], where: str) -> int:
    """Draw `count` items into `hero`'s hand, reshuffling the discard pile into the Item deck
    when it runs out (rule 7.7). `known` are the faces drawn, in order; the rest are unseen.
    Returns how many were drawn."""
    drawn = 0
    for _ in range(max(count, 0)):
        if state.item_deck == 0:
            state.item_deck, state.discard = state.discard, 0
        if state.item_deck is None:
            # The Item deck was not described: the draw is taken at the player's word, and
            # what is left stays not described.
            drawn += 1
            continue
        if state.item_deck == 0:
            break
        state.item_deck -= 1
        drawn += 1
    if len(known) > drawn:
        raise InvalidMove(where, f"{len(known)} items given as drawn, but only {drawn} are drawn")
    taken = {fold(i.id) for h in state.heroes for i in h.hand}
    for item in known:
        if fold(item.id) in taken or fold(item.id) == "inherent":
            raise InvalidMove(where, f"item id {item.id!r} is already in use")
        taken.add(fold(item.id))
    hero.hand.extend(known)
    if hero.unseen is not None:  # a count not described stays not described
        hero.unseen += drawn - len(known)
    return drawn


def refill(state: State, hero: Hero, known: list[Item], where: str) -> int:
    """Draw back up to five items (rule 5.10)."""
    need = HAND_SIZE - hero.held()
    if need <= 0 and known:
        raise InvalidMove(where, "the hand already holds five items: nothing is drawn")
    return draw_items(state, hero, need, known, where)


def discard_items(state: State, hero: Hero, ids: set[str]) -> int:
    folded = {fold(i) for i in ids}
    kept = [i for i in hero.hand if fold(i.id) not in folded]
    gone = len(hero.hand) - len(kept)
    hero.hand = kept
    if state.discard is not None:
        state.discard += gone
    return gone


def place_card(
    state: State, grid: Grid, x: int, y: int, room: Room | None, where: str
) -> PlacedRoom:
    """Draw a Dungeon Card onto the empty space (x, y) (rule 2.4); the move says what it was."""
    if room is None:
        place = from_start(x, y, "space")
        raise InvalidMove(where, f"{place} is empty: give the Dungeon Card drawn")
    if abs(x) > 40 or abs(y) > 40:
        raise InvalidMove(where, "the dungeon cannot reach that far")
    if state.dungeon_deck == 0:
        raise breach("dungeon-deck-empty", "the Dungeon deck has no card left to draw")
    if room.scrambler and any(r.scrambler == room.scrambler for r in state.dungeon):
        raise InvalidMove(where, f"the {room.scrambler} Scrambler is already on the table")
    placed = PlacedRoom(**room.model_dump(), x=x, y=y)
    state.dungeon.append(placed)
    if state.dungeon_deck is not None:  # not described: drawn at the player's word
        state.dungeon_deck -= 1
    grid[(x, y)] = placed
    return placed


def next_player(state: State) -> str:
    names = [h.player for h in state.heroes]
    folded = [fold(n) for n in names]
    turn = fold(state.turn) if state.turn is not None else None
    index = folded.index(turn) if turn in folded else -1
    return names[(index + 1) % len(names)]


# Imported last: reasons imports this module for the readings' keys, so its catalog is looked
# up when a reason is given, once both modules are whole (an import inside the functions
# would cost each reason an import statement).
from games.super_hazard_quest import reasons as _reasons  # noqa: E402
