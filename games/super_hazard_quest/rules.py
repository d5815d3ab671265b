"""The Super Hazard Quest engine: rules on every move through the dungeon, each reason cited."""

from __future__ import annotations

from typing import Any, ClassVar

from games.core import GameRules, InvalidMove, InvalidState, Ruling
from games.core.deciding import deciding_reason
from games.core.findings import Broken, Findings, compose, found_illegal
from games.core.ruling import GameResult, SequenceRuling, Verdict
from games.core.words import because, cap, owns, possessive, says, sentence, subject, verb
from games.super_hazard_quest import checks, short_moves, table_moves
from games.super_hazard_quest.moves import (
    Battle,
    DiscardTurn,
    HeroBattleTurn,
    Move,
    Setup,
    SpecialItemTurn,
    StandardTurn,
    Trade,
    TrapDoor,
)
from games.super_hazard_quest.questions import QUESTIONS
from games.super_hazard_quest.reasons import INTERPRETATIONS, REASONS, SLUG
from games.super_hazard_quest.spoken import checkpoint_words, from_start, item_words
from games.super_hazard_quest.standard_turn import TurnWalk
from games.super_hazard_quest.state import (
    BOX_DUNGEON_CARDS,
    BOX_ITEMS,
    COMBAT_ACTIONS,
    DIRECTION_ACTIONS,
    HAND_SIZE,
    RESERVED_IDS,
    State,
    fold,
)
from games.super_hazard_quest.transitions import TRADE_RULING, breach, outcome

_ATTEMPT = {
    "standard-turn": "make that turn",
    "discard-turn": "take a Discard Turn",
    "special-item": "play that Special Item",
    "hero-battle": "battle that way",
    "trade": "make that trade",
    "trap-door": "use the Trap Door that way",
}

# The enabling rule a legal turn rests on, first found first said: the answer to the question
# the player most likely brought (in the order the reasons decide, reasons.py).
_ENABLED = (
    ("walked-past-mini-boss", "{subj} can walk past the Mini-Boss without defeating it"),
    ("super-item-unlimited", "a Super Item gives its action as often as needed that turn"),
    (
        "super-magic-unlimited",
        "a Super Magic Item gives its chosen action as often as needed that turn",
    ),
    (
        "entered-without-entrance",
        "{subj} can enter a card that has no entrance on that side",
    ),
    (
        "entrance-hazard-ignored",
        "the Direction Hazard of the card entered is ignored on the way in",
    ),
    ("inherent-action-used", "a hero's Inherent Action can be used as often as the player likes"),
)

# The answer led by the reason that decides the ruling, where that is what the player asked:
# the codes reasons.py lists first, in the order they decide there, then the enabling rules.
_LEADS = {
    "mini-boss-again": (
        "{subj} can defeat the Mini-Boss again: a Mini-Boss may be defeated any number of "
        "times, for its prize each time"
    ),
    "mini-boss-defeated": (
        "{subj} can defeat the Mini-Boss: its four actions are all used in the turn, from its "
        "Checkpoint"
    ),
    "leap-drew-card": (
        "{subj} can make the Running Leap: with no card there, a new Dungeon Card is drawn "
        "and placed for the leap"
    ),
    "leap-made": "{subj} can make the Running Leap, having used the whole hand",
    "look-after-moving": (
        "{subj} can Look after moving: a Look made from the Checkpoint reached ends the turn"
    ),
    "item-used-though-unlimited": (
        "an item may be used for an action the hero already has without limit that turn"
    ),
    "look-made": (
        "{subj} can Look from this Checkpoint: a new Dungeon Card is placed beside the room, "
        "and the turn ends"
    ),
    "hazard-placed": "{subj} can place that hazard with the Hazard Item",
    "checkpoint-passed": (
        "{subj} can walk on past a Checkpoint: a hero may pass as many as it likes in a turn"
    ),
    "magic-item-used": "a Magic Item gives one use of any action, chosen by the player",
    "dual-action-both-used": (
        "a Dual Action Item gives one use of its first action and one of its second"
    ),
    "prize-item-played": (
        "{subj} can use the item won as the Boss Prize in the same turn: it may be played at "
        "once or kept in hand"
    ),
    "special-item-played": (
        "{subj} can play the Special Item on the Checkpoint reached: playing it ends the turn"
    ),
    "dual-action-second-used": (
        "a Dual Action Item gives one use of its first action and/or one of its second: its "
        "second may be used alone"
    ),
    "turned-at-checkpoint": (
        "{subj} can change direction on a Checkpoint: only there may a hero turn round"
    ),
    "climbed-again-after-space": (
        "{subj} can Climb or Dig again, having passed a combat hazard space since the last one"
    ),
    "future-item-after-reshuffle": (
        "{subj} can choose a Future Item: with the Item deck empty, the discard pile is "
        "shuffled and turned over as the new Item deck"
    ),
    "item-deck-reshuffled": (
        "{subj} can make that turn, and with the Item deck used up the discard pile is "
        "shuffled to make a new Item deck to draw from"
    ),
}
# Heaviest first, as the reasons decide (reasons.py); the plain ones in _ENABLED's order.
_LEAD_TEXT = dict(_ENABLED) | _LEADS
_LEAD_ORDER = tuple(sorted(_LEAD_TEXT.items(), key=lambda lead: -REASONS.weight(lead[0])))
_LEAD_CODES = frozenset(_LEAD_TEXT)


