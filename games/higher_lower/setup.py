"""Setting up: the deal checked as a ruling (rules 3.1-3.6), and "how do we set up?" worked out
for a number of players."""

from __future__ import annotations

from pydantic import Field

from games.core import Reason
from games.core.findings import Findings, found_illegal, found_legal
from games.core.readings import ReadingTurn
from games.core.setup_pages import CitedSetup
from games.core.words import Who as W
from games.core.words import and_more, count, possessive, says
from games.higher_lower import reasons as R
from games.higher_lower.reasons import REASONS
from games.higher_lower.state import (
    BOOSTER_CARDS,
    BOOSTERS_AT_DEAL,
    HAND_AT_DEAL,
    MAX_PLAYERS,
    PLAYING_CARDS,
    State,
)
from games.higher_lower.table import booster_count, hand_size, next_player, under_way

MIN_PLAYERS = 2


def _reason(code: str, detail: str) -> Reason:
    return REASONS.reason(code, detail)


def setup_problems(state: State) -> list[Reason]:
    """How the table differs from a fresh deal, each with the setup rule it breaks."""
    problems: list[Reason] = []
    n = len(state.players)
    if under_way(state) or state.discard:
        problems.append(
            _reason("setup-nothing-laid", "a card has already been laid, so play has begun")
        )
    for p in state.players:
        if p.hand is None:
            problems.append(
                _reason("setup-hand-size", f"{possessive(p.name, True)} hand was not described")
            )
        elif hand_size(p) != HAND_AT_DEAL:
            problems.append(
                _reason(
                    "setup-hand-size",
                    f"{says(p.name, 'holds', 'hold', True)} "
                    f"{count(hand_size(p), 'playing card')}, not {HAND_AT_DEAL}",
                )
            )
    deck = PLAYING_CARDS - HAND_AT_DEAL * n
    if state.deck is None:
        problems.append(_reason("setup-deck", "the deck was not described"))
    elif state.deck != deck:
        problems.append(
            _reason(
                "setup-deck",
                f"the deck holds {state.deck}; after dealing {HAND_AT_DEAL} to each of {n} "
                f"players it holds {deck}",
            )
        )
    for p in state.players:
        if booster_count(p) != BOOSTERS_AT_DEAL:
            problems.append(
                _reason(
                    "setup-boosters",
                    f"{W(p.name).start} {W(p.name).verb('holds', 'hold')} "
                    f"{count(booster_count(p), 'booster card')}, not "
                    f"{BOOSTERS_AT_DEAL}",
                )
            )
    booster_deck = BOOSTER_CARDS - BOOSTERS_AT_DEAL * n
    if state.booster_deck is not None and state.booster_deck != booster_deck:
        problems.append(
            _reason(
                "setup-booster-deck",
                f"the booster deck holds {state.booster_deck}; after dealing "
                f"{BOOSTERS_AT_DEAL} to each of {n} players it holds {booster_deck}",
            )
        )
    if state.dealer is not None:
        opener = next_player(state, state.dealer)
        if state.turn != opener:
            problems.append(
                _reason(
                    "setup-opener",
                    f"{W(state.dealer).start} dealt, so {W(opener)}, on the dealer's left, "
                    f"{W(opener).verb('opens', 'open')}, not {W(state.turn)}",
                )
            )
    return problems


def judge_setup(state: State) -> Findings:
    problems = setup_problems(state)
    if problems:
        first = problems[0].detail
        more = and_more(len(problems) - 1, "problem")
        return found_illegal(
            f"No: this is not a correct setup: {first}{more}.",
            problems,
            interpretations=[R.TURNS_GO_LEFT] if state.dealer is not None else [],
            answer=f"No, this is not a correct setup: {first}{more}.",
        )
    n = len(state.players)
    reasons = [
        _reason("setup-hand-size", f"each of the {n} players holds {HAND_AT_DEAL} playing cards"),
        _reason(
            "setup-deck",
            f"the deck holds the other {state.deck}"
            if state.deck
            else "no card is left after the deal: the deck starts empty",
        ),
        _reason("setup-boosters", f"each player holds {BOOSTERS_AT_DEAL} booster cards"),
    ]
    if state.booster_deck is not None:
        reasons.append(
            _reason("setup-booster-deck", f"the booster deck holds {state.booster_deck}")
        )
    notes: list[str] = []
    if state.dealer is not None:
        reasons.append(
            _reason(
                "setup-opener",
                f"{W(state.turn).start} {W(state.turn).verb('sits', 'sit')} on the left of "
                f"{W(state.dealer)}, who dealt",
            )
        )
        opens = W(state.turn).verb("opens", "open")
        answer = f"Yes, this is a correct setup, and {W(state.turn)} {opens} with any card."
    else:
        reasons.append(
            _reason("setup-dealer-unknown", "who dealt is not given, so the opener is not checked")
        )
        notes.append("Say who dealt to check the opener: the player on the dealer's left opens.")
        answer = "Yes, the deal is correct. Who opens depends on who dealt: the player on the "
        answer += "dealer's left."
    return found_legal(
        "Yes: this is a correct setup.",
        reasons,
        state,
        interpretations=[R.TURNS_GO_LEFT] if state.dealer is not None else [],
        notes=notes,
        answer=answer,
    )


