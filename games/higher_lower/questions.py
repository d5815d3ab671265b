"""The common disputes of Higher or Lower as flat forms the website renders, each with a
`build` that turns the filled-in form into `(state, move)` JSON for the engine."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core import Question
from games.core.errors import InvalidState
from games.core.rules import labelled
from games.higher_lower.cards import BoosterCategory
from games.higher_lower.setup import MIN_PLAYERS
from games.higher_lower.state import MAX_PLAYERS

JSON = dict[str, Any]
# The seats as the player says them: you, the player on your left (who plays after you) and
# the player on your right, who made the call in force. With two players your one opponent
# sits on both sides; between left and right sit the players further round.
ME, LEFT, OTHER = "You", "the player on your left", "the player on your right"
ONLY = "your opponent"
ANOTHER = "another opponent"
_FURTHER = {2: "two", 3: "three", 4: "four"}


def seats(players: int, another: bool = False) -> list[str]:
    """The names of the seats of a table of `players`, in playing order (leftward) from you.
    `another`: an opponent the player named only as "another opponent" sits further round
    than your left, not said where; the first seat past your left stands for them."""
    if players == MIN_PLAYERS:
        return [ME, ONLY]
    middle = [f"the player {_FURTHER[i]} seats to your left" for i in range(2, players - 1)]
    if another and middle:
        middle[0] = ANOTHER
    return [ME, LEFT, *middle, OTHER]


def _table(
    players: int,
    my_hand: list[int] | int | None,
    last_card: int | None,
    call: str | None,
    deck: int | None,
    boosters: Any = None,
    another: bool = False,
) -> JSON:
    """The table of as many players as the form was told, where it is your turn and the player
    before you (on your right) made the call in force. Only what the form asked is filled in:
    the other players' hands and boosters, and the deck when not asked, are null (not
    described)."""
    names = seats(players, another)
    return {
        "players": [
            {"name": ME, "hand": my_hand, "boosters": boosters},
            *({"name": name, "hand": None, "boosters": None} for name in names[1:]),
        ],
        "turn": ME,
        "last_card": last_card,
        "call": call if last_card is not None else None,
        "call_by": names[-1] if last_card is not None else None,
        "deck": deck,
    }


def players_field(default: int = 4) -> Any:
    """How many play, counting you: the seats the question draws and names, within the
    rulebook's bounds (rule 3.1 deals 10 of the 60 cards to each player)."""
    return Field(
        default=default,
        ge=MIN_PLAYERS,
        le=MAX_PLAYERS,
        title="Players at the table",
        description=f"Counting you; {MIN_PLAYERS} to {MAX_PLAYERS}.",
    )


CALLS = {"higher": "Higher", "lower": "Lower"}


class CanIPlayThisCard(BaseModel):
    players: int = players_field()
    last_card: int = Field(
        default=7,
        ge=0,
        le=15,
        title="The last card laid",
        description="Its number; 0 if no card has been laid yet.",
    )
    call_in_force: Literal["higher", "lower"] = Field(
        default="higher",
        title="The call you must follow",
        description="What the player before you (on your right) called.",
        json_schema_extra=labelled(CALLS),
    )
    my_card: int = Field(default=9, ge=1, le=15, title="The card you want to lay")
    my_call: Literal["higher", "lower", "none"] = Field(
        default="lower",
        title="Your call for the player on your left",
        description="No call when you match the last card, or lay a 1 or a 15.",
        json_schema_extra={"options": {**CALLS, "none": "No call"}},
    )
    cards_in_my_hand: int = Field(
        default=5,
        ge=1,
        le=30,
        title="Cards in your hand",
        description="Number cards you hold, counting the one you lay.",
    )


def build_play(form: CanIPlayThisCard) -> tuple[JSON, JSON]:
    last = form.last_card or None
    # Whether a card may be laid does not depend on the deck: it is not asked, so not described.
    state = _table(form.players, form.cards_in_my_hand, last, form.call_in_force, deck=None)
    if last is not None and form.my_card == last and form.my_call == "none":
        return state, {"kind": "match", "value": form.my_card}
    call = None if form.my_call == "none" else form.my_call
    return state, {"kind": "play", "value": form.my_card, "call": call}


class CanIDrawInstead(BaseModel):
    players: int = players_field()
    last_card: int = Field(default=7, ge=1, le=15, title="The last card laid")
    call_in_force: Literal["higher", "lower"] = Field(
        default="higher",
        title="The call you must follow",
        json_schema_extra=labelled(CALLS),
    )
    my_hand: list[int] = Field(
        default_factory=lambda: [3, 5, 9],
        min_length=1,
        max_length=30,
        title="The numbers in your hand",
        description="One number a line, 1 to 15.",
    )
    deck_size: int = Field(default=20, ge=0, le=40, title="Cards left in the draw pile")


def build_draw(form: CanIDrawInstead) -> tuple[JSON, JSON]:
    state = _table(
        form.players, list(form.my_hand), form.last_card, form.call_in_force, deck=form.deck_size
    )
    return state, {"kind": "draw"}


