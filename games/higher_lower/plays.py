"""The judges of each kind of move: each takes the state and the move, has no side effects, and
returns its findings (games/core/findings.py), which core composes into the Ruling."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Reason
from games.core.findings import Findings, found_illegal, found_legal
from games.core.readings import ours
from games.core.words import Who as W
from games.core.words import article, cap, count, listed
from games.higher_lower import reasons as R
from games.higher_lower.checks import mover
from games.higher_lower.moves import DrawCard, MatchCard, PlayBooster, PlayCard
from games.higher_lower.reasons import REASONS
from games.higher_lower.state import AUTOMATIC_CALL, State
from games.higher_lower.table import (
    is_out,
    next_player,
    obeys_call,
    playable_values,
    player,
    players_left,
    seated_name,
    under_way,
    winner,
)
from games.higher_lower.transitions import (
    after_booster,
    after_draw,
    after_match,
    after_play,
    drawn_may_go,
    goes_out,
    reshuffles,
)


def _reason(code: str, detail: str) -> Reason:
    return REASONS.reason(code, detail)


def _game_over(state: State) -> Findings | None:
    """Once a player is out of playing cards the game is over (rule 2.1)."""
    out = winner(state)
    if out is None:
        return None
    if players_left(state) > 1 and not ours(R.GAME_ENDS_WHEN_SOMEONE_IS_OUT):
        return None  # read the other way, the others play on for the places after the winner
    return found_illegal(
        f"No: {W(out)} {W(out).verb('has', 'have')} no playing cards left, so the game is "
        f"over and {W(out)} {W(out).verb('has', 'have')} won.",
        [_reason("game-over", f"{W(out)} {W(out).verb('holds', 'hold')} no playing cards")],
        interpretations=[R.GAME_ENDS_WHEN_SOMEONE_IS_OUT],
        answer=f"No: the game is over, and {W(out)} {W(out).verb('has', 'have')} won.",
    )


def _opener(state: State) -> str | None:
    """Who opens the game, when no card is laid yet and the dealer is given: the player on
    the dealer's left (rule 3.6); None once a card is laid or when nobody said who dealt."""
    if under_way(state) or state.dealer is None:
        return None
    return next_player(state, state.dealer)


def _not_now(
    state: State,
    name: str,
    what: str,
    wrong_turn: Callable[[], Findings] | None = None,
) -> Findings | None:
    """The checks every move in play shares, in this order: the game must be on, and it must
    be the mover's turn. `wrong_turn` words the ruling when it is not (a booster has its own
    rule, 5.1)."""
    over = _game_over(state)
    if over is not None:
        return over
    opener = _opener(state) if wrong_turn is None else None  # a booster: rule 5.1
    if opener is not None and name != opener:
        return found_illegal(
            f"No: {W(opener)} {W(opener).verb('sits', 'sit')} on the dealer's left, so "
            f"{W(opener)} {W(opener).verb('opens', 'open')} the game, not {W(name)}.",
            [
                _reason(
                    "not-the-opener",
                    f"{W(state.dealer or '')} dealt, and the player on the dealer's left is "
                    f"{W(opener)}",
                )
            ],
            interpretations=[R.TURNS_GO_LEFT],
            answer=f"No: the player on the dealer's left goes first, and that is {W(opener)}, "
            f"not {W(name)}.",
        )
    if name != state.turn:
        if wrong_turn is not None:
            return wrong_turn()
        if state.drew == name:
            # With the deck empty the player had to draw and may have drawn nothing
            # (clarification empty-deck-pass): the answer is the same either way, so that a
            # pass on an empty deck and a draw from a deck made again are ruled alike.
            did = "had to draw" if state.deck == 0 else "drew a card"
            return found_illegal(
                f"No: {W(name)} drew on {W(name).poss} last turn, and drawing ends the turn: "
                f"any card drawn waits in {W(name).poss} hand for a later turn.",
                [
                    _reason(
                        "drew-turn-over",
                        f"{W(name)} {did}, so {W(name).poss} turn passed to "
                        f"{W(state.turn)} with the call unchanged",
                    )
                ],
                interpretations=[R.DRAWING_ENDS_THE_TURN],
                answer=f"No: drawing ended {W(name).poss} turn; any card {W(name)} drew stays "
                f"in {W(name).poss} hand for a later turn, and it is {W(state.turn).poss} turn "
                "now.",
            )
        return found_illegal(
            f"No: it is {W(state.turn).poss} turn, not {W(name).owns}, so {W(name)} cannot "
            f"{what} now.",
            [_reason("not-your-turn", f"the turn is {W(state.turn).owns}")],
            interpretations=[R.TURNS_GO_LEFT],
            answer=f"No: it is {W(state.turn).poss} turn, not {W(name).owns}.",
        )
    return None


