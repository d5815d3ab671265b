"""The High Alert adjudicator: ally and double ally abilities, merged factions, faction symbols
as effects, Requisition prices, heroes and tech.

Each ruling cites the rules of `fixtures/star-realms-high-alert/rules.toml` through the
reason catalog, and names the reference ruling it rests on where the sheet is silent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, ClassVar, TypeVar

from pydantic import ValidationError

from games.core import GameRules, InvalidMove, InvalidState, Question, Reason, Ruling, words
from games.core.findings import Findings, compose, found_illegal, found_legal
from games.core.readings import ours
from games.core.rules import ReasonCatalog, first_error, strict_json
from games.star_realms_high_alert import transitions, turns
from games.star_realms_high_alert.catalog import CARDS, FACTION_NAMES, SYMBOL_NAMES
from games.star_realms_high_alert.checks import check_move, check_state
from games.star_realms_high_alert.moves import (
    Acquire,
    AcquireFree,
    AnyMove,
    CheckSetup,
    Draw,
    EndTurn,
    Move,
    PlayCard,
    ScrapHero,
    UseAlly,
    UseDoubleAlly,
    UseTech,
)
from games.star_realms_high_alert.options import Options, legal_moves, options
from games.star_realms_high_alert.questions import QUESTIONS
from games.star_realms_high_alert.reasons import (
    ALLY_ONCE,
    COSTING_OR_LESS,
    DISCOUNT_FLOOR,
    ENDED_TURN,
    FACTION_SHOWN,
    FREE_HERO_OR_TECH,
    HERO_NO_FACTION,
    HERO_SCRAP_SAME_TURN,
    INTERPRETATIONS,
    MAIN_PHASE,
    MERGED_DISCOUNT,
    MERGED_DOUBLE_ALLY,
    MERGED_EFFECT_BOTH,
    REASONS,
    SLUG,
    SOME_PACKS,
    STEALTH_EFFECT,
    TECH_SAME_TURN,
)
from games.star_realms_high_alert.setup import (
    PACK_NAMES,
    SetupPlan,
    expansion_problems,
    pack,
    setup_plan,
    setup_problems,
)
from games.star_realms_high_alert.state import LooseCard, State, not_described, read_json
from games.star_realms_high_alert.table import (
    AllyCount,
    PriceQuote,
    ally_count,
    faction_list,
    factions_of,
    facts,
    find_played,
    find_row,
    has_ally,
    has_double_ally,
    hero_label,
    label,
    price_quote,
    printed_cost,
)
from games.star_realms_high_alert.turn_end import PLAY_AREA_NOTE, after_turn, turn_end_reasons


class HighAlertRules(GameRules[State, AnyMove]):
    slug: ClassVar[str] = SLUG
    Move: ClassVar[Any] = Move
    reasons: ClassVar[ReasonCatalog] = REASONS
    interpretations: ClassVar[frozenset[str]] = INTERPRETATIONS

    questions: ClassVar[tuple[Question, ...]] = QUESTIONS

    # ----- input checks -----

    def parse_state(self, data: Any) -> State:
        """As core reads a state (`GameRules.parse_state`), the null parts (not described)
        taken out on the input, where the state's `_not_described` would take them out only
        once pydantic had turned the whole JSON into Python objects (`state.read_json`)."""
        if type(data) is not dict:
            return super().parse_state(data)
        missing = not_described(data)
        if missing:
            data = {k: v for k, v in data.items() if k not in missing}
        try:
            state = read_json(strict_json(InvalidState, "state", data), missing)
        except ValidationError as exc:
            raise InvalidState(*first_error("state", exc)) from None
        check_state(state)
        return state

    def check_state(self, state: State) -> None:
        check_state(state)

    def check_move(self, state: State, move: AnyMove, field: str) -> None:
        check_move(state, move, field)

    # ----- the contract -----

    def adjudicate(self, state: State, move: AnyMove) -> Ruling:
        check_move(state, move, "move")  # a move naming a missing card is bad input, not illegal
        return self.adjudicate_checked(state, move)

    def adjudicate_checked(self, state: State, move: AnyMove) -> Ruling:
        return compose(self.judge(state, move))

    def judge(self, state: State, move: AnyMove) -> Findings:
        """The findings on a checked move (games/core/findings.py), which core composes into
        the Ruling."""
        if isinstance(move, CheckSetup):
            return self._check_setup(state, move)
        off = expansion_problems(state)
        if off:
            return found_illegal(
                f"This table does not fit the setup: {off[0].detail}.",
                off,
                answer=f"No: before any move, this table does not fit the setup: {off[0].detail}.",
            )
        taken = turns.gone(state, move)
        if taken is not None:
            return taken
        if isinstance(move, EndTurn):
            return self._end_turn(state)
        if isinstance(move, Draw):
            return self._draw(state, move)
        if isinstance(move, ScrapHero):
            return self._scrap_hero(state, move)
        if isinstance(move, PlayCard):
            return self._play(state, move)
        if state.phase != "main":
            return self._outside_main_phase(state)
        if isinstance(move, UseAlly):
            return self._use_ally(state, move.card, double=False)
        if isinstance(move, UseDoubleAlly):
            return self._use_ally(state, move.card, double=True)
        if isinstance(move, Acquire):
            return self._acquire(state, move)
        if isinstance(move, AcquireFree):
            return self._acquire_free(state, move)
        return self._use_tech(state, move)

    def named_removed(
        self, state: State, move: AnyMove, earlier: State, by: AnyMove
    ) -> Ruling | None:
        """A free-acquire effect an earlier move of the log spent or let expire: an illegal
        move, with the rule that took it away (`turns.effect_removed`); the cards a move names
        that an earlier move took away are ruled in `judge` (`turns.gone`)."""
        found = turns.effect_removed(state, move, earlier, by)
        return None if found is None else compose(found)

    def apply(self, state: State, move: AnyMove) -> State:
        return self.apply_checked(state, move)

    def legal_moves(self, state: State) -> Iterable[AnyMove] | None:
        if state.phase == "draw":
            return None  # the turn has ended: the one move is drawing a hand, of any cards
        return legal_moves(state)

    def options(self, state: State) -> Options:
        """What can I do now? Every ally ability, trade-row price, tech and hero."""
        return options(state)

    def options_json(self, state_data: Any) -> dict[str, Any]:
        return options(self.parse_state(state_data)).model_dump(mode="json")

    def plan_setup(self, expansions: Iterable[str]) -> SetupPlan:
        """How do we set up? The plan for the mini-expansions chosen (`setup_plan`), with the
        deciding rule and the readings of the ruling on that very setup (every card of each
        pack shuffled in), found as for any ruling (`settle`): two or three packs turn on our
        reading of rule 2.3, one or all four on none. Raises ValueError as `setup_plan`."""
        plan = setup_plan(expansions)
        added = {slug: n for e in plan.expansions for slug, n in pack(e).items()}
        state = self.parse_state({"expansions": list(plan.expansions)})
        ruling = self.settle(state, CheckSetup(added=added))
        plan.deciding_rule = ruling.deciding_rule or plan.deciding_rule
        plan.interpretations = list(ruling.interpretations)
        plan.readings_deciding = list(ruling.readings_deciding)
        return plan

    def example(self) -> dict[str, Any]:
        state = {
            "trade": 5,
            "play_area": [
                {"id": "c1", "card": "hellfire"},
                {"id": "c2", "name": "Imperial Fighter", "factions": ["star-empire"]},
            ],
            "heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": True}],
            "trade_row": [
                {"id": "r1", "card": "the-armory"},
                {"id": "r2", "card": "corsair"},
            ],
        }
        return {"state": state, "move": {"kind": "acquire", "card": "r1"}}

    # ----- shared pieces -----

    def _r(self, code: str, detail: str) -> Reason:
        return self.reasons.reason(code, detail)

    def _outside_main_phase(self, state: State) -> Findings:
        return found_illegal(
            f"That can only be done in your main phase, and this is the {state.phase} phase.",
            [self._r("outside-main-phase", f"the state is in the {state.phase} phase")],
            interpretations=[MAIN_PHASE],
            answer=f"No: that is done in your main phase, and this is your {state.phase} phase.",
        )

    # ----- the end of the turn, and the setup -----

    def _end_turn(self, state: State) -> Findings:
        if state.phase == "draw":
            # The turn has ended already: the next one begins with the hand drawn (10.4).
            return found_illegal(
                "Your turn has already ended; your next turn begins once you draw your hand.",
                [self._r("turn-already-ended", "the state is in the draw phase")],
                interpretations=[ENDED_TURN],
                answer="No: your turn has already ended; you draw your next hand, and your next "
                "turn begins with it.",
            )
        reasons, said = turn_end_reasons(state)
        after = after_turn(state)
        interps = [HERO_NO_FACTION] if state.heroes else []
        if state.play_area or state.hand:
            interps.append(ENDED_TURN)
        answer = "Yes, you can end your turn."
        if said:
            answer += " " + words.sentence("; ".join(said))
        return found_legal(
            "Your turn ends: heroes and tech stay on your table; this turn's effects expire.",
            reasons,
            after,
            interpretations=interps,
            notes=[PLAY_AREA_NOTE] if state.play_area else [],
            answer=answer,
        )

    def _draw(self, state: State, move: Draw) -> Findings:
        drawn = turns.names(move.cards)
        count = words.count(len(move.cards), "card")
        after = turns.draw(state, move)
        if state.phase == "draw":
            return found_legal(
                f"You draw your next hand: {drawn}; your next turn begins.",
                [self._r("hand-drawn", f"{count} drawn: {drawn}")],
                after,
                interpretations=[ENDED_TURN],
                answer=f"Yes: your turn has ended, so you draw your next hand ({drawn}), and "
                "your next turn begins with it.",
            )
        if state.phase == "main":
            return found_legal(
                f"You draw {drawn} into your hand.",
                [self._r("cards-drawn", f"{count} drawn by an ability: {drawn}")],
                after,
                notes=[turns.MAIN_PHASE_DRAW_NOTE],
                answer=f"Yes: the cards an ability lets you draw ({drawn}) go to your hand.",
            )
        return found_illegal(
            f"Cards are not drawn in the {state.phase} phase.",
            [self._r("draw-not-now", f"the state is in the {state.phase} phase")],
            answer=f"No: you draw your next hand after your turn ends, not in your "
            f"{state.phase} phase.",
        )

    def _play(self, state: State, move: PlayCard) -> Findings:
        card = next(c for c in state.hand if c.id == move.card)
        name = label(card)
        if state.phase != "main":
            return found_illegal(
                f"{name} can be played only in your main phase, not the {state.phase} phase.",
                [self._r("play-outside-main-phase", f"the state is in the {state.phase} phase")],
                answer=f"No: you play cards in your main phase, and this is your {state.phase} "
                "phase.",
            )
        check = turns.printed_trade(card)
        if check.allowed is not None and move.trade not in check.allowed:
            gives = sorted(check.allowed)
            said = " or ".join(f"{n} Trade" for n in gives if n) or "no Trade"
            if 0 in gives and len(gives) > 1:
                said += " (or none)"
            known = CARDS[card.card] if card.card else None
            printed = f' ("{known.primary}")' if known is not None and known.primary else ""
            return found_illegal(
                f"{name}'s primary ability gives {said}, not {move.trade} Trade.",
                [self._r("trade-not-printed", f"{name}{printed}: {said}")],
                answer=f"No: {name}'s primary ability{printed} gives you {said}, not "
                f"{move.trade} Trade.",
            )
        after = turns.play(state, move)
        reasons = [self._r("card-played", f"{name} goes from your hand to your play area")]
        gained = ""
        if move.trade:
            reasons.append(
                self._r("trade-gained", f"+{move.trade} Trade: {after.trade} Trade this turn")
            )
            gained = f" Its {move.trade} Trade gives you {after.trade} Trade this turn."
        known = facts(card.card)
        notes = [check.note] if check.note and move.trade else []
        if known is not None and known.primary:
            notes.append(f"Its primary ability, to apply at the table: {known.primary}.")
        return found_legal(
            f"You play {name} into your play area.",
            reasons,
            after,
            notes=notes,
            answer=f"Yes, you can play {name} from your hand.{gained}",
        )

    def _check_setup(self, state: State, move: CheckSetup) -> Findings:
        added = Counter({slug: n for slug, n in move.added.items() if n > 0})
        problems, chosen = setup_problems(state, added)
        # The sheet names one mini-expansion or all four (rule 2.3): two or three rest on our
        # reading, which allows them; read the other way, they are not a correct setup.
        some = 1 < len(chosen) < len(PACK_NAMES)
        interps = [SOME_PACKS] if some else []
        if some and not ours(SOME_PACKS):
            problems.append(self._r("setup-one-or-all-packs", _some_packs(chosen)))
        if problems:
            return found_illegal(
                words.sentence(words.because("Not a correct setup", problems[0].detail)),
                problems,
                interpretations=interps,
                answer=words.sentence(
                    words.because("No, this is not a correct setup", problems[0].detail)
                ),
            )
        if not chosen:
            return found_illegal(
                "Not a setup with High Alert: no High Alert card is shuffled in.",
                [self._r("setup-pack-incomplete", "no card of any mini-expansion is added")],
                answer="No: no High Alert card is shuffled into the trade deck.",
            )
        names = [PACK_NAMES[e] for e in chosen]
        total = sum(added.values())
        whole = self._r(
            "setup-whole-packs",
            f"every card of {words.listed(names)} is shuffled in, {total} cards in all",
        )
        packs = [self._r(f"{e}-pack", f"{PACK_NAMES[e]}: its whole pack") for e in chosen]
        # Which mini-expansions may be added (2.3: one, or all of them) is what a setup of
        # whole packs turns on, and on our reading for two or three; each pack's card list
        # (1.3-1.6) and its shuffling in whole (2.4) follow. The first reason given decides.
        allowed = self._r("setup-one-or-all-packs", _packs_allowed(chosen))
        reasons = [allowed, *packs, whole]
        return found_legal(
            "This is a correct setup.",
            reasons,
            state,
            interpretations=interps,
            answer=f"Yes, this is a correct setup: the {total} cards of {words.listed(names)} are "
            "shuffled into the trade deck.",
        )

    # ----- ally and double ally abilities -----

    def _use_ally(self, state: State, card_id: str, *, double: bool) -> Findings:
        card = _must(find_played(state, card_id))
        name = label(card)
        what = "double ally ability" if double else "ally ability"
        has = has_double_ally(card) if double else has_ally(card)
        if not has:
            code = "no-double-ally-ability" if double else "no-ally-ability"
            return found_illegal(
                f"{name} has no {what}.",
                [self._r(code, f"{name} shows no {what}")],
                answer=f"No: {name} has no {what}.",
            )
        used = card.double_ally_used if double else card.ally_used
        needed = 2 if double else 1
        # Once a turn (7.5) is weighed only where the ability would be live again: with no
        # card to trigger it, a second use is refused on either reading.
        if used and (len(ally_count(state, card, needed).supporters) < needed or ours(ALLY_ONCE)):
            code = "double-ally-already-used" if double else "ally-already-used"
            live = len(ally_count(state, card, needed).supporters) >= needed
            return found_illegal(
                f"{name}'s {what} was already used this turn; it cannot be used again.",
                [self._r(code, f"{name}'s {what} is marked as used this turn")],
                interpretations=[ALLY_ONCE] if live else [],
                answer=f"No: you have already used {name}'s {what} this turn.",
            )
        count = ally_count(state, card, needed)
        grounds = self._ally_grounds(count)
        interpretations = self._ally_interpretations(count, double=double)
        have = len(count.supporters)
        twice = [s.label for s in count.supporters if s.shares_both]
        if double and have < needed and twice and not ours(MERGED_DOUBLE_ALLY):
            have += len(twice)  # read the other way, a merged card counts once per faction
        if have < needed:
            code = "double-ally-not-triggered" if double else "ally-not-triggered"
            detail = f"{needed} needed, {have} counted: {count.describe()}"
            # The cards that did count are in the count's detail: what breaks is how many
            # the ability needs (5.3, 5.4), not that a merged card or an effect counts (they
            # decide a live ability). A hero from an earlier turn stays: whether it counts
            # is what the player asks (3.5).
            short = [g for g in grounds if g.code not in _COUNTED]
            return found_illegal(
                f"{name}'s {what} is not live: it needs {_needs(needed)} of "
                f"{_factions(count)} in play, and there {_is_are(have)}.",
                [self._r(code, detail), *short],
                interpretations=interpretations,
                answer=f"No: {name}'s {what} needs {_needs(needed)} of {_factions(count)} in "
                f"play, and there {_is_are(have)}." + _unused_choosers(count),
            )
        code = "double-ally-triggered" if double else "ally-triggered"
        after = transitions.mark_ally_used(state, card.id, double=double)
        return found_legal(
            f"{name}'s {what} is live, triggered by {count.describe()}.",
            [
                self._r(
                    code, f"{needed} needed, {len(count.supporters)} counted: {count.describe()}"
                ),
                *grounds,
            ],
            after,
            interpretations=interpretations,
            answer=self._ally_answer(name, what, count, again=bool(used), twice=twice, have=have),
        )

    @staticmethod
    def _ally_answer(
        name: str, what: str, count: AllyCount, *, again: bool, twice: list[str], have: int
    ) -> str:
        """The answer to a live ally ability; `again` and counting `twice` arise only read the
        other way (ally-ability-once-a-turn, merged-symbols-and-double-ally)."""
        use = f"Yes, you can use {name}'s {what}" + (" again" if again else "")
        if have > len(count.supporters):
            return (
                f"{use}: {words.listed(twice)} "
                f"{words.plural(len(twice), 'counts', 'count')} once for each of its two "
                f"factions, which makes {have} in all."
            )
        triggers = words.plural(len(count.supporters), "triggers", "trigger")
        return f"{use}: {count.describe()} {triggers} it."

    def _ally_grounds(self, count: AllyCount) -> list[Reason]:
        """The reasons behind the count: merged symbols, effects, heroes."""
        reasons: list[Reason] = []
        name = label(count.card)
        if len(count.factions) > 1 and count.supporters:
            reasons.append(
                self._r(
                    "merged-ability-triggered",
                    f"{name} carries a merged symbol: a card of either "
                    f"{_factions(count)} triggers it",
                )
            )
        for s in count.supporters:
            if s.via == "card" and s.merged:
                reasons.append(
                    self._r(
                        "merged-card-counts",
                        f"{s.label} carries a merged symbol that counts for both its factions",
                    )
                )
            elif s.via == "effect":
                reasons.append(
                    self._r(
                        "effect-symbol-counts",
                        f"{s.label}: a symbol gained as an "
                        "effect counts as one more card, for ally abilities",
                    )
                )
            elif s.via == "hero-primary":
                reasons.append(
                    self._r("hero-primary-symbol-counts", f"{s.label}, played this turn")
                )
        for hero in count.idle_heroes:
            reasons.append(self._r("hero-has-no-faction", f"{hero} on the table has no faction"))
            reasons.append(
                self._r(
                    "hero-primary-expired",
                    f"{hero} was played in an earlier turn: its "
                    "primary ability's symbol no longer applies",
                )
            )
        for tech in count.idle_choosers:
            reasons.append(
                self._r(
                    "chosen-faction-not-this-turn",
                    f"{tech} has not been used this turn: a faction chosen with it counts "
                    "only for the rest of the turn it is chosen",
                )
            )
        return reasons

    def _ally_interpretations(self, count: AllyCount, *, double: bool) -> list[str]:
        out: list[str] = []
        if any(s.via != "card" and s.merged for s in count.supporters):
            out.append(MERGED_EFFECT_BOTH)
        if double and count.merged_involved:
            out.append(MERGED_DOUBLE_ALLY)
        if count.idle_heroes:
            out.append(HERO_NO_FACTION)
        return out

    # ----- acquiring -----

    def _discount_grounds(self, quote: PriceQuote) -> tuple[list[Reason], list[str]]:
        reasons: list[Reason] = []
        interps: list[str] = []
        if quote.discount_faction is None:
            return reasons, interps
        reasons.append(self._r("requisition-discount", quote.describe()))
        interps.append(FACTION_SHOWN)
        if quote.merged_counted:
            interps.append(MERGED_DISCOUNT)
        if quote.floored:
            interps.append(DISCOUNT_FLOOR)
        if quote.ignored_effects:
            reasons.append(
                self._r(
                    "effects-not-in-discount",
                    "not counted, being effects: " + words.listed(quote.ignored_effects),
                )
            )
            if quote.stealth_ignored:
                interps.append(STEALTH_EFFECT)
        if quote.ignored_heroes:
            reasons.append(
                self._r(
                    "hero-has-no-faction",
                    "not counted, having no faction: " + words.listed(quote.ignored_heroes),
                )
            )
            interps.append(HERO_NO_FACTION)
        return reasons, interps

    def _destination(
        self, card: LooseCard, to: str | None
    ) -> tuple[list[Reason], str, list[Reason]]:
        """Where the card goes (rules 3.3, 4.3, 9.4), the words for it, and a place the player
        named that the rules override (void)."""
        known = facts(card.card)
        name = label(card)
        voided: list[Reason] = []
        if known is not None and known.is_hero:
            symbol = SYMBOL_NAMES[known.grants_symbol or ""]
            if to == "discard-pile":
                voided.append(
                    self._r(
                        "hero-placed-void",
                        f"{name} was to go to your discard pile; a hero does not: it is "
                        "played straight onto your table",
                    )
                )
            return (
                [
                    self._r("hero-enters-play", f"{name} goes to your table, not the discard pile"),
                    self._r("hero-primary-applies", f"{name} gives the {symbol} symbol this turn"),
                ],
                f"; it goes straight into play and gives you the {symbol} symbol this turn",
                voided,
            )
        if known is not None and known.is_tech:
            if to == "discard-pile":
                voided.append(
                    self._r(
                        "tech-placed-void",
                        f"{name} was to go to your discard pile; a tech does not: it is "
                        "played straight onto your table",
                    )
                )
            return (
                [self._r("tech-enters-play", f"{name} goes to your table, not the discard pile")],
                "; it goes straight into play",
                voided,
            )
        if to == "table":
            voided.append(
                self._r(
                    "ship-placed-void",
                    f"{name} was to go straight onto your table; a ship or base you acquire "
                    "goes to your discard pile",
                )
            )
        return [self._r("goes-to-discard-pile", f"{name} goes to your discard pile")], "", voided

    def _payment(
        self, state: State, quote: PriceQuote, pay: int | None
    ) -> tuple[list[Reason], Findings | None]:
        """A sum the player means to pay, against the price: a discount the rules do not give
        is void when the Trade covers the price (8.3); an overpayment is void (9.1)."""
        name = label(quote.card)
        if pay is None or pay == quote.price:
            return [], None
        if pay > quote.price:
            return [
                self._r(
                    "overpaid-void",
                    f"{pay} Trade was offered; {name}'s price is {quote.price}, and that is "
                    "what you pay",
                )
            ], None
        effects = quote.ignored_effects
        if effects and quote.price <= state.trade:
            return [
                self._r(
                    "effects-discount-void",
                    f"paying {pay} counts {words.listed(effects)} toward the discount; symbols "
                    f"gained as effects do not count, so you pay {quote.price}",
                )
            ], None
        why = (
            f"symbols gained as effects ({words.listed(effects)}) do not lower the price"
            if effects
            else f"nothing lowers it below {quote.price}"
        )
        return [], found_illegal(
            f"{name} costs you {quote.price} Trade, not {pay}: {why}.",
            [
                self._r("price-not-paid", f"price {quote.price}, offered {pay}"),
                *([self._r("effects-not-in-discount", words.listed(effects))] if effects else []),
                *(
                    [self._r("not-enough-trade", f"Trade {state.trade}")]
                    if quote.price > state.trade
                    else []
                ),
            ],
            notes=[f"Price: {quote.describe()}."],
            answer=f"No: {name} costs you {quote.price} Trade, not {pay}; {why}.",
        )

    def _acquire(self, state: State, move: Acquire) -> Findings:
        card = _must(find_row(state, move.card))
        name = label(card)
        quote = price_quote(state, card)
        grounds, interps = self._discount_grounds(quote)
        if not quote.discount and not quote.ignored_effects and not quote.ignored_heroes:
            # no card lowers the price: the discount plays no part (the price is 9.1's)
            grounds = [g for g in grounds if g.code != "requisition-discount"]
        paid_void, refused = self._payment(state, quote, move.pay)
        if refused is not None:
            refused.interpretations = list(dict.fromkeys([*interps, *refused.interpretations]))
            return refused
        if quote.price > state.trade:
            gap = quote.price - state.trade
            # each would-be card once: a hero played this turn is among the effects already
            earlier = [h for h in state.heroes if not h.played_this_turn]
            idle = sum(1 for h in earlier if hero_label(h) in quote.ignored_heroes)
            why = ""
            if len(quote.ignored_effects) + idle >= gap:
                # what would have paid the rest does not count (8.3, 3.5): that decides
                grounds = [g for g in grounds if g.code != "requisition-discount"]
                parts = []
                effects, heroes = quote.ignored_effects, quote.ignored_heroes
                if effects:
                    effect = words.agree(effects, "is an effect and does", "are effects and do")
                    parts.append(f"{words.listed(effects)} {effect} not lower the price")
                if heroes:
                    has = words.agree(heroes, "has", "have")
                    parts.append(f"{words.listed(heroes)} on your table {has} no faction")
                why = "; " + ", and ".join(parts)
            known = facts(card.card)
            if known is not None and quote.discount_faction is None and known.factions:
                # a card of its faction in play lowers only a Requisition card's price (8.2)
                mine = set(known.factions)
                same = [label(o) for o in state.play_area if mine & factions_of(o)]
                if len(same) >= gap:
                    grounds.append(
                        self._r(
                            "discount-requisition-only",
                            f"{name} is not a Requisition card: {words.listed(same)} "
                            "does not lower its price",
                        )
                    )
                    why = (
                        "; only a Requisition card costs less for the cards of its faction in play"
                    )
            return found_illegal(
                f"{name} costs you {quote.price} Trade and you have only {state.trade}.",
                [
                    self._r("not-enough-trade", f"price {quote.price}, Trade {state.trade}"),
                    *grounds,
                ],
                interpretations=interps,
                notes=[f"Price: {quote.describe()}."],
                answer=f"No: {name} costs you {quote.price} Trade and you have only "
                f"{state.trade}{why}.",
            )
        where, tail, placed_void = self._destination(card, move.to)
        after = transitions.acquire(state, card.id, quote.price)
        voided = [*paid_void, *placed_void]
        answer = f"Yes, you can acquire {name} for {quote.price} Trade{tail}."
        if voided:
            answer += " " + " ".join(words.sentence(v.detail) for v in voided)
        return found_legal(
            f"You may acquire {name} for {quote.price} Trade{tail}.",
            [self._r("price-paid", f"{quote.price} of your {state.trade} Trade"), *grounds, *where],
            after,
            interpretations=interps,
            notes=[f"Price: {quote.describe()}."],
            answer=answer,
            voided=voided,
        )

    def _acquire_free(self, state: State, move: AcquireFree) -> Findings:
        card = _must(find_row(state, move.card))
        effect = next(e for e in state.free_acquires if e.id == move.effect)
        name = label(card)
        cost = printed_cost(card)
        quote = price_quote(state, card)
        printed = []
        if quote.discount_faction is not None and quote.discount:
            printed.append(
                self._r(
                    "discount-not-printed-cost",
                    f"{name}'s cost stays {cost}; its "
                    f"discount of {quote.discount} only lowers what you would pay",
                )
            )
        if cost > effect.max_cost:
            return found_illegal(
                f"{name} costs {cost}, more than the {effect.max_cost} the effect allows.",
                [
                    self._r("over-free-limit", f"printed cost {cost}, more than {effect.max_cost}"),
                    *printed,
                ],
                interpretations=[COSTING_OR_LESS],
                answer=f"No: {name} costs {cost}, more than the {effect.max_cost} the effect "
                "allows" + ("; a discount does not change its cost." if printed else "."),
            )
        known = facts(card.card)
        interps = [COSTING_OR_LESS]
        into_play = True
        if known and (known.is_hero or known.is_tech):
            interps.append(FREE_HERO_OR_TECH)
            # read the other way, a hero or tech taken without paying is not played at once
            into_play = ours(FREE_HERO_OR_TECH)
        if into_play:
            where, tail, voided = self._destination(card, move.to)
        else:
            where = [self._r("goes-to-discard-pile", f"{name} goes to your discard pile")]
            tail, voided = "; it goes to your discard pile, not into play", []
        after = transitions.acquire_free(state, card.id, effect.id, into_play=into_play)
        answer = f"Yes, you can take {name} without paying: it costs {cost}{tail}."
        if voided:
            answer += " " + " ".join(words.sentence(v.detail) for v in voided)
        # Within the limit at its printed cost, the discount plays no part (8.4 decides only
        # a card whose discounted price, not its cost, would fit): said as a note.
        return found_legal(
            f"You may take {name} without paying: its cost {cost} is within "
            f"{effect.max_cost}{tail}.",
            [
                self._r("free-acquire", f"printed cost {cost}, within {effect.max_cost}"),
                *where,
            ],
            after,
            interpretations=interps,
            notes=[words.sentence(p.detail) for p in printed],
            answer=answer,
            voided=voided,
        )

    # ----- tech -----

    def _use_tech(self, state: State, move: UseTech) -> Findings:
        tech = next(t for t in state.techs if t.id == move.tech)
        known = CARDS[tech.card]
        cost = known.tech_cost or 0
        if tech.used_this_turn:
            return found_illegal(
                f"{known.name} was already used this turn; a tech works once a turn.",
                [self._r("tech-already-used", f"{known.name} is marked used this turn")],
                answer=f"No: you have already used {known.name} this turn; a tech works once a "
                "turn.",
            )
        if cost > state.trade:
            return found_illegal(
                f"{known.name} costs {cost} Trade to use and you have only {state.trade}.",
                [self._r("tech-not-enough-trade", f"cost {cost}, Trade {state.trade}")],
                answer=f"No: {known.name} costs {cost} Trade to use and you have only "
                f"{state.trade}.",
            )
        if tech.acquired_this_turn and not ours(TECH_SAME_TURN):
            # read the other way, a tech is first used in the turn after it is acquired
            return self._from_next_turn(known.name, "tech-used", "used", "use")
        paid = f"{cost} of your {state.trade} Trade; once this turn"
        if tech.acquired_this_turn:
            at_once = f"acquired this turn, played at once; {paid}"
            reasons = [self._r("tech-used-the-turn-acquired", at_once)]
        else:
            reasons = [self._r("tech-used", paid)]
        interps = [TECH_SAME_TURN] if tech.acquired_this_turn else []
        chosen = ""
        if move.faction is not None:
            reasons.append(self._r("tech-has-no-faction", f"{known.name} itself has no faction"))
            reasons.append(
                self._r(
                    "chosen-faction-is-an-effect",
                    f"the extra {FACTION_NAMES[move.faction]} card counts for "
                    "ally abilities only, not for the Requisition discount",
                )
            )
            interps.append(STEALTH_EFFECT)
            chosen = (
                f" The {FACTION_NAMES[move.faction]} you choose counts as one more card of that "
                "faction for ally abilities this turn, and for nothing else."
            )
        after = transitions.use_tech(state, tech.id, move.faction)
        return found_legal(
            f"You may use {known.name} for {cost} Trade.",
            reasons,
            after,
            interpretations=interps,
            notes=[f"Its effect, to apply at the table: {known.primary}."],
            answer=f"Yes, you can use {known.name} for {cost} Trade, once this turn.{chosen}",
        )

    def _from_next_turn(self, name: str, code: str, done: str, do: str) -> Findings:
        """The other reading of a card acquired this turn: it can be `done` (used, scrapped)
        only from your next turn."""
        return found_illegal(
            f"{name} was acquired this turn and can be {done} from your next turn.",
            [self._r(code, f"{name} was acquired this turn")],
            answer=f"No: you acquired {name} this turn, so you can {do} it from your next turn.",
        )

    # ----- heroes -----

    def _scrap_hero(self, state: State, move: ScrapHero) -> Findings:
        hero = next(h for h in state.heroes if h.id == move.hero)
        known = CARDS[hero.card]
        if state.phase != "main":
            return found_illegal(
                f"{known.name} can be scrapped only in your main phase, not the {state.phase} "
                "phase.",
                [
                    self._r(
                        "hero-scrap-outside-main-phase", f"the state is in the {state.phase} phase"
                    )
                ],
                answer=f"No: you may scrap {known.name} only in your main phase, and this is "
                f"your {state.phase} phase.",
            )
        if hero.played_this_turn and not ours(HERO_SCRAP_SAME_TURN):
            # read the other way, a hero is scrapped only in a turn after it is acquired
            return self._from_next_turn(known.name, "hero-scrapped", "scrapped", "scrap")
        symbol = SYMBOL_NAMES[known.grants_symbol or ""]
        interps = [MERGED_EFFECT_BOTH]
        if hero.played_this_turn:
            interps.insert(0, HERO_SCRAP_SAME_TURN)
        after = transitions.scrap_hero(state, hero.id)
        return found_legal(
            f"You may scrap {known.name} now for its scrap ability.",
            [
                self._r("hero-scrapped", f"main phase; {known.name} is on your table"),
                self._r(
                    "scrap-symbol-gained",
                    f"the {symbol} symbol counts for ally abilities for the rest of this turn",
                ),
            ],
            after,
            interpretations=interps,
            notes=[f"Its scrap ability, to apply at the table: {known.scrap}."],
            answer=f"Yes, you can scrap {hero_label(hero)} now for its scrap ability; its "
            f"{symbol} symbol counts for ally abilities for the rest of this turn.",
        )


_T = TypeVar("_T")

# The reasons a card or symbol counted toward an ally ability: they decide a live one.
_COUNTED = frozenset(
    {
        "merged-card-counts",
        "merged-ability-triggered",
        "effect-symbol-counts",
        "hero-primary-symbol-counts",
    }
)


def _unused_choosers(count: AllyCount) -> str:
    """The words for a tech that chooses a faction (Stealth) not used this turn: its faction
    counts only in a turn it is chosen (rule 7.2)."""
    if not count.idle_choosers:
        return ""
    techs = words.listed(count.idle_choosers)
    return (
        f" {techs} gives you a card of a faction only for the rest of a turn you use it and "
        "choose that faction, and it has not been used this turn."
    )


def _must(found: _T | None) -> _T:
    """What check_move has already made sure exists."""
    if found is None:
        raise InvalidMove("move", "the move names a card the state does not hold")
    return found


def _packs_allowed(chosen: list[str]) -> str:
    """The mini-expansions of a correct setup, said as rule 2.3 allows them."""
    names = words.listed([PACK_NAMES[e] for e in chosen])
    if len(chosen) == 1:
        return f"{names} is one mini-expansion added"
    if len(chosen) == len(PACK_NAMES):
        return "all four mini-expansions are added at once"
    return (
        f"{names} make {len(chosen)} mini-expansions: between one and all four, allowed on "
        "our reading"
    )


def _some_packs(chosen: list[str]) -> str:
    """Two or three mini-expansions, said as the sheet's rule 2.3 refuses them (read so)."""
    names = words.listed([PACK_NAMES[e] for e in chosen])
    return f"{names} make {len(chosen)} mini-expansions, and the sheet adds one or all four"


def _factions(count: AllyCount) -> str:
    return faction_list(count.factions)


def _needs(n: int) -> str:
    return "another card" if n == 1 else f"{n} other cards"


def _is_are(n: int) -> str:
    return "is none" if n == 0 else f"{words.plural(n, 'is', 'are')} only {n}"


RULES = HighAlertRules()
