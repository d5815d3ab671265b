"""Bo Jackson Battle Arena's board picture: the battle, or the deck brought to an event.

A battle: the mode, the battle and its phase, who has honors and who is to act, the Trophies
and draws; the seven Battle Zones of each player (played, the current one, and those still
face down); the arena, where the two Heroes of the current battle meet with their Power,
weapon and, in Playmaker, the Power the Plays added; then each player's Bench, Hero Deck,
Heroes set aside, Hot Dogs and Plays. In Sudden Death the arena shows the top Hero of each
Hero Deck, the next to be revealed; once a game is won in Sudden Death, the last Heroes
revealed (the last ones set aside).

A deck (`kind` "deck", for a deck check): the Hero Deck by Power value and by weapon, the
Playbook by kind, the Hot Dog Deck.

This module lays it out here and `templates/games/bo-jackson-battle-arena/picture.svg` draws it; the
template escapes every text (names are free text). A state the engine refuses gets the generic
drawing. `overlay` is not used: no tool draws over this board yet.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from games.bo_jackson_battle_arena.battle import battle_winner, won_in_sudden_death
from games.bo_jackson_battle_arena.cards import Weapon
from games.bo_jackson_battle_arena.deck import PLAY_KINDS, DeckCard, DeckList
from games.bo_jackson_battle_arena.state import _MODE_FIELDS as _MODE_PILES
from games.bo_jackson_battle_arena.state import (
    PILE_WORDS,
    BattleState,
    Hero,
    Pile,
    PlayCard,
    Player,
    who,
)
from games.core import InvalidState
from games.core.pictures import BoardPicture, listed, sentences, spoken, who_does, whose, wrapped
from games.core.pictures import plural as _plural
from games.core.pictures import short as _short
from games.core.tools import Reference
from games.core.words import agree, cap, possessive, subject

WIDTH = 360  # a 390 px phone's column, so the picture is never scaled down nor scrolled
LEFT = 16
INNER = WIDTH - 2 * LEFT
# Characters a line holds in the picture's 328 px.
HEAD_CHARS = 36  # 15 px, semibold (about 8.7 px a character)
STATUS_CHARS = 37  # 14 px, bold
SMALL_CHARS = 46  # 13 px
PANEL_CHARS = 44  # 13 px, inside a player's frame
LABEL_CHARS = 36  # 14-15 px, bold, inside a player's frame
ZONES = 7
ZONE_W, ZONE_H, ZONE_GAP = 60, 58, 4
# The seven Battle Zones of a player do not fit one line of a phone: they wrap, five to a row.
ZONES_PER_ROW = (INNER + ZONE_GAP) // (ZONE_W + ZONE_GAP)
ZONE_ROW = ZONE_H + 20  # a row of zones with the battle numbers over it
# The two Heroes of the arena, one over the other with "VS" between them.
ARENA_W, ARENA_H = INNER, 136
VS_H = 30
MINI_W, MINI_H, MINI_GAP = 60, 46, 4
MINI_PER_ROW = (INNER - 16 + MINI_GAP) // (MINI_W + MINI_GAP)
MINI_SHOWN = 2 * MINI_PER_ROW  # a long Bench is cut after two rows
CHIP_W, CHIP_H, CHIP_GAP = 100, 22, 6
CHIPS_PER_ROW = (INNER - 16 + CHIP_GAP) // (CHIP_W + CHIP_GAP)
CHIPS_SHOWN = 4 * CHIPS_PER_ROW
COUNT_W, COUNT_GAP = 68, 6  # the deck's "Power ×copies" chips
LINE = 18
MODE_NAMES = {"rookie": "Rookie", "substitution": "Substitution", "playmaker": "Playmaker"}
PHASE_NAMES = {
    "substitution": "Substitution Phase",
    "plays": "Play Phase",
    "compare": "compare Power",
    "sudden-death": "Sudden Death",
    "game-over": "game over",
}


def _signed(n: int) -> str:
    return f"{n:+d}"


def _weapon(hero: Hero) -> str:
    """The weapon as drawn: a Hero with none has "no weapon" (so no Super Weapon, the only
    weapon a ruling reads); one the player did not give is "weapon not described"."""
    if hero.weapon is None:
        return "weapon not described"
    if not isinstance(hero.weapon, Weapon):
        return "no weapon"  # so no Super Weapon either; the longer words ran off the card
    return f"★ {hero.weapon.value}" if hero.weapon is Weapon.SUPER else hero.weapon.value


def _weapon_name(hero: Hero) -> str:
    if hero.weapon is None:
        return "weapon not described"
    return hero.weapon.value if isinstance(hero.weapon, Weapon) else "no weapon"


def _pile_words(player: Player, pile: Pile, noun: str, nouns: str) -> str:
    """A pile's size as known: "3 cards", "not described", or, for a pile described only in
    part, the cards given "and the rest not described" (its size is not known)."""
    cards = getattr(player, pile)
    if cards is None:
        return "not described"
    if player.partly(pile):
        given = "none given" if not cards else _plural(len(cards), noun, nouns) + " given"
        return f"{given}, the rest not described"
    return _plural(len(cards), noun, nouns)


def described(hero: Hero) -> bool:
    """A Hero whose face the question gave; one it did not (Power null) is drawn as not
    described, never as a Hero."""
    return hero.described


def _drawn_name(hero: Hero) -> str:
    """The name drawn on a Hero: "name not given" where the state holds only the card's id."""
    return hero.name if hero.name and hero.name != hero.id else "name not given"