def _passes_left(state: State, name: str) -> Reason:
    return _reason("turn-passes-left", f"the turn passes to {W(next_player(state, name))}")


def _win_reasons(state: State, name: str, after: State) -> list[Reason]:
    if is_out(player(after, name)):
        who = W(name)
        return [
            _reason(
                "player-wins",
                f"{who} {who.verb('has', 'have')} laid {who.verb('their', 'your')} last "
                "playing card",
            )
        ]
    return []


# ----- lay a card -----


def judge_play(state: State, move: PlayCard) -> Findings:
    name = mover(state, move)
    early = _not_now(state, name, f"lay {article(str(move.value))}")
    if early is not None:
        return early
    last = state.last_card
    if last is not None and move.value == last and _equal_is_a_match(move):
        # The same number is a match, whatever the player called (rules 4.4, 4.5).
        as_match = MatchCard(kind="match", value=move.value, call=move.call)
        return judge_match(state, as_match, laid_as_play=True)
    problems = _play_problems(state, move, name)
    if problems:
        reasons, interpretations, summary, answer = problems
        return found_illegal(summary, reasons, interpretations=interpretations, answer=answer)
    return _legal_play(state, name, move)


def _equal_is_a_match(move: PlayCard) -> bool:
    """A card of the last card's number is a match (clarification equal-number-is-a-match).
    The reading decides only when the player made a call with it: read the other way, the same
    number obeys the call in force and the call made stands."""
    if move.call is None or move.value in AUTOMATIC_CALL:
        return True
    return ours(R.EQUAL_NUMBER_IS_A_MATCH)


def _free_of_call(state: State, value: int, name: str) -> str | None:
    """Why a card that does not obey the call in force may be laid all the same, read the
    other way of an open point (in words), or None: on our readings it never may. Asked only
    of a card that fails the call, so a plain play consults nothing."""
    if value == state.last_card:
        return "the same number counts as obeying the call"  # equal-number-is-a-match
    if value in AUTOMATIC_CALL and not ours(R.AUTOMATIC_CALLS):
        return f"a {value} may go on any card"
    if state.drew is not None and state.call_by == name and not ours(R.CALL_AFTER_A_DRAW):
        return f"{W(name).poss} own call does not bind {W(name)} once it comes back round"
    if len(state.match_chain) > 1 and not ours(R.CALL_AFTER_A_MATCH):
        return "after two matches in a row no call stands"
    return None


def _call_kept(state: State, name: str, *, obeyed: bool) -> Reason | None:
    """Why the call in force binds a player whose card answers a call the player before them
    did not make: that player drew (rule 4.7: the call passes on unchanged) or matched (rule
    4.5: the call of the player before the matcher stands). That rule is what is disputed, so
    it comes first and decides; None when the player before made the call in force."""
    if state.call is None or state.last_card is None:
        return None
    by = f"{W(state.call_by).poss} call" if state.call_by is not None else "the call"
    if state.drew is not None and state.drew != name:
        code = "call-kept-after-draw" if obeyed else "call-kept-after-draw-broken"
        return _reason(
            code,
            f"{W(state.drew)} drew, so {by} {state.call!r} on the {state.last_card} still "
            f"{'holds' if obeyed else f'binds {W(name)}'}",
        )
    if state.match_chain and state.match_chain[-1] != name:
        code = "earlier-call-obeyed" if obeyed else "earlier-call-not-obeyed"
        return _reason(
            code,
            f"{W(state.match_chain[-1])} matched and made no call, so {by} {state.call!r} "
            f"{'holds' if obeyed else f'binds {W(name)}'}",
        )
    return None


