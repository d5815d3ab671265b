"""The moves besides the Standard Turn: Discard Turn, trade, Trap Door, setup."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.core import InvalidMove, InvalidState
from games.core.findings import Findings
from games.core.pictures import plural
from games.core.readings import ours
from games.core.words import agree, is_you, listed, possessive, says, subject, verb
from games.super_hazard_quest.ledger import Ledger, options
from games.super_hazard_quest.moves import DiscardTurn, Setup, Trade, TrapDoor
from games.super_hazard_quest.pathfinder import reachable
from games.super_hazard_quest.spoken import card_words, from_start, item_words
from games.super_hazard_quest.state import (
    BOX_DUNGEON_CARDS,
    BOX_ITEMS,
    DIRECTIONS,
    HAND_SIZE,
    MAX_HEROES,
    Action,
    Crystals,
    Direction,
    Hero,
    Item,
    PlacedRoom,
    Space,
    State,
    fold,
)
from games.super_hazard_quest.transitions import (
    DISCARD_RULING,
    TIE_RULING,
    TRADE_RULING,
    TRAP_DOOR_RULING,
    UNSEEN_RULING,
    add,
    breach,
    copy_state,
    discard_items,
    draw_items,
    next_player,
    turn_findings,
)


def _ids(where: str, ids: list[str], owner: str, held: set[str]) -> set[str]:
    seen: set[str] = set()
    folded = {fold(i) for i in held}
    for k, item_id in enumerate(ids):
        if fold(item_id) not in folded:
            raise InvalidMove(f"{where}.{k}", f"{owner} holds no item {item_id!r}")
        if fold(item_id) in seen:
            raise InvalidMove(f"{where}.{k}", f"item {item_id!r} is named twice")
        seen.add(fold(item_id))
    return seen


# The ground of a Discard Turn read the other way (DISCARD_RULING flipped).
ANY_TIME = "a Discard Turn may be taken at any time"


def trap_door_ends(player: str) -> str:
    """What a Trap Door does to its user's turn read the other way (TRAP_DOOR_RULING flipped):
    "using it ends your turn"."""
    return f"using it ends {possessive(player)} turn"


def discard_turn(state: State, move: DiscardTurn, where: str) -> Findings:
    if move.look is not None:
        raise breach("look-in-discard-turn", "a Look expands the dungeon: not in a Discard Turn")
    if move.played:
        raise breach(
            "discard-turn-only",
            f"{listed(_said(mover_hand(state, move.player), move.played))} "
            f"{'are' if len(move.played) > 1 else 'is'} played in a Discard Turn",
        )
    mover = state.hero(move.player)
    assert mover is not None
    open_turn, unsaid = standard_turn_open(state, mover)
    # Read the other way (the former `discard-turn-always-allowed`), a Discard Turn may be
    # taken whatever the hand allows.
    if open_turn is not None and ours(DISCARD_RULING):
        raise breach(
            "discard-turn-not-allowed",
            f"{says(mover.player, 'does', 'do', True)} not lack the actions for a Standard "
            f"Turn: {open_turn}",
            (DISCARD_RULING,),
        )
    state = copy_state(state)
    hero = state.hero(move.player)
    assert hero is not None and hero.unseen is not None  # the mover's: rules.check_move
    ids = _ids(f"{where}.discard", move.discard, move.player, {i.id for i in hero.hand})
    if move.discard_unseen > hero.unseen:
        held = plural(hero.unseen, "unseen card")
        raise InvalidMove(f"{where}.discard_unseen", f"only {held} held")
    in_hand = hero.held()
    gone = discard_items(state, hero, ids) + move.discard_unseen
    hero.unseen -= move.discard_unseen
    if state.discard is not None:
        state.discard += move.discard_unseen
    drawn = draw_items(state, hero, gone, list(move.draws), f"{where}.draws")
    state.turn = next_player(state)
    result = turn_findings(state, [DISCARD_RULING])
    lacking = (
        f"with its Inherent Action ({mover.action().title()}) and the items it holds, "
        f"{possessive(mover.player)} hero can reach no other Checkpoint, no empty space and "
        f"no Mini-Boss "
        "prize"
    )
    if mover.unseen:
        lacking += (
            f"; {plural(mover.unseen, 'item')} in hand "
            f"{'is' if mover.unseen == 1 else 'are'} not given, so this rests on the player's word"
        )
        result.interpretations.append(UNSEEN_RULING)
    if unsaid:
        lacking += f"; {unsaid} not described, so this rests on the player's word"
    if open_turn is not None:  # allowed only read the other way
        lacking = f"{ANY_TIME}, though {open_turn}"
    if gone and gone == in_hand:
        # the whole hand discarded: "as many as they wish" (rule 6.2) is what is in doubt
        add(result, ("discard-whole-hand", f"all {plural(gone, 'item')} of the hand discarded"))
    add(result, ("discard-turn-allowed", lacking))
    add(result, ("discard-turn", f"{plural(gone, 'item')} discarded and {drawn} drawn"))
    return result


def sides_words(
    sides: list[tuple[int, int, Direction]],
    verb: bool = True,
    card: Callable[[int, int], str] = from_start,
) -> str:
    """Sides not described, card by card: "the up and left sides of the Starting Card were"."""
    by_card: dict[tuple[int, int], list[str]] = {}
    for x, y, side in sides:
        by_card.setdefault((x, y), []).append(side)
    parts = []
    for (x, y), found in by_card.items():
        named: list[str] = [d for d in DIRECTIONS if d in found]
        which = f"the {listed(named)} {agree(named, 'side', 'sides')}"
        parts.append(f"{which} of {card(x, y)}")
    many = len(sides) > 1
    said = "; ".join(parts) if len(parts) < 3 else f"{parts[0]} and others"
    return said + ((" were" if many else " was") if verb else "")


def spaces_words(
    spaces: list[tuple[int, int, Space]],
    verb: bool = True,
    card: Callable[[int, int], str] = from_start,
) -> str:
    """Combat spaces not described: "the left combat space of the Starting Card was"."""
    parts = [f"the {space} combat space of {card(x, y)}" for x, y, space in spaces]
    said = "; ".join(parts) if len(parts) < 3 else f"{parts[0]} and others"
    return said + ((" were" if len(spaces) > 1 else " was") if verb else "")


def standard_turn_open(state: State, hero: Hero) -> tuple[str | None, str]:
    """What the hero's actions at hand allow this turn, in words, or None when it lacks the
    actions for a Standard Turn (rule 6.1, read by `discard-turn-only-without-actions`); and, in
    words, the sides and combat spaces not described that the search could not follow."""
    found = reachable(state, hero.player)
    origin = (hero.x, hero.y) if hero.x is not None and hero.y is not None else None

    def card(x: int, y: int) -> str:
        return card_words(x, y, origin, hero.player)

    unseen = [sides_words(found.unknown_sides, False, card)] if found.unknown_sides else []
    unseen += [spaces_words(found.unknown_spaces, False, card)] if found.unknown_spaces else []
    many = len(found.unknown_sides) + len(found.unknown_spaces) > 1
    unsaid = " and ".join(unseen) + (" were" if many else " was") if unseen else ""

    if found.wins:
        win = found.wins[0]
        return f"it can reach the Scrambler in {card(win.x, win.y)}", unsaid
    if found.checkpoints:
        dest = found.checkpoints[0]
        using = f", using {listed(_said(hero.hand, dest.items))}" if dest.items else ""
        return f"it can walk to the Checkpoint of {card(dest.x, dest.y)}{using}", unsaid
    if found.openings and state.dungeon_deck is None:
        gap = found.openings[0]
        raise InvalidState(
            "state.dungeon_deck",
            f"{possessive(hero.player, start=True)} hero can walk into the empty "
            f"{from_start(gap['x'], gap['y'], 'space')[4:]}, and whether a card is left to "
            "draw there was not "
            "described: say how many cards the Dungeon deck holds",
        )
    if found.openings and state.dungeon_deck is not None and state.dungeon_deck > 0:
        gap = found.openings[0]
        words = (
            f"it can walk into the empty space {_where(card(gap['x'], gap['y']))} and draw a card"
        )
        return words, unsaid
    room = state.room(hero.x or 0, hero.y or 0)
    boss = room.mini_boss if room is not None else None
    if room is not None and boss is not None and _can_pay(Ledger(), hero, list(boss.actions)):
        return f"it can defeat the Mini-Boss of {card(room.x, room.y)}", unsaid
    return None, unsaid


def _can_pay(ledger: Ledger, hero: Hero, actions: list[Action]) -> bool:
    if not actions:
        return True
    return any(
        _can_pay(after, hero, actions[1:])
        for _, after in options(ledger, hero.action(), hero.hand, actions[0])
    )


def trade(state: State, move: Trade, where: str) -> Findings:
    if fold(move.partner) == fold(move.player) or state.hero(move.partner) is None:
        raise InvalidMove(f"{where}.partner", f"{move.partner!r} is not another player")
    state = copy_state(state)
    mine, theirs = state.hero(move.player), state.hero(move.partner)
    assert mine is not None and theirs is not None
    give = _ids(f"{where}.give", move.give, move.player, {i.id for i in mine.hand})
    take = _ids(f"{where}.receive", move.receive, move.partner, {i.id for i in theirs.hand})
    if not give or not take:
        raise breach("trade-empty", "a trade swaps cards both ways", (TRADE_RULING,))
    if len(give) != len(take):
        raise breach(
            "trade-uneven",
            f"{plural(len(give), 'card')} given for {len(take)}: both hands must stay at five",
            (TRADE_RULING,),
        )
    if not ours(TRADE_RULING):
        # Read the other way, "takes the place of a Discard Turn" means a trade is open only
        # to a player who may take one: who lacks the actions for a Standard Turn (rule 6.1).
        # The way the hand opens is searched only here, never on our reading.
        open_turn, _ = standard_turn_open(state, mine)
        if open_turn is not None:
            raise breach(
                "discard-turn-not-allowed",
                f"a trade takes the place of a Discard Turn, and "
                f"{says(move.player, 'does', 'do')} not lack the actions for a Standard Turn: "
                f"{open_turn}",
                (TRADE_RULING,),
            )
    moving_out = [i for i in mine.hand if fold(i.id) in give]
    moving_in = [i for i in theirs.hand if fold(i.id) in take]
    mine.hand = [i for i in mine.hand if fold(i.id) not in give] + moving_in
    theirs.hand = [i for i in theirs.hand if fold(i.id) not in take] + moving_out
    state.turn = next_player(state)
    result = turn_findings(state, [TRADE_RULING])
    add(
        result,
        (
            "trade-made",
            f"{subject(move.player, True)} and {subject(move.partner)} swap "
            f"{plural(len(give), 'card')}; the turn ends",
        ),
    )
    return result


def trap_door(state: State, move: TrapDoor, where: str) -> Findings:
    target = state.hero(move.target)
    if target is None:
        raise InvalidMove(f"{where}.target", f"no player {move.target!r}")
    if fold(move.target) == fold(move.player):
        raise breach(
            "trap-door-on-self", "the FAQ's Trap Door moves an opponent", (TRAP_DOOR_RULING,)
        )
    dest = state.room(move.x, move.y)
    if dest is None:
        place = from_start(move.x, move.y, "space")
        raise InvalidMove(f"{where}.x", f"no Dungeon Card lies on {place}")
    if target.x is None or target.y is None:
        k = next(i for i, h in enumerate(state.heroes) if h is target)
        raise InvalidState(
            f"state.heroes.{k}.x",
            f"where {possessive(target.player)} hero stands was not described: the Trap Door "
            "must be on its card",
        )
    room = state.room(target.x, target.y)
    if room is None or not room.trap_door:
        raise breach(
            "trap-door-missing",
            f"{possessive(target.player, start=True)} hero stands on a card without a Trap Door",
            (TRAP_DOOR_RULING,),
        )
    state = copy_state(state)
    target = state.hero(move.target)
    assert target is not None
    result = turn_findings(state, [TRAP_DOOR_RULING])
    if not ours(TRAP_DOOR_RULING):
        # Read the other way, using a Trap Door is the user's whole turn, as a trade is.
        state.turn = next_player(state)
    if dest.dead_end:
        lost = (
            "all its crystals"
            if target.crystals is None
            else plural(target.crystals.total(), "crystal")
        )
        target.crystals = Crystals()  # none left, whatever it held
        add(
            result,
            (
                "trap-door-dead-end",
                f"{possessive(target.player, start=True)} hero hits the Dead End, stays on "
                f"its Checkpoint and loses "
                f"{lost}; nobody gains them",
            ),
        )
        return result
    if not dest.checkpoint:
        raise breach(
            "trap-door-no-landing",
            f"{_from_mover(state, move.player, dest.x, dest.y)} has no Checkpoint",
            (TRAP_DOOR_RULING,),
        )
    target.x, target.y = dest.x, dest.y
    add(
        result,
        (
            "trap-door-moved",
            f"{possessive(target.player, start=True)} hero is moved to "
            f"{_from_mover(state, move.player, dest.x, dest.y)}",
        ),
    )
    result.notes.append("What a Trap Door asks of the player using it is printed on the card.")
    return result


def setup_numbers(players: int) -> dict[str, int]:
    """How a game of `players` is set up, with the numbers worked out (section 3)."""
    if not 2 <= players <= MAX_HEROES:
        raise ValueError(f"Super Hazard Quest is set up for 2 to {MAX_HEROES} players")
    return {
        "players": players,
        "dungeon_cards_drawn": players,
        "dungeon_deck_after": BOX_DUNGEON_CARDS - 1,
        "items_per_player": HAND_SIZE,
        "item_deck_after": BOX_ITEMS - HAND_SIZE * players,
        "hero_tokens_unused": MAX_HEROES - players,
    }


def setup_words(players: int) -> str:
    n = setup_numbers(players)
    return (
        f"each of the {players} players draws one Dungeon Card; the lowest Stage Number is "
        "the Starting Card, the others are shuffled back, so the Dungeon deck holds "
        f"{n['dungeon_deck_after']} cards; each player is dealt {HAND_SIZE} Item Cards, "
        f"leaving {n['item_deck_after']} in the Item deck; "
        f"{plural(n['hero_tokens_unused'], 'hero token')} "
        f"{'stays' if n['hero_tokens_unused'] == 1 else 'stay'} in the box"
    )


def setup(state: State, move: Setup, where: str) -> Findings:
    if state.dungeon:
        raise breach("already-set-up", "the Starting Card is already on the table")
    for k, d in enumerate(move.draws):
        if state.hero(d.player) is None:
            raise InvalidMove(f"{where}.draws.{k}.player", f"no player {d.player!r} in this game")
    colours = [d.card.scrambler for d in move.draws if d.card.scrambler]
    if len(colours) != len(set(colours)):
        raise InvalidMove(f"{where}.draws", "the box holds one Scrambler of each colour")
    problems: list[tuple[str, str]] = []
    drawn_by = [fold(d.player) for d in move.draws]
    for hero in state.heroes:
        count = drawn_by.count(fold(hero.player))
        if count != 1:
            problems.append(
                (
                    "setup-draw-count",
                    f"{subject(hero.player, start=True)} drew {count} Dungeon Cards, not one",
                )
            )
    if move.dealt is not None:
        for k, (name, count) in enumerate(move.dealt.items()):
            if state.hero(name) is None:
                raise InvalidMove(f"{where}.dealt.{k}", f"no player {name!r} in this game")
            if count != HAND_SIZE:
                problems.append(
                    (
                        "setup-deal-wrong",
                        f"{says(name, 'was', 'were', True)} dealt {count} Item Cards, not "
                        f"{HAND_SIZE}",
                    )
                )
    if problems:
        raise breach(*problems[0], more=tuple(problems[1:]))
    numbered = [(d.card.stage, d.player) for d in move.draws if d.card.stage is not None]
    if not numbered:
        raise breach("setup-redraw", "no card drawn shows a Stage Number: everyone draws again")
    lowest = min(stage for stage, _ in numbered)
    tied = [p for stage, p in numbered if stage == lowest]
    if len(tied) > 1:
        # Read the other way, a tie is broken among the tied players alone: the same, when
        # every player tied.
        everyone = len(tied) == len(move.draws)
        again = "everyone draws again" if everyone or ours(TIE_RULING) else "only they draw again"
        raise breach(
            "setup-tie",
            f"{' and '.join(tied)} tie on Stage Number {lowest}: {again}",
            (TIE_RULING,),
        )
    first_hero = state.hero(tied[0])
    assert first_hero is not None
    first = first_hero.player
    if move.first is not None and fold(move.first) != fold(first):
        said = next((d for d in move.draws if fold(d.player) == fold(move.first)), None)
        if said is not None and said.card.stage is None:
            # the player named drew no Stage Number: rule 3.5 is what is in doubt
            raise breach(
                "setup-no-stage-number",
                f"{subject(move.first, start=True)} drew a card without a Stage Number, which "
                f"can never make {subject(move.first)} go first; {subject(first)} drew the "
                f"lowest Stage Number ({lowest}) and {verb(first, 'goes', 'go')} first",
            )
        raise breach(
            "setup-wrong-first",
            f"{subject(first, start=True)} drew the lowest Stage Number ({lowest}), so "
            f"{subject(first) if is_you(first) else 'they'} go first, not {subject(move.first)}",
        )
    card = next(d.card for d in move.draws if fold(d.player) == fold(first))
    if not card.checkpoint:
        raise breach(
            "setup-start-no-checkpoint",
            "the Starting Card has no Checkpoint for the heroes to stand on",
        )
    state = copy_state(state)
    state.dungeon = [PlacedRoom(**card.model_dump(), x=0, y=0)]
    state.dungeon_deck = BOX_DUNGEON_CARDS - 1
    for hero in state.heroes:
        hero.x, hero.y = 0, 0
        draw_items(state, hero, HAND_SIZE, [], f"{where}.draws")
    state.turn = first
    result = turn_findings(state)
    add(
        result,
        (
            "setup-first",
            f"{subject(first, start=True)} drew the lowest Stage Number ({lowest}) and "
            f"{verb(first, 'goes', 'go')} first",
        ),
    )
    if len(numbered) < len(move.draws):
        add(
            result,
            (
                "setup-no-stage-number",
                "a card without a Stage Number cannot make the player who drew it go first",
            ),
        )
    add(result, ("setup-redraw-shuffled", "the other drawn cards go back into the deck"))
    add(
        result,
        ("setup-heroes-placed", "every hero token goes on the Starting Card's Checkpoint flag"),
    )
    add(result, ("setup-deal", setup_words(len(state.heroes))))
    return result


def mover_hand(state: State, player: str) -> list[Item]:
    hero = state.hero(player)
    return [] if hero is None else list(hero.hand)


def _said(hand: list[Item], ids: Iterable[str]) -> list[str]:
    """Items a move names by their labels, said as printed ("the Magic Item")."""
    by_id = {fold(i.id): i for i in hand}
    return [item_words(by_id[fold(i)], hand) if fold(i) in by_id else repr(i) for i in ids]


def _where(room: str) -> str:
    """An empty space named as the room it would be: "where the room to your right would lie"."""
    return f"where {room} would lie"


def _from_mover(state: State, player: str, x: int, y: int) -> str:
    """A card in words, counted from where `player`'s hero stands."""
    hero = state.hero(player)
    origin = None if hero is None or hero.x is None or hero.y is None else (hero.x, hero.y)
    return card_words(x, y, origin, player)
