"""Ending a run (rules 8.1-8.8) and checking a setup (rules 2.1-2.6)."""

from __future__ import annotations

from pydantic import Field

from games.core import Reason
from games.core.pictures import plural
from games.core.readings import ReadingTurn, ours
from games.core.setup_pages import CitedSetup
from games.core.words import and_more, article, listed
from games.hyperstar_run import reasons as rr
from games.hyperstar_run.claims import NAMES
from games.hyperstar_run.moves import EndRun
from games.hyperstar_run.naming import giving, level_place, names
from games.hyperstar_run.outcome import (
    Outcome,
    describe,
    game_over,
    illegal,
    legal,
    reason,
)
from games.hyperstar_run.passing import COST_NAMES, combo_problems, matching, start_problems
from games.hyperstar_run.payment import first_payment, payments, resources
from games.hyperstar_run.state import (
    ACHIEVEMENT_DIFFICULTY,
    EQUIPMENT_IDS,
    HAND_LEVEL_CARDS,
    LEVEL_IDS,
    LEVEL_SIZE,
    RUNS,
    STAR,
    Difficulty,
    Held,
    Place,
    State,
    level_size,
    set_aside_size,
)
from games.hyperstar_run.swapping import swap_unresolved


def available_pass(state: State) -> str | None:
    """A cost of the current card the player could pay now, described; None if there is none.

    While there is one, the run may not end (rules 3.2, 8.1; reference ruling
    `ending-a-run-voluntarily`). Abilities are not counted: their effects are not public."""
    card = "your current card"
    face = state.faces.get(state.level[state.hero].card)
    if face is None:
        return None
    kinds = ["enemy", "combo-start"]
    # a continue cost not printed (or not described) is never paid: its readings are not asked
    if face.combo_continue is not None and state.hero > 0 and not combo_problems(state)[0]:
        kinds.append("combo-continue")
    have = resources(state)
    for kind in kinds:
        cost = face.cost(kind)
        if cost is None:  # not printed, or not described (`unseen_faces` then says so)
            continue
        if kind == "combo-start" and start_problems(state):
            continue  # no start cost now, read the other way (passing.start_problems)
        found = first_payment(cost, have)
        if (
            found is not None
            and kind == "combo-start"
            and STAR in cost
            and not matching([b for _, bs in found for b in bs])
            and not ours(rr.STAR_IN_START)
        ):
            # read the other way, the star must match the other button
            found = next(
                (p for p in payments(cost, have) if matching([b for _, bs in p for b in bs])),
                None,
            )
        if found is not None:
            cards = " and ".join(
                f"{'discarding' if r.via == 'discard' else 'pressing'} "
                f"{giving(state, r.card, list(b))}"
                for r, b in found
            )
            return f"{card}'s {COST_NAMES[kind]} {describe(cost)} can be paid by {cards}"
    return None


def unseen_faces(state: State) -> list[str]:
    """The current card and the cards that could give buttons now whose faces are not given:
    whether the run must end then rests on the player's word (`faces-in-the-state`)."""
    cards = [state.level[state.hero].card]
    cards += [h.card for h in state.hand if h.face_up]
    cards += [s.card for s in state.level[: state.hero] if s.face_up and not s.pressed]
    unseen = [c for c in cards if state.buttons_of(c) is None]
    face = state.faces.get(cards[0])
    if face is not None and cards[0] not in unseen:
        parts = ["enemy", "combo_start"]
        if state.combo_running() or (
            # a continue cost open without a running combo, read the other way
            state.hero > 0 and not face.described("combo_continue") and not combo_problems(state)[0]
        ):
            parts.append("combo_continue")
        if face.unsaid(parts) is not None:
            unseen.insert(0, cards[0])  # a cost not described: the word is the player's
    return unseen