def _play_problems(
    state: State, move: PlayCard, name: str
) -> tuple[list[Reason], list[str], str, str] | None:
    """What is wrong with laying this card, or None. The card must obey the call in force and
    carry a call for the next player (a 1 or a 15 carries its own, rule 4.8)."""
    value, last, call = move.value, state.last_card, state.call
    reasons: list[Reason] = []
    interpretations: list[str] = []
    summaries: list[str] = []
    answers: list[str] = []
    if (
        last is not None
        and call is not None
        and not obeys_call(value, last, call)
        and _free_of_call(state, value, name) is None
    ):
        code = "not-higher" if call == "higher" else "not-lower"
        kept = _call_kept(state, name, obeyed=False)
        if kept is not None:
            reasons.append(kept)
        reasons.append(
            _reason(code, f"the call in force is {call!r} and {value} is not {call} than {last}")
        )
        summaries.append(f"the call is {call!r} and {value} is not {call} than the {last}")
        said = f"{article(str(value))} is not {call} than the {last}"
        if kept is not None:
            said = f"{kept.detail}, and {said}"
        answers.append(said)
        if value in AUTOMATIC_CALL:
            interpretations.append(R.AUTOMATIC_CALLS)
    if value not in AUTOMATIC_CALL and move.call is None and not _call_moot(state, move, name):
        code = "opening-call-missing" if last is None else "call-missing"
        reasons.append(_reason(code, f"no call was made with the {value}"))
        summaries.append("whoever lays a card must call 'higher' or 'lower' for the next player")
        answers.append(f"with the {value}, {W(name)} must call higher or lower for the next player")
    if not reasons:
        return None
    summary = "No: " + "; and ".join(summaries) + "."
    answer = "No: " + "; and ".join(answers) + "."
    return reasons, list(dict.fromkeys(interpretations)), summary, answer


def _call_moot(state: State, move: PlayCard, name: str) -> bool:
    """Whether no call is owed with this card: it is the player's last and wins (rule 2.1),
    or it is the player's last and already breaks the call in force, so it is laid for nobody
    to follow and whether a last card needs a call (clarification winning-with-boosters-left)
    does not arise."""
    hand = player(state, name).hand
    last_one = len(hand) == 1 if isinstance(hand, list) else hand == 1
    last, call = state.last_card, state.call
    if last_one and last is not None and call is not None:
        return not obeys_call(move.value, last, call) or goes_out(state, name, move.value)
    return goes_out(state, name, move.value)


def _one_number_left(value: int, call: str) -> bool:
    """A call that only one number can obey (higher on a 14, lower on a 2): still the laying
    player's to make (rule 4.3), and the point a player doubts."""
    return (call == "higher" and value == 14) or (call == "lower" and value == 2)


def _wins(name: str) -> str:
    who = W(name)
    has, wins = who.verb("has", "have"), who.verb("wins", "win")
    return f"{who.start} {has} no playing cards left and {wins}."


