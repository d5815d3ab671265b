"""High Alert's tool pages: "What can I do now?" (plain data for
`templates/games/star-realms-high-alert/options.html`), and "How do we set up?" for the
mini-expansions picked (`setup.html`, at the end of this module).

A player describes their turn, in a simple form (High Alert cards by name, other cards by
their faction symbols, Trade, the trade row) or as the engine's State JSON, and gets every ally
ability with whether it is live, every trade-row card with what it costs them now, every tech
with whether it can be used, every hero with whether it can be scrapped. Each answer is the
engine's ruling on taking that option (`RULES.adjudicate`), so it carries the rules it cites
and the reference rulings it rests on, and can never disagree with the ruling the player would
get at the desk. The same runs on a saved ruling's position, from a button on its page.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.core import Ruling
from games.core.errors import BadInput
from games.core.pictures import listed
from games.core.setup_pages import field as setup_field
from games.core.setup_pages import plan_steps, reading_turns
from games.core.tools import FormData, Links, Page, PageRequest, Picture, Reference, RulingBoard
from games.core.words import agree
from games.star_realms_high_alert.catalog import (
    CARDS,
    CHOSEN_FACTION_TECH,
    FACTIONS,
    SYMBOL_FACTIONS,
    CardFacts,
)
from games.star_realms_high_alert.moves import (
    Acquire,
    AcquireFree,
    AnyMove,
    ScrapHero,
    UseAlly,
    UseDoubleAlly,
    UseTech,
)
from games.star_realms_high_alert.options import Options, options
from games.star_realms_high_alert.picture import looks
from games.star_realms_high_alert.rules import RULES
from games.star_realms_high_alert.setup import PACK_NAMES, PACKS
from games.star_realms_high_alert.state import State

SLUG = "star-realms-high-alert"
TEMPLATE = "options.html"
MAX_JSON = 100_000  # characters: far more than any real turn needs
MAX_COUNT = 20  # cards of one symbol, in the form

# The worked example the page opens with: merged card, hero, tech and Requisition prices.
EXAMPLE_STATE: dict[str, Any] = {
    "trade": 5,
    "play_area": [
        {"id": "c1", "card": "hellfire"},
        {"id": "c2", "card": "cargo-raptor"},
        {"id": "o1", "name": "Imperial Fighter", "factions": ["star-empire"]},
        {
            "id": "o2",
            "name": "a Star Empire + Trade Federation card",
            "factions": ["star-empire-trade-federation"],
        },
    ],
    "heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": True}],
    "techs": [{"id": "t1", "card": "laser"}],
    "trade_row": [
        {"id": "r1", "card": "the-armory"},
        {"id": "r2", "card": "corsair"},
        {"id": "r3", "card": "voyager"},
    ],
}
# The same turn in the simple form (cards from outside High Alert by their symbol).
EXAMPLE_FORM: dict[str, str] = {
    "phase": "main",
    "trade": "5",
    "cards_in_play": "Hellfire, Cargo Raptor",
    "ally_used": "",
    "double_ally_used": "",
    "other_star-empire": "1",
    "other_star-empire-trade-federation": "1",
    "heroes_this_turn": "Doctor Clark",
    "heroes_earlier": "",
    "techs": "Laser",
    "techs_used": "",
    "trade_row": "The Armory, Corsair, Voyager",
    "free_costing": "",
}
SHIPS_AND_BASES = {"ship", "base", "outpost"}
TYPES_IN_ROW = ("ship", "base", "outpost", "hero", "tech")


class FormProblem(ValueError):
    """Input the page cannot use, naming the field (a form field or a state path)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


# ----- the simple form -----


def _by_name() -> dict[str, CardFacts]:
    out: dict[str, CardFacts] = {}
    for card in CARDS.values():
        out[card.name.casefold()] = card
        out[card.slug.casefold()] = card
    return out


BY_NAME = _by_name()