def next_run(state: State) -> State:
    """The five steps of rule 8.3, in order."""
    hand = [*state.hand, *state.discard]  # step 1: discards come back
    first = state.level[0]
    hand.append(Held(card=first.card, face_up=first.face_up))  # step 2: leftmost to hand
    hand = [Held(card=h.card, face_up=True) for h in hand]  # step 3: flip face up
    level = [s.model_copy(update={"pressed": False}) for s in state.level[1:]]  # step 4
    level[0] = level[0].model_copy(update={"face_up": True})  # step 5: hero to the new first
    # The discard pile is empty now and every hand card face up; any card not described,
    # in the hand or the pile, is now a face-up card of the hand, still not described.
    unsaid: list[Place] = ["hand"] if state.not_described else []
    return state.model_copy(
        update={
            "hand": hand,
            "discard": [],
            "not_described": unsaid,
            "level": level,
            "hero": 0,
            "run": state.run + 1,
            "combo": False,
            "ability_used": False,
            "swap_pending": False,
            "swapped_in": [],  # a new run: no card is behind the hero
        }
    )


def judge_end_run(state: State, move: EndRun) -> Outcome:
    blocked = game_over(state) or swap_unresolved(state)
    if blocked is not None:
        return blocked
    card = "your current card"
    could = available_pass(state)
    if could is not None and ours(rr.END_RUN_VOLUNTARILY):
        return illegal(
            f"Illegal: the run does not end while you can still pass {card}: {could}.",
            [reason("run-not-over", f"you can still pass {card}: {could}")],
            [rr.END_RUN_VOLUNTARILY],
            answer=f"No: your run ends only when you cannot pass your current card, and you "
            f"can: {could}.",
        )
    why = "no cost of it can be paid"
    by_choice = ""
    if could is not None:  # read the other way of ending-a-run-voluntarily
        why = f"you end it by choice, though you could still pass {card}: {could}"
        by_choice = " You may end a run by choice."
    found = [reason("run-ends", f"run {state.run} ends at {level_place(state.hero)}: {why}")]
    used: list[str] = []
    notes: list[str] = []
    unseen = unseen_faces(state)
    if unseen:
        used.append(rr.FACES_IN_STATE)
        notes.append(
            f"The board does not give the faces of {names(state, unseen)}, so we take your word "
            f"that you cannot pass {card}."
        )
    if not state.described("hand"):
        if not unseen:
            used.append(rr.FACES_IN_STATE)
        notes.append(
            "Your hand was not described in full, so we take your word that no card in it "
            f"pays for {card}."
        )
    if state.run == RUNS:
        found.append(
            reason("fourth-run-lost", "this was the 4th run and the final card is not passed")
        )
        lost = state.model_copy(update={"outcome": "lost"})
        return legal(
            "Your fourth run ends short of the final card, so you lose the game.",
            found,
            lost,
            used,
            notes,
            answer="Yes, the run ends here. It was your fourth run and the final card is not "
            "passed, so you lose the game." + by_choice,
        )
    nxt = next_run(state)
    first = "the card that was leftmost"
    if state.described("discard"):
        n = len(state.discard)
        back = f"{plural(n, 'discarded card')} {'returns' if n == 1 else 'return'} to your hand"
    else:
        back = "the cards of your discard pile (not described) return to your hand"
    if nxt.not_described:
        held = f"{first} added to your hand (the rest of your hand was not described)"
        short = f"{first} added to your hand"
    else:
        held = short = f"{len(nxt.hand)} cards in your hand, {first} among them"
    found += [
        reason("discards-return", back),
        reason("leftmost-to-hand", "the leftmost card of the level joins your hand"),
        reason("hand-flipped-up", "every face-down card in your hand is flipped face up"),
        reason("pressed-reset", "every pressed card in the level shifts back up"),
        reason(
            "hero-next-run",
            f"the Hero Card turns to {nxt.run} and stands over the new leftmost card",
        ),
    ]
    return legal(
        f"Run {state.run} ends; run {nxt.run} starts at the new leftmost card, with {short}.",
        found,
        nxt,
        used,
        notes,
        answer=f"Yes, run {state.run} ends here. Run {nxt.run} starts at the new leftmost card, "
        f"with {held}.{by_choice}",
    )


