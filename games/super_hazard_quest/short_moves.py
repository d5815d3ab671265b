"""The moves besides the Standard Turn: Discard Turn, trade, Trap Door, setup."""

from __future__ import annotations

from games.core import InvalidMove
from games.super_hazard_quest.moves import DiscardTurn, Setup, Trade, TrapDoor
from games.super_hazard_quest.standard_turn import TurnResult
from games.super_hazard_quest.state import BOX_DUNGEON_CARDS, HAND_SIZE, PlacedRoom, State
from games.super_hazard_quest.transitions import (
    DISCARD_RULING,
    TIE_RULING,
    TRADE_RULING,
    TRAP_DOOR_RULING,
    Breach,
    copy_state,
    discard_items,
    draw_items,
    next_player,
)


def _ids(where: str, ids: list[str], owner: str, held: set[str]) -> set[str]:
    seen: set[str] = set()
    for k, item_id in enumerate(ids):
        if item_id not in held:
            raise InvalidMove(f"{where}.{k}", f"{owner} holds no item {item_id!r}")
        if item_id in seen:
            raise InvalidMove(f"{where}.{k}", f"item {item_id!r} is named twice")
        seen.add(item_id)
    return seen


def discard_turn(state: State, move: DiscardTurn, where: str) -> TurnResult:
    if move.look is not None:
        raise Breach("look-in-discard-turn", "a Look expands the dungeon: not in a Discard Turn")
    if move.played:
        raise Breach(
            "discard-turn-only", f"item(s) {', '.join(move.played)} played in a Discard Turn"
        )
    state = copy_state(state)
    hero = state.hero(move.player)
    assert hero is not None
    ids = _ids(f"{where}.discard", move.discard, move.player, {i.id for i in hero.hand})
    if move.discard_unseen > hero.unseen:
        raise InvalidMove(f"{where}.discard_unseen", f"only {hero.unseen} unseen card(s) held")
    gone = discard_items(state, hero, ids) + move.discard_unseen
    hero.unseen -= move.discard_unseen
    state.discard += move.discard_unseen
    drawn = draw_items(state, hero, gone, list(move.draws), f"{where}.draws")
    state.turn = next_player(state)
    result = TurnResult(state, interps=[DISCARD_RULING])
    result.reasons.append(("discard-turn", f"{gone} item(s) discarded and {drawn} drawn"))
    return result


def trade(state: State, move: Trade, where: str) -> TurnResult:
    if move.partner == move.player or state.hero(move.partner) is None:
        raise InvalidMove(f"{where}.partner", f"{move.partner!r} is not another player")
    state = copy_state(state)
    mine, theirs = state.hero(move.player), state.hero(move.partner)
    assert mine is not None and theirs is not None
    give = _ids(f"{where}.give", move.give, move.player, {i.id for i in mine.hand})
    take = _ids(f"{where}.receive", move.receive, move.partner, {i.id for i in theirs.hand})
    if not give or not take:
        raise Breach("trade-empty", "a trade swaps cards both ways", (TRADE_RULING,))
    if len(give) != len(take):
        raise Breach(
            "trade-uneven",
            f"{len(give)} card(s) given for {len(take)}: both hands must stay at five",
            (TRADE_RULING,),
        )
    moving_out = [i for i in mine.hand if i.id in give]
    moving_in = [i for i in theirs.hand if i.id in take]
    mine.hand = [i for i in mine.hand if i.id not in give] + moving_in
    theirs.hand = [i for i in theirs.hand if i.id not in take] + moving_out
    state.turn = next_player(state)
    result = TurnResult(state, interps=[TRADE_RULING])
    result.reasons.append(
        ("trade-made", f"{move.player} and {move.partner} swap {len(give)} card(s); the turn ends")
    )
    return result


def trap_door(state: State, move: TrapDoor, where: str) -> TurnResult:
    target = state.hero(move.target)
    if target is None:
        raise InvalidMove(f"{where}.target", f"no player {move.target!r}")
    if move.target == move.player:
        raise Breach(
            "trap-door-on-self", "the FAQ's Trap Door moves an opponent", (TRAP_DOOR_RULING,)
        )
    dest = state.room(move.x, move.y)
    if dest is None:
        raise InvalidMove(f"{where}.x", f"no Dungeon Card at ({move.x}, {move.y})")
    room = state.room(target.x or 0, target.y or 0)
    if room is None or not room.trap_door:
        raise Breach(
            "trap-door-missing",
            f"{target.player}'s hero stands on a card without a Trap Door",
            (TRAP_DOOR_RULING,),
        )
    state = copy_state(state)
    target = state.hero(move.target)
    assert target is not None
    result = TurnResult(state, interps=[TRAP_DOOR_RULING])
    if dest.dead_end:
        lost = target.crystals.total()
        target.crystals.red = target.crystals.blue = 0
        result.outcome = "wounded"
        result.reasons.append(
            (
                "trap-door-dead-end",
                f"{target.player}'s hero hits the Dead End, stays on its Checkpoint and loses "
                f"{lost} crystal(s); nobody gains them",
            )
        )
        return result
    if not dest.checkpoint:
        raise Breach(
            "trap-door-no-landing",
            f"the card at ({dest.x}, {dest.y}) has no Checkpoint",
            (TRAP_DOOR_RULING,),
        )
    target.x, target.y = dest.x, dest.y
    result.reasons.append(
        ("trap-door-moved", f"{target.player}'s hero is moved to ({dest.x}, {dest.y})")
    )
    result.notes.append("What a Trap Door asks of the player using it is printed on the card.")
    return result


def setup(state: State, move: Setup, where: str) -> TurnResult:
    if state.dungeon:
        raise Breach("already-set-up", "the Starting Card is already on the table")
    players = [h.player for h in state.heroes]
    drawn_by = [d.player for d in move.draws]
    if sorted(drawn_by) != sorted(players):
        raise InvalidMove(f"{where}.draws", "each player draws exactly one Dungeon Card")
    colours = [d.card.scrambler for d in move.draws if d.card.scrambler]
    if len(colours) != len(set(colours)):
        raise InvalidMove(f"{where}.draws", "the box holds one Scrambler of each colour")
    numbered = [(d.card.stage, d.player) for d in move.draws if d.card.stage is not None]
    if not numbered:
        raise Breach("setup-redraw", "no card drawn shows a Stage Number: everyone draws again")
    lowest = min(stage for stage, _ in numbered)
    tied = [p for stage, p in numbered if stage == lowest]
    if len(tied) > 1:
        raise Breach(
            "setup-tie",
            f"{' and '.join(tied)} tie on Stage Number {lowest}: draw again",
            (TIE_RULING,),
        )
    first = tied[0]
    if move.first is not None and move.first != first:
        raise Breach(
            "setup-wrong-first",
            f"{first} drew the lowest Stage Number ({lowest}), not {move.first}",
        )
    card = next(d.card for d in move.draws if d.player == first)
    if not card.checkpoint:
        raise InvalidMove(f"{where}.draws", "the heroes start on the Starting Card's Checkpoint")
    state = copy_state(state)
    state.dungeon = [PlacedRoom(**card.model_dump(), x=0, y=0)]
    state.dungeon_deck = BOX_DUNGEON_CARDS - 1
    for hero in state.heroes:
        hero.x, hero.y = 0, 0
        draw_items(state, hero, HAND_SIZE, [], f"{where}.draws")
    state.turn = first
    result = TurnResult(state)
    result.reasons.append(
        ("setup-first", f"{first} drew the lowest Stage Number ({lowest}) and goes first")
    )
    result.reasons.append(("setup-deal", "every hero starts on the Starting Card with five items"))
    return result