def _legal_play(state: State, name: str, move: PlayCard) -> Findings:
    value = move.value
    after = after_play(state, name, value, move.call)
    nxt = next_player(state, name)
    who, whom = W(name), W(nxt)  # said many times below: made once
    reasons: list[Reason] = []
    voided: list[Reason] = []
    interpretations = [R.TURNS_GO_LEFT]
    free = None
    kept = None
    if state.last_card is None:
        reasons.append(
            _reason(
                "opening-card",
                f"{who} {who.verb('opens', 'open')} the game, so any card may be laid",
            )
        )
    else:
        if state.call is not None and not obeys_call(value, state.last_card, state.call):
            free = _free_of_call(state, value, name)
        obeys = f"{value} is {state.call} than {state.last_card}" if free is None else free
        kept = _call_kept(state, name, obeyed=True) if free is None else None
        if kept is not None:
            reasons.append(kept)
        reasons.append(_reason("obeys-call", f"the call is {state.call!r} and {obeys}"))
    new_call = after.call
    automatic = AUTOMATIC_CALL.get(value)
    if automatic is not None:
        reasons.append(_reason("automatic-call", f"a {value} always calls {new_call!r}"))
        interpretations.append(R.AUTOMATIC_CALLS)
        if move.call is not None and move.call != automatic:
            voided.append(
                _reason(
                    "automatic-call-void",
                    f"{who} called {move.call!r} on a {value}; a {value} calls {automatic!r} "
                    "by its own number, so that call is void and the card stands",
                )
            )
    elif new_call is None:
        reasons.append(
            _reason(
                "last-card-needs-no-call",
                f"the {value} is {who.poss} last card, so no one is left to follow a call",
            )
        )
    else:
        code = "opening-call" if state.last_card is None else "call-made"
        if _one_number_left(value, new_call):
            # the call is what is doubted: the opener's (3.7) or the laying player's (4.3)
            opening = state.last_card is None
            code = "opening-call-one-number-left" if opening else "call-one-number-left"
        reasons.append(_reason(code, f"{who} {who.verb('calls', 'call')} {new_call!r} for {whom}"))
    won = winner(after) == name
    if not won:
        reasons.append(_passes_left(state, name))
    reasons.extend(_win_reasons(state, name, after))
    if won:
        interpretations.append(R.WINNING_WITH_BOOSTERS_LEFT)
    on = "to open the game" if state.last_card is None else f"on the {state.last_card}"
    then = f"{whom} must now go {new_call} than {value}."
    if won:
        then = f"{who} {who.verb('has', 'have')} no playing cards left and " + who.verb(
            "wins.", "win."
        )
    summary = f"Yes: {who} may lay {article(str(value))} {on}, and {then}"
    if voided:
        summary += f" The call {move.call!r} is void: a {value} always calls {automatic!r}."
    answer = f"Yes, {who} can lay the {value} {on}. "
    if kept is not None and automatic is None:  # a 1's or a 15's own call decides (4.8)
        answer = f"Yes, {who} can lay the {value} {on}: {kept.detail}. "
    if free is not None:
        answer = f"Yes, {who} can lay the {value} {on}: {free}. "
    if won:
        answer += _wins(name)
    elif voided:
        answer += (
            f"The call of {move.call} does not count: a {value} calls {automatic} by itself, "
            f"so {whom} must go {new_call}."
        )
    else:
        answer += f"{whom.start} must now go {new_call}."
    if not won and player(after, name).hand in (0, []):  # read the other way: boosters count
        if player(after, name).boosters is None:  # not described: they may be held
            answer += (
                f" {who.start} {who.verb('has', 'have')} no playing cards left; if {who} still "
                f"{who.verb('holds', 'hold')} booster cards, {who} {who.verb('has', 'have')} "
                "not won yet."
            )
        else:
            answer += (
                f" {who.start} {who.verb('has', 'have')} no playing cards left but still "
                f"{who.verb('holds', 'hold')} booster cards, so {who} "
                f"{who.verb('has', 'have')} not won yet."
            )
    return found_legal(
        summary, reasons, after, interpretations=interpretations, answer=answer, voided=voided
    )


# ----- match -----