def table_problems(state: State) -> list[Reason]:
    """What a table that fits in the box breaks of the difficulty's numbers: the level size
    (rules 2.1, 8.5) and the Level Cards set aside (rule 2.3)."""
    problems: list[Reason] = []
    want = level_size(state.difficulty, state.run)
    if len(state.level) != want:
        code = "setup-level-size" if state.run == 1 else "run-level-size"
        problems.append(
            reason(
                code,
                f"{article(state.difficulty.title() + ' level')} holds {want} cards in run "
                f"{state.run}, "
                f"and this one holds {len(state.level)}",
            )
        )
    aside = set_aside_size(state.difficulty)
    if len(state.set_aside) != aside:
        problems.append(
            reason(
                "setup-set-aside",
                f"{state.difficulty.title()} sets aside {_n(aside, 'Level Card')}, and "
                f"{len(state.set_aside)} are set aside",
            )
        )
    return problems


def _n(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def setup_problems(state: State) -> list[Reason]:
    """How the board differs from a fresh setup (rules 2.1-2.6)."""
    start = [reason("setup-hero-start", "the Hero Card must show 1, on run 1")]
    # A Hero Card past 1 is what is wrong at the setup (rule 2.5): the level's size for a
    # later run, that follows from it, is not the rule a player reads.
    problems: list[Reason] = start if state.run != 1 else []
    problems += table_problems(state)
    if state.run == 1 and (state.hero != 0 or state.outcome != "playing"):
        problems.append(
            reason("setup-hero-start", "the hero must stand over the leftmost card, on run 1")
        )
    if state.combo or state.ability_used:
        problems.append(reason("setup-hero-start", "play has already begun"))
    if state.level and not state.level[0].face_up:
        problems.append(
            reason("setup-current-face-up", "card 1 of the level, the current card, is face down")
        )
    up = [level_place(i) for i, s in enumerate(state.level) if i and s.face_up]
    if up:
        problems.append(reason("setup-level-face-down", f"{listed(up)} should still be face down"))
    if not state.described("discard"):
        problems.append(reason("setup-hero-start", "the discard pile was not described"))
    # A card in the discard pile shows play has begun; what is missing from the hand (rules
    # 2.3, 2.4) is the rule a player reads, so that comes first.
    begun = (
        []
        if state.combo or state.ability_used or not state.discard
        else [reason("setup-hero-start", "play has already begun")]
    )
    if not state.hand_described():
        problems.append(reason("setup-hand-level-cards", "your hand was not described in full"))
        return problems + begun  # the hand is not checked against a hand not described
    level_in_hand = [h for h in state.hand if h.card.startswith("L")]
    if len(level_in_hand) != HAND_LEVEL_CARDS or not all(h.face_up for h in level_in_hand):
        problems.append(
            reason(
                "setup-hand-level-cards",
                f"the hand holds {_n(len(level_in_hand), 'Level Card')}; it needs 3, face up",
            )
        )
    equipment = [h for h in state.hand if h.card.startswith("E")]
    if len(equipment) != 2 or not all(h.face_up for h in equipment):
        problems.append(
            reason("setup-hand-equipment", "both Equipment Cards must be in hand, face up")
        )
    return problems + begun


def judge_setup(state: State) -> Outcome:
    problems = setup_problems(state)
    if problems:
        more = and_more(len(problems) - 1, "problem")
        return illegal(
            f"Not a correct setup: {problems[0].detail}.",
            problems,
            answer=f"No, this is not a correct setup: {problems[0].detail}{more}.",
        )
    size = LEVEL_SIZE[state.difficulty]
    found = [
        reason("setup-level-size", f"{state.difficulty.title()} has {size} cards in the level"),
        reason("setup-level-face-down", "the rest of the level is face down"),
        reason("setup-current-face-up", "card 1 of the level is face up under the hero"),
        reason("setup-hand-level-cards", "3 Level Cards in hand, face up"),
        reason("setup-set-aside", f"{_n(len(state.set_aside), 'Level Card')} set aside"),
        reason("setup-hand-equipment", "both Equipment Cards are in hand"),
        reason("setup-hero-start", "the hero stands over the leftmost card, showing 1"),
    ]
    used: list[str] = []
    challenge = ""
    if state.challenge is not None:
        found.append(
            reason(
                "challenge-played",
                f"the {NAMES[state.challenge]} challenge is played at {state.difficulty.title()}",
            )
        )
        challenge = f" for the {NAMES[state.challenge]} challenge"
    return legal(
        "This is a correct setup.",
        found,
        state,
        used,
        answer=f"Yes, this is a correct {state.difficulty.title()} setup{challenge}.",
    )


class SetupPlan(CitedSetup):
    """How do we set up? The numbers for a difficulty (or a challenge), rule by rule."""

    difficulty: Difficulty
    challenge: str | None = None
    level_cards: int = Field(description="Face down in the level (rule 2.1)")
    hand_level_cards: int = Field(description="Dealt face up to your hand (rule 2.3)")
    set_aside: int = Field(description="Level Cards set aside for the game (rule 2.3)")
    equipment_in_hand: int = Field(description="Rule 2.4")
    hand_size: int = Field(description="Cards in your hand at the start of run 1")
    deciding_rule: str = Field(
        default="hyperstar-run:2.1",
        description=(
            "The rule that settles the setup: the difficulty's number of Level Cards in the "
            "level (rule 2.1), as a ruling on the same setup decides it; for a challenge, the "
            "rule that it is played at its achievement's difficulty (rule 12.1)"
        ),
    )
    interpretations: list[str] = Field(
        default_factory=list, description="Keys of the reference rulings the setup rests on"
    )
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list,
        description=(
            "The readings of open points the setup turns on, found as for a ruling on the same "
            "setup, with what the other reading answers"
        ),
    )