class CanIPlayABooster(BaseModel):
    players: int = players_field()
    my_turn: bool = Field(default=True, title="It is my turn")
    category: BoosterCategory = Field(
        default="Rare", title="The booster's category", description="As printed on the booster."
    )
    booster_name: str = Field(
        default="", max_length=80, title="Its name (optional)", description="As printed."
    )
    aimed_at: Literal["the player on my left", "another opponent", "myself", "nobody"] = Field(
        default="another opponent",
        title="Aimed at",
        json_schema_extra={
            "options": {
                "the player on my left": "The player on your left",
                "another opponent": "Another opponent (3 or more players)",
                "myself": "Yourself",
                "nobody": "Nobody",
            }
        },
    )


def _target(form: CanIPlayABooster) -> str | None:
    names = seats(form.players)
    if form.aimed_at == "another opponent":
        if form.players < 3:
            # Two players: your one opponent is the player on your left; there is no other.
            raise InvalidState(
                "aimed_at",
                "with 2 players your only opponent is the player on your left: there is no "
                "other opponent to aim at",
            )
        # Any opponent but the player on your left is ruled alike (rule 5.4). With three
        # players it is the one on your right; with more, which one was not said, so the
        # seat is named as you said it (`_table` names it so).
        return names[-1] if form.players == 3 else ANOTHER
    return {"the player on my left": names[1], "myself": ME, "nobody": None}[form.aimed_at]


def build_booster(form: CanIPlayABooster) -> tuple[JSON, JSON]:
    # Whether a booster may be played rests on whose turn it is and its target (rules 5.1,
    # 5.4): your playing cards, the last card laid and the call are not asked, so not
    # described. The game is under way (`opened`), its pile not described.
    target = _target(form)
    state = _table(
        form.players,
        None,
        None,
        None,
        deck=None,
        boosters=[form.category],
        another=target == ANOTHER,
    )
    state["opened"] = True
    if not form.my_turn:
        state["turn"] = state["players"][1]["name"]
    move: JSON = {
        "kind": "booster",
        "player": ME,
        "category": form.category,
        "name": form.booster_name or None,
        "target": target,
    }
    return state, move


# ----- a question asked at a table: the form starts from the table's board, seen by whoever's
# turn it is ("you"); what the board does not say keeps the form's own default


def _seen_from_the_turn(board: JSON) -> tuple[JSON, JSON]:
    """(the board's facts every form shares, the player whose turn it is)."""
    players = board.get("players") or []
    me: JSON = next((p for p in players if p.get("name") == board.get("turn")), {})
    facts: JSON = {"players": len(players)} if players else {}
    if board.get("last_card") is not None:
        facts["last_card"] = board["last_card"]
    if board.get("call") is not None:
        facts["call_in_force"] = board["call"]
    return facts, me


def _hand_count(hand: Any) -> int | None:
    return len(hand) if isinstance(hand, list) else hand if isinstance(hand, int) else None


def play_from_board(board: JSON) -> JSON:
    facts, me = _seen_from_the_turn(board)
    if board.get("last_card") is None:
        facts["last_card"] = 0  # no card laid yet: the form's own word for it
    held = _hand_count(me.get("hand"))
    if held:
        facts["cards_in_my_hand"] = held
    return facts


def draw_from_board(board: JSON) -> JSON:
    facts, me = _seen_from_the_turn(board)
    if isinstance(me.get("hand"), list):
        facts["my_hand"] = list(me["hand"])
    else:
        facts["my_hand"] = []  # a hidden hand: yours to say, never made up
    if board.get("deck") is not None:
        facts["deck_size"] = board["deck"]
    return facts


def booster_from_board(board: JSON) -> JSON:
    facts, me = _seen_from_the_turn(board)
    facts.pop("last_card", None)
    facts.pop("call_in_force", None)
    held = me.get("boosters")
    if isinstance(held, list) and held:
        facts["category"] = held[0]
    return facts


QUESTIONS: tuple[Question, ...] = (
    Question(
        slug="can-i-play-this-card",
        title="Can I play this card?",
        form=CanIPlayThisCard,
        build=build_play,
        from_board=play_from_board,
        blank=("players", "last_card", "my_card", "cards_in_my_hand"),
        help="Before you lay a card: does it follow the call, and may you make your call?",
        moment="On your turn",
    ),
    Question(
        slug="can-i-draw-instead",
        title="Can I draw instead of playing?",
        form=CanIDrawInstead,
        build=build_draw,
        from_board=draw_from_board,
        blank=("players", "last_card", "my_hand", "deck_size"),
        help="When you want to draw: you may only if no card in your hand can be laid.",
        moment="On your turn",
    ),
    Question(
        slug="can-i-play-a-booster",
        title="Can I play a booster now, at this player?",
        form=CanIPlayABooster,
        build=build_booster,
        from_board=booster_from_board,
        blank=("players",),
        help="Before you play a booster: is it the right time, and the right target?",
        moment="Boosters",
    ),
)
