"""Rulings on each kind of move. Each function takes the engine (for its ruling helpers), the
state and the move, and has no side effects."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core import Reason, Ruling
from games.higher_lower import reasons as R
from games.higher_lower.checks import mover
from games.higher_lower.moves import DrawCard, MatchCard, PlayBooster, PlayCard
from games.higher_lower.reasons import REASONS
from games.higher_lower.state import AUTOMATIC_CALL, State
from games.higher_lower.table import (
    hand_size,
    next_player,
    obeys_call,
    playable_values,
    player,
    winner,
)
from games.higher_lower.transitions import after_booster, after_draw, after_match, after_play

if TYPE_CHECKING:
    from games.core import GameRules


def _reason(code: str, detail: str) -> Reason:
    return REASONS.reason(code, detail)


def _game_over(engine: GameRules[Any, Any], state: State) -> Ruling | None:
    """Once a player is out of playing cards the game is over (rule 2.1)."""
    out = winner(state)
    if out is None:
        return None
    return engine.illegal(
        f"No: {out} has no playing cards left, so the game is over and {out} has won.",
        [_reason("game-over", f"{out} holds no playing cards")],
        interpretations=[R.GAME_ENDS_WHEN_SOMEONE_IS_OUT],
    )


def _not_now(engine: GameRules[Any, Any], state: State, name: str, what: str) -> Ruling | None:
    """The checks every card move shares: the game must be on, and it must be the mover's
    turn."""
    over = _game_over(engine, state)
    if over is not None:
        return over
    if name != state.turn:
        return engine.illegal(
            f"No: it is {state.turn}'s turn, not {name}'s, so {name} cannot {what} now.",
            [_reason("not-your-turn", f"the turn is {state.turn}'s")],
            interpretations=[R.TURNS_GO_LEFT],
        )
    return None


def _win_reasons(state: State, name: str, after: State) -> list[Reason]:
    if hand_size(player(after, name)) == 0:
        return [_reason("player-wins", f"{name} has laid their last playing card")]
    return []


# ----- lay a card -----


def rule_play(engine: GameRules[Any, Any], state: State, move: PlayCard) -> Ruling:
    name = mover(state, move)
    early = _not_now(engine, state, name, f"lay a {move.value}")
    if early is not None:
        return early
    problems = _play_problems(state, move)
    if problems:
        reasons, interpretations, summary = problems
        return engine.illegal(summary, reasons, interpretations=interpretations)
    return _legal_play(engine, state, name, move)


def _play_problems(state: State, move: PlayCard) -> tuple[list[Reason], list[str], str] | None:
    """What is wrong with laying this card, or None. The card must obey the call in force and
    carry a proper call for the next player."""
    value, last, call = move.value, state.last_card, state.call
    reasons: list[Reason] = []
    interpretations: list[str] = []
    summaries: list[str] = []
    if last is not None and call is not None:
        if value == last:
            return (
                [
                    _reason(
                        "match-makes-no-call",
                        f"a {value} on a {last} is a match, and a match makes no call",
                    )
                ],
                [R.EQUAL_NUMBER_IS_A_MATCH, R.MATCH_MEANS_SAME_NUMBER],
                f"No: a {value} on the {last} is not {call} but a match; lay it as a match, "
                "which makes no call.",
            )
        if not obeys_call(value, last, call):
            code = "not-higher" if call == "higher" else "not-lower"
            reasons.append(
                _reason(
                    code, f"the call in force is {call!r} and {value} is not {call} than {last}"
                )
            )
            summaries.append(f"the call is {call!r} and {value} is not {call} than the {last}")
            if value in AUTOMATIC_CALL:
                interpretations.append(R.AUTOMATIC_CALLS)
    automatic = AUTOMATIC_CALL.get(value)
    if automatic is not None and move.call is not None and move.call != automatic:
        reasons.append(
            _reason(
                "contradicts-automatic-call",
                f"a {value} always calls {automatic!r}; {move.call!r} cannot be called on it",
            )
        )
        summaries.append(f"a {value} always calls {automatic!r}, never {move.call!r}")
        interpretations.append(R.AUTOMATIC_CALLS)
    if automatic is None and move.call is None:
        code = "opening-call-missing" if last is None else "call-missing"
        reasons.append(_reason(code, f"no call was made with the {value}"))
        summaries.append("whoever lays a card must call 'higher' or 'lower' for the next player")
    if not reasons:
        return None
    return reasons, list(dict.fromkeys(interpretations)), "No: " + "; and ".join(summaries) + "."


def _legal_play(engine: GameRules[Any, Any], state: State, name: str, move: PlayCard) -> Ruling:
    value = move.value
    after = after_play(state, name, value, move.call)
    nxt = next_player(state, name)
    reasons: list[Reason] = []
    interpretations = [R.TURNS_GO_LEFT]
    if state.last_card is None:
        reasons.append(_reason("opening-card", f"{name} opens the game, so any card may be laid"))
    else:
        reasons.append(
            _reason(
                "obeys-call",
                f"the call is {state.call!r} and {value} is {state.call} than {state.last_card}",
            )
        )
    new_call = after.call
    if value in AUTOMATIC_CALL:
        reasons.append(_reason("automatic-call", f"a {value} always calls {new_call!r}"))
        interpretations.append(R.AUTOMATIC_CALLS)
    else:
        code = "opening-call" if state.last_card is None else "call-made"
        reasons.append(_reason(code, f"{name} calls {new_call!r} for {nxt}"))
    reasons.extend(_win_reasons(state, name, after))
    if winner(after) == name:
        interpretations.append(R.WINNING_WITH_BOOSTERS_LEFT)
    on = "to open the game" if state.last_card is None else f"on the {state.last_card}"
    then = f"{nxt} must now go {new_call} than {value}."
    if winner(after) == name:
        then = f"{name} has no playing cards left and wins."
    summary = f"Yes: {name} may lay a {value} {on}, and {then}"
    return engine.legal(summary, reasons, after, interpretations=interpretations)


# ----- match -----


def rule_match(engine: GameRules[Any, Any], state: State, move: MatchCard) -> Ruling:
    name = mover(state, move)
    early = _not_now(engine, state, name, "match")
    if early is not None:
        return early
    last = state.last_card
    if last is None:
        return engine.illegal(
            f"No: no card has been laid yet, so there is nothing to match; {name} opens "
            "by laying any card and making a call.",
            [_reason("nothing-to-match", "no card has been laid yet")],
        )
    value = move.value if move.value is not None else last
    if value != last:
        return engine.illegal(
            f"No: a {value} does not match the {last}; a match must be the same number.",
            [_reason("not-a-match", f"the last card is a {last}, not a {value}")],
            interpretations=[R.MATCH_MEANS_SAME_NUMBER],
        )
    after = after_match(state, name, value)
    nxt = next_player(state, name)
    interpretations = [R.MATCH_MEANS_SAME_NUMBER, R.TURNS_GO_LEFT]
    if state.match_chain:
        interpretations.append(R.CALL_AFTER_A_MATCH)
    reasons = [
        _reason("matches-last-card", f"{name} lays a {value} on the {last}"),
        _reason(
            "call-passes-through",
            f"{name} makes no call; {state.call_by}'s call {state.call!r} stands for {nxt}",
        ),
        *_win_reasons(state, name, after),
    ]
    if winner(after) == name:
        interpretations.append(R.WINNING_WITH_BOOSTERS_LEFT)
    summary = (
        f"Yes: {name} may match the {last}; {name} makes no call, so {state.call_by}'s call "
        f"{state.call!r} still holds for {nxt}."
    )
    if winner(after) == name:
        summary = f"Yes: {name} may match the {last}, and with no playing cards left wins."
    return engine.legal(summary, reasons, after, interpretations=interpretations)


# ----- draw -----


def rule_draw(engine: GameRules[Any, Any], state: State, move: DrawCard) -> Ruling:
    name = mover(state, move)
    early = _not_now(engine, state, name, "draw")
    if early is not None:
        return early
    if state.last_card is None:
        return engine.illegal(
            f"No: {name} opens the game and may lay any card, so there is no reason to draw.",
            [_reason("must-lay-opening-card", "no card has been laid yet; any card may open")],
            interpretations=[R.DRAW_ONLY_WHEN_UNABLE],
        )
    p = player(state, name)
    could = playable_values(state, p)
    if isinstance(p.hand, list) and could:
        shown = ", ".join(str(v) for v in could)
        return engine.illegal(
            f"No: {name} can lay a card ({shown}) on the {state.last_card} under the call "
            f"{state.call!r}, and a player draws only when unable to play.",
            [
                _reason(
                    "can-play-instead",
                    f"{name} holds {shown}, which can go on the {state.last_card} under the "
                    f"call {state.call!r} (obeying it or matching)",
                )
            ],
            interpretations=[R.DRAW_ONLY_WHEN_UNABLE],
        )
    return _legal_draw(engine, state, name, move, on_trust=bool(could))


def _legal_draw(
    engine: GameRules[Any, Any], state: State, name: str, move: DrawCard, on_trust: bool
) -> Ruling:
    after = after_draw(state, name, move.drawn)
    nxt = next_player(state, name)
    interpretations = [R.DRAW_ONLY_WHEN_UNABLE, R.DRAWING_ENDS_THE_TURN, R.CALL_AFTER_A_DRAW]
    notes: list[str] = []
    why = f"{name} can neither go {state.call} than the {state.last_card} nor match it"
    if on_trust:
        why = f"{name}'s hand is hidden; taken on trust that {name} cannot play"
        interpretations.append(R.HIDDEN_HANDS_ON_TRUST)
        notes.append(
            f"{name}'s hand is not shown, so the ruling assumes {name} holds no card that "
            f"obeys the call or matches the {state.last_card}; if they do, they must play it "
            "instead (rule 4.6)."
        )
    reasons = [
        _reason("unable-to-play", why),
        _reason(
            "call-still-in-force",
            f"{state.call_by}'s call {state.call!r} on the {state.last_card} stands for {nxt}",
        ),
    ]
    took = f"{name} draws a card"
    if state.deck == 0:
        took = f"with the deck empty {name} draws nothing"
        interpretations.append(R.EMPTY_DECK_PASS)
        notes.append("The deck is empty: the rulebook is silent, and we rule the turn passes.")
    interpretations.append(R.TURNS_GO_LEFT)
    summary = (
        f"Yes: {name} cannot play, so {took} and the turn ends; the call "
        f"{state.call!r} on the {state.last_card} still holds for {nxt}."
    )
    return engine.legal(summary, reasons, after, interpretations=interpretations, notes=notes)


# ----- boosters -----


def rule_booster(engine: GameRules[Any, Any], state: State, move: PlayBooster) -> Ruling:
    name = mover(state, move)
    label = move.name or f"{move.category} booster"
    over = _game_over(engine, state)
    if over is not None:
        return over
    if name != state.turn:
        return engine.illegal(
            f"No: boosters are played only on your own turn, and it is {state.turn}'s turn, "
            f"not {name}'s.",
            [_reason("booster-not-your-turn", f"the turn is {state.turn}'s")],
            interpretations=[R.BOOSTERS_BEFORE_YOUR_CARD],
            notes=[R.BOOSTER_TEXT_UNKNOWN],
        )
    if move.target == name:
        return engine.illegal(
            f"No: a booster is aimed at an opponent (or at nobody), not at {name} themself.",
            [_reason("booster-at-self", f"{name} named themself as the target")],
            interpretations=[R.BOOSTER_TARGET],
            notes=[R.BOOSTER_TEXT_UNKNOWN],
        )
    after = after_booster(state, name, move.category)
    at = f" at {move.target}" if move.target is not None else ""
    reasons = [
        _reason("booster-on-own-turn", f"it is {name}'s turn"),
        _reason(
            "boosters-any-number",
            f"{name} may play more boosters, then must still lay a card, match or draw",
        ),
    ]
    if move.target is not None:
        reasons.append(_reason("booster-at-opponent", f"{move.target} is an opponent of {name}"))
    reasons.append(_reason("booster-card-text", f"{name} must do what the {label} says"))
    summary = (
        f"Yes: {name} may play the {label}{at} now, on their own turn; do what the card "
        "says (its text is not in our reference)."
    )
    return engine.legal(
        summary,
        reasons,
        after,
        interpretations=[
            R.BOOSTERS_BEFORE_YOUR_CARD,
            R.BOOSTER_TARGET,
            R.BOOSTER_TEXT_NOT_IN_REFERENCE,
        ],
        notes=[R.BOOSTER_TEXT_NOTE],
    )