def judge_match(state: State, move: MatchCard, *, laid_as_play: bool = False) -> Findings:
    name = mover(state, move)
    early = _not_now(state, name, "match")
    if early is not None:
        return early
    last = state.last_card
    if last is None:
        return found_illegal(
            f"No: no card has been laid yet, so there is nothing to match; {W(name)} "
            f"{W(name).verb('opens', 'open')} by laying any card and making a call.",
            [_reason("nothing-to-match", "no card has been laid yet")],
            answer=f"No: there is nothing to match before the first card; {W(name)} "
            f"{W(name).verb('opens', 'open')} with any card.",
        )
    value = move.value if move.value is not None else last
    if value != last:
        laid = article(str(value))
        return found_illegal(
            f"No: {laid} does not match the {last}; a match must be the same number.",
            [_reason("not-a-match", f"the last card is {article(str(last))}, not {laid}")],
            interpretations=[R.MATCH_MEANS_SAME_NUMBER],
            answer=f"No: {laid} does not match the {last}; a match is the same number.",
        )
    after = after_match(state, name, value)
    nxt = next_player(state, name)
    stands, still_go = _call_stands(state, nxt)
    interpretations = [R.MATCH_MEANS_SAME_NUMBER, R.TURNS_GO_LEFT]
    if laid_as_play:
        interpretations.insert(0, R.EQUAL_NUMBER_IS_A_MATCH)
    if state.match_chain:
        interpretations.append(R.CALL_AFTER_A_MATCH)
    won = winner(after) == name
    after_draw = (
        [
            _reason(
                "match-after-draw",
                f"{W(state.drew)} drew, and after a draw the matching rules still hold",
            )
        ]
        if state.drew is not None and state.drew != name
        else []
    )
    reasons = [
        *after_draw,
        _reason(
            "matches-last-card",
            f"{W(name)} {W(name).verb('lays', 'lay')} {article(str(value))} on the {last}",
        ),
        _reason(
            "call-passes-through",
            f"{W(name)} {W(name).verb('makes', 'make')} no call; {stands} stands for {W(nxt)}",
        ),
        *([] if won else [_passes_left(state, name)]),
        *_win_reasons(state, name, after),
    ]
    voided: list[Reason] = []
    if move.call is not None:
        voided.append(
            _reason(
                "match-call-void",
                f"{W(name)} called {move.call!r} with a match; a match makes no call, so that "
                f"call is void and {stands} stands",
            )
        )
    if won:
        interpretations.append(R.WINNING_WITH_BOOSTERS_LEFT)
    summary = (
        f"Yes: {W(name)} may match the {last}; {W(name)} {W(name).verb('makes', 'make')} no "
        f"call, so {stands} still holds for {W(nxt)}."
    )
    answer = f"Yes, {W(name)} can match the {last}. A match makes no call: {still_go}."
    if voided:
        summary += f" The call {move.call!r} is void."
        answer = (
            f"Yes, {W(name)} can lay the {value}: it matches the {last}. The call of "
            f"{move.call} does not count, since a match makes no call: {still_go}."
        )
    if won:
        summary = f"Yes: {W(name)} may match the {last}. {_wins(name)}"
        answer = f"Yes, {W(name)} can match the {last}. {_wins(name)}"
    return found_legal(
        summary, reasons, after, interpretations=interpretations, answer=answer, voided=voided
    )


def _call_stands(state: State, nxt: str) -> tuple[str, str]:
    """The call a match leaves standing, in words ("Cy's call 'higher'"), and what the next
    player must do ("Ben must still go higher, as Cy called"). A call the question did not
    describe is said so, never guessed."""
    if state.call is None:
        return (
            "the call in force (not described)",
            f"{W(nxt)} must still follow the call in force, which was not described",
        )
    if state.call_by is None:
        return f"the call {state.call!r}", f"{W(nxt)} must still go {state.call}"
    caller = W(state.call_by)
    return (
        f"{caller.poss} call {state.call!r}",
        f"{W(nxt)} must still go {state.call}, as {caller} called",
    )


# ----- draw -----


def _either(values: list[int]) -> str:
    """The cards a player could lay instead: "the 9", "the 8, the 9 or the 12"."""
    return listed([f"the {v}" for v in values], "or")


