"""Common disputes as flat forms: the website renders them, a player fills them in, and
`build` turns the answers into the `(state, move)` JSON the adjudicator rules on.

In every form "you" are player 0 (Player A, "You") and your opponent is player 1. What a form
does not ask is not described (null) in the state, never made up: the other Battle Zones, the
Hero Decks, your opponent's Bench, Hot Dogs and Plays, the score of earlier battles. The engine
rules without them, or refuses naming the one it needs.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from games.bo_jackson_battle_arena.cards import Weapon
from games.bo_jackson_battle_arena.deck import FORMATS
from games.core import Question
from games.core.rules import labelled

WeaponChoice = Literal[
    "none", "Alt", "Brawl", "Cyber", "Fire", "Glow", "Gum", "Hex", "Ice", "Steel", "Super"
]
FormatChoice = Literal[tuple(FORMATS)]  # type: ignore[valid-type]
PowerValue = Annotated[int, Field(ge=0, le=1000)]
# What Plays add to a Hero's Power (negative: taken away).
PowerChange = Annotated[int, Field(ge=-1000, le=1000)]
GAME = "bo-jackson-battle-arena"

MODES = {"rookie": "Rookie", "substitution": "Substitution", "playmaker": "Playmaker"}
WEAPONS = {"none": "No weapon"}
FORMAT_NAMES = {slug: f.name for slug, f in FORMATS.items()}
HOT_DOG_DECK = 10  # a Hot Dog Deck holds exactly 10 (4.2.1): those not left were paid


def _hero(
    card_id: str, power: int | None, weapon: str | None = None, name: str = ""
) -> dict[str, Any]:
    return {
        "id": card_id,
        "name": name or card_id,
        "power": power,
        "weapon": weapon,  # "No weapon" on the form says the Hero has none: "none"
    }


def _unknown(card_id: str) -> dict[str, Any]:
    """A Hero the question did not describe: its face (Power, weapon, name) is null."""
    return {"id": card_id, "power": None}


def _player(
    prefix: str,
    name: str,
    mode: str,
    battle: int,
    zone: dict[str, Any] | None = None,
    *,
    bench: list[dict[str, Any]] | None = None,
    deck: list[dict[str, Any]] | None = None,
    hot_dogs: int | None = None,
    substituted: bool | None = None,
) -> dict[str, Any]:
    """A player at `battle` with what the question described: `zone` in the current Battle
    Zone, a Bench, a Hero Deck, Hot Dogs left. The rest is not described (null): Heroes of the
    other Battle Zones, the piles of the mode not given, the Trophies of earlier battles."""
    zones = [_unknown(f"{prefix}-zone-{i + 1}") for i in range(7)]
    if zone is not None:
        zones[battle - 1] = zone
    player: dict[str, Any] = {"name": name, "zones": zones, "hero_deck": deck, "set_aside": None}
    player["trophies"] = 0 if battle == 1 else None  # before battle 1 nobody has won one
    if mode != "rookie":
        player |= {
            "bench": bench,
            "hot_dogs": hot_dogs,
            # Not described: the Hot Dogs left are what the question asks about; what was
            # paid, and when, is not said (a battle-1 question with 1 left is then no
            # position that cannot exist).
            "hot_dogs_discarded": None,
            "substituted": substituted,
        }
    if mode == "playmaker":
        player |= {"hand": None, "playbook": None, "plays_used": None, "power_change": None}
    return player


def _battle(
    mode: str,
    battle: int,
    phase: str,
    honors: int,
    to_act: int | None,
    players: list[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "kind": "battle",
        "mode": mode,
        "battle": battle,
        "phase": phase,
        "honors": honors,
        "to_act": to_act,
        "draws": 0 if battle == 1 else None,  # earlier battles not described
        "players": players,
    }


# ----- Can I substitute? -----


class CanISubstitute(BaseModel):
    mode: Literal["substitution", "playmaker"] = Field(
        default="substitution", title="Mode", json_schema_extra=labelled(MODES)
    )
    battle: int = Field(default=1, ge=1, le=7, title="Battle", description="1 to 7.")
    i_have_honors: bool = Field(default=True, title="I have honors this battle")
    opponent_has_decided: bool = Field(
        default=False,
        title="My opponent has already substituted or kept their Hero",
        description="Only matters when your opponent has honors.",
    )
    i_already_substituted_this_battle: bool = Field(
        default=False, title="I have already substituted this battle"
    )
    my_hot_dogs: int = Field(default=10, ge=0, le=10, title="Hot Dogs I have left")
    hero_in_battle_zone_power: PowerValue | None = Field(
        default=None,
        title="Power of my Hero in this Battle Zone (optional)",
        description="Whether you may substitute does not rest on it.",
    )
    bench_hero_power: PowerValue | None = Field(
        default=None, title="Power of the Bench Hero I want to bring in (optional)"
    )


def build_can_i_substitute(form: CanISubstitute) -> tuple[dict[str, Any], dict[str, Any]]:
    honors = 0 if form.i_have_honors else 1
    phase = "substitution"
    if form.i_have_honors:
        to_act: int | None = 1 if form.i_already_substituted_this_battle else 0
    elif form.i_already_substituted_this_battle:
        # Both have decided: the battle has moved past its Substitution Phase.
        phase, to_act = ("plays", 1) if form.mode == "playmaker" else ("compare", None)
    else:
        to_act = 0 if form.opponent_has_decided else 1
    zone = _hero("your-hero", form.hero_in_battle_zone_power, name="your Hero")
    bench = _hero("your-bench-hero", form.bench_hero_power, name="your Bench Hero")
    me = _player(
        "a",
        "You",
        form.mode,
        form.battle,
        zone,
        bench=[bench],
        hot_dogs=form.my_hot_dogs,
        substituted=form.i_already_substituted_this_battle,
    )
    # The Bench holds the Hero brought in; the others on it are not asked.
    me["partly_described"] = ["bench"]
    them = _player("b", "Your opponent", form.mode, form.battle)
    state = _battle(form.mode, form.battle, phase, honors, to_act, [me, them])
    return state, {"kind": "substitute", "player": 0, "hero": "your-bench-hero"}


# ----- Who wins this battle? -----


class WhoWinsThisBattle(BaseModel):
    mode: Literal["rookie", "substitution", "playmaker"] = Field(
        default="playmaker", title="Mode", json_schema_extra=labelled(MODES)
    )
    battle: int = Field(default=1, ge=1, le=7, title="Battle", description="1 to 7.")
    i_have_honors: bool = Field(
        default=True,
        title="I have honors this battle",
        description="After a draw, whoever has honors keeps them (not in Rookie Mode).",
    )
    my_hero: str = Field(
        default="",
        max_length=100,
        title="My Hero (optional)",
        description="Its printed name; start typing and pick your printing from the list: "
        "its Power and weapon are then taken from the card.",
        json_schema_extra={
            "card": GAME,
            "fills": {"power": "my_hero_power", "weapon": "my_hero_weapon"},
        },
    )
    my_hero_power: PowerValue = Field(
        default=100,
        title="My Hero's Power",
        description="Not needed when you picked your Hero's printing.",
    )
    my_hero_weapon: WeaponChoice = Field(
        default="none", title="My Hero's weapon", json_schema_extra=labelled(WEAPONS)
    )
    opponent_hero: str = Field(
        default="",
        max_length=100,
        title="My opponent's Hero (optional)",
        description="Its printed name; start typing and pick its printing from the list: "
        "its Power and weapon are then taken from the card.",
        json_schema_extra={
            "card": GAME,
            "fills": {"power": "opponent_hero_power", "weapon": "opponent_hero_weapon"},
        },
    )
    opponent_hero_power: PowerValue = Field(
        default=100,
        title="My opponent's Hero's Power",
        description="Not needed when you picked their Hero's printing.",
    )
    opponent_hero_weapon: WeaponChoice = Field(
        default="none", title="My opponent's Hero's weapon", json_schema_extra=labelled(WEAPONS)
    )
    my_power_change_from_plays: PowerChange = Field(
        default=0,
        title="Power my Plays added to my Hero",
        description="Playmaker only; negative if they took Power away.",
    )
    opponent_power_change_from_plays: PowerChange = Field(
        default=0,
        title="Power my opponent's Plays added to their Hero",
        description="Playmaker only.",
    )
    battles_i_have_won: int | None = Field(
        default=None,
        ge=0,
        le=6,
        title="Battles I have won before this one (optional)",
        description="Needed for battle 7 only: the last battle decides the game.",
        validate_default=True,
    )
    battles_my_opponent_has_won: int | None = Field(
        default=None,
        ge=0,
        le=6,
        title="Battles my opponent has won before this one (optional)",
        validate_default=True,
    )
    ties_allowed: bool = Field(
        default=True,
        title="A tied game is a tie",
        description="Untick where ties are not allowed (a tied game then goes to Sudden Death); "
        "it matters after battle 7 only.",
    )

    @field_validator("battles_i_have_won", "battles_my_opponent_has_won")
    @classmethod
    def _battles_fit(cls, won: int | None, info: ValidationInfo) -> int | None:
        # Said at the field: the battles won so far, both players together, came before this one.
        battle = info.data.get("battle", 7)
        if won is None and battle == 7:
            who = "you have" if info.field_name == "battles_i_have_won" else "your opponent has"
            raise ValueError(f"Battle 7 ends the game: give the battles {who} won before it.")
        together = (won or 0) + (info.data.get("battles_i_have_won") or 0)
        if info.field_name == "battles_i_have_won":
            together = won or 0
        if together > battle - 1:
            raise ValueError(
                f"Battle {battle} has {battle - 1} battles before it: "
                f"{together} won between you is too many."
            )
        return won

    claim: Literal["no claim", "I win", "my opponent wins", "draw"] = Field(
        default="no claim",
        title="What is claimed at the table",
        json_schema_extra={
            "options": {
                "no claim": "Nothing: just tell us",
                "I win": "I win",
                "my opponent wins": "My opponent wins",
                "draw": "It is a draw",
            }
        },
    )


def build_who_wins(form: WhoWinsThisBattle) -> tuple[dict[str, Any], dict[str, Any]]:
    me = _player(
        "a",
        "You",
        form.mode,
        form.battle,
        _hero("your-hero", form.my_hero_power, form.my_hero_weapon, form.my_hero or "your Hero"),
    )
    them = _player(
        "b",
        "Your opponent",
        form.mode,
        form.battle,
        _hero(
            "their-hero",
            form.opponent_hero_power,
            form.opponent_hero_weapon,
            form.opponent_hero or "their Hero",
        ),
    )
    if form.mode == "playmaker":
        me["power_change"] = form.my_power_change_from_plays
        them["power_change"] = form.opponent_power_change_from_plays
    claim = {"no claim": None, "I win": 0, "my opponent wins": 1, "draw": "draw"}[form.claim]
    honors = 0 if form.i_have_honors or form.mode == "rookie" else 1
    state = _battle(form.mode, form.battle, "compare", honors, None, [me, them])
    won = (form.battles_i_have_won, form.battles_my_opponent_has_won)
    if form.battle > 1 and None not in won:
        # The battles before this one that nobody won were drawn.
        me["trophies"], them["trophies"] = won
        state["draws"] = max(0, form.battle - 1 - sum(w or 0 for w in won))
    state["ties_allowed"] = form.ties_allowed
    return state, {"kind": "resolve-battle", "claim": claim}


# ----- Can I run a Play? -----


class CanIRunAPlay(BaseModel):
    battle: int = Field(default=1, ge=1, le=7, title="Battle", description="1 to 7.")
    i_have_honors: bool = Field(default=True, title="I have honors this battle")
    opponent_has_passed: bool = Field(
        default=False,
        title="My opponent has already passed",
        description="Only matters when your opponent has honors.",
    )
    i_already_passed: bool = Field(default=False, title="I have already passed this battle")
    my_hot_dogs: int = Field(default=10, ge=0, le=10, title="Hot Dogs I have left")
    play_name: str = Field(
        default="",
        max_length=100,
        title="The Play (optional)",
        description="Its printed name; start typing to pick it from the card list.",
        json_schema_extra={"card": GAME},
    )
    play_cost: int = Field(default=1, ge=0, le=20, title="Its Hot Dog cost")


def build_can_i_run_a_play(form: CanIRunAPlay) -> tuple[dict[str, Any], dict[str, Any]]:
    honors = 0 if form.i_have_honors else 1
    phase = "plays"
    if form.i_already_passed:
        # Honors passed means the other player acts; the other passing ends the phase.
        phase, to_act = ("plays", 1) if form.i_have_honors else ("compare", None)
    elif form.i_have_honors:
        to_act = 0
    else:
        to_act = 0 if form.opponent_has_passed else 1
    me = _player("a", "You", "playmaker", form.battle, hot_dogs=form.my_hot_dogs)
    # Your Hand holds at least this Play: the others are not asked, nor whether a Play
    # changed the Power (no rule on running one rests on them).
    play = form.play_name or "your Play"
    me["hand"] = [{"id": "your-play", "name": play, "cost": form.play_cost}]
    me["partly_described"] = ["hand"]
    them = _player("b", "Your opponent", "playmaker", form.battle)
    state = _battle("playmaker", form.battle, phase, honors, to_act, [me, them])
    return state, {"kind": "run-play", "player": 0, "play": "your-play"}


# ----- Who wins Sudden Death? -----


class WhoWinsSuddenDeath(BaseModel):
    my_revealed_power: PowerValue = Field(default=100, title="Power of the Hero I revealed")
    my_revealed_weapon: WeaponChoice = Field(
        default="none", title="Its weapon", json_schema_extra=labelled(WEAPONS)
    )
    opponent_revealed_power: PowerValue = Field(
        default=100, title="Power of the Hero my opponent revealed"
    )
    opponent_revealed_weapon: WeaponChoice = Field(
        default="none", title="Its weapon", json_schema_extra=labelled(WEAPONS)
    )


def build_sudden_death(form: WhoWinsSuddenDeath) -> tuple[dict[str, Any], dict[str, Any]]:
    me = _player(
        "a",
        "You",
        "rookie",
        7,
        deck=[_hero("your-top-hero", form.my_revealed_power, form.my_revealed_weapon, "your Hero")],
    )
    them = _player(
        "b",
        "Your opponent",
        "rookie",
        7,
        deck=[
            _hero(
                "their-top-hero",
                form.opponent_revealed_power,
                form.opponent_revealed_weapon,
                "their Hero",
            )
        ],
    )
    # Each Hero Deck holds the revealed Hero on top; the cards under it are not asked.
    me["partly_described"] = them["partly_described"] = ["hero_deck"]
    # Sudden Death follows a tied game; by how many battles each it was tied is not asked.
    state = _battle("rookie", 7, "sudden-death", 0, None, [me, them])
    state["ties_allowed"] = False
    return state, {"kind": "sudden-death"}


# ----- Is my deck legal? -----


class IsMyDeckLegal(BaseModel):
    format: FormatChoice = Field(  # type: ignore[valid-type]
        default="playmaker-constructed",
        title="Mode or tournament format",
        json_schema_extra=labelled(FORMAT_NAMES),
    )
    heroes: list[str] = Field(
        default_factory=list,
        max_length=200,
        title="Your Hero Deck",
        description="One Hero a line: name; Power; weapon (for example: Bandelero; 110; Fire).",
    )
    plays: list[str] = Field(
        default_factory=list,
        max_length=200,
        title="Your Playbook",
        description="One Play a line: name; Play, Bonus Play or HTD Play; its Deck Balancing "
        "Score if known (for example: Blitz; Play; 12).",
    )
    hot_dogs: int = Field(default=10, ge=0, le=100, title="Hot Dogs in your Hot Dog Deck")

    @field_validator("heroes")
    @classmethod
    def _heroes_in_words(cls, lines: list[str]) -> list[str]:
        for n, line in enumerate(lines, start=1):
            parts = [*_fields(line), "", ""]
            if line.strip() and not parts[0]:
                raise ValueError(f"Line {n}: give the Hero's name first.")
            if parts[1] and not parts[1].isdigit():
                raise ValueError(f"Line {n}: the Power is a whole number, not “{parts[1]}”.")
            if parts[2] and parts[2].casefold() not in _WEAPON_WORDS:
                raise ValueError(
                    f"Line {n}: “{parts[2]}” is not a weapon: one of {', '.join(WEAPON_NAMES)}."
                )
        return lines

    @field_validator("plays")
    @classmethod
    def _plays_in_words(cls, lines: list[str]) -> list[str]:
        for n, line in enumerate(lines, start=1):
            parts = [*_fields(line), "", ""]
            if line.strip() and not parts[0]:
                raise ValueError(f"Line {n}: give the Play's name first.")
            if parts[1] and _play_kind(parts[1]) is None:
                raise ValueError(
                    f"Line {n}: “{parts[1]}” is not a kind of Play: Play, Bonus Play or HTD Play."
                )
            if parts[2] and not parts[2].isdigit():
                raise ValueError(
                    f"Line {n}: the Deck Balancing Score is a whole number, not “{parts[2]}”."
                )
        return lines


def _fields(line: str) -> list[str]:
    return [part.strip() for part in line.split(";")]


WEAPON_NAMES = [w.value for w in Weapon]
_WEAPON_WORDS = {w.casefold() for w in WEAPON_NAMES}
_PLAY_KINDS = {"play": "play", "bonus play": "bonus-play", "htd play": "htd-play"}


def _play_kind(text: str) -> str | None:
    """A kind of Play as a player writes it ("Bonus Play", "bonus-play"), or None."""
    words = " ".join(text.replace("-", " ").replace("_", " ").casefold().split())
    return _PLAY_KINDS.get(words) or _PLAY_KINDS.get(f"{words} play")


def _number(text: str) -> int | str:
    """A typed number as a number; anything else as typed, for the engine to refuse by field."""
    try:
        return int(text)
    except ValueError:
        return text


def _hero_card(line: str) -> dict[str, Any]:
    parts = [*_fields(line), "", ""]
    return {
        "name": parts[0],
        "kind": "hero",
        "power": _number(parts[1]) if parts[1] else None,
        "weapon": parts[2] or None,
    }


def _play_card(line: str) -> dict[str, Any]:
    parts = [*_fields(line), "", ""]
    card: dict[str, Any] = {"name": parts[0], "kind": _play_kind(parts[1] or "play")}
    if parts[2]:
        card["dbs"] = _number(parts[2])
    return card


def build_deck(form: IsMyDeckLegal) -> tuple[dict[str, Any], dict[str, Any]]:
    state: dict[str, Any] = {
        "kind": "deck",
        "hero_deck": [_hero_card(line) for line in form.heroes if line.strip()],
        "playbook": [_play_card(line) for line in form.plays if line.strip()],
        "hot_dog_deck": [{"name": "Hot Dog", "kind": "hot-dog", "count": form.hot_dogs}]
        if form.hot_dogs
        else [],
    }
    return state, {"kind": "check-deck", "format": form.format}


QUESTIONS: tuple[Question, ...] = (
    Question(
        slug="is-my-deck-legal",
        title="Is my deck legal?",
        form=IsMyDeckLegal,
        build=build_deck,
        help="Before you play: does your deck meet the mode or the tournament format?",
        moment="Before the game",
        hand_over="deck-check",
        hand_over_words="Paste your whole deck list",
    ),
    Question(
        slug="can-i-substitute",
        title="Can I substitute now?",
        form=CanISubstitute,
        build=build_can_i_substitute,
        help="Before the battle: may you swap in a Bench Hero (2 Hot Dogs, once a battle)?",
        moment="In a battle",
    ),
    Question(
        slug="who-wins-this-battle",
        title="Who wins this battle?",
        form=WhoWinsThisBattle,
        build=build_who_wins,
        help="When the Heroes are compared: who takes the battle, or is it a draw?",
        moment="In a battle",
    ),
    Question(
        slug="can-i-run-a-play",
        title="Can I run a Play now?",
        form=CanIRunAPlay,
        build=build_can_i_run_a_play,
        help="In Playmaker, before the Power is compared: is it your chance to run a Play?",
        moment="In a battle",
    ),
    Question(
        slug="who-wins-sudden-death",
        title="Who wins Sudden Death?",
        form=WhoWinsSuddenDeath,
        build=build_sudden_death,
        help="After a tied game: who wins when the top Heroes are revealed?",
        moment="End of the game",
    ),
)


# ----- a question asked at a table: the form starts from the table's board, seen by the
# player whose decision it is (else the player with honors) as "you"; what the board does not
# say (a face-down Hero, a pile not described) keeps the form's own value


def _me(board: dict[str, Any]) -> int:
    """The seat asking: the player whose decision it is, else the player with honors."""
    for seat in (board.get("to_act"), board.get("honors")):
        if seat in (0, 1):
            return int(seat)
    return 0


def _seen_from_the_decision(board: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(you, your opponent) on a battle board."""
    players = board.get("players") or [{}, {}]
    me = _me(board)
    return players[me], players[1 - me]


