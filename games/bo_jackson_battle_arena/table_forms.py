"""The moves a Battle Arena table offers as short forms, where what the move says is the
players' to tell and no button can say it: the Heroes turned face up in a battle (4.x.2.5), the
top Heroes of the Hero Decks in Sudden Death (4.4.3.1), and a Play run from the Hand in the
Play Phase (4.3.2.6), whose cost and Power changes are printed on a card the board may not
have described.

Each form is built for the board it is offered on (the player to act, the Plays in their Hand),
so what it writes is a move of that board, ruled and recorded like any other.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.bo_jackson_battle_arena.questions import GAME, PowerChange, RevealForm, reveal_move
from games.bo_jackson_battle_arena.state import BattleState, PlayCard, who
from games.core.names import fold
from games.core.rules import MoveForm
from games.core.words import possessive


class RunPlayForm(BaseModel):
    """One Play run from the Hand of the player to act: what it is, what was paid, what it
    does to the two Heroes' Power in this battle."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    play_name: str = Field(
        default="",
        max_length=100,
        title="The Play (optional)",
        description="Its printed name; start typing to pick it from the card list.",
        json_schema_extra={"card": GAME},
    )
    hot_dogs_paid: int = Field(ge=0, le=10, title="Hot Dogs paid")
    power_to_own_hero: PowerChange = Field(
        default=0,
        title="Power it gives the player's own Hero",
        description="Negative if it takes Power away.",
    )
    power_to_opponents_hero: PowerChange = Field(
        default=0, title="Power it gives the opponent's Hero"
    )


def _hand_card(hand: list[PlayCard], name: str) -> PlayCard | None:
    """The Play run: the one of that printed name in the Hand, else one not described (the
    face-down Plays of a Hand are alike to the board until a player says them)."""
    if name:
        named = next((c for c in hand if c.name and fold(c.name) == fold(name)), None)
        if named is not None:
            return named
    return next((c for c in hand if not c.name), hand[0] if hand else None)


def _run_play_form(state: BattleState) -> MoveForm | None:
    player = state.to_act
    if player is None:
        return None
    hand = state.players[player].hand or []
    if not hand:
        return None
    named = sorted({c.name for c in hand if c.name})
    help_words = (
        f"Plays in {possessive(who(state, player))} Hand: {', '.join(named)}." if named else ""
    )

    def build(form: RunPlayForm) -> dict[str, Any]:
        card = _hand_card(hand, form.play_name)
        assert card is not None  # the form is offered only for a Hand with a Play in it
        return {
            "kind": "run-play",
            "player": player,
            "play": card.id,
            "name": form.play_name,
            "hot_dogs": form.hot_dogs_paid,
            "power_change": form.power_to_own_hero,
            "opponent_power_change": form.power_to_opponents_hero,
        }

    return MoveForm(
        slug="run-play",
        title=f"{possessive(who(state, player), start=True)} Play: run one from the Hand",
        form=RunPlayForm,
        build=build,
        help=help_words,
    )


def _players_help(state: BattleState) -> str:
    names = " and ".join(
        f"Player {seat}: {p.name}" for seat, p in zip("AB", state.players, strict=True) if p.name
    )
    return f"{names}." if names else ""


def _top_not_described(state: BattleState, player: int) -> bool:
    p = state.players[player]
    if p.hero_deck:
        return not p.hero_deck[0].described
    return p.hero_deck is None or p.partly("hero_deck")  # an empty deck has no top to say


def move_forms(state: BattleState) -> list[MoveForm]:
    """The forms this board offers: the reveal where the Heroes to compare are face down and
    may be turned up now (after the Substitution Phase; in Sudden Death, the top of each Hero
    Deck), and in the Play Phase a Play run by the player to act."""
    forms: list[MoveForm] = []
    if state.phase == "sudden-death":
        if any(_top_not_described(state, i) for i in (0, 1)):
            forms.append(
                MoveForm(
                    slug="reveal-heroes",
                    title="Sudden Death: say the top Hero each player turned face up",
                    form=RevealForm,
                    build=reveal_move,
                    help=_players_help(state),
                )
            )
        return forms
    if state.phase not in ("compare", "plays"):
        return forms
    if not all(state.zone_hero(i).described for i in (0, 1)):
        forms.append(
            MoveForm(
                slug="reveal-heroes",
                title=f"Say the Heroes turned face up in battle {state.battle}",
                form=RevealForm,
                build=reveal_move,
                help=_players_help(state),
            )
        )
    if state.phase == "plays" and (run := _run_play_form(state)) is not None:
        forms.append(run)
    return forms
