"""A Standard Turn walked step by step: the path, its fights, hazards placed and battles, then
its end (a Look, a Running Leap or a Special Item), into core's Findings; raises core's
`Broken` (transitions.breach) at the first broken rule."""

from __future__ import annotations

from collections import Counter

from games.core import InvalidMove, InvalidState, Reason
from games.core.findings import Findings
from games.core.pictures import plural
from games.core.readings import ours
from games.core.words import agree, article, listed, possessive, says, subject, verb
from games.super_hazard_quest.ledger import Ledger, Refusal, options, spend
from games.super_hazard_quest.movement import (
    FLAG,
    STATIONS,
    Grid,
    Spot,
    grid_of,
    on_checkpoint,
    space_name,
    start_spot,
    step,
)
from games.super_hazard_quest.moves import Battle, Fight, Go, Leap, PlaceHazard, StandardTurn
from games.super_hazard_quest.pathfinder import Walker, has_way_on
from games.super_hazard_quest.reasons import REASONS
from games.super_hazard_quest.spoken import (
    card_words,
    checkpoint_words,
    from_start,
    item_words,
    station_words,
)
from games.super_hazard_quest.state import (
    COMBAT_ACTIONS,
    DELTA,
    DIRECTION_ACTIONS,
    DIRECTIONS,
    INHERENT,
    NOT_DESCRIBED,
    OPPOSITE,
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
    BATTLE_RULING,
    BATTLE_WOUND_RULING,
    FIGHT_RULING,
    HAZARD_ITEM_RULING,
    LEAP_RULING,
    LOOK_RULING,
    PROPER_MOVEMENT,
    SCRAMBLER_RULING,
    SPECIAL_RULING,
    WOUND_RULING,
    breach,
    copy_state,
    discard_items,
    draw_items,
    next_player,
    own_room,
    place_card,
    refill,
    turn_findings,
)


def _beside(direction: str) -> str:
    """ "to the right of", "above": where a direction leads from a room."""
    return {"up": "above", "down": "below"}.get(direction, f"to the {direction} of")


def _leap_reaches(room: PlacedRoom) -> bool:
    """Whether a Running Leap onto `room` reaches its Scrambler: on our reading, entering the
    card reaches it however the hero came; read the other way, a leap ignores all that is on
    the card ("All HAZARDS and proper directions are ignored") and a Scrambler is reached by
    walking in."""
    return room.scrambler is not None and ours(SCRAMBLER_RULING)


def _item_answers(defence: Ledger, foe: Hero, action: Action) -> bool:
    """Whether an Item Card in the defender's hand can give `action` (not only its Inherent
    Action)."""
    return any(source != INHERENT for source, _ in options(defence, foe.action(), foe.hand, action))