def _in_battle(board: dict[str, Any]) -> dict[str, Any]:
    """The facts every battle form shares: the mode, the battle, who has honors."""
    if board.get("kind", "battle") != "battle":
        return {}
    return {
        "mode": board.get("mode"),
        "battle": board.get("battle", 1),
        "i_have_honors": board.get("honors", 0) == _me(board),
    }


def _zone(player: dict[str, Any], battle: int) -> dict[str, Any]:
    zones = player.get("zones") or []
    return zones[battle - 1] if 0 < battle <= len(zones) else {}


def _described(facts: dict[str, Any], values: dict[str, Any | None]) -> dict[str, Any]:
    """`facts` with the values the board describes (a None is not described: left out)."""
    return {**facts, **{k: v for k, v in values.items() if v is not None}}


def substitute_from_board(board: dict[str, Any]) -> dict[str, Any]:
    facts = _in_battle(board)
    if not facts or facts["mode"] == "rookie":  # no Bench in Rookie: the form's own mode
        facts.pop("mode", None)
    me, them = _seen_from_the_decision(board)
    return _described(
        facts,
        {
            "opponent_has_decided": bool(them.get("substituted")) or None,
            "i_already_substituted_this_battle": me.get("substituted"),
            "my_hot_dogs": me.get("hot_dogs"),
            "hero_in_battle_zone_power": _zone(me, facts["battle"]).get("power"),
        },
    )