_LOOKED = frozenset({"look-made", "look-after-moving"})  # a Look that counted
_DECIDES = frozenset(
    {"scrambler-defeated", "wounded-dead-end", "wounded-scrambler", "wounded-stuck", "way-on-open"}
)


def _origin(state: State, move: Any) -> tuple[int, int] | None:
    """Where the mover's hero stood before the move: the cards a ruling names are counted
    from there ("the room to your right")."""
    hero = state.hero(getattr(move, "player", "") or "")
    return None if hero is None or hero.x is None or hero.y is None else (hero.x, hero.y)


def _won_how(state: State, name: str) -> str:
    """How the game was won: "you reach the red Scrambler holding a red crystal"."""
    hero = state.hero(name)
    room = None if hero is None or hero.x is None else state.room(hero.x, hero.y or 0)
    if room is None or room.scrambler is None:
        return "the Scrambler is defeated"
    colour = room.scrambler
    return f"{says(name, 'reaches', 'reach')} the {colour} Scrambler holding a {colour} crystal"


def _answer(move: Any, result: Findings, origin: tuple[int, int] | None) -> str:
    state: State = result.next_state
    if isinstance(move, Setup):
        first = state.turn or ""
        return (
            f"Yes, that setup is right: {says(first, 'goes', 'go')} first. "
            f"{cap(short_moves.setup_words(len(state.heroes)))}."
        )
    name = move.player
    subj, poss = subject(name), possessive(name)
    codes = [r.code for r in result.reasons]
    ended = outcome(result)
    if ended == "won":
        return f"{cap(subj)} {verb(name, 'wins', 'win')} the game: {_won_how(state, name)}."
    if isinstance(move, TrapDoor):
        target = move.target
        over = state.turn is not None and fold(state.turn) != fold(name)
        ends = f" {cap(short_moves.trap_door_ends(name))}." if over else ""
        if ended == "wounded":
            return (
                f"Yes: {possessive(target)} hero hits the Dead End and loses its crystals, "
                f"which nobody gains.{ends}"
            )
        return f"Yes, {subj} can use the Trap Door: {possessive(target)} hero is moved.{ends}"
    hero = state.hero(name)
    assert hero is not None
    if ended == "wounded":
        # Said without a "yes": the same words answer "can I make that turn?" and "was I
        # wounded?", the cause first.
        cause = next((r.detail for r in result.reasons if r.code.startswith("wounded-")), "")
        cause = cause or next((r.detail for r in result.reasons if r.code == "battle-wound"), "")
        return (
            f"{cap(poss)} hero is wounded{': ' + cause if cause else ''}. It goes back to the "
            "Checkpoint it began the turn on and loses all its crystals."
        )
    if isinstance(move, DiscardTurn):
        if any(r.detail.startswith(short_moves.ANY_TIME) for r in result.reasons):
            return f"Yes, {subj} can take a Discard Turn: {short_moves.ANY_TIME}."
        lacks = verb(name, "lacks", "lack")
        answer = (
            f"Yes, {subj} can take a Discard Turn: {subj} {lacks} the actions for a Standard Turn."
        )
        if "discard-whole-hand" in codes:
            # the whole hand discarded: what the player doubts is how many may go (rule 6.2)
            answer = (
                f"Yes, {subj} can discard the whole hand: in a Discard Turn a player discards "
                f"as many items as they wish. {cap(subj)} {lacks} the actions for a Standard Turn."
            )
        return answer
    if isinstance(move, Trade):
        return f"Yes, {subj} can make that trade; it is {poss} whole turn."
    entered = {"entered-side-not-described", "entrance-hazard-ignored", "entered-without-entrance"}
    if "turn-goes-on" in codes and entered & set(codes):
        # A new room entered and the turn goes on: the wound question's "no".
        return (
            f"{cap(poss)} hero is not wounded: from the card entered a way on is still open, "
            "so the turn goes on, and must still end on a Checkpoint."
        )
    if "turn-goes-on" in codes:  # only the steps given were asked about (a hazard passed)
        passed = [r.detail for r in result.reasons if r.code == "hazard-passed"]
        how = "; ".join(passed) if passed else "every step given is allowed"
        return (
            f"Yes, {subj} can go that way: {how}. The turn goes on, and must still end on a "
            "Checkpoint."
        )
    assert hero.x is not None and hero.y is not None  # a turn ends on a card
    where = f"{cap(poss)} turn ends on {checkpoint_words(hero.x, hero.y, origin, name)}."
    if isinstance(move, SpecialItemTurn):
        return f"Yes, {subj} can play that Special Item here; it ends the turn. {where}"
    if isinstance(move, HeroBattleTurn) or "battle-won" in codes or "battle-answered" in codes:
        foe = move.opponent if isinstance(move, HeroBattleTurn) else None
        foe = foe or next(
            (s.opponent for s in getattr(move, "path", []) if getattr(s, "kind", "") == "battle"),
            "the opponent",
        )
        if "battle-won" in codes:
            return (
                f"Yes, and {subject(foe)} cannot answer every request: {possessive(foe)} "
                f"hero is wounded, and {possessive(foe)} crystals go to {subj}. {where}"
            )
        if "battle-kept-by-inherent" in codes:
            # the defender's Inherent Action answers (rule 11.5): said first, as it decides
            nature = next(r.detail for r in result.reasons if r.code == "battle-kept-by-inherent")
            if nature.startswith("Your "):  # mid-sentence after the colon
                nature = "y" + nature[1:]
            return f"Yes, but {says(foe, 'keeps', 'keep')} the crystals: {nature}. {where}"
        return (
            f"Yes, but {says(foe, 'answers', 'answer')} every request and "
            f"{verb(foe, 'keeps', 'keep')} the crystals. {where}"
        )
    # The answer leads with the reason that decides the ruling (games/core/deciding.py), so
    # that the rule shown as deciding is the one the sentence gives.
    decides = deciding_reason(result.reasons, result.voided)
    if decides is not None and decides.code in _LEAD_TEXT:
        lead = _LEAD_TEXT[decides.code]
    elif decides is not None and any(decides is v for v in result.voided):
        # a part made void decides: the sentence that follows says which, and why
        lead = "{subj} can make that turn"
    elif decides is not None and decides.code == "hazard-passed":
        lead = "{subj} can make that turn, passing each hazard with the action it names"
    else:
        hits = _LEAD_CODES.intersection(codes)
        if len(hits) > 1:
            lead = next(text for code, text in _LEAD_ORDER if code in hits)
        else:
            lead = _LEAD_TEXT[next(iter(hits))] if hits else f"{subj} can make that turn"
    lead = lead.format(subj=subj, poss=poss)
    return f"Yes, {lead}. {where}"