def _card_names(raw: str, name: str, types: set[str], what: str) -> list[CardFacts]:
    """Comma-separated High Alert card names (or slugs), each of one of `types`."""
    out: list[CardFacts] = []
    for part in raw.split(","):
        text = " ".join(part.split())
        if not text:
            continue
        card = BY_NAME.get(text.casefold())
        if card is not None and card.type in types:
            out.append(card)
            continue
        if card is not None:
            raise FormProblem(name, f"{card.name} is a {card.type}, not {what}")
        choices = sorted(c.name for c in CARDS.values() if c.type in types)
        close = difflib.get_close_matches(text[:80], choices, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]}?" if close else f" (one of: {', '.join(choices)})"
        raise FormProblem(name, f"{text[:60]!r} is not {what} of High Alert{hint}")
    return out


def _number(post: FormData, name: str, low: int, high: int, default: int | None) -> int | None:
    raw = post.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise FormProblem(name, f"give a whole number from {low} to {high}") from None
    if not low <= value <= high:
        raise FormProblem(name, f"give a whole number from {low} to {high}")
    return value


@dataclass
class Built:
    """A state built from the form, and which form field each part of it came from."""

    state: dict[str, Any]
    origins: dict[str, str] = field(default_factory=dict)  # state path -> form field

    def field_for(self, path: str) -> str:
        """The form field behind an engine error's state path."""
        best = ""
        for prefix in self.origins:
            if (path == prefix or path.startswith(prefix + ".")) and len(prefix) > len(best):
                best = prefix
        return self.origins[best] if best else path


def _mark(post: FormData, name: str, played: list[dict[str, Any]], flag: str, has: str) -> None:
    """Mark `flag` on the first unmarked copy of each named card in play."""
    what = "a ship or base"
    for card in _card_names(post.get(name, ""), name, SHIPS_AND_BASES, what):
        if not getattr(card, has):
            ability = "double ally" if flag == "double_ally_used" else "ally"
            raise FormProblem(name, f"{card.name} has no {ability} ability")
        copy = next((p for p in played if p["card"] == card.slug and not p[flag]), None)
        if copy is None:
            raise FormProblem(name, f"{card.name} is not (or not that often) in your play area")
        copy[flag] = True