def _times(n: int) -> str:
    """How often an action is used, as a player says it: "once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


# The steps an item's own rule goes ahead of: what a player doubts of a turn that used a Magic
# Item, or a Dual Action Item otherwise than for its first action, is the item (rules 9.5, 9.3),
# over the hazards it passed (4.2) and the door ignored on the way in (4.6).
_PASSED = frozenset({"hazard-passed"})
_ITEM_STEPS = frozenset({"hazard-passed", "entrance-hazard-ignored"})


class TurnWalk:
    """Plays one Standard Turn on a private copy of the state."""

    def __init__(self, state: State, move: StandardTurn, where: str) -> None:
        self.state = copy_state(state)
        self.move = move
        self.where = where
        hero = self.state.hero(move.player)
        assert hero is not None and hero.x is not None and hero.y is not None
        self.hero: Hero = hero
        self.start = (hero.x, hero.y)
        self.grid: Grid = grid_of(self.state.dungeon)
        self.walker = Walker(start_spot(*self.start))
        self.ledger = Ledger()
        self.new_cells: set[tuple[int, int]] = set()
        self.result = turn_findings(self.state)
        self.outcome = "ended"  # "wounded", "won"
        # parts of the move the rules make void (the move stands without them): (code, detail)
        self.voids: list[tuple[str, str]] = []
        self.moved = False
        self.expanded = False  # a card was placed this turn (rule 5.5)
        self.interps: set[str] = set()
        self.uses: Counter[str] = Counter()  # uses taken this turn, by source
        self.magic_actions: dict[str, list[str]] = {}  # the action each Magic Item gave
        self.fought: set[tuple[int, int]] = set()  # cards whose Mini-Boss was fought
        self.prizes: set[str] = set()  # ids of the items taken as Boss Prizes this turn
        self.through: tuple[int, int] | None = None  # a door left into a card not drawn
        # where each card drawn this turn was described (the question's cards: `field`)
        self.fields: dict[tuple[int, int], str] = {}
        self.described = len(self.state.dungeon)
        self.turned = False  # the hero turned round on a Checkpoint (rule 5.11)
        # the cards entered this turn by a side with no exit, and that side (rule 4.11)
        self.no_entrance: set[tuple[int, int, str]] = set()
        self.climbed = False  # a Climb or Dig made this turn (rule 4.10)
        self.climbed_again = False

    # ----- helpers

    def note(self, code: str, detail: str, *interps: str) -> None:
        self.result.reasons.append(REASONS.reason(code, detail))
        if interps:
            self.interps.update(interps)

    def ahead_of_hazards(self, reason: Reason, steps: frozenset[str] = _PASSED) -> None:
        """Put `reason` before the first hazard passed (rule 4.2), or the first of `steps`:
        the first plain reason given decides (games/core/deciding.py)."""
        reasons = self.result.reasons
        at = next((k for k, r in enumerate(reasons) if r.code in steps), len(reasons))
        reasons.insert(at, reason)

    def lead_at(self) -> int:
        """Where a reason of the walk goes to lead it: after a second Climb or Dig (4.10)."""
        reasons = self.result.reasons
        return 1 if reasons and reasons[0].code == "climbed-again-after-space" else 0

    def card(self, x: int, y: int) -> str:
        """A card in the player's words: "the card you drew" (this turn), else counted from
        where the hero began the turn ("the room to your right")."""
        where = card_words(x, y, self.start, self.move.player)
        if (x, y) not in self.new_cells:
            return where
        drew = f"the card {subject(self.move.player)} drew"
        return drew if len(self.new_cells) == 1 else f"{drew}, {where},"

    def checkpoint(self, x: int, y: int) -> str:
        """ "the Checkpoint it began the turn on", "the Checkpoint of the card you drew"."""
        if (x, y) == self.start:
            return checkpoint_words(x, y, self.start, self.move.player)
        return f"the Checkpoint of {self.card(x, y)}"

    def at(self, spot: Spot) -> str:
        """Where on which card the hero stands: "the middle of the room to your right"."""
        return f"{station_words(STATIONS[spot.station])} of {self.card(spot.x, spot.y)}"

    def said(self, item: Item) -> str:
        """An item as printed on it ("the Attack / Hide item")."""
        return item_words(item, self.hero.hand)

    def named(self, item_id: str) -> str:
        """The item a move names, as printed, or the label given where the hand lacks it."""
        item = self.hero.item(item_id)
        return repr(item_id) if item is None else self.said(item)

    def item(self, item_id: str, where: str) -> Item:
        found = self.hero.item(item_id)
        if found is None:
            raise InvalidMove(
                where,
                f"{says(self.move.player, 'holds', 'hold', True)} no item {item_id!r}",
            )
        return found

    def pay(self, action: Action, source: str, where: str, what: str) -> None:
        item = None if fold(source) == INHERENT else self.item(source, where)
        after = spend(self.ledger, self.hero.action(), item, source, action)
        if isinstance(after, Refusal):
            raise breach(after.code, f"{what}: {after.detail}")
        self.ledger = after
        self.uses[INHERENT if item is None else item.id] += 1
        if item is not None and item.kind == "magic":
            self.magic_actions.setdefault(item.id, []).append(action)

    def field(self, x: int, y: int) -> str:
        """Where the card at (x, y) was described, for a 400 naming a side the ruling rests on:
        a card drawn this turn, else the last of the question's cards there (looked up only
        for such a 400)."""
        drawn = self.fields.get((x, y))
        if drawn is not None:
            return drawn
        dungeon = self.state.dungeon
        for k in range(self.described - 1, -1, -1):
            if dungeon[k].x == x and dungeon[k].y == y:
                return f"state.dungeon.{k}"
        return "state.dungeon"

    def side_not_described(self, x: int, y: int, side: Direction, why: str) -> InvalidState:
        """The 400 for a ruling that rests on a side of a card the question did not describe."""
        return InvalidState(
            f"{self.field(x, y)}.walls",
            f"the {side} side of {from_start(x, y)} was not described, and {why}: say "
            "whether it has an exit (and the action its Direction Hazard asks) or is a wall",
        )

    def space_not_described(self, x: int, y: int, space: Space, why: str) -> InvalidState:
        """The 400 for a ruling that rests on a combat space the question did not describe."""
        return InvalidState(
            f"{self.field(x, y)}.{space}_space",
            f"the {space} combat space of {from_start(x, y)} was not described, and {why}: "
            "say whether it is blank or holds a combat hazard (and which)",
        )

    def stuck(self) -> bool:
        """No way on is left (rule 8.1). A side not described that a way on could pass, or an
        Inherent Action not described, leaves it undecided: the ruling asks for it."""
        way = has_way_on(self.grid, self.hero, self.walker, self.ledger)
        if way.found:
            return False
        if way.unknown_sides:
            x, y, side = way.unknown_sides[0]
            raise self.side_not_described(
                x, y, side, f"whether {possessive(self.hero.player)} hero is wounded rests on it"
            )
        if way.unknown_spaces:
            x, y, space = way.unknown_spaces[0]
            raise self.space_not_described(
                x, y, space, f"whether {possessive(self.hero.player)} hero is wounded rests on it"
            )
        if way.inherent_unknown:
            self.hero.action()  # refused, naming the field
        if way.crystals_unknown:
            self.hero.gems(
                f"{self.state.field_of(self.hero)}.crystals",
                "whether the hero is stuck rests on whether it can defeat a Scrambler",
            )
        return True

    @property
    def spot(self) -> Spot:
        return self.walker.spot

    def room_here(self) -> PlacedRoom:
        return self.grid[(self.spot.x, self.spot.y)]

    # ----- the turn

    def run(self) -> Findings:
        for index, st in enumerate(self.move.path):
            where = f"{self.where}.path.{index}"
            if self.outcome != "ended":
                self.void_rest(index)
                break
            if isinstance(st, Go):
                self.go(st, where, index)
                self.passing_checkpoint(index)
            elif isinstance(st, Fight):
                self.fight(st, where)
            elif isinstance(st, PlaceHazard):
                self.place_hazard(st, where)
            else:
                self.battle(st, where)
        self.finish()
        self.settle()
        self.result.interpretations = sorted(self.interps)
        self.result.voided = [REASONS.reason(code, detail) for code, detail in self.voids]
        return self.result

    def passing_checkpoint(self, index: int) -> None:
        """A step onto a Checkpoint other than the one the turn began on, with the path going
        on past it: a hero may pass as many Checkpoints as it likes (rule 5.2). That is what a
        player doubts of such a turn, so it comes first and decides, once a turn."""
        if self.walker.spot.station != FLAG:
            return  # the cheapest test first: most steps end off a Checkpoint's flag
        if index + 1 >= len(self.move.path) or self.outcome != "ended":
            return
        if not isinstance(self.move.path[index + 1], Go):
            return  # a fight, a hazard placed or a battle there: the hero stops on it
        if (self.spot.x, self.spot.y) == self.start or not on_checkpoint(self.grid, self.spot):
            return
        if any(r.code == "checkpoint-passed" for r in self.result.reasons):
            return
        reason = REASONS.reason(
            "checkpoint-passed",
            f"step {index + 1} reaches {self.checkpoint(self.spot.x, self.spot.y)} and the "
            "hero walks on past it",
        )
        self.result.reasons.insert(0, reason)

    def void_rest(self, index: int) -> None:
        """The turn ended at once (a wound, rule 8.2; a win, rule 2.8): the steps after it
        do not happen, and the move stands without them."""
        rest = len(self.move.path) - index
        steps = f"step {index + 1}" if rest == 1 else f"steps {index + 1} to {index + rest}"
        if self.outcome == "won":
            self.voids.append(
                ("won-turn-over", f"{steps} come after the Scrambler is defeated: the game is won")
            )
        else:
            self.voids.append(
                ("turn-already-over", f"{steps} come after the hero is wounded: the turn ended")
            )

    def go(self, g: Go, where: str, index: int) -> None:
        walker = self.walker
        room = self.grid[(walker.spot.x, walker.spot.y)]
        st = step(room, walker.spot, g.dir)
        # where the hero stands is said only when a step breaks a rule
        if st.kind == "wall":
            if (room.x, room.y, g.dir) in self.no_entrance:
                # the hero came in by that side this turn, where the card has no exit: it
                # cannot come back the same way (rule 4.11)
                raise breach(
                    "no-way-back",
                    f"there is no {g.dir} exit at {self.at(self.spot)}: the hero came in that "
                    "way this turn, and a hero that enters a card where it has no entrance "
                    "cannot go back the same way",
                    (PROPER_MOVEMENT,),
                )
            raise breach(
                "wall", f"there is no {g.dir} exit at {self.at(self.spot)}", (PROPER_MOVEMENT,)
            )
        unsaid = g.using is not None and fold(g.using) == NOT_DESCRIBED
        if st.kind == "unknown" and not unsaid:
            raise self.side_not_described(room.x, room.y, g.dir, f"step {index + 1} leaves by it")
        if st.kind == "unknown-space":
            # Blank or a hazard: whether the step needs an action, and which, rests on it.
            assert st.to is not None
            space = space_name(st.to.station)
            raise self.space_not_described(room.x, room.y, space, f"step {index + 1} enters it")
        if unsaid and st.kind != "unknown":
            raise InvalidMove(
                f"{where}.using",
                f"step {index + 1} meets "
                + (f"{article(st.hazard.title())} hazard" if st.hazard else "no hazard")
                + ' the question describes: name what passes it, not "not described"',
            )
        if st.kind == "no-vertical-exit":
            raise breach(
                "not-at-vertical-exit",
                "up and down exits are left from the middle of a card; the hero is at "
                f"{self.at(self.spot)}",
                (PROPER_MOVEMENT,),
            )
        turning = walker.last == OPPOSITE[g.dir]
        if turning and not on_checkpoint(self.grid, walker.spot):
            raise breach(
                "turned-back",
                f"step {index + 1} turns back ({g.dir} after {self.walker.last}) at "
                f"{self.at(self.spot)}, "
                "which is not a Checkpoint",
                (PROPER_MOVEMENT,),
            )
        if st.vertical and walker.vertical_pending:
            raise breach(
                "climb-twice",
                f"step {index + 1} climbs or digs again with no combat hazard space passed "
                "since the last climb or dig",
                (PROPER_MOVEMENT,),
            )
        if turning and not self.turned:
            # a change of direction on a Checkpoint passed (rule 5.11): what is in doubt, over
            # the Checkpoint walked past (5.2)
            self.turned = True
            self.result.reasons.insert(
                self.lead_at(),
                REASONS.reason(
                    "turned-at-checkpoint",
                    f"step {index + 1} turns round ({g.dir} after {self.walker.last}) on "
                    f"{self.checkpoint(self.spot.x, self.spot.y)}",
                ),
            )
        if st.vertical and self.climbed and not self.climbed_again:
            # a second Climb or Dig with a combat hazard space passed between (rule 4.10):
            # what is in doubt, over the way the hero walked there
            self.climbed_again = True
            self.result.reasons.insert(
                0,
                REASONS.reason(
                    "climbed-again-after-space",
                    f"step {index + 1} climbs or digs again, a combat hazard space passed since "
                    "the last climb or dig",
                ),
            )
        self.climbed = self.climbed or st.vertical
        if unsaid:
            # The player says the hero left this way; the door was not described, nor what
            # passed it, and no use is counted: nothing after this step may rest on it.
            self.note(
                "left-by-side-not-described",
                f"step {index + 1} leaves {self.card(room.x, room.y)} by its {g.dir} side, "
                "which was not described, nor what passed it",
            )
        elif st.hazard is not None:
            if g.using is None:
                if st.kind == "exit":
                    # leaving the card: moving from one card to another takes the action its
                    # Direction Hazard names (rule 4.4)
                    raise breach(
                        "exit-hazard-not-passed",
                        f"step {index + 1} leaves {self.card(room.x, room.y)} by its {g.dir} "
                        f"exit, whose Direction Hazard asks for {st.hazard.title()}, and names "
                        "nothing to pass it",
                        (PROPER_MOVEMENT,),
                    )
                if (room.x, room.y) in self.new_cells and self.stuck():
                    # the hazard stands in a room placed this turn and nothing at hand passes
                    # it: the hero is wounded (rule 8.1), not barred by the hazard (4.2)
                    self.wound(
                        "wounded-stuck",
                        f"step {index + 1} meets {article(st.hazard.title())} hazard in a room "
                        "placed this turn, and no way on is left with the uses at hand",
                        WOUND_RULING,
                    )
                    return
                raise breach(
                    "hazard-not-passed",
                    f"step {index + 1} meets {article(st.hazard.title())} hazard and names "
                    "nothing to pass it",
                    (PROPER_MOVEMENT,),
                )
            self.pay(st.hazard, g.using, f"{where}.using", f"step {index + 1}")
            paid = self.hero.item(g.using)
            by = "the Inherent Action" if paid is None else self.said(paid)
            self.note(
                "hazard-passed", f"step {index + 1}: {st.hazard.title()} hazard passed with {by}"
            )
        elif g.using is not None:
            raise breach(
                "no-hazard-to-pass",
                f"step {index + 1} meets no hazard, so {self.named(g.using)} is not properly "
                "used there",
                (PROPER_MOVEMENT,),
            )
        assert st.to is not None
        self.interps.add(PROPER_MOVEMENT)
        if st.kind == "exit" and room.mini_boss is not None and (room.x, room.y) not in self.fought:
            self.note(
                "walked-past-mini-boss",
                f"step {index + 1} leaves the Mini-Boss of {self.card(room.x, room.y)} "
                "undefeated: "
                "a Mini-Boss does not block the way",
            )
        self.walker = Walker(
            st.to, g.dir, st.vertical or (walker.vertical_pending and not st.space)
        )
        self.moved = True
        cell = (st.to.x, st.to.y)
        if st.kind == "walk":
            if g.drawn is not None:
                raise InvalidMove(f"{where}.drawn", "this step stays on the same card: no draw")
            return
        if cell in self.grid:
            if g.drawn is not None:
                raise InvalidMove(f"{where}.drawn", f"a card already lies at {cell}: no draw")
        elif g.drawn is None and self.move.goes_on and index == len(self.move.path) - 1:
            # The question stops at the door: the card beyond is not drawn, so not described.
            self.through = cell
            return
        else:
            place_card(self.state, self.grid, *cell, g.drawn, f"{where}.drawn")
            self.new_cells.add(cell)
            self.fields[cell] = f"{where}.drawn"
        entered = self.grid[cell]
        back = OPPOSITE[g.dir]
        if entered.unknown_side(back):
            self.note(
                "entered-side-not-described",
                f"step {index + 1} enters {self.card(*cell)} by its {back} side, "
                "which was not described: a Direction Hazard or a wall there is ignored on the "
                "way in",
            )
        elif back in entered.exits:
            self.note(
                "entrance-hazard-ignored",
                f"step {index + 1} enters {self.card(*cell)} past its {back} "
                f"Direction Hazard ({entered.exits[back].title()}), which is not met on entering",
            )
            # what is in doubt is the hazard facing the hero on the way in (rule 4.6), over
            # the hazards passed on the way (4.2): the answer leads with it
            self.ahead_of_hazards(self.result.reasons.pop())
        else:
            self.no_entrance.add((*cell, back))
            self.note(
                "entered-without-entrance",
                f"step {index + 1} enters {self.card(*cell)}, which has no {back} "
                "exit: the hero enters all the same, but cannot come back that way",
            )
            if entered.exits:
                # a card with exits, none on the side entered: what is in doubt is entering
                # there at all (rule 4.11), over the hazards passed on the way
                self.result.reasons.insert(0, self.result.reasons.pop())
        self.arrive(entered)

    def arrive(self, room: PlacedRoom) -> None:
        """Entering a card: a Dead End wounds, a Scrambler wins or wounds (rules 8.4, 8.5, 2.8)."""
        if room.dead_end:
            self.wound("wounded-dead-end", f"{self.card(room.x, room.y)} is a Dead End")
        elif room.scrambler is not None:
            colour = room.scrambler
            gems = self.hero.gems(
                f"{self.state.field_of(self.hero)}.crystals",
                f"reaching the {colour} Scrambler wins or wounds by them (rule 2.8)",
            )
            if getattr(gems, colour) > 0:
                self.outcome = "won"
                self.state.winner = self.hero.player
                self.note(
                    "scrambler-defeated",
                    f"{says(self.hero.player, 'reaches', 'reach', True)} the {colour} "
                    f"Scrambler holding a {colour} "
                    "crystal and wins",
                    SCRAMBLER_RULING,
                )
            else:
                self.wound(
                    "wounded-scrambler",
                    f"the {colour} Scrambler is reached without a {colour} crystal",
                    SCRAMBLER_RULING,
                )

    def wound(self, code: str, detail: str, *interps: str) -> None:
        self.outcome = "wounded"
        self.note(code, detail, *interps)

    def fight(self, f: Fight, where: str) -> None:
        room = self.room_here()
        if not on_checkpoint(self.grid, self.spot):
            raise breach(
                "fight-off-checkpoint",
                f"the hero is at {self.at(self.spot)}, not on a Checkpoint",
                (FIGHT_RULING,),
            )
        boss = room.mini_boss
        if boss is None:
            raise breach(
                "no-mini-boss",
                f"{self.card(room.x, room.y)} has no Mini-Boss",
                (FIGHT_RULING,),
            )
        if (room.x, room.y) != self.start and not ours(FIGHT_RULING):
            # Read the other way, "must first occupy the CHECKPOINT" means the hero waits
            # there between turns: a Mini-Boss is fought from the Checkpoint the turn began on.
            raise breach(
                "fight-off-checkpoint",
                f"the hero walked to {self.checkpoint(room.x, room.y)} this turn, and a "
                "Mini-Boss is fought from the Checkpoint where the turn begins",
                (FIGHT_RULING,),
            )
        if len(f.using) < len(boss.actions):
            named = ", ".join(a.title() for a in boss.actions)
            raise breach(
                "mini-boss-actions-missing",
                f"the Mini-Boss names four actions ({named}), all used in the same turn to "
                f"defeat it, and the fight uses {plural(len(f.using), 'action')}",
            )
        for k, (action, source) in enumerate(zip(boss.actions, f.using, strict=True)):
            used = None if fold(source) == INHERENT else self.hero.item(source)
            if used is not None and used.kind == "hazard":
                raise breach(
                    "hazard-against-mini-boss",
                    f"Mini-Boss action {k + 1}: {self.said(used)} cannot be used against a "
                    "Mini-Boss",
                )
            self.pay(action, source, f"{where}.using.{k}", f"Mini-Boss action {k + 1}")
        self.fought.add((room.x, room.y))
        colour = boss.prize.split("-")[0] if boss.prize.endswith("-crystal") else None
        held = self.hero.crystals
        if colour is not None and held is not None and getattr(held, colour):
            self.note(
                "mini-boss-again",
                f"{says(self.hero.player, 'holds', 'hold', True)} a {colour} crystal already: "
                "a Mini-Boss may be defeated any number of times, for a prize each time",
            )
        self.note(
            "mini-boss-defeated",
            "the four actions " + ", ".join(a.title() for a in boss.actions) + " are all used",
            FIGHT_RULING,
        )
        self.take_prize(boss.prize, f, where)

    def take_prize(self, prize: str, f: Fight, where: str) -> None:
        if prize in ("red-crystal", "blue-crystal"):
            if f.take is not None:
                raise InvalidMove(f"{where}.take", "the prize is a crystal, not an item")
            colour = prize.split("-")[0]
            gems = self.hero.crystals
            if gems is not None:  # not described: one more, still not counted
                setattr(gems, colour, getattr(gems, colour) + 1)
            self.note(
                "prize-crystal",
                f"{says(self.hero.player, 'earns', 'earn', True)} a {colour} crystal",
            )
            return
        if f.take is None:
            raise InvalidMove(f"{where}.take", "the prize is an item: name the item chosen")
        state = self.state
        # A count not described is not rested on: the item taken is the player's word.
        if prize == "any-future-item":
            reshuffled = state.item_deck == 0 and bool(state.discard)
            if state.item_deck == 0:
                state.item_deck, state.discard = state.discard, 0  # rule 7.7
            if state.item_deck == 0:
                raise breach("no-item-to-take", "the Item deck and the discard pile are empty")
            if reshuffled:
                # what is in doubt: a Future Item chosen with the Item deck empty (7.7), over
                # the fight that won it
                self.note(
                    "future-item-after-reshuffle",
                    "the Item deck is empty: the discard pile is shuffled and turned over as "
                    "the new Item deck, and the prize is chosen from it",
                )
            if state.item_deck is not None:
                state.item_deck -= 1
        else:
            if state.discard == 0:
                raise breach("no-item-to-take", "the discard pile is empty")
            if state.discard is not None:
                state.discard -= 1
        taken = {i.id for h in state.heroes for i in h.hand}
        if fold(f.take.id) in {fold(t) for t in taken} or fold(f.take.id) == INHERENT:
            raise InvalidMove(f"{where}.take.id", f"item id {f.take.id!r} is already in use")
        self.hero.hand.append(f.take)
        self.prizes.add(f.take.id)
        self.note(
            "prize-item",
            f"{self.said(f.take)}, the Boss Prize, joins the hand and may be used this turn",
        )

    def place_hazard(self, p: PlaceHazard, where: str) -> None:
        item = self.item(p.item, f"{where}.item")
        if item.kind != "hazard":
            raise breach("not-a-hazard-item", f"{self.said(item)} is not a Hazard Item")
        if p.item in self.ledger.other:
            raise breach("hazard-item-spent", f"{self.said(item)} has already been used")
        if p.spot == "mini-boss":
            raise breach("hazard-against-mini-boss", "a Hazard Item cannot target a Mini-Boss")
        room = self.grid.get((p.x, p.y))
        if room is None:
            place = from_start(p.x, p.y, "space")
            raise InvalidMove(f"{where}.x", f"no Dungeon Card lies on {place}")
        is_space = p.spot in ("left-space", "right-space")
        wanted = COMBAT_ACTIONS if item.hazard == "combat" else DIRECTION_ACTIONS
        if p.hazard not in wanted:
            raise breach(
                "hazard-kind-mismatch",
                f"a {item.hazard} Hazard Item cannot place {article(p.hazard.title())} hazard",
            )
        if is_space != (item.hazard == "combat"):
            raise breach(
                "hazard-wrong-place",
                f"a {item.hazard} hazard cannot go on the {p.spot.removesuffix('-space')} "
                f"{'Combat Hazard space' if is_space else 'exit'}",
            )
        walked, room = room, own_room(self.state, self.grid, p.x, p.y)
        if not ours(HAZARD_ITEM_RULING):
            # Read the other way, a hazard placed stands from the next turn on: this turn's
            # walk still meets the card as it was.
            self.grid[(p.x, p.y)] = walked
        if is_space:
            setattr(room, p.spot.replace("-", "_"), p.hazard)
        else:
            unsaid = next((d for d in DIRECTIONS if d == p.spot), None)
            if unsaid is not None and room.unknown_side(unsaid):
                raise self.side_not_described(
                    p.x, p.y, unsaid, "the Hazard Item is placed over its Direction Hazard"
                )
            if p.spot not in room.exits:
                raise breach(
                    "no-direction-hazard-there",
                    f"{self.card(p.x, p.y)} has no {p.spot} exit to cover",
                )
            side = next(d for d in room.exits if d == p.spot)  # not a space: an exit
            room.exits[side] = p.hazard
        self.ledger = self.ledger.play_other(item.id)
        self.note(
            "hazard-placed",
            f"{article(p.hazard.title())} hazard now stands on the {p.spot} of "
            f"{self.card(p.x, p.y)}",
            HAZARD_ITEM_RULING,
        )

    def battle(self, b: Battle, where: str) -> None:
        if not on_checkpoint(self.grid, self.spot):
            raise breach(
                "battle-off-checkpoint", f"the hero is at {self.at(self.spot)}, not a Checkpoint"
            )
        foe = self.state.hero(b.opponent)
        if foe is None or foe is self.hero:
            raise InvalidMove(f"{where}.opponent", f"{b.opponent!r} is not an opponent here")
        if foe.x is None or foe.y is None:
            k = next(i for i, h in enumerate(self.state.heroes) if h is foe)
            raise InvalidState(
                f"state.heroes.{k}.x",
                f"where {possessive(foe.player)} hero stands was not described: a Hero Battle "
                "is fought on one Checkpoint",
            )
        if (foe.x, foe.y) != (self.spot.x, self.spot.y):
            raise breach(
                "battle-opponent-elsewhere",
                f"{possessive(foe.player, start=True)} hero is in "
                f"{self.card(foe.x, foe.y)}, not on this Checkpoint",
            )
        defence = Ledger()
        unanswered = 0
        by_nature: list[Action] = []  # requests the defender's Inherent Action answers
        for k, r in enumerate(b.requests):
            at = f"{where}.requests.{k}"
            item = self.item(r.item, f"{at}.item")
            if item.kind != "hazard":
                raise breach("battle-needs-hazard-item", f"{self.said(item)} is not a Hazard Item")
            if item.id in self.ledger.other:
                raise breach("hazard-item-spent", f"{self.said(item)} has already been used")
            wanted = COMBAT_ACTIONS if item.hazard == "combat" else DIRECTION_ACTIONS
            if r.action not in wanted:
                raise breach(
                    "battle-request-wrong-kind",
                    f"a {item.hazard} Hazard Item cannot ask for {r.action.title()}",
                )
            self.ledger = self.ledger.play_other(item.id)
            if r.answer is None:
                # On our reading a defender whose Inherent Action is the action asked does not
                # lack its use (rule 11.5): it keeps its crystals with no item played, so a
                # request left without an item is answered all the same. Read the other way
                # (rule 11.4: "plays the necessary ITEM"), only an Item Card answers a request:
                # an Inherent Action alone leaves it unanswered.
                if ours(BATTLE_RULING) and foe.action() == r.action:
                    by_nature.append(r.action)
                    continue
                if _item_answers(defence, foe, r.action):
                    raise breach(
                        "battle-answer-available",
                        f"{subject(foe.player, start=True)} can give {r.action.title()} and "
                        f"must answer",
                        (BATTLE_RULING,),
                    )
                unanswered += 1
                continue
            by_inherent = fold(r.answer) == INHERENT
            if by_inherent and not ours(BATTLE_RULING):
                raise breach(
                    "battle-answer-invalid",
                    f"{subject(foe.player, start=True)} must play an item for each request: an "
                    "Inherent Action does not answer it",
                    (BATTLE_RULING,),
                )
            if by_inherent and foe.action() == r.action:
                by_nature.append(r.action)
            answer = None if by_inherent else foe.item(r.answer)
            if not by_inherent and answer is None:
                raise InvalidMove(
                    f"{at}.answer",
                    f"{says(foe.player, 'holds', 'hold', True)} no item {r.answer!r}",
                )
            after = spend(defence, foe.action(), answer, r.answer, r.action)
            if isinstance(after, Refusal):
                raise breach("battle-answer-invalid", after.detail, (BATTLE_RULING,))
            defence = after
        used = set(defence.active())
        discard_items(self.state, foe, used)
        draw_items(self.state, foe, len(used), [], f"{where}.requests")  # at once (rule 11.6)
        if unanswered:
            lost = foe.crystals
            mine = self.hero.crystals
            if lost is None or mine is None:
                # A count not described: the crystals change hands all the same, and the
                # winner's total stays not described.
                self.hero.crystals = None
            else:
                mine.red += lost.red
                mine.blue += lost.blue
            foe.crystals = Crystals()
            count = "its crystals" if lost is None else plural(lost.total(), "crystal")
            self.note(
                "battle-won",
                f"{subject(foe.player, start=True)} cannot answer {plural(unanswered, 'request')} "
                f"and loses {count} to {self.hero.player}",
                BATTLE_RULING,
            )
            # The book: "Players may also WOUND each other through ... HERO BATTLE" (8.12);
            # when a battle wounds, it does not say: the defender that loses it is wounded.
            self.note(
                "battle-wound",
                f"{says(foe.player, 'is', 'are', True)} wounded by the Hero Battle and "
                f"{verb(foe.player, 'stays', 'stay')} on the Checkpoint where "
                f"{possessive(foe.player)} next turn begins",
                BATTLE_WOUND_RULING,
            )
        else:
            if by_nature:
                asked = listed(sorted({a.title() for a in by_nature}))
                self.note(
                    "battle-kept-by-inherent",
                    f"{possessive(foe.player, start=True)} Inherent Action gives {asked}, so "
                    f"{says(foe.player, 'does', 'do')} not lack the use of the action asked, "
                    "though no item is played for it",
                    BATTLE_RULING,
                )
            self.note(
                "battle-answered",
                f"{says(foe.player, 'answers', 'answer', True)} every request",
                BATTLE_RULING,
            )
            if not ours(BATTLE_WOUND_RULING):
                # Read the other way ("Players may also WOUND each other"), the attacker whose
                # every request is answered loses the battle and is wounded.
                self.wound(
                    "battle-wound",
                    f"{says(self.hero.player, 'loses', 'lose')} the Hero Battle, as "
                    f"{says(foe.player, 'answers', 'answer')} every request",
                    BATTLE_WOUND_RULING,
                )

    # ----- the end of the turn

    def finish(self) -> None:
        m = self.move
        endings = [n for n, v in (("special", m.special), ("look", m.look), ("leap", m.leap)) if v]
        words = {"special": "the Special Item", "look": "the Look", "leap": "the Running Leap"}
        if self.outcome != "ended":
            if endings:
                what = " and ".join(words[e] for e in endings)
                if self.outcome == "won":
                    self.voids.append(
                        (
                            "won-turn-over",
                            f"{what} {agree(endings, 'comes', 'come')} after the game is won",
                        )
                    )
                else:
                    self.voids.append(
                        ("turn-already-over", f"{what}: the turn ended when the hero was wounded")
                    )
            return
        if m.goes_on:
            if self.new_cells and not on_checkpoint(self.grid, self.spot):
                # Whether the turn can go on from a room placed this turn is a wound or not
                # (rule 8.1): the one thing a turn that goes on is still judged on.
                if self.stuck():
                    self.wound(
                        "wounded-stuck",
                        f"at {self.at(self.spot)}, in a room placed this turn, no way on is "
                        "left with the uses at hand",
                        WOUND_RULING,
                    )
                    return
                self.note(
                    "way-on-open",
                    f"at {self.at(self.spot)}, in a room placed this turn, a way on is still "
                    "open with the uses at hand: no wound",
                    WOUND_RULING,
                )
            self.goes_on()
            return
        if not on_checkpoint(self.grid, self.spot):
            self.off_checkpoint()
            return
        look, leap = m.look, m.leap
        if m.special and leap:
            self.voids.append(
                (
                    "leap-after-special",
                    "the Special Item ends the turn and cancels the Running Leap",
                )
            )
            leap = None
        if m.special and look:
            self.voids.append(
                (
                    "special-ends-turn",
                    "the Special Item ends the turn at once: the Look is not made",
                )
            )
            look = None
        if look and leap:
            self.voids.append(
                ("look-ends-turn", "the Look ends the turn at once: the Running Leap is not made")
            )
            leap = None
        if m.special:
            self.special(m.special)
        if look:
            self.look()
        self.check_played()
        if leap:
            self.leap(leap)
        if not (self.moved or self.ledger.active() or self.new_cells or self.expanded):
            raise breach(
                "empty-turn", "nothing is played, the hero does not move and no card is placed"
            )

    def goes_on(self) -> None:
        """Only the steps given are ruled: the turn is not over, so where it ends (rule 5.3)
        is not judged, and it has no ending yet."""
        m = self.move
        if m.special or m.look or m.leap or m.draws or m.played:
            raise InvalidMove(
                f"{self.where}.goes_on",
                "a turn that goes on has not ended: no Look, Leap, Special Item or draw yet",
            )
        if not self.moved:
            raise InvalidMove(f"{self.where}.path", "give the steps to rule on")
        where = (
            f"through the door into {self.card(*self.through)}, a card not drawn yet"
            if self.through is not None
            else self.at(self.spot)
        )
        self.note(
            "turn-goes-on",
            f"the steps given are allowed; the turn goes on from {where} and must still end "
            "on a Checkpoint",
        )

    def off_checkpoint(self) -> None:
        here = self.at(self.spot)
        if self.move.special:
            raise breach("special-off-checkpoint", f"the hero is at {here}, not a Checkpoint")
        if self.new_cells and self.stuck():
            self.wound(
                "wounded-stuck",
                f"at {here}, in a room placed this turn, no way on is left with the uses at hand",
                WOUND_RULING,
            )
            return
        if self.move.look is not None:
            raise breach(
                "look-off-checkpoint",
                f"a Look is made from a Checkpoint, and the hero is at {here}",
                (LOOK_RULING,),
            )
        if self.new_cells:  # not stuck: a way on is open
            if not ours(WOUND_RULING):
                # Read the other way, the hazards of the new room "prevent them from reaching
                # the next CHECKPOINT" whenever the hero stops short of one: a wound.
                self.wound(
                    "wounded-stuck",
                    f"the path stops at {here}, in a room placed this turn, short of a Checkpoint",
                    WOUND_RULING,
                )
                return
            raise breach(
                "turn-not-on-checkpoint",
                f"the path stops at {here}, but a way on is still open: the turn must go on",
                (WOUND_RULING,),
            )
        raise breach("turn-not-on-checkpoint", f"the path ends at {here}", (PROPER_MOVEMENT,))

    def special(self, item_id: str) -> None:
        item = self.item(item_id, f"{self.where}.special")
        if item.kind != "special":
            raise breach("not-a-special-item", f"{self.said(item)} is not a Special Item")
        self.ledger = self.ledger.play_other(item.id)
        self.note(
            "special-item-played",
            f"{self.said(item)} is played and ends the turn",
            SPECIAL_RULING,
        )
        self.result.notes.append(
            "What the Special Item does is printed on the card, which is not public: its effect "
            "is not applied."
        )

    def look(self) -> None:
        look = self.move.look
        assert look is not None
        dx, dy = DELTA[look.dir]
        cell = (self.spot.x + dx, self.spot.y + dy)
        if cell in self.grid:
            free = [
                d
                for d, (ex, ey) in DELTA.items()
                if (self.spot.x + ex, self.spot.y + ey) not in self.grid
            ]
            if free:
                # an empty space was there to pick (rule 8.7); 8.9 is for a card with none
                raise breach(
                    "look-onto-card",
                    f"a card already lies {_beside(look.dir)} the hero's room; a Look places "
                    f"its card in an empty space, and the space {_beside(free[0])} it is empty",
                )
            raise breach(
                "look-space-taken", f"a card already lies {_beside(look.dir)} the hero's room"
            )
        place_card(self.state, self.grid, *cell, look.drawn, f"{self.where}.look.drawn")
        self.expanded = True
        if self.moved:
            # a Look ends the turn "even after a player has moved and reached a new
            # CHECKPOINT" (rule 8.10): that is what is in doubt, over the hazards passed
            self.note(
                "look-after-moving",
                f"the hero has moved to {self.checkpoint(self.spot.x, self.spot.y)} and Looks "
                f"from there: a card is drawn and placed {_beside(look.dir)} the hero's room; "
                "the turn ends",
                LOOK_RULING,
            )
            return
        self.note(
            "look-made",
            f"a card is drawn and placed {_beside(look.dir)} the hero's room; the turn ends",
            LOOK_RULING,
        )

    def check_played(self) -> None:
        for k, item_id in enumerate(self.move.played):
            laid = self.item(item_id, f"{self.where}.played.{k}")
            if fold(item_id) not in {fold(i) for i in self.ledger.active()}:
                raise breach("item-not-used", f"{self.said(laid)} is laid out but never used")

    def leap(self, leap: Leap) -> None:
        left = [i for i in self.hero.hand if i.id not in self.ledger.active()]
        unused = [self.said(i) for i in left]
        # Read the other way, the whole hand is the hand the turn began with: a Boss Prize
        # taken this turn may be kept for later.
        prizes_only = not self.hero.unseen and all(i.id in self.prizes for i in left)
        if (unused or self.hero.unseen) and (not prizes_only or ours(LEAP_RULING)):
            held = ", ".join(unused) + (
                f" and {self.hero.unseen} unseen" if self.hero.unseen else ""
            )
            raise breach("leap-hand-not-used", f"still in hand: {held.strip(', ')}", (LEAP_RULING,))
        dx, dy = DELTA[leap.dir]
        cell = (self.spot.x + dx, self.spot.y + dy)
        room = self.grid.get(cell)
        where = f"{self.where}.leap.drawn"
        if room is not None:
            if leap.drawn is not None:
                raise InvalidMove(where, f"a card already lies at {cell}: no draw")
            reaches = _leap_reaches(room)
            if not (room.checkpoint or room.dead_end or reaches):
                scrambler = room.scrambler is not None
                raise breach(
                    "leap-onto-no-checkpoint",
                    f"{self.card(*cell)} has no Checkpoint"
                    + (", and a Running Leap does not reach its Scrambler" if scrambler else ""),
                    (LEAP_RULING, SCRAMBLER_RULING) if scrambler else (LEAP_RULING,),
                )
        else:
            room = place_card(self.state, self.grid, *cell, leap.drawn, where)
            self.new_cells.add(cell)
            reaches = _leap_reaches(room)
            self.note(
                "leap-drew-card",
                f"no card lay {leap.dir} of the hero: a new Dungeon Card is drawn and placed "
                "there for the leap",
            )
        self.walker = Walker(start_spot(*cell))
        self.note("leap-made", f"the hero leaps {leap.dir} onto {self.card(*cell)}", LEAP_RULING)
        if room.scrambler is None or reaches:
            self.arrive(room)
        if self.outcome == "ended" and not room.checkpoint:
            self.wound(
                "wounded-stuck",
                f"the card drawn, {self.card(*cell)}, has no Checkpoint",
                LEAP_RULING,
            )

    # ----- settling the turn: position, crystals, items, whose turn

    def cite_uses(self) -> None:
        """The rules that allow the uses taken: the Inherent Action as often as liked (4.9),
        a Super Item or Super Magic Item without limit (9.4, 9.6)."""
        if self.uses[INHERENT]:
            times = self.uses[INHERENT]
            self.note(
                "inherent-action-used",
                f"the Inherent Action ({self.hero.action().title()}) is used {_times(times)}, "
                "with no Item Card",
            )
            if times > 1:
                # used again after its first use: "as often as the player likes" (rule 4.9)
                # is what is in doubt, over the hazards passed with it (4.2)
                self.ahead_of_hazards(self.result.reasons.pop())
        unlimited = self.unlimited_actions() if self.uses else set()
        for held in self.hero.hand:
            self.cite_item(held, unlimited)
        for item_id, times in self.uses.items():
            item = self.hero.item(item_id) if item_id != INHERENT else None
            if item is None or item.kind not in ("super", "super-magic"):
                continue
            if item.kind == "super":
                self.note(
                    "super-item-unlimited",
                    f"{self.said(item)} gives {item.action.title()} {_times(times)} this turn",
                )
            else:
                chosen = next(a for i, a in self.ledger.super_magic if i == item.id)
                self.note(
                    "super-magic-unlimited",
                    f"{self.said(item)} gives {chosen.title()} {_times(times)} this turn",
                )

    def cite_item(self, item: Item, unlimited: set[str]) -> None:
        """The rule a Magic Item used (9.5), a Dual Action Item used for both its actions
        (9.3), or an item used for an action the hero had without limit (5.12) rests on."""
        if item.kind == "magic" and item.id in self.ledger.magic:
            # one use of any action the player chooses (rule 9.5): what is in doubt, over
            # the hazard it passed (4.2)
            self.ahead_of_hazards(
                REASONS.reason(
                    "magic-item-used",
                    f"{self.said(item)} gives one action of the player's choice",
                ),
                _ITEM_STEPS,
            )
        elif item.kind == "dual-action":
            taken = sorted({a for i, a in self.ledger.dual if i == item.id})
            if len(taken) == 2 or item.id in self.ledger.doubled:
                # both its uses taken, one of each action (rule 9.3)
                names = " and ".join(a.title() for a in taken)
                self.ahead_of_hazards(
                    REASONS.reason(
                        "dual-action-both-used",
                        f"{self.said(item)} gives one use of each of its actions: {names}",
                    ),
                    _ITEM_STEPS,
                )
            elif taken == [item.actions[1]] and item.actions[0] != item.actions[1]:
                # its second action alone: the "and/or" of rule 9.3 is what is in doubt
                self.ahead_of_hazards(
                    REASONS.reason(
                        "dual-action-second-used",
                        f"{self.said(item)} gives its second action, "
                        f"{item.actions[1].title()}, without its first",
                    ),
                    _ITEM_STEPS,
                )
        spare: set[str] = set()
        if item.kind in ("dual-action", "magic") and self.uses[item.id]:
            spare = self.item_actions(item) & unlimited
        elif item.kind == "super" and self.uses[item.id] and item.action == self.hero.inherent:
            # a Super Item played for the hero's own Inherent Action, unlimited already (4.9)
            spare = {item.action}
        if spare:
            # used though the hero already had that action without limit (rule 5.12):
            # what is in doubt, over the unlimited item beside it (9.4, 9.6)
            self.result.reasons.insert(
                0,
                REASONS.reason(
                    "item-used-though-unlimited",
                    f"{self.said(item)} is used for "
                    f"{' and '.join(sorted(a.title() for a in spare))}, which the hero "
                    "already had without limit this turn: an item may still be used",
                ),
            )

    def unlimited_actions(self) -> set[str]:
        """The actions the hero had without limit this turn: its Inherent Action (4.9) and
        those of the Super and Super Magic Items played (9.4, 9.6)."""
        unlimited: set[str] = set() if self.hero.inherent is None else {self.hero.inherent}
        unlimited |= {a for _, a in self.ledger.super_magic}
        for item in self.hero.hand:
            if item.kind == "super" and item.id in self.ledger.supers:
                unlimited.add(item.action)
        return unlimited

    def item_actions(self, item: Item) -> set[str]:
        """The actions a Dual Action or Magic Item gave this turn."""
        if item.kind == "magic":
            return set(self.magic_actions.get(item.id, ()))
        return {a for i, a in self.ledger.dual if i == item.id}

    def settle(self) -> None:
        self.cite_uses()
        hero, state = self.hero, self.state
        if self.move.goes_on and self.outcome == "ended":
            # The turn is not over: nothing is discarded or drawn and the turn does not pass;
            # the hero is shown where the steps lead, when that is on a card.
            if self.through is None:
                hero.x, hero.y = self.spot.x, self.spot.y
            return
        if self.outcome == "wounded":
            lost = (
                "all its crystals"
                if hero.crystals is None
                else plural(hero.crystals.total(), "crystal")
            )
            hero.x, hero.y = self.start
            hero.crystals = Crystals()  # none left, whatever it held
            self.note(
                "returned-to-start", "the hero goes back to the Checkpoint it began the turn on"
            )
            self.note("crystals-lost", f"{lost} lost")
        else:
            hero.x, hero.y = self.spot.x, self.spot.y
            if self.outcome == "ended":
                self.note(
                    "turn-ends-on-checkpoint",
                    f"the turn ends on {self.checkpoint(hero.x, hero.y)}",
                )
        used = set(self.ledger.active())
        spent = [self.said(i) for i in hero.hand if i.id in used]
        prize = next((i for i in hero.hand if i.id in used and i.id in self.prizes), None)
        if prize is not None:
            self.note(
                "prize-item-played",
                f"{self.said(prize)}, won as the Boss Prize, is used in the same turn",
            )
        discard_items(state, hero, used)
        left = state.item_deck
        drawn = refill(state, hero, list(self.move.draws), f"{self.where}.draws")
        if left is not None and drawn > left:
            self.note(
                "item-deck-reshuffled",
                f"the Item deck runs out after {plural(left, 'item')}: the discard pile is "
                "shuffled and turned over as the new Item deck, and the draws go on from it",
            )
        if used:
            self.note(
                "active-hand-discarded",
                f"{plural(len(used), 'item')} discarded ({', '.join(spent)}), {drawn} drawn",
            )
        if self.outcome != "won":
            state.turn = next_player(state)