def _illegal_answer(move: Any, detail: str) -> str:
    if isinstance(move, Setup):
        # The detail starts a sentence of its own ("You drew ..."); after the colon a seat's
        # name reads in lower case.
        if detail.startswith(("You ", "The player ")):
            detail = detail[0].lower() + detail[1:]
        return sentence(because("No, that setup is not right", detail))
    name = move.player
    return sentence(because(f"No, {subject(name)} cannot {_ATTEMPT[move.kind]}", detail))


def _summary(move: Any, result: Findings, origin: tuple[int, int] | None) -> str:
    state: State = result.next_state
    ended = outcome(result)
    if ended == "won":
        return f"{says(move.player, 'wins', 'win', True)}: the Scrambler is defeated."
    if isinstance(move, TrapDoor):
        if ended == "wounded":
            return (
                f"{possessive(move.target, start=True)} hero hits the Dead End and loses "
                f"its crystals to nobody."
            )
        return f"The Trap Door moves {possessive(move.target)} hero."
    if ended == "wounded":
        return (
            "The hero is wounded: it goes back to the Checkpoint it began the turn on and "
            "loses all its crystals."
        )
    if isinstance(move, Setup):
        first = state.turn or "the first player"
        return f"{says(first, 'goes', 'go', True)} first; every hero starts on the Starting Card."
    if isinstance(move, DiscardTurn):
        return "A Discard Turn: nothing else happens this turn."
    if isinstance(move, Trade):
        return "The trade is the whole turn."
    if getattr(move, "goes_on", False):
        return "The steps given are allowed; the turn goes on and must still end on a Checkpoint."
    hero = state.hero(move.player)
    assert hero is not None and hero.x is not None and hero.y is not None
    return f"The turn ends on {checkpoint_words(hero.x, hero.y, origin, move.player)}."