def state_from_form(post: FormData, reference: Reference) -> Built:
    phase = post.get("phase", "main")
    if phase not in ("main", "discard", "draw"):
        raise FormProblem("phase", "choose main, discard or draw")
    trade = _number(post, "trade", 0, 999, None)
    if trade is None:  # blank is not 0: what you can buy or use rests on it
        raise FormProblem("trade", "give the Trade you have (0 if none)")
    built = Built({"phase": phase, "trade": trade})
    built.origins.update({"state.phase": "phase", "state.trade": "trade"})
    state = built.state

    cards = _card_names(
        post.get("cards_in_play", ""), "cards_in_play", SHIPS_AND_BASES, "a ship or base"
    )
    played = [
        {"id": f"c{i}", "card": c.slug, "ally_used": False, "double_ally_used": False}
        for i, c in enumerate(cards, start=1)
    ]
    _mark(post, "ally_used", played, "ally_used", "has_ally")
    _mark(post, "double_ally_used", played, "double_ally_used", "has_double_ally")
    for i in range(len(played)):
        built.origins[f"state.play_area.{i}"] = "cards_in_play"
    faction_looks, _ = looks(reference)
    gained: list[dict[str, Any]] = []
    for symbol, factions in SYMBOL_FACTIONS.items():
        names = " + ".join(faction_looks[f].name for f in FACTIONS if f in factions)
        count = _number(post, f"other_{symbol}", 0, MAX_COUNT, 0) or 0
        for n in range(count):
            built.origins[f"state.play_area.{len(played)}"] = f"other_{symbol}"
            name = f"a {names} card" if count == 1 else f"{names} card {n + 1}"
            played.append({"id": f"o{len(played) + 1}", "name": name, "factions": [symbol]})
        for _ in range(_number(post, f"gained_{symbol}", 0, MAX_COUNT, 0) or 0):
            built.origins[f"state.gained_symbols.{len(gained)}"] = f"gained_{symbol}"
            gained.append({"symbol": symbol, "source": "an effect"})
    built.origins["state.play_area"] = "cards_in_play"
    built.origins["state.gained_symbols"] = "gained_symbols"
    state["play_area"] = played
    state["gained_symbols"] = gained

    heroes: list[dict[str, Any]] = []
    for name, now in (("heroes_this_turn", True), ("heroes_earlier", False)):
        for card in _card_names(post.get(name, ""), name, {"hero"}, "a hero"):
            built.origins[f"state.heroes.{len(heroes)}"] = name
            heroes.append({"id": f"h{len(heroes) + 1}", "card": card.slug, "played_this_turn": now})
    built.origins["state.heroes"] = "heroes_this_turn"
    state["heroes"] = heroes

    techs = [
        {"id": f"t{i}", "card": c.slug, "used_this_turn": False}
        for i, c in enumerate(_card_names(post.get("techs", ""), "techs", {"tech"}, "a tech"), 1)
    ]
    for card in _card_names(post.get("techs_used", ""), "techs_used", {"tech"}, "a tech"):
        copy = next((t for t in techs if t["card"] == card.slug and not t["used_this_turn"]), None)
        if copy is None:
            raise FormProblem("techs_used", f"{card.name} is not (or not that often) on your table")
        copy["used_this_turn"] = True
    for i in range(len(techs)):
        built.origins[f"state.techs.{i}"] = "techs"
    built.origins["state.techs"] = "techs"
    state["techs"] = techs

    row = _card_names(post.get("trade_row", ""), "trade_row", set(TYPES_IN_ROW), "a card")
    state["trade_row"] = [{"id": f"r{i}", "card": c.slug} for i, c in enumerate(row, start=1)]
    for i in range(len(row)):
        built.origins[f"state.trade_row.{i}"] = "trade_row"
    built.origins["state.trade_row"] = "trade_row"

    limit = _number(post, "free_costing", 0, 99, None)
    if limit is not None:
        state["free_acquires"] = [{"id": "e1", "max_cost": limit, "source": "an effect"}]
        built.origins["state.free_acquires"] = "free_costing"
    return built


def form_fields(values: dict[str, str], reference: Reference) -> dict[str, Any]:
    """What the form template needs: each text field's value, and the symbol grids."""
    faction_looks, symbol_names = looks(reference)
    symbols = []
    for slug, factions in SYMBOL_FACTIONS.items():
        ordered = [f for f in FACTIONS if f in factions]
        symbols.append(
            {
                "slug": slug,
                "name": symbol_names.get(slug, slug),
                "colours": [faction_looks[f].colour for f in ordered],
                "merged": len(ordered) > 1,
                "other": values.get(f"other_{slug}", ""),
                "gained": values.get(f"gained_{slug}", ""),
            }
        )
    names = {
        "in_play": sorted(c.name for c in CARDS.values() if c.type in SHIPS_AND_BASES),
        "heroes": sorted(c.name for c in CARDS.values() if c.is_hero),
        "techs": sorted(c.name for c in CARDS.values() if c.is_tech),
    }
    return {"values": values, "symbols": symbols, "names": names}


# ----- reading the JSON box -----