def setup_plan(difficulty: Difficulty | None = None, challenge: str | None = None) -> SetupPlan:
    """The setup worked out for a difficulty, or for a challenge (played at its achievement's
    difficulty, rule 12.1). Raises ValueError when neither is given or they disagree."""
    if challenge is not None:
        if challenge not in ACHIEVEMENT_DIFFICULTY:
            raise ValueError(f"no achievement {challenge!r}")
        wanted = ACHIEVEMENT_DIFFICULTY[challenge]
        if difficulty is not None and difficulty != wanted:
            raise ValueError(f"that challenge is played at {wanted} (rule 12.1)")
        difficulty = wanted  # type: ignore[assignment]
    if difficulty is None:
        raise ValueError("give a difficulty or a challenge")
    size = LEVEL_SIZE[difficulty]
    aside = set_aside_size(difficulty)
    hand = HAND_LEVEL_CARDS + len(EQUIPMENT_IDS)
    steps = [
        f"Shuffle the {len(LEVEL_IDS)} Level Cards and lay {size} face down in a row: the level.",
        f"Deal {HAND_LEVEL_CARDS} of the remaining Level Cards face up to your hand"
        + (
            f" and set the {aside} left over aside for the game."
            if aside
            else "; none is left over."
        ),
        f"Add both Equipment Cards to your hand, face up: {hand} cards in hand.",
        "Put the Hero Card above the leftmost card of the level with the 1 at the bottom.",
        "Flip the card under the hero face up: it is your current Level Card.",
    ]
    rules = ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6"]
    by_step = [["2.1", "2.2"], ["2.3"], ["2.4"], ["2.5"], ["2.6"]]
    if challenge is not None:
        steps.insert(0, f"The {NAMES[challenge]} challenge is played at {difficulty.title()}.")
        rules = ["12.1", *rules, "12.2"]
        by_step.insert(0, ["12.1", "12.2"])
    return SetupPlan(
        difficulty=difficulty,
        challenge=challenge,
        level_cards=size,
        hand_level_cards=HAND_LEVEL_CARDS,
        set_aside=aside,
        equipment_in_hand=len(EQUIPMENT_IDS),
        hand_size=hand,
        steps=steps,
        rules=[f"hyperstar-run:{n}" for n in rules],
        rules_by_step=[[f"hyperstar-run:{n}" for n in keys] for keys in by_step],
    )