class SuperHazardQuestRules(GameRules[State, Any]):
    slug = SLUG
    Move = Move
    reasons = REASONS
    interpretations: ClassVar[frozenset[str]] = INTERPRETATIONS
    questions = QUESTIONS

    # ----- bad input: states that cannot exist, moves that name what is not there

    def check_state(self, state: State) -> None:
        _check_dungeon(state)
        _check_heroes(state)
        checks.check_hand_limit(state)
        if state.traded is not None and state.hero(state.traded) is None:
            raise InvalidState("state.traded", f"no player {state.traded!r} in this game")
        if state.traded is not None and state.turn and fold(state.traded) == fold(state.turn):
            raise InvalidState(
                "state.traded", "a trade ends the turn: who traded is not who moves now"
            )
        if state.looked is not None and state.hero(state.looked) is None:
            raise InvalidState("state.looked", f"no player {state.looked!r} in this game")
        if state.looked is not None and state.turn and fold(state.looked) == fold(state.turn):
            raise InvalidState(
                "state.looked", "a Look ends the turn: who looked is not who moves now"
            )

    def check_move(self, state: State, move: Any, field: str) -> None:
        if isinstance(move, Setup):
            return
        for name, value in (("player", move.player),):
            if state.hero(value) is None:
                raise InvalidMove(f"{field}.{name}", f"no player {value!r} in this game")
        if not state.dungeon:
            raise InvalidMove(
                f"{field}.kind", "the game is not set up yet: rule on the setup first"
            )
        if not isinstance(move, Trade | TrapDoor):
            # A turn starts from the mover's Checkpoint (rule 5.6): the one position a turn
            # always rests on. Other heroes' positions are asked only where they decide.
            k = next(i for i, h in enumerate(state.heroes) if fold(h.player) == fold(move.player))
            hero = state.heroes[k]
            if hero.x is None or hero.y is None:
                raise InvalidState(
                    f"state.heroes.{k}.x",
                    f"where {possessive(hero.player)} hero stands was not described: the turn "
                    "starts from its Checkpoint",
                )
            if hero.unseen is None:
                raise InvalidState(
                    f"state.heroes.{k}.unseen",
                    f"how many items {possessive(hero.player)} hand holds was not described: "
                    "the turn rests on it (a hand is drawn back up to five, rule 5.10)",
                )

    # ----- the ruling

    def adjudicate(self, state: State, move: Any) -> Ruling:
        return compose(self.judge(state, move))

    def judge(self, state: State, move: Any) -> Findings:
        """The findings on a move, for a board and move already checked, with their words: a
        move played whole, or the first rule it breaks (core's `Broken`, raised on the way)."""
        try:
            result = self._play(state, move)
        except Broken as broke:
            found = broke.findings
            details = "; ".join(r.detail for r in found.reasons)
            found.summary = f"Not allowed: {details} ({found.reasons[0].rule})."
            found.answer = _illegal_answer(move, details)
            return found
        # What decided the turn leads (a wound, a win, a way on still open): the first reason is
        # the rule a ruling's page quotes for the answer.
        result.reasons.sort(key=lambda r: r.code not in _DECIDES)
        if any(h.unseen for h in result.next_state.heroes):
            result.notes.append("Cards held but not given are counted as unseen.")
        # Whose turn just ended with a trade (rule 6.5), remembered for the next move only.
        result.next_state.traded = move.player if isinstance(move, Trade) else None
        # Whose turn just ended with a Look (rule 8.8), remembered for the next move only.
        looked = any(r.code in _LOOKED for r in result.reasons)
        result.next_state.looked = move.player if looked else None
        result.interpretations = sorted(set(result.interpretations))
        origin = _origin(state, move)
        result.answer = _answer(move, result, origin)
        result.summary = _summary(move, result, origin)
        if result.voided:
            void_words = "; ".join(v.detail for v in result.voided)
            result.answer += f" Part of the move does not count: {void_words}."
            result.summary += f" Void: {void_words}."
        return result

    def _play(self, state: State, move: Any) -> Findings:
        if isinstance(move, Setup):
            return short_moves.setup(state, move, "move")
        if state.winner is not None:
            raise breach(
                "game-over",
                f"{says(state.winner, 'has', 'have', True)} already won",
            )
        if state.turn is None or fold(move.player) != fold(state.turn):
            if state.traded is not None and fold(state.traded) == fold(move.player):
                raise breach(
                    "traded-turn-over",
                    f"{says(move.player, 'has', 'have')} just traded, and a trade takes the "
                    "place of a Discard Turn, with nothing else done in that turn; it is "
                    f"{possessive(state.turn or 'nobody')} turn now",
                    (TRADE_RULING,),
                )
            if state.looked is not None and fold(state.looked) == fold(move.player):
                raise breach(
                    "looked-turn-over",
                    f"{says(move.player, 'has', 'have')} just made a Look, and a Look ends the "
                    f"turn at once; it is {possessive(state.turn or 'nobody')} turn now",
                )
            raise breach(
                "not-your-turn",
                f"it is {possessive(state.turn or 'nobody')} turn, not {owns(move.player)}",
            )
        if isinstance(move, StandardTurn):
            return TurnWalk(state, move, "move").run()
        if isinstance(move, SpecialItemTurn):
            turn = StandardTurn(
                kind="standard-turn", player=move.player, special=move.item, leap=move.leap
            )
            return TurnWalk(state, turn, "move").run()
        if isinstance(move, HeroBattleTurn):
            battle = Battle(kind="battle", opponent=move.opponent, requests=move.requests)
            turn = StandardTurn(kind="standard-turn", player=move.player, path=[battle])
            return TurnWalk(state, turn, "move").run()
        if isinstance(move, DiscardTurn):
            return short_moves.discard_turn(state, move, "move")
        if isinstance(move, Trade):
            return short_moves.trade(state, move, "move")
        return short_moves.trap_door(state, move, "move")

    def apply(self, state: State, move: Any) -> State:
        return self.apply_checked(state, move)

    def game_result(self, state: State) -> GameResult:
        """Won by the first hero to reach a Scrambler holding a crystal of its colour (2.8)."""
        if not state.winner:
            return GameResult()
        won = state.winner
        return GameResult(
            over=True,
            winner=won,
            result=f"{says(won, 'wins', 'win', True)} the game, reaching a Scrambler with a "
            "crystal of its colour first.",
            reasons=[
                REASONS.reason(
                    "scrambler-defeated",
                    f"{says(won, 'reaches', 'reach')} a Scrambler holding a crystal of its colour",
                )
            ],
        )

    def named_removed(self, state: State, move: Any, earlier: State, by: Any) -> Ruling | None:
        """A turn naming an item its player held before the log's move `by` took it away:
        traded (6.5), discarded in a Discard Turn (6.2), or discarded with the Active Hand
        at the end of a turn (5.10)."""
        player = getattr(move, "player", None)
        if not isinstance(player, str):
            return None
        before, now = earlier.hero(player), state.hero(player)
        if before is None or now is None:
            return None
        held = {fold(i.id): i.id for i in now.hand}
        named = _strings(move.model_dump(mode="json"))
        gone = [i.id for i in before.hand if fold(i.id) not in held and fold(i.id) in named]
        if not gone:
            return None
        item = item_words(next(i for i in before.hand if i.id == gone[0]), before.hand)
        if isinstance(by, Trade):
            code, how = "item-traded-away", "was traded away"
        elif isinstance(by, DiscardTurn):
            code, how = "item-discarded-earlier", "was discarded in a Discard Turn"
        else:
            code, how = "item-left-with-active-hand", "was discarded with the Active Hand"
        holds = verb(player, "holds", "hold")
        detail = f"{item} {how} earlier in this log: {subject(player)} no longer {holds} it"
        return compose(
            found_illegal(
                f"Not allowed: {detail}.",
                [self.reasons.reason(code, detail)],
                answer=_illegal_answer(move, detail),
            )
        )

    def mover(self, state: State, move: Any) -> str | None:
        player = getattr(move, "player", None)
        return player if isinstance(player, str) else None

    def rule_sequence_json(self, state_data: Any, moves_data: list[Any]) -> SequenceRuling:
        """A log ruled whole: the winner, or the first illegal move and who made it."""
        ruled = super().rule_sequence_json(state_data, moves_data)
        if ruled.verdict is Verdict.ILLEGAL and ruled.first_illegal is not None:
            move = moves_data[ruled.first_illegal]
            who = move.get("player") if isinstance(move, dict) else None
            by = f", by {who}" if isinstance(who, str) else " (the setup)"
            ruled.summary = (
                f"Move {ruled.first_illegal + 1} of {len(moves_data)}{by}, is the first that "
                f"breaks a rule: {ruled.rulings[-1].summary}"
            )
            return ruled
        final = ruled.final_state or {}
        winner = final.get("winner")
        if winner:
            ruled.summary = (
                f"All {len(moves_data)} moves are legal, and {subject(winner)} "
                f"{verb(winner, 'wins', 'win')}: the Scrambler is defeated."
            )
        elif final.get("turn"):
            ruled.summary = (
                f"All {len(moves_data)} moves are legal; nobody has won yet, and it is "
                f"{possessive(final['turn'])} turn."
            )
        return ruled

    def legal_moves(self, state: State) -> None:
        # Paths carry the faces of the cards they draw: the move space is not finite.
        # `pathfinder.reachable` lists the Standard Turns onto placed cards instead.
        return None

    def offered_moves(self, state: State) -> list[Any] | None:
        # A table offers the turns that draw nothing: onto placed cards, or a Discard Turn.
        return table_moves.turn_moves(state)

    def example(self) -> dict[str, Any]:
        return {"state": EXAMPLE_STATE, "move": EXAMPLE_MOVE}