def who_wins_from_board(board: dict[str, Any]) -> dict[str, Any]:
    facts = _in_battle(board)
    if not facts:
        return {}
    me, them = _seen_from_the_decision(board)
    mine, theirs = _zone(me, facts["battle"]), _zone(them, facts["battle"])
    return _described(
        facts,
        {
            "my_hero": mine.get("name") or None,
            "my_hero_power": mine.get("power"),
            "my_hero_weapon": mine.get("weapon"),
            "opponent_hero": theirs.get("name") or None,
            "opponent_hero_power": theirs.get("power"),
            "opponent_hero_weapon": theirs.get("weapon"),
            "my_power_change_from_plays": me.get("power_change"),
            "opponent_power_change_from_plays": them.get("power_change"),
            "battles_i_have_won": me.get("trophies"),
            "battles_my_opponent_has_won": them.get("trophies"),
            "ties_allowed": board.get("ties_allowed"),
        },
    )


def run_a_play_from_board(board: dict[str, Any]) -> dict[str, Any]:
    facts = _in_battle(board)
    if not facts:
        return {}
    facts.pop("mode")
    me, _ = _seen_from_the_decision(board)
    return _described(facts, {"my_hot_dogs": me.get("hot_dogs")})


def sudden_death_from_board(board: dict[str, Any]) -> dict[str, Any]:
    if board.get("kind", "battle") != "battle":
        return {}
    me, them = _seen_from_the_decision(board)
    tops = [(p.get("hero_deck") or [{}])[0] for p in (me, them)]
    return _described(
        {},
        {
            "my_revealed_power": tops[0].get("power"),
            "my_revealed_weapon": tops[0].get("weapon"),
            "opponent_revealed_power": tops[1].get("power"),
            "opponent_revealed_weapon": tops[1].get("weapon"),
        },
    )