class SetupPlan(CitedSetup):
    """How to set up for a number of players, with the rule behind each number."""

    players: int
    playing_cards_each: int = Field(description="Rule 3.1")
    deck_after_deal: int = Field(description="Rule 3.2")
    boosters_each: int = Field(description="Rule 3.3")
    booster_deck_after_deal: int = Field(description="Rule 3.4")
    opener: str = Field(description="Rule 3.6")
    deciding_rule: str = Field(
        default=REASONS.key("setup-hand-size"),
        description=(
            "The rule that settles the setup: ten playing cards to each player (rule 3.1), as "
            "a ruling on the same deal decides it"
        ),
    )
    interpretations: list[str] = Field(
        default_factory=list, description="Keys of the reference rulings the setup rests on"
    )
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list,
        description=(
            "The readings of open points the setup turns on, found as for a ruling on the same "
            "deal, with what the other reading answers (none: the deal is the book's own)"
        ),
    )


def setup_plan(players: int) -> SetupPlan:
    """How do we set up? The numbers for `players` players (2 to 6: rule 3.1 deals 10 each of
    60). Raises ValueError for a number no table can be dealt."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"{MIN_PLAYERS} to {MAX_PLAYERS} players: 10 playing cards each come from 60"
        )
    deck = PLAYING_CARDS - HAND_AT_DEAL * players
    boosters = BOOSTER_CARDS - BOOSTERS_AT_DEAL * players
    rules = [REASONS.key(c) for c in ("setup-hand-size", "setup-deck", "setup-boosters")]
    rules += [REASONS.key("setup-booster-deck"), "higher-lower:3.5", REASONS.key("setup-opener")]
    return SetupPlan(
        players=players,
        playing_cards_each=HAND_AT_DEAL,
        deck_after_deal=deck,
        boosters_each=BOOSTERS_AT_DEAL,
        booster_deck_after_deal=boosters,
        opener="the player on the dealer's left",
        steps=[
            f"Shuffle the {PLAYING_CARDS} playing cards and deal {HAND_AT_DEAL} to each of the "
            f"{players} players.",
            f"Put the other {deck} face down as the deck."
            if deck
            else "No card is left for the deck: it starts empty.",
            f"Shuffle the {BOOSTER_CARDS} booster cards and deal {BOOSTERS_AT_DEAL} to each "
            "player.",
            f"Put the other {boosters} face down as the booster deck.",
            "Keep your cards hidden from your opponents.",
            "The player on the dealer's left lays any card face up beside the deck and calls "
            "'higher' or 'lower' for the next player.",
        ],
        rules=rules,
        rules_by_step=[[key] for key in rules],  # the six steps rest on 3.1 to 3.6, in order
    )


def fresh_deal(players: int) -> State:
    """The table right after a correct deal for `players` (who dealt not said): what "How do
    we set up?" answers, ruled as a setup check to find its deciding rule and readings."""
    names = [f"Player {i + 1}" for i in range(players)]
    return State.model_validate(
        {
            "players": [
                {"name": n, "hand": HAND_AT_DEAL, "boosters": BOOSTERS_AT_DEAL} for n in names
            ],
            "turn": names[0],
            "deck": PLAYING_CARDS - HAND_AT_DEAL * players,
            "booster_deck": BOOSTER_CARDS - BOOSTERS_AT_DEAL * players,
        }
    )