def _hero_tip(hero: Hero) -> str:
    if not described(hero):
        return "a Hero you did not describe"
    return f"{_named(hero) or 'a Hero, name not given'}: Power {hero.power}, {_weapon_name(hero)}"


# ----- a battle -----


@dataclass
class Zone:
    """A Hero in a Battle Zone, or on a Bench, drawn small."""

    hero: Hero
    x: int
    y: int
    w: int
    h: int
    classes: list[str]
    label: str = ""

    @property
    def cls(self) -> str:
        return " ".join(self.classes)

    @property
    def id(self) -> str:
        return self.hero.id

    @property
    def power(self) -> int | str:
        return "?" if self.hero.power is None else self.hero.power

    @property
    def weapon(self) -> str:
        if not described(self.hero):
            return ""
        # A weapon the state does not give is drawn unknown, not as "none".
        if self.hero.weapon is None:
            return "weapon ?"
        return "no weapon" if self.hero.weapon == "none" else _weapon(self.hero)

    @property
    def name(self) -> str:
        return _short(_drawn_name(self.hero), 9) if described(self.hero) else "not given"

    @property
    def tooltip(self) -> str:
        return (f"{self.label}: " if self.label else "") + _hero_tip(self.hero)


@dataclass
class Fighter:
    """One side of the arena: the Hero in the current Battle Zone (or the top of the Hero Deck
    in Sudden Death)."""

    player: int
    x: int
    y: int
    classes: list[str]
    texts: list[dict[str, Any]] = field(default_factory=list)
    hero_id: str = ""
    power: int | None = None  # the Power it fights with, Plays included
    tooltip: str = ""

    @property
    def cls(self) -> str:
        return " ".join(self.classes)


@dataclass
class Chip:
    text: str
    x: int
    y: int
    cls: str
    tooltip: str = ""


@dataclass
class Panel:
    """A player's side of the table: Bench, decks, Hot Dogs, Plays."""

    player: int
    name: str
    x: int
    y: int
    w: int
    h: int
    trophies: int | None
    classes: list[str]
    texts: list[dict[str, Any]] = field(default_factory=list)
    bench: list[Zone] = field(default_factory=list)
    chips: list[Chip] = field(default_factory=list)

    @property
    def cls(self) -> str:
        return " ".join(self.classes)


def _total(state: BattleState, player: int, hero: Hero) -> int | None:
    """The Power the Hero fights with, or None where it or the Plays' change was not given."""
    change = state.players[player].power_change if state.mode == "playmaker" else 0
    if hero.power is None or change is None:
        return None
    return hero.power + change


def _trophies(state: BattleState, player: int) -> str:
    won = state.players[player].trophies
    return "?" if won is None else str(won)


def _heading(state: BattleState) -> str:
    mode = f"{MODE_NAMES[state.mode]} Mode"
    if state.phase in ("sudden-death", "game-over"):
        return f"{mode} · all 7 battles played · {PHASE_NAMES[state.phase]}"
    return f"{mode} · battle {state.battle} of 7 · {PHASE_NAMES[state.phase]}"


def _status(state: BattleState) -> str:
    acting = _short(who(state, state.to_act), 22) if state.to_act is not None else ""
    if state.phase == "substitution":
        return f"{who_does(acting, 'decides', 'decide', True)}: substitute or keep the Hero"
    if state.phase == "plays":
        return f"{acting} may run Plays or pass"
    if state.phase == "compare":
        return _compare_status(state)
    if state.phase == "sudden-death":
        return "No ties allowed: each player reveals their top Hero"
    if state.winner is None:
        return "Game over: the game is a tie"
    return f"Game over: {_short(who(state, state.winner), 24)} wins"


def _face_up(state: BattleState, player: int) -> str:
    """ "Ana's Bo", "your Hero": whose Hero, by its printed name where one was said."""
    hero = state.zone_hero(player)
    return f"{whose(_short(who(state, player), 14))} {_short(_named(hero), 16) or 'Hero'}"


def _compare_status(state: BattleState) -> str:
    """The battle to compare, saying only what was described of its two Heroes."""
    up = [described(state.zone_hero(i)) for i in (0, 1)]
    if all(up):
        return cap(
            f"{_face_up(state, 0)} and {_face_up(state, 1)} are face up: the higher Power wins"
        )
    if not any(up):
        return cap(
            f"{_face_up(state, 0)} and {_face_up(state, 1)}: not described yet, say them once "
            "face up"
        )
    shown, hidden = (0, 1) if up[0] else (1, 0)
    return cap(f"{_face_up(state, shown)} is face up; {_face_up(state, hidden)} is not described")