_FROM_BOARD = {
    "can-i-substitute": substitute_from_board,
    "who-wins-this-battle": who_wins_from_board,
    "can-i-run-a-play": run_a_play_from_board,
    "who-wins-sudden-death": sudden_death_from_board,
}
# The player's facts, empty where no table's board says them (the mode is the variant played:
# it keeps its default).
_BLANK = {
    "can-i-substitute": ("battle", "my_hot_dogs"),
    "who-wins-this-battle": ("battle", "my_hero_power", "opponent_hero_power"),
    "can-i-run-a-play": ("battle", "my_hot_dogs"),
    "who-wins-sudden-death": ("my_revealed_power", "opponent_revealed_power"),
}
QUESTIONS = tuple(
    replace(q, from_board=_FROM_BOARD.get(q.slug), blank=_BLANK.get(q.slug, ())) for q in QUESTIONS
)


# ----- the reveal, offered at a table as a short form (rules.py `move_forms`)


class RevealForm(BaseModel):
    """The two Heroes of the battle as they were turned face up: Player A's, then Player B's."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    first_hero_power: PowerValue = Field(title="Player A's Hero: Power")
    first_hero_weapon: WeaponChoice = Field(
        title="Player A's Hero: weapon", json_schema_extra=labelled(WEAPONS)
    )
    second_hero_power: PowerValue = Field(title="Player B's Hero: Power")
    second_hero_weapon: WeaponChoice = Field(
        title="Player B's Hero: weapon", json_schema_extra=labelled(WEAPONS)
    )


def reveal_move(form: RevealForm) -> dict[str, Any]:
    heroes = [
        {"power": form.first_hero_power, "weapon": form.first_hero_weapon},
        {"power": form.second_hero_power, "weapon": form.second_hero_weapon},
    ]
    return {"kind": "reveal-heroes", "heroes": heroes}