def judge_draw(state: State, move: DrawCard) -> Findings:
    name = mover(state, move)
    early = _not_now(state, name, "draw")
    if early is not None:
        return early
    if state.last_card is None:
        return found_illegal(
            f"No: {W(name)} {W(name).verb('opens', 'open')} the game and may lay any card, so "
            "there is no reason to draw.",
            [_reason("must-lay-opening-card", "no card has been laid yet; any card may open")],
            interpretations=[R.DRAW_ONLY_WHEN_UNABLE],
            answer=f"No: {W(name)} {W(name).verb('opens', 'open')} the game and may lay any "
            f"card, so {W(name)} cannot draw.",
        )
    p = player(state, name)
    # A card that obeys the call or matches settles it whatever a 1 or a 15 may do: whether
    # they go on any card (automatic-calls-1-and-15) is asked only when no other card goes.
    could = playable_values(state, p, wild=False) or playable_values(state, p)
    if isinstance(p.hand, list) and could and ours(R.DRAW_ONLY_WHEN_UNABLE):
        shown = ", ".join(str(v) for v in could)
        return found_illegal(
            f"No: {W(name)} can lay {_either(could)} on the "
            f"{state.last_card} under the call "
            f"{state.call!r}, and a player draws only when unable to play.",
            [
                _reason(
                    "can-play-instead",
                    f"{W(name)} {W(name).verb('holds', 'hold')} {shown}, which can go on the "
                    f"{state.last_card} under the "
                    f"call {state.call!r} (obeying it or matching)",
                )
            ],
            interpretations=[R.DRAW_ONLY_WHEN_UNABLE],
            answer=f"No: {W(name)} can lay {_either(could)} on the {state.last_card}, and a player "
            "draws only when unable to play.",
        )
    shown_hand = isinstance(p.hand, list)
    return _legal_draw(
        state,
        name,
        move,
        on_trust=bool(could) and not shown_hand,
        instead=could if shown_hand else [],
    )