def state_from_json(text: str) -> dict[str, Any]:
    if len(text) > MAX_JSON:
        raise FormProblem("state", f"the JSON is longer than {MAX_JSON} characters")
    try:
        body = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormProblem(
            "state", f"not valid JSON (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise FormProblem("state", "the JSON is nested too deeply to be a turn") from None
    if isinstance(body, dict) and "state" in body and set(body) <= {"state", "move", "moves"}:
        body = body["state"]  # a whole dispute pasted in: take its position
    if not isinstance(body, dict):
        raise FormProblem("state", "give the state as a JSON object")
    return body


# ----- the answers -----


@dataclass
class Cited:
    key: str
    number: str
    url: str


@dataclass
class Why:
    rule: Cited
    detail: str
    code: str


@dataclass
class Resting:
    key: str
    question: str
    url: str


@dataclass
class Answer:
    """One option and the engine's ruling on taking it."""

    id: str
    name: str
    what: str  # "Ally ability", "Double ally ability", "Buy", "Use", "Scrap"
    ok: bool
    status: str  # the option's own word: live / used / not-live / can buy / ...
    summary: str
    reasons: list[Why]
    resting: list[Resting]
    price: int | None = None
    printed_cost: int | None = None
    discount: int = 0
    cost: int | None = None
    free: list[Answer] = field(default_factory=list)
    # the readings its answer turns on, each with what the other reading answers
    turns: list[tuple[Resting, str]] = field(default_factory=list)


@dataclass
class Explained:
    options: Options
    allies: list[Answer]
    trade_row: list[Answer]
    techs: list[Answer]
    heroes: list[Answer]
    rules: list[Any]  # the rules cited, as the reference gives them
    rulings: list[Any]  # the reference rulings rested on

    @property
    def live(self) -> list[Answer]:
        return [a for a in self.allies if a.ok]

    @property
    def buyable(self) -> list[Answer]:
        return [a for a in self.trade_row if a.ok]

    @property
    def free_takes(self) -> list[Answer]:
        return [a for a in self.trade_row if any(f.ok for f in a.free)]

    @property
    def usable(self) -> list[Answer]:
        return [a for a in self.techs if a.ok]

    def overlay(self) -> dict[str, str]:
        """Notes for the picture: what each card on the board lets you do now."""
        notes: dict[str, list[str]] = {}
        for a in self.live:
            notes.setdefault(a.id, []).append("2×ally live" if "Double" in a.what else "ally live")
        for a in self.trade_row:
            if a.ok:
                notes.setdefault(a.id, []).append(f"can buy for {a.price}")
            elif any(f.ok for f in a.free):
                notes.setdefault(a.id, []).append("can take free")
        for a in self.usable:
            notes.setdefault(a.id, []).append("usable now")
        return {k: ", ".join(v) for k, v in notes.items()}


# A Stealth ruling is made for one faction; on this page the faction is still to be chosen.
CHOSEN_FACTION_DETAIL = (
    "the faction you choose counts as one more card of it for ally abilities only, not for "
    "the Requisition discount"
)


def _rulings(state: State, opts: Options) -> dict[tuple[str, str], Ruling]:
    """The engine's ruling on every option: (kind, id) -> ruling."""
    moves: dict[tuple[str, str], AnyMove] = {}
    for ally in opts.allies:
        move = UseDoubleAlly if ally.ability == "double-ally" else UseAlly
        moves[(ally.ability, ally.card)] = move(card=ally.card)
    for row in opts.trade_row:
        moves[("acquire", row.card)] = Acquire(card=row.card)
        for effect in state.free_acquires:
            moves[("free", f"{row.card}/{effect.id}")] = AcquireFree(
                card=row.card, effect=effect.id
            )
    for tech in state.techs:
        faction = FACTIONS[0] if tech.card in CHOSEN_FACTION_TECH else None
        moves[("tech", tech.id)] = UseTech(tech=tech.id, faction=faction)  # type: ignore[arg-type]
    for hero in state.heroes:
        moves[("hero", hero.id)] = ScrapHero(hero=hero.id)
    return {key: RULES.adjudicate(state, move) for key, move in moves.items()}


def _links(
    rulings: Iterable[Ruling], reference: Reference, links: Links, also: Iterable[str] = ()
) -> tuple[dict[str, Cited], list[Any], dict[str, Resting], list[Any]]:
    rulings = list(rulings)
    keys = {r.rule for one in rulings for r in one.reasons}
    rules = reference.rules(keys)
    page = links.rules
    cited = {
        key: Cited(key, key.split(":", 1)[1], f"{page}#{key.split(':', 1)[1]}") for key in keys
    }
    interp_keys = {k for one in rulings for k in one.interpretations} | set(also)
    clars = reference.clarifications(interp_keys)
    clar_page = links.clarifications
    resting = {c.key: Resting(c.key, c.question, f"{clar_page}#{c.slug}") for c in clars}
    for key in interp_keys - set(resting):  # not loaded: still name it
        resting[key] = Resting(key, key, f"{clar_page}#{key.split(':', 1)[1]}")
    return cited, rules, resting, clars


def explain(state: State, reference: Reference, links: Links) -> Explained:
    opts = options(state)
    rulings = _rulings(state, opts)
    turning = {
        t.key
        for turns in [
            *(a.readings_deciding for a in opts.allies),
            *(r.readings_deciding for r in opts.trade_row),
            *(t.readings_deciding for t in opts.techs),
            *(h.readings_deciding for h in opts.heroes),
        ]
        for t in turns
    }
    cited, rules, resting, clars = _links(rulings.values(), reference, links, turning)

    def answer(key: tuple[str, str], item_id: str, name: str, what: str, status: str) -> Answer:
        ruling = rulings[key]
        reasons = [
            Why(
                cited[r.rule],
                CHOSEN_FACTION_DETAIL if r.code == "chosen-faction-is-an-effect" else r.detail,
                r.code,
            )
            for r in ruling.reasons
        ]
        summary = ruling.summary
        if key[0] == "tech" and ruling.legal and ruling.notes:
            summary = f"{summary} {ruling.notes[0]}"
        return Answer(
            id=item_id,
            name=name,
            what=what,
            ok=ruling.legal,
            status=status,
            summary=summary,
            reasons=reasons,
            resting=[resting[k] for k in ruling.interpretations],
        )

    allies = []
    for ally in opts.allies:
        what = "Double ally ability" if ally.ability == "double-ally" else "Ally ability"
        status = {"live": "live", "used": "used this turn", "not-live": "not live"}[ally.status]
        one = answer((ally.ability, ally.card), ally.card, ally.name, what, status)
        one.turns = [(resting[t.key], t.other_answer) for t in ally.readings_deciding]
        allies.append(one)
    row_answers = []
    for row in opts.trade_row:
        status = "you can buy it" if row.affordable else "not now"
        one = answer(("acquire", row.card), row.card, row.name, "Buy", status)
        one.price, one.printed_cost, one.discount = row.price, row.printed_cost, row.discount
        one.turns = [(resting[t.key], t.other_answer) for t in row.readings_deciding]
        for effect in state.free_acquires:
            free = answer(
                ("free", f"{row.card}/{effect.id}"),
                effect.id,
                f'"acquire a card costing {effect.max_cost} or less"',
                "Take free",
                "",
            )
            free.status = "yes" if free.ok else "no"
            one.free.append(free)
        row_answers.append(one)
    techs = []
    for tech in opts.techs:
        one = answer(("tech", tech.tech), tech.tech, tech.name, "Use", "")
        one.status = "usable now" if tech.usable else "not now"
        one.cost = tech.cost
        one.turns = [(resting[t.key], t.other_answer) for t in tech.readings_deciding]
        techs.append(one)
    heroes = []
    for hero in opts.heroes:
        status = "can scrap now" if hero.can_scrap else "not now"
        one = answer(("hero", hero.hero), hero.hero, hero.name, "Scrap", status)
        one.turns = [(resting[t.key], t.other_answer) for t in hero.readings_deciding]
        heroes.append(one)
    return Explained(opts, allies, row_answers, techs, heroes, rules, clars)


# ----- the pages -----


def _context(request: PageRequest, **extra: Any) -> dict[str, Any]:
    return {
        "form": form_fields(extra.pop("values", EXAMPLE_FORM), request.reference),
        "json_text": extra.pop("json_text", json.dumps(EXAMPLE_STATE, indent=2)),
        "action": request.links.tool_page,
        **extra,
    }


def _results(request: PageRequest, data: dict[str, Any], title: str) -> dict[str, Any]:
    """Rule on every option of a state; BadInput propagates, naming the state path."""
    state = RULES.parse_state(data)
    explained = explain(state, request.reference, request.links)
    return {"results": explained, "picture": Picture(data, title, explained.overlay())}


def view(request: PageRequest) -> Page:
    allow = ("GET", "HEAD", "POST")
    if request.method not in allow:
        return Page(TEMPLATE, {}, status=405, allow=allow)
    if request.method != "POST":
        return Page(TEMPLATE, _context(request))
    form = request.form
    source = form.get("source", "")
    values = {k: form.get(k, "") for k in form if k != "csrfmiddlewaretoken"}
    built: Built | None = None
    try:
        if source == "json":
            text = form.get("state", "")
            extra: dict[str, Any] = {"json_text": text, "sent": "json"}
            data = state_from_json(text)
        elif source == "form":
            extra = {"values": values, "sent": "form"}
            built = state_from_form(form, request.reference)
            data = built.state
            extra["json_text"] = json.dumps(data, indent=2, ensure_ascii=False)
        else:
            extra = {}
            raise FormProblem("source", "send the simple form or the JSON box")
        extra.update(_results(request, data, "Your turn as described"))
    except BadInput as exc:
        name = built.field_for(exc.field) if built else exc.field
        problem = {"field": name, "message": exc.message, "path": exc.field}
        return Page(TEMPLATE, _context(request, problem=problem, **extra), status=400)
    except FormProblem as exc:
        problem = {"field": exc.field, "message": exc.message, "path": exc.field}
        return Page(TEMPLATE, _context(request, problem=problem, **extra), status=400)
    return Page(TEMPLATE, _context(request, **extra))


# The parts of a turn "What can I do now?" rests on, in words, for a position a question
# described only in part.
_PARTS = {
    "trade": "your Trade",
    "play_area": "your play area",
    "gained_symbols": "the faction symbols you gained as effects",
    "heroes": "your heroes",
    "techs": "your tech",
    "trade_row": "the trade row",
    "free_acquires": "any pending free-acquire effect",
}


def _names(cards: Iterable[str | None]) -> str:
    return ", ".join(CARDS[c].name for c in cards if c is not None and c in CARDS)


def form_values(state: State) -> dict[str, str]:
    """The simple form filled in with a position's described parts (the rest left blank)."""
    values = {"phase": state.phase, "trade": str(state.trade) if state.described("trade") else ""}
    known = [c for c in state.play_area if c.card in CARDS]
    values["cards_in_play"] = _names(c.card for c in known)
    values["ally_used"] = _names(c.card for c in known if c.ally_used)
    values["double_ally_used"] = _names(c.card for c in known if c.double_ally_used)
    for slug in SYMBOL_FACTIONS:
        other = sum(1 for c in state.play_area if c.card is None and (c.factions or []) == [slug])
        gained = sum(1 for g in state.gained_symbols if g.symbol == slug)
        values[f"other_{slug}"] = str(other) if other else ""
        values[f"gained_{slug}"] = str(gained) if gained else ""
    values["heroes_this_turn"] = _names(h.card for h in state.heroes if h.played_this_turn)
    values["heroes_earlier"] = _names(h.card for h in state.heroes if not h.played_this_turn)
    values["techs"] = _names(t.card for t in state.techs)
    values["techs_used"] = _names(t.card for t in state.techs if t.used_this_turn)
    values["trade_row"] = _names(c.card for c in state.trade_row)
    values["free_costing"] = str(state.free_acquires[0].max_cost) if state.free_acquires else ""
    return values


def _described_in_part(data: dict[str, Any]) -> dict[str, Any] | None:
    """For a position a question described only in part: what to say and the form prefilled
    with what it did describe; None for a whole turn (or a state the engine refuses)."""
    try:
        state = RULES.parse_state(data)
    except BadInput:
        return None
    unsaid = [words for part, words in _PARTS.items() if not state.described(part)]
    if not unsaid:
        return None
    said = f"{listed(unsaid)} {agree(unsaid, 'was', 'were')} not described"
    return {"partial": said, "values": form_values(state)}


def ruling_view(request: PageRequest, saved: RulingBoard) -> Page:
    """What can I do now, in a saved ruling's position (before its move, or after it)."""
    allow = ("GET", "HEAD")
    if request.method not in allow:
        return Page(TEMPLATE, {}, status=405, allow=allow)
    position = request.query.get("position", "before")
    after = saved.after
    extra: dict[str, Any] = {"position": position, "has_after": bool(after)}
    try:
        if position == "before":
            data = saved.before
        elif position == "after" and after:
            data = after
        elif position == "after":
            raise FormProblem("position", "this ruling leaves no position after its move")
        else:
            raise FormProblem("position", "choose before or after")
        extra["json_text"] = json.dumps(data, indent=2, ensure_ascii=False)
        partial = _described_in_part(data)
        if partial is not None:  # not ruled as if the rest were empty: asked for
            return Page(TEMPLATE, _context(request, **extra, **partial))
        title = "The position before the move" if position == "before" else "After the move"
        extra.update(_results(request, data, title))
    except (BadInput, FormProblem) as exc:
        problem = {"field": exc.field, "message": exc.message, "path": exc.field}
        return Page(TEMPLATE, _context(request, problem=problem, **extra), status=400)
    return Page(TEMPLATE, _context(request, **extra))


# ----------------------------------------------------------------- how do we set up?

SETUP_TEMPLATE = "setup.html"
ASKED = "ask"  # the form's button: a form sent with no pack ticked is an error, not the default


def _picked(query: FormData, name: str) -> list[str]:
    """Every value of a ticked list (a query holds one per box; `get` gives only the last)."""
    getlist = getattr(query, "getlist", None)
    if callable(getlist):
        return [str(value) for value in getlist(name)]
    value = query.get(name)
    return [] if value is None else [str(v) for v in value] if isinstance(value, list) else [value]


def setup(request: PageRequest) -> Page:
    """ "How do we set up?": the High Alert cards to shuffle in for the mini-expansions ticked
    (all four when the page is first opened)."""
    picked = _picked(request.query, "expansions")
    error = ""
    if not picked and ASKED not in request.query:
        picked = list(PACKS)
    elif not picked:
        error = "Tick at least one mini-expansion: rule 2.3 adds one, several or all four."
    elif any(p not in PACKS for p in picked):
        error = "Tick the mini-expansions from the list: " + ", ".join(PACK_NAMES.values()) + "."
    context: dict[str, Any] = {
        "base_url": request.links.page,
        "first_error": "expansions" if error else "",
        "fields": [
            setup_field(
                "expansions",
                "Which mini-expansions do you add?",
                "multi",
                [p for p in picked if p in PACKS],
                choices=PACK_NAMES.items(),
                help="Each is a pack of High Alert cards, marked on its bottom-right corner.",
                error=error,
            )
        ],
    }
    if error:
        return Page(SETUP_TEMPLATE, context, status=400)
    plan = RULES.plan_setup(picked)
    steps, rules = plan_steps(plan, request.reference, request.links.rules)
    found = plan.model_dump(mode="json")
    # Two or three packs turn on our reading of rule 2.3: the page says so, and what the
    # other reading answers, beside the reference ruling's question.
    turns = reading_turns(plan.readings_deciding, request.reference, request.links.clarifications)
    context.update(
        plan=found,
        turns=turns,
        packs=[
            {"name": name, "count": plan.per_pack[name], "cards": list(cards.items())}
            for name, cards in plan.cards.items()
        ],
        steps=steps,
        rules=rules,
        body_json=json.dumps({"expansions": list(plan.expansions)}),
        plan_json=json.dumps(found, indent=2, ensure_ascii=False),
    )
    return Page(SETUP_TEMPLATE, context)