def _check_dungeon(state: State) -> None:
    cells: set[tuple[int, int]] = set()
    colours: set[str] = set()
    for k, room in enumerate(state.dungeon):
        at = f"state.dungeon.{k}"
        if (room.x, room.y) in cells:
            place = from_start(room.x, room.y, "space")
            raise InvalidState(at, f"two Dungeon Cards are given for {place}")
        cells.add((room.x, room.y))
        for side, action in room.exits.items():
            if action not in DIRECTION_ACTIONS:
                raise InvalidState(f"{at}.exits.{side}", "an exit holds a direction hazard")
        for name in ("left_space", "right_space"):
            action = getattr(room, name)
            if action is not None and action not in COMBAT_ACTIONS:
                raise InvalidState(f"{at}.{name}", "a combat hazard space holds a combat hazard")
        if room.scrambler:
            if room.scrambler in colours:
                raise InvalidState(f"{at}.scrambler", f"only one {room.scrambler} Scrambler exists")
            colours.add(room.scrambler)
    if (
        state.dungeon_deck is not None
        and len(state.dungeon) + state.dungeon_deck > BOX_DUNGEON_CARDS
    ):
        raise InvalidState("state.dungeon_deck", "more Dungeon Cards than the box holds (26)")


def _check_heroes(state: State) -> None:
    names = [fold(h.player) for h in state.heroes]
    set_up = bool(state.dungeon)
    grid = {(r.x, r.y): r for r in state.dungeon}
    inherent_seen: set[str] = set()
    ids: set[str] = set()
    for k, hero in enumerate(state.heroes):
        at = f"state.heroes.{k}"
        if names.count(names[k]) > 1:
            raise InvalidState(f"{at}.player", f"player {hero.player!r} appears twice")
        if hero.inherent is not None:  # one not described clashes with none
            if hero.inherent in inherent_seen:
                raise InvalidState(f"{at}.inherent", "each hero has its own Inherent Action")
            inherent_seen.add(hero.inherent)
        for j, item in enumerate(hero.hand):
            key = fold(item.id)
            if key in ids or key in RESERVED_IDS:
                raise InvalidState(f"{at}.hand.{j}.id", f"item id {item.id!r} is not unique")
            ids.add(key)
        if not set_up:
            if (
                hero.x is not None
                or hero.y is not None
                or hero.held()
                or (hero.crystals and hero.crystals.total())
            ):
                raise InvalidState(at, "before setup a hero is not placed and holds nothing")
            continue
        if (hero.x is None) != (hero.y is None):
            raise InvalidState(f"{at}.x" if hero.x is None else f"{at}.y", "give both x and y")
        if hero.x is None or hero.y is None:
            continue  # where this hero stands was not described
        room = grid.get((hero.x, hero.y))
        won_here = room is not None and room.scrambler is not None and state.winner == hero.player
        if (room is None or not room.checkpoint) and not won_here:
            raise InvalidState(
                f"{at}.x",
                "between turns a hero waits on a Checkpoint (only the winner stands on the "
                "Scrambler it defeated)",
            )
    held = sum(h.held() for h in state.heroes)
    # A count not described is left out of the checks that the box's cards add up.
    items = (
        None
        if state.item_deck is None
        or state.discard is None
        or any(h.unseen is None for h in state.heroes)
        else state.item_deck + state.discard
    )
    total = held + (items or 0)
    if items is not None and total != BOX_ITEMS:
        # Between turns every Item Card is in a hand, the Item deck or the discard pile: the
        # Active Hand is discarded at the end of each turn (rule 5.10).
        raise InvalidState(
            "state.item_deck",
            f"the hands ({held}), the Item deck ({state.item_deck}) and the discard pile "
            f"({state.discard}) hold {total} Item Cards; they hold the box's {BOX_ITEMS}",
        )
    placed = len(state.dungeon)
    if state.dungeon_deck is not None and placed + state.dungeon_deck != BOX_DUNGEON_CARDS:
        raise InvalidState(
            "state.dungeon_deck",
            f"{placed} Dungeon Cards on the table and {state.dungeon_deck} in the deck make "
            f"{placed + state.dungeon_deck}; they make the box's {BOX_DUNGEON_CARDS}",
        )
    if not set_up:
        if state.turn is not None or state.winner is not None:
            raise InvalidState("state.turn", "nobody has a turn before setup")
        return
    if items is not None and items > 0 and state.winner is None:
        for k, hero in enumerate(state.heroes):
            if hero.unseen is not None and hero.held() < HAND_SIZE:
                raise InvalidState(
                    f"state.heroes.{k}.hand",
                    f"{cap(possessive(hero.player))} hand holds {hero.held()} Item Cards; a "
                    f"player holds {HAND_SIZE} while there are cards to draw",
                )
    if state.turn is None or fold(state.turn) not in names:
        raise InvalidState("state.turn", f"no player {state.turn!r} in this game")
    if state.winner is not None and fold(state.winner) not in names:
        raise InvalidState("state.winner", f"no player {state.winner!r} in this game")