def _legal_draw(
    state: State, name: str, move: DrawCard, on_trust: bool, instead: list[int]
) -> Findings:
    """A draw ruled legal. `instead`: the cards the player could have laid, drawing all the
    same (only read the other way of clarification draw-only-when-unable)."""
    after = after_draw(state, name, move.drawn)
    nxt = next_player(state, name)
    stands, _ = _call_stands(state, nxt)
    interpretations = [R.DRAW_ONLY_WHEN_UNABLE, R.DRAWING_ENDS_THE_TURN, R.CALL_AFTER_A_DRAW]
    held = player(state, name).hand
    if isinstance(held, list) and any(v in AUTOMATIC_CALL for v in held):
        interpretations.append(R.AUTOMATIC_CALLS)  # a 1 or a 15 held: is it wild?
    notes: list[str] = []
    why = f"{W(name)} can neither go {state.call} than the {state.last_card} nor match it"
    if instead:
        why = f"{W(name)} could lay {_either(instead)} but may draw instead"
    if on_trust:
        why = f"{W(name).poss} hand is hidden; taken on trust that {W(name)} cannot play"
        interpretations.append(R.HIDDEN_HANDS_ON_TRUST)
        notes.append(
            f"{cap(W(name).poss)} hand is not shown, so the ruling assumes "
            f"{W(name)} {W(name).verb('holds', 'hold')} no card that "
            f"obeys the call or matches the {state.last_card}; if they do, they must play it "
            "instead (rule 4.6)."
        )
    reasons = [
        _reason("unable-to-play", why),
        _reason(
            "call-still-in-force",
            f"{stands} on the {state.last_card} stands for {W(nxt)}",
        ),
    ]
    reasons.append(_passes_left(state, name))
    voided: list[Reason] = []
    if move.call is not None:
        voided.append(
            _reason(
                "draw-call-void",
                f"{W(name)} called {move.call!r} with a draw; after a draw the call in force "
                f"passes on unchanged, so that call is void",
            )
        )
    took = f"{W(name)} {W(name).verb('draws', 'draw')} a card"
    reshuffled = reshuffles(state)
    if reshuffled:
        took = (
            f"the cards laid under the {state.last_card} are shuffled into a new deck and "
            f"{W(name)} {W(name).verb('draws', 'draw')} a card"
        )
    elif state.deck == 0:
        took = f"with the deck empty {W(name)} {W(name).verb('draws', 'draw')} nothing"
        interpretations.append(R.EMPTY_DECK_PASS)
        notes.append("The deck is empty: the rulebook is silent, and we rule the turn passes.")
    interpretations.append(R.TURNS_GO_LEFT)
    summary = (
        f"Yes: {W(name)} cannot play, so {took} and the turn ends; the call "
        f"{state.call!r} on the {state.last_card} still holds for {W(nxt)}."
    )
    answer = (
        f"Yes, {W(name)} must draw: {W(name)} cannot play on the {state.last_card}. "
        f"{W(nxt).start} must "
        f"still go {state.call}."
    )
    if instead:
        summary = (
            f"Yes: {W(name)} could lay {_either(instead)} but may draw instead, so {took} and "
            f"the turn ends; the call {state.call!r} on the {state.last_card} still holds for "
            f"{W(nxt)}."
        )
        answer = (
            f"Yes, {W(name)} may draw instead of laying {_either(instead)}: a player may draw "
            f"even when able to play. {W(nxt).start} must still go {state.call}."
        )
    if reshuffled:
        answer = (
            f"Yes, {W(name)} cannot play: with the deck empty, the cards laid under the "
            f"{state.last_card} are shuffled to make a new deck and {W(name)} "
            f"{W(name).verb('draws', 'draw')} from it. {W(nxt).start} must still go "
            f"{state.call}."
        )
    elif state.deck == 0:
        answer = (
            f"Yes, {W(name)} cannot play, and with the deck empty {W(name)} "
            f"{W(name).verb('draws', 'draw')} nothing. {W(nxt).start} "
            f"must still go {state.call}."
        )
    if state.deck != 0 and drawn_may_go(state, move.drawn) and not ours(R.DRAWING_ENDS_THE_TURN):
        # read the other way: the drawn card may be laid at once, so the turn goes on
        summary = (
            f"Yes: {W(name)} cannot play, so {took}; the drawn card may be laid at once if it "
            f"obeys the call {state.call!r} on the {state.last_card} or matches it."
        )
        answer = (
            f"Yes, {W(name)} must draw: {W(name)} cannot play on the {state.last_card}. "
            f"{W(name).start} may lay the drawn card at once if it goes {state.call} or matches."
        )
    if voided:
        summary += f" The call {move.call!r} is void."
        answer += f" The call of {move.call} does not count: a draw makes no call."
    return found_legal(
        summary,
        reasons,
        after,
        interpretations=interpretations,
        notes=notes,
        answer=answer,
        voided=voided,
    )


# ----- boosters -----


def judge_booster(state: State, move: PlayBooster) -> Findings:
    name = mover(state, move)
    label = move.name or f"{move.category} booster"

    def wrong_turn() -> Findings:
        if state.drew == name and not ours(R.BOOSTERS_BEFORE_YOUR_CARD):
            # read the other way, boosters may follow your draw in the same turn
            return _legal_booster(state, name, move, label, after_your_draw=True)
        return found_illegal(
            f"No: boosters are played only on your own turn, and it is {W(state.turn).poss} "
            f"turn, not {W(name).owns}.",
            [_reason("booster-not-your-turn", f"the turn is {W(state.turn).owns}")],
            interpretations=[R.BOOSTERS_BEFORE_YOUR_CARD],
            notes=[R.BOOSTER_TEXT_UNKNOWN],
            answer=f"No: boosters are played only on your own turn, and it is "
            f"{W(state.turn).poss} turn.",
        )

    early = _not_now(state, name, "play a booster", wrong_turn=wrong_turn)
    if early is not None:
        return early
    return _legal_booster(state, name, move, label)