def _score(state: BattleState) -> str:
    a, b = (_short(who(state, i), 14) for i in (0, 1))
    ties = "ties allowed" if state.ties_allowed else "no ties"
    if state.draws is None and None in (p.trophies for p in state.players):
        return f"Trophies and draws so far: not described · {ties}"
    drawn = "draws not described" if state.draws is None else _plural(state.draws, "draw")
    return f"Trophies: {a} {_trophies(state, 0)} · {b} {_trophies(state, 1)} · {drawn} · {ties}"


def _zones(state: BattleState, top: int) -> tuple[list[Zone], list[dict[str, Any]], int]:
    """The seven Battle Zones of each player, in rows under the player's name, each zone
    under its battle's number."""
    zones: list[Zone] = []
    texts: list[dict[str, Any]] = []
    over = state.phase in ("sudden-death", "game-over")
    y = top
    for player in (0, 1):
        name = _short(who(state, player), 30)
        y += 16
        texts.append(
            {
                "x": LEFT,
                "y": y,
                "text": f"{possessive(name, start=True)} Battle Zones",
                "cls": "ba-small",
            }
        )
        heroes = state.players[player].zones
        for i, hero in enumerate(heroes):
            battle = i + 1
            row, column = divmod(i, ZONES_PER_ROW)
            x = LEFT + column * (ZONE_W + ZONE_GAP)
            zy = y + 22 + row * ZONE_ROW
            classes = ["ba-zone"]
            current = battle == state.battle and not over
            if over or battle < state.battle:
                classes.append("ba-played")
                label = f"battle {battle}, played"
            elif current:
                classes.append("ba-current")
                label = f"battle {battle}, the current battle"
            else:
                classes.append("ba-hidden")
                label = f"battle {battle}, face down until its reveal"
            if hero.weapon is Weapon.SUPER:
                classes.append("ba-super")
            if not described(hero):
                classes.append("ba-unknown")
            texts.append(
                {
                    "x": x + ZONE_W // 2,
                    "y": zy - 5,
                    "text": f"▶ {battle}" if current else str(battle),
                    "cls": "ba-col ba-col-current" if current else "ba-col",
                }
            )
            zones.append(Zone(hero, x, zy, ZONE_W, ZONE_H, classes, f"{name}, {label}"))
        rows = -(-len(heroes) // ZONES_PER_ROW)
        y += 22 + (rows - 1) * ZONE_ROW + ZONE_H + 6
    return zones, texts, y + 14


def _fighter(
    state: BattleState, player: int, hero: Hero | None, x: int, y: int, where: str
) -> Fighter:
    name = _short(who(state, player), 22)
    f = Fighter(player, x, y, ["ba-fighter"])
    f.texts.append({"x": x + 10, "y": y + 20, "text": name, "cls": "ba-who"})
    if hero is None:
        f.classes.append("ba-empty")
        f.texts.append({"x": x + 10, "y": y + 60, "text": "Hero Deck empty", "cls": "ba-small"})
        f.tooltip = f"{who(state, player)}: the Hero Deck is empty"
        return f
    f.hero_id = hero.id
    if not described(hero):
        f.classes.append("ba-empty")
        f.texts.append({"x": x + 10, "y": y + 60, "text": "Hero not described", "cls": "ba-small"})
        f.tooltip = f"{who(state, player)}: a Hero you did not describe"
        return f
    total = _total(state, player, hero) if where == "zone" else hero.power
    f.power = total
    shown = "?" if total is None else str(total)
    if hero.weapon is Weapon.SUPER:
        f.classes.append("ba-super")
    f.texts.append(
        {"x": x + 10, "y": y + 42, "text": _short(_drawn_name(hero), 24), "cls": "ba-hero"}
    )
    f.texts.append({"x": x + 10, "y": y + 80, "text": shown, "cls": "ba-power"})
    f.texts.append(
        {"x": x + 10 + 16 * len(shown) + 30, "y": y + 80, "text": "Power", "cls": "ba-small"}
    )
    f.texts.append({"x": x + 10, "y": y + 102, "text": _weapon(hero), "cls": "ba-weapon"})
    f.tooltip = f"{who(state, player)}: {_hero_tip(hero)}"
    change = state.players[player].power_change if where == "zone" else None
    if state.mode == "playmaker" and where == "zone":
        said = "not described" if change is None else _signed(change)
        plays = f"printed {hero.power}, Plays {said}"
        f.texts.append({"x": x + 10, "y": y + 124, "text": plays, "cls": "ba-small"})
        f.tooltip += f"; {plays} this battle"
    return f


def _arena(state: BattleState, top: int) -> tuple[list[Fighter], list[dict[str, Any]], int]:
    texts: list[dict[str, Any]] = []
    fighters: list[Fighter] = []
    last_revealed = won_in_sudden_death(state)
    if state.phase == "sudden-death":
        heading = "Sudden Death: the next Heroes to reveal"
    elif last_revealed:
        heading = "Sudden Death: the last Heroes revealed"
    else:
        heading = f"The arena: battle {state.battle}"
        if state.phase == "substitution":
            heading += " (face down until the reveal)"
        elif state.phase == "game-over":
            heading += ", the last"
    # The heading wraps between words, the Heroes under its last line.
    lines = _lines(heading, HEAD_CHARS - 2)
    for k, line in enumerate(lines):
        texts.append({"x": LEFT, "y": top + 10 + k * LINE, "text": line, "cls": "ba-h"})
    y = top + 24 + (len(lines) - 1) * LINE
    for player in (0, 1):
        x, fy = LEFT, y + player * (ARENA_H + VS_H)
        if state.phase == "sudden-death":
            deck = state.players[player].hero_deck
            top_card = deck[0] if deck else None
            if top_card is None and (deck is None or state.players[player].partly("hero_deck")):
                top_card = Hero(id="top-not-described", power=None)  # drawn as not described
            fighters.append(_fighter(state, player, top_card, x, fy, "deck"))
        elif last_revealed:
            fighters.append(_fighter(state, player, _last_revealed(state, player), x, fy, "deck"))
        else:
            fighters.append(_fighter(state, player, state.zone_hero(player), x, fy, "zone"))
    texts.append({"x": WIDTH // 2, "y": y + ARENA_H + VS_H // 2 + 6, "text": "VS", "cls": "ba-vs"})
    say = _arena_say(state, fighters)
    y += 2 * ARENA_H + VS_H + 22
    for line in _lines(say, STATUS_CHARS) if say else []:
        texts.append({"x": LEFT, "y": y, "text": line, "cls": "ba-say"})
        y += LINE
    return fighters, texts, y


def _last_revealed(state: BattleState, player: int) -> Hero:
    """The Hero a player revealed last in Sudden Death: the last one set aside."""
    pile = state.players[player].set_aside
    if not pile:  # not described: drawn as such
        return Hero(id="revealed-not-described", power=None)
    return pile[-1]


def _arena_say(state: BattleState, fighters: list[Fighter]) -> str:
    """Who the Power favours now, in the phases where it has been revealed."""
    if state.phase not in ("plays", "compare"):
        return ""
    a, b = fighters[0].power, fighters[1].power
    if a is None or b is None:
        return ""  # a Power not described: the picture does not guess the battle
    try:
        winner, _, _ = battle_winner(state)
    except InvalidState:
        return ""  # a tie whose weapons were not described: the picture does not guess
    if winner is None:
        return f"Power {a} to {b}: as it stands, battle {state.battle} is a draw"
    fighters[winner].classes.append("ba-ahead")
    name = _short(who(state, winner), 20)
    if a == b:
        return f"Tied at {a}: the Super Weapon wins it for {subject(name)}"
    return f"Power {a} to {b}: {possessive(name)} Hero is ahead"


def _bench(player: Player, x0: int, top: int, name: str) -> tuple[list[Zone], int]:
    bench = player.bench or []
    cards: list[Zone] = []
    for i, hero in enumerate(bench[:MINI_SHOWN]):
        x = x0 + (i % MINI_PER_ROW) * (MINI_W + MINI_GAP)
        y = top + (i // MINI_PER_ROW) * (MINI_H + MINI_GAP)
        classes = ["ba-zone", "ba-bench"] + (["ba-super"] if hero.weapon is Weapon.SUPER else [])
        cards.append(
            Zone(hero, x, y, MINI_W, MINI_H, classes, f"{possessive(name, start=True)} Bench")
        )
    rows = -(-min(len(bench), MINI_SHOWN) // MINI_PER_ROW)
    return cards, top + rows * (MINI_H + MINI_GAP)


def _play_chips(plays: list[PlayCard], x0: int, top: int, cls: str) -> tuple[list[Chip], int]:
    chips: list[Chip] = []
    for i, play in enumerate(plays[:CHIPS_SHOWN]):
        cost = "" if play.cost is None else f" ({play.cost})"
        label = play.name if play.name and play.name != play.id else "a Play"
        text = _short(label, 13 - len(cost)) + cost
        tip = f"{label}: " + (
            "cost not given" if play.cost is None else f"costs {_plural(play.cost, 'Hot Dog')}"
        )
        x = x0 + (i % CHIPS_PER_ROW) * (CHIP_W + CHIP_GAP)
        y = top + (i // CHIPS_PER_ROW) * (CHIP_H + CHIP_GAP)
        chips.append(Chip(text, x, y, cls, tip))
    rows = -(-min(len(plays), CHIPS_SHOWN) // CHIPS_PER_ROW)
    return chips, top + rows * (CHIP_H + CHIP_GAP)


def _put(panel: Panel, x: int, y: int, text: str, cls: str) -> int:
    """`text` written at (x, y) in the player's frame, wrapped between words to the frame's
    width; the baseline of its last line."""
    chars = PANEL_CHARS if cls == "ba-small" else LABEL_CHARS
    for k, line in enumerate(_lines(text, chars)):
        y += LINE if k else 0
        panel.texts.append({"x": x, "y": y, "text": line, "cls": cls})
    return y


def _panel(state: BattleState, player: int, top: int) -> Panel:
    p = state.players[player]
    name = who(state, player)
    panel = Panel(player, name, LEFT, top, INNER, 0, p.trophies, ["ba-panel"])
    x0 = LEFT + 8
    marks = []
    if state.phase not in ("sudden-death", "game-over"):
        if state.honors == player:
            marks.append("honors")
        if state.to_act == player:
            marks.append("to act")
            panel.classes.append("ba-to-act")
    if state.winner == player:
        marks.append("winner")
        panel.classes.append("ba-winner")
    head = _short(name, 24) + "".join(f" · {m}" for m in marks)
    y = _put(panel, x0, top + 22, head, "ba-name")
    uses = _MODE_PILES[state.mode]
    facts = [
        "Trophies not described"
        if p.trophies is None
        else f"{_plural(p.trophies, 'Trophy', 'Trophies')}"
    ]
    if p.hot_dogs is not None:
        paid = "" if p.hot_dogs_discarded is None else f", {p.hot_dogs_discarded} paid"
        facts.append(f"Hot Dogs: {p.hot_dogs} left{paid}")
    elif "hot_dogs" in uses:
        facts.append("Hot Dogs not described")
    if p.substituted:
        facts.append("substituted this battle")
    y = _put(panel, x0, y + LINE + 2, " · ".join(facts), "ba-small")
    deck_words = _pile_words(p, "hero_deck", "card", "cards")
    aside = _pile_words(p, "set_aside", "Hero", "Heroes")
    y = _put(panel, x0, y + LINE, f"Hero Deck: {deck_words}", "ba-small")
    y = _put(panel, x0, y + LINE, f"Set aside: {aside}", "ba-small")
    if p.bench is None and "bench" in uses:
        y = _put(panel, x0, y + LINE + 2, "Bench: not described", "ba-label")
    if p.bench is not None:
        y += LINE + 2
        more = len(p.bench) - MINI_SHOWN
        label = f"Bench ({len(p.bench)})" + (f", {more} more not drawn" if more > 0 else "")
        if not p.bench:
            label += ": none given"
        if p.partly("bench"):  # no count as fact: the Bench holds others not described
            label = "Bench: " + _pile_words(p, "bench", "Hero", "Heroes")
        y = _put(panel, x0, y, label, "ba-label")
        panel.bench, y = _bench(p, x0, y + 6, name)
        y -= 6 if p.bench else 0
    if p.hand is None and "hand" in uses:
        y = _put(panel, x0, y + LINE + 2, "Plays in Hand: not described", "ba-label")
    if p.hand is not None:
        y += LINE + 2
        more = len(p.hand) - CHIPS_SHOWN
        label = f"Plays in Hand ({len(p.hand)})" + (f", {more} more not drawn" if more > 0 else "")
        if not p.hand:
            label += ": none given"
        if p.partly("hand"):
            label = "Plays in Hand: " + _pile_words(p, "hand", "Play", "Plays")
        y = _put(panel, x0, y, label, "ba-label")
        chips, y = _play_chips(p.hand, x0, y + 6, "ba-chip ba-play")
        panel.chips += chips
        y -= 6 if p.hand else 0
    if "hand" in uses:
        y += LINE
        used = p.plays_used or []
        playbook = _pile_words(p, "playbook", "card", "cards")
        used_words = _pile_words(p, "plays_used", "Play", "Plays")
        change = "not described" if p.power_change is None else _signed(p.power_change)
        y = _put(panel, x0, y, f"Playbook: {playbook} · used: {used_words}", "ba-small")
        y = _put(panel, x0, y + LINE, f"Power from Plays this battle: {change}", "ba-small")
        if used:
            chips, y = _play_chips(used, x0, y + 8, "ba-chip ba-used")
            panel.chips += chips
            y -= 6
    panel.h = y - top + 14
    return panel


def _lines(text: str, limit: int) -> list[str]:
    """`text` on lines of at most `limit` characters, broken between words."""
    return wrapped(text.split(" "), " ", limit)


def battle_layout(state: BattleState, title: str) -> dict[str, Any]:
    texts: list[dict[str, Any]] = [{"x": LEFT, "y": 26, "text": title, "cls": "ba-title"}]
    # The lines over the board are wrapped to what a 390 px phone shows without scrolling
    # (the zones and the arena are wider): each was one line, read by scrolling sideways.
    y = 30
    for text, cls, chars in (
        (_heading(state), "ba-head", HEAD_CHARS),
        (_status(state), "ba-status", STATUS_CHARS),
        (_score(state), "ba-small", SMALL_CHARS),
    ):
        for line in _lines(text, chars):
            y += 20
            texts.append({"x": LEFT, "y": y, "text": line, "cls": cls})
    zones, zone_texts, y = _zones(state, y + 10)
    texts += zone_texts
    fighters, arena_texts, y = _arena(state, y + 8)
    texts += arena_texts
    panels: list[Panel] = []
    y += 4
    for player in (0, 1):
        panel = _panel(state, player, y)
        panels.append(panel)
        y += panel.h + 8
    return {
        "kind": "battle",
        "width": WIDTH,
        "height": y + 4,
        "title": title,
        "mode": state.mode,
        "battle": state.battle,
        "phase": state.phase,
        "texts": texts,
        "zones": zones,
        "fighters": fighters,
        "panels": panels,
        "arena_w": ARENA_W,
        "arena_h": ARENA_H,
    }


# ----- a deck -----


def _copies(cards: list[DeckCard]) -> int:
    return sum(c.count for c in cards)


def _names(cards: list[DeckCard], limit: int = 86) -> str:
    listed = ", ".join(c.name + (f" ×{c.count}" if c.count > 1 else "") for c in cards)
    return _short(listed, limit)


def _said(texts: list[dict[str, Any]], y: int, text: str, cls: str) -> int:
    """`text` written from y, wrapped between words to the picture's width (at most three
    lines: a long list of names ends with "…"); the baseline of its last line."""
    lines = _lines(text, SMALL_CHARS)
    if len(lines) > 3:
        lines = [*lines[:2], _short(" ".join(lines[2:]), SMALL_CHARS)]
    for k, line in enumerate(lines):
        y += LINE if k else 0
        texts.append({"x": LEFT, "y": y, "text": line, "cls": cls})
    return y


def deck_layout(deck: DeckList, title: str) -> dict[str, Any]:
    texts: list[dict[str, Any]] = [
        {"x": LEFT, "y": 26, "text": title, "cls": "ba-title"},
        {"x": LEFT, "y": 50, "text": "A deck brought to the table", "cls": "ba-head"},
    ]
    chips: list[Chip] = []
    heroes = [c for c in deck.hero_deck if c.kind == "hero"]
    others = [c for c in deck.hero_deck if c.kind != "hero"]
    y = 78
    power = sum((c.power or 0) * c.count for c in heroes)
    line = f"Hero Deck: {_plural(_copies(deck.hero_deck), 'card')}"
    line += f" · total Power {power:,}" if heroes else ""
    texts.append({"x": LEFT, "y": y, "text": line, "cls": "ba-h"})
    if others:
        say = f"{_plural(_copies(others), 'card')} in it not a Hero: {_names(others, 120)}"
        y = _said(texts, y + LINE, say, "ba-warn")
    by_power: Counter[int] = Counter()
    by_weapon: Counter[str] = Counter()
    for card in heroes:
        by_power[card.power or 0] += card.count
        by_weapon[card.weapon.value if card.weapon else "?"] += card.count
    if by_power:
        y += LINE + 4
        texts.append({"x": LEFT, "y": y, "text": "Heroes by Power value", "cls": "ba-label"})
        per_row = (INNER + COUNT_GAP) // (COUNT_W + COUNT_GAP)
        for i, (value, n) in enumerate(sorted(by_power.items())):
            cls = "ba-chip ba-count" + (" ba-many" if n > 6 else "")
            x = LEFT + (i % per_row) * (COUNT_W + COUNT_GAP)
            cy = y + 8 + (i // per_row) * (CHIP_H + CHIP_GAP)
            tip = f"{_plural(n, 'Hero', 'Heroes')} with Power {value}"
            chips.append(Chip(f"{value} ×{n}", x, cy, cls, tip))
        y += 8 + -(-len(by_power) // per_row) * (CHIP_H + CHIP_GAP)
        if any(n > 6 for n in by_power.values()):
            say = "Outlined in red: more than 6 Heroes share that Power value"
            y = _said(texts, y + 10, say, "ba-warn")
        weapons = " · ".join(f"{w} {n}" for w, n in sorted(by_weapon.items()))
        y = _said(texts, y + LINE, f"Weapons: {weapons}", "ba-small")
    kinds = Counter[str]()
    for card in deck.playbook:
        kinds[card.kind] += card.count
    plays = [c for c in deck.playbook if c.kind in PLAY_KINDS]
    y += LINE + 12
    line = f"Playbook: {_plural(_copies(deck.playbook), 'card')}"
    texts.append({"x": LEFT, "y": y, "text": line, "cls": "ba-h"})
    if deck.playbook:
        parts = [
            _plural(kinds["play"], "Play"),
            _plural(kinds["bonus-play"], "Bonus Play"),
            _plural(kinds["htd-play"], "HTD Play"),
        ]
        y = _said(texts, y + LINE, " · ".join(parts), "ba-small")
    if plays:
        y = _said(texts, y + LINE, _names(plays, 200), "ba-small")
        dbs = [c for c in plays if c.dbs is not None]
        if dbs:
            total = sum((c.dbs or 0) * c.count for c in dbs)
            say = f"Deck Balancing Score given for {_plural(len(dbs), 'card')}: {total:,} in all"
            y = _said(texts, y + LINE, say, "ba-small")
    y += LINE + 12
    line = f"Hot Dog Deck: {_plural(_copies(deck.hot_dog_deck), 'card')}"
    texts.append({"x": LEFT, "y": y, "text": line, "cls": "ba-h"})
    if deck.hot_dog_deck:
        y = _said(texts, y + LINE, _names(deck.hot_dog_deck, 200), "ba-small")
    return {
        "kind": "deck",
        "width": WIDTH,
        "height": y + 18,
        "title": title,
        "texts": texts,
        "chips": chips,
        "heroes": _copies(deck.hero_deck),
        "plays": _copies(deck.playbook),
        "hot_dogs": _copies(deck.hot_dog_deck),
    }


def layout(
    state: Any, title: str, overlay: Any = None, reference: Reference | None = None
) -> dict[str, Any]:
    """Everything the template draws, as plain values (a parsed `State`)."""
    inner = state.root
    if isinstance(inner, DeckList):
        return deck_layout(inner, title)
    return battle_layout(inner, title)


# ----- the text alternative: the position in sentences -----


def _named(hero: Hero) -> str:
    """The Hero's printed name, or "" where the question gave none (the forms stand in "your
    Hero" or the card's id, neither of them a name the player said)."""
    name = hero.name.strip()
    if not name or name == hero.id or name.casefold().startswith(("your ", "their ")):
        return ""
    return name


def _a_weapon(hero: Hero) -> str:
    """ "a Fire weapon", "an Ice weapon", "no weapon"; "" where the weapon was not given."""
    if hero.weapon is None:
        return ""
    if not isinstance(hero.weapon, Weapon):
        return "no weapon"
    name = hero.weapon.value
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} weapon"


def _hero_words(hero: Hero) -> str:
    """ "Bandelero (120 Power, a Fire weapon)" or "a Hero with 100 Power"."""
    name = _named(hero)
    facts = [f"{hero.power} Power"] + ([_a_weapon(hero)] if hero.weapon is not None else [])
    if name:
        return f"{name} ({', '.join(facts)})"
    return f"a Hero ({', '.join(facts)})" if len(facts) > 1 else f"a Hero with {facts[0]}"


def _fighter_words(state: BattleState, player: int) -> str:
    name = who(state, player)
    hero = state.zone_hero(player)
    if not described(hero):
        return f"{whose(name, True)} Hero in this battle was not described"
    label = _named(hero)
    # "Your Hero is Hero A3, with ...": a name may itself start with "Hero".
    said = f"{whose(name, True)} Hero" + (f" is {label}, with" if label else " has")
    said += f" {hero.power} Power"
    if hero.weapon is not None:
        said += f" and {_a_weapon(hero)}"
    elif state.phase in ("plays", "compare"):  # revealed, where a tie may rest on it
        said += ", weapon not described"
    change = state.players[player].power_change
    if state.mode == "playmaker" and change:
        said += f", and Plays changed it by {_signed(change)} to {_total(state, player, hero)}"
    return said


def _phase_words(state: BattleState) -> str:
    acting = who(state, state.to_act) if state.to_act is not None else None
    if state.phase == "substitution" and acting is not None:
        return (
            f"It is the Substitution Phase: {who_does(acting, 'decides', 'decide')} "
            "whether to substitute or keep the Hero"
        )
    if state.phase == "plays" and acting is not None:
        return f"It is the Play Phase: {who_does(acting, 'may', 'may')} run a Play or pass"
    if state.phase == "compare":
        if all(described(state.zone_hero(i)) for i in (0, 1)):
            return "Both Heroes are face up and their Power is compared"
        return "It is time to turn the Heroes of this battle face up and compare their Power"
    return ""


def _side_words(state: BattleState, player: int) -> list[str]:
    """What the question said of one player's side beyond the current Hero."""
    p = state.players[player]
    name = who(state, player)
    said: list[str] = []
    current = state.battle - 1 if state.phase not in ("sudden-death", "game-over") else -1
    others = [h for i, h in enumerate(p.zones) if i != current and described(h)]
    if others:
        heroes = listed([_hero_words(h) for h in others[:7]])
        said.append(f"{whose(name, True)} other Battle Zones hold {heroes}")
    if p.bench is not None:
        bench = [h for h in p.bench if described(h)]
        rest = " (the rest not described)" if p.partly("bench") else ""
        if bench:
            heroes = listed([_bench_words(h) for h in bench[:6]])
            said.append(f"{whose(name, True)} Bench: {heroes}{rest}")
    if p.hot_dogs is not None:
        left = _plural(p.hot_dogs, "Hot Dog")
        said.append(f"{who_does(name, 'has', 'have', True)} {left} left")
    if p.substituted:
        said.append(f"{who_does(name, 'has', 'have', True)} already substituted this battle")
    if p.hand:
        plays = listed([_play_words(c) for c in p.hand[:8]])
        if p.partly("hand"):
            said.append(f"{whose(name, True)} Hand: {plays} (the rest not described)")
        else:
            said.append(f"{who_does(name, 'holds', 'hold', True)} {plays}")
    return said


def _bench_words(hero: Hero) -> str:
    """A Bench Hero in words: the Hero you bring in is named by what it is to you."""
    if hero.name.casefold() == "your bench hero":
        return f"the Hero you bring in, with {hero.power} Power"
    return _hero_words(hero)


def _play_words(play: PlayCard) -> str:
    name = play.name.strip()
    unnamed = not name or name == play.id or name.casefold().startswith(("your ", "their "))
    said = "a Play" if unnamed else f"the Play {name}"
    if play.cost is not None:
        said += f" costing {_plural(play.cost, 'Hot Dog')}"
    return said


def _sudden_death_words(state: BattleState) -> list[str]:
    said = ["All 7 battles are played and the game is tied: Sudden Death, with no ties allowed"]
    for player in (0, 1):
        name = who(state, player)
        deck = state.players[player].hero_deck
        # The cards under the top one, if not described, are said with what was not described.
        if not deck or not described(deck[0]):
            said.append(f"The top Hero of {whose(name)} Hero Deck was not described")
        else:
            said.append(f"The top Hero of {whose(name)} Hero Deck is {_hero_words(deck[0])}")
    return said


def _revealed_words(state: BattleState, player: int) -> str:
    """The Hero a player revealed last in Sudden Death, in words."""
    hero = _last_revealed(state, player)
    name = whose(who(state, player), True)
    if not described(hero):
        return f"{name} last Hero revealed in Sudden Death was not described"
    return f"{name} last Hero revealed in Sudden Death was {_hero_words(hero)}"


_PILE_WORDS = {
    "bench": "Bench",
    "hot_dogs": "Hot Dogs",
    "hand": "Plays in Hand",
    "playbook": "Playbook",
    "power_change": "Power from Plays this battle",
}


def _not_described(state: BattleState) -> list[str]:
    """What the question left out, said as not described."""
    missing: list[str] = []
    if state.draws is None or None in (p.trophies for p in state.players):
        missing.append("the score of the battles before")
    for player in (0, 1):
        p = state.players[player]
        name = whose(who(state, player))
        current = state.battle - 1
        others = [h for i, h in enumerate(p.zones) if i != current]
        if state.phase not in ("sudden-death", "game-over") and not any(map(described, others)):
            missing.append(f"{name} other Battle Zones")
        if p.hero_deck is None:
            missing.append(f"{name} Hero Deck")
        for pile in _MODE_PILES[state.mode]:
            if pile in _PILE_WORDS and getattr(p, pile) is None:
                missing.append(f"{name} {_PILE_WORDS[pile]}")
        for part in p.partly_described:
            if getattr(p, part) is not None:  # a pile not described is said above
                missing.append(f"the rest of {name} {PILE_WORDS[part]}")
    if not missing:
        return []
    return [f"{cap(listed(missing))} {agree(missing, 'was', 'were')} not described"]


def describe_battle(state: BattleState) -> str:
    a, b = who(state, 0), who(state, 1)
    mode = MODE_NAMES[state.mode]
    if state.phase == "game-over":
        head = [f"{mode} Mode: the game is over"]
        if state.winner is None:
            head.append("It ended in a tie")
        else:
            head.append(f"{who_does(who(state, state.winner), 'wins', 'win', True)} the game")
            if won_in_sudden_death(state):
                head += [_revealed_words(state, player) for player in (0, 1)]
    elif state.phase == "sudden-death":
        head = [f"{mode} Mode", *_sudden_death_words(state)]
    else:
        head = [f"Battle {state.battle} of 7, {mode} Mode", _phase_words(state)]
        head.append(f"{who_does(who(state, state.honors), 'has', 'have', True)} honors")
        head += [_fighter_words(state, 0), _fighter_words(state, 1)]
    if state.draws is None or None in (p.trophies for p in state.players):
        score = ""  # said below, among what was not described
    else:
        score = (
            f"Trophies: {spoken(a)} {state.players[0].trophies}, "
            f"{spoken(b)} {state.players[1].trophies}, with {_plural(state.draws, 'battle')} drawn"
        )
    sides = [line for player in (0, 1) for line in _side_words(state, player)]
    return sentences(*head, *([cap(score)] if score else []), *sides, *_not_described(state))


def describe_deck(deck: DeckList) -> str:
    heroes = [c for c in deck.hero_deck if c.kind == "hero"]
    power = sum((c.power or 0) * c.count for c in heroes)
    said = [
        "A deck brought to the table, with a Hero Deck of "
        + _plural(_copies(deck.hero_deck), "card")
    ]
    if heroes:
        said.append(f"Its Heroes total {power:,} Power")
    said.append(f"The Playbook holds {_plural(_copies(deck.playbook), 'card')}")
    said.append(f"The Hot Dog Deck holds {_plural(_copies(deck.hot_dog_deck), 'card')}")
    return sentences(*said)


def describe(state: Any, overlay: Any = None) -> str:
    """The picture's text alternative: the battle or the deck in sentences (a parsed `State`)."""
    inner = state.root
    if isinstance(inner, DeckList):
        return describe_deck(inner)
    return describe_battle(inner)


__all__ = ["battle_layout", "deck_layout", "describe", "layout"]


PICTURE = BoardPicture(layout=layout, describe=describe)