EXAMPLE_STATE: dict[str, Any] = {
    "dungeon": [
        {"x": 0, "y": 0, "stage": 2, "exits": {"right": "unlock"}, "left_space": "attack"},
        {"x": 1, "y": 0, "exits": {"left": "lift"}, "right_space": "hide"},
    ],
    "heroes": [
        {
            "player": "Ana",
            "inherent": "unlock",
            "x": 0,
            "y": 0,
            "hand": [
                {"kind": "dual-action", "id": "a", "actions": ["attack", "hide"]},
                {"kind": "super", "id": "b", "action": "climb"},
            ],
            "unseen": 3,
        },
        {"player": "Ben", "inherent": "dig", "x": 0, "y": 0, "unseen": 5},
    ],
    "turn": "Ana",
    "dungeon_deck": 24,
    "item_deck": 44,
}
EXAMPLE_MOVE: dict[str, Any] = {
    "kind": "standard-turn",
    "player": "Ana",
    "path": [
        {"kind": "go", "dir": "right", "using": "a"},
        {"kind": "go", "dir": "right"},
        {"kind": "go", "dir": "right"},
        {"kind": "go", "dir": "right"},
        {"kind": "go", "dir": "right", "using": "inherent"},
    ],
}

RULES = SuperHazardQuestRules()


def _strings(data: Any) -> set[str]:
    """Every string in a move's JSON, case folded: the item ids it names."""
    if isinstance(data, str):
        return {fold(data)}
    if isinstance(data, dict):
        return set().union(*(_strings(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(_strings(v) for v in data)) if data else set()
    return set()