def _legal_booster(
    state: State, name: str, move: PlayBooster, label: str, *, after_your_draw: bool = False
) -> Findings:
    target = seated_name(state, move.target) if move.target is not None else None
    if target == name and ours(R.BOOSTER_TARGET):
        return found_illegal(
            f"No: a booster is aimed at an opponent (or at nobody), not at {W(name)} "
            f"{W(name).themself}.",
            [_reason("booster-at-self", f"{W(name)} named {W(name).themself} as the target")],
            interpretations=[R.BOOSTER_TARGET],
            notes=[R.BOOSTER_TEXT_UNKNOWN],
            answer=f"No: {W(name)} cannot aim a booster at {W(name).themself}, only at an "
            "opponent.",
        )
    after = after_booster(state, name, move.category)
    at = f" at {W(target)}" if target is not None else ""
    if target == name:  # read the other way of clarification booster-target
        at = f" at {W(name).themself}"
    # What follows a booster turns on its text, which the rulebook does not give: on our
    # reading it changes no rule we rule on, so play goes on as usual (rule 5.5); read the
    # other way, what follows is the card's to say.
    as_usual = ours(R.BOOSTER_TEXT_NOT_IN_REFERENCE)
    then = (
        "then must still lay a card, match or draw"
        if as_usual
        else "then does what the card says, which may change the rules"
    )
    reasons = []
    if state.boosters_played and not after_your_draw:  # the one in dispute: it decides (5.3)
        played = count(state.boosters_played, "booster")
        reasons.append(
            _reason(
                "another-booster",
                f"{W(name)} already played {played} this turn, and there is no limit",
            )
        )
    reasons += [
        _reason(
            "booster-on-own-turn",
            f"{W(name)} drew this turn" if after_your_draw else f"it is {W(name).poss} turn",
        ),
        _reason("boosters-any-number", f"{W(name)} may play more boosters, {then}"),
    ]
    if target is not None and target != name:
        aimed = _reason("booster-at-opponent", f"{W(target)} is one of {W(name).poss} opponents")
        # aimed past the player on the left, the question is whom a booster may be aimed at:
        # rule 5.4 settles it (any opponent), so it comes first and decides
        if target != next_player(state, name):
            reasons.insert(0, aimed)
        else:
            reasons.append(aimed)
    reasons.append(_reason("booster-card-text", f"{W(name)} must do what the {label} says"))
    summary = (
        f"Yes: {W(name)} may play the {label}{at} now, on {W(name).verb('their', 'your')} own "
        "turn; do what the card says (its text is not in our reference)."
    )
    answer = (
        f"Yes, {W(name)} can play the {label}{at} now, then must still lay a card, match or "
        "draw. Do what the card says."
    )
    if not as_usual:
        answer = (
            f"Yes, {W(name)} can play the {label}{at} now. What happens next is what the card "
            "says, and the rulebook does not give its text: it may change the rules (rule 5.5)."
        )
    if target is not None and target != name and target != next_player(state, name):
        # aimed past the player on the left: the answer says why that is allowed (rule 5.4)
        answer = (
            f"Yes, {W(name)} can play the {label}{at} now: a booster may be aimed at any "
            f"opponent, not only the player on {W(name).poss} left."
        )
        answer += (
            f" Then {W(name)} must still lay a card, match or draw. Do what the card says."
            if as_usual
            else " What happens next is what the card says, and the rulebook does not give its "
            "text: it may change the rules (rule 5.5)."
        )
    if after_your_draw:
        summary = (
            f"Yes: {W(name)} may play the {label}{at} now, after drawing in the same turn; do "
            "what the card says (its text is not in our reference)."
        )
        answer = (
            f"Yes, {W(name)} can play the {label}{at} now: boosters may follow your draw in "
            f"the same turn. Then it is {W(state.turn).poss} turn. Do what the card says."
        )
    return found_legal(
        summary,
        reasons,
        after,
        interpretations=[
            R.BOOSTERS_BEFORE_YOUR_CARD,
            R.BOOSTER_TARGET,
            R.BOOSTER_TEXT_NOT_IN_REFERENCE,
        ],
        notes=[R.BOOSTER_TEXT_NOTE],
        answer=answer,
    )
