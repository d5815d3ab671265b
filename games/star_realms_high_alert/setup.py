"""Setting up with mini-expansions: the cards shuffled into the trade deck checked as a ruling
(rules 1.3-1.6, 2.3, 2.4), and "how do we set up?" worked out for the packs chosen."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import Field

from games.core import Reason
from games.core.readings import ReadingTurn
from games.core.setup_pages import CitedSetup
from games.core.words import listed, plural
from games.star_realms_high_alert.catalog import CARDS
from games.star_realms_high_alert.reasons import REASONS
from games.star_realms_high_alert.state import ExpansionSlug, State

PACKS: tuple[ExpansionSlug, ...] = ("requisition", "tech", "invasion", "heroes")
PACK_NAMES = {
    "requisition": "Requisition",
    "tech": "Tech",
    "invasion": "Invasion",
    "heroes": "Heroes",
}
PACK_RULE = {  # the rule that lists each pack's cards
    "requisition": "requisition-pack",
    "tech": "tech-pack",
    "invasion": "invasion-pack",
    "heroes": "heroes-pack",
}


def pack(expansion: str) -> Counter[str]:
    """card slug -> copies in the pack, as the sheet lists them."""
    return Counter({c.slug: c.copies for c in CARDS.values() if c.expansion == expansion})


def _r(code: str, detail: str) -> Reason:
    return REASONS.reason(code, detail)


def setup_problems(state: State, added: Counter[str]) -> tuple[list[Reason], list[str]]:
    """How the cards shuffled in differ from whole packs, and the packs they make up."""
    packs_added = sorted({CARDS[slug].expansion for slug, n in added.items() if n > 0})
    chosen: list[str] = list(state.expansions) if state.expansions is not None else packs_added
    problems: list[Reason] = []
    for expansion in packs_added:
        if expansion not in chosen:
            cards = [CARDS[s].name for s in sorted(added) if CARDS[s].expansion == expansion]
            problems.append(
                _r(
                    "setup-pack-not-chosen",
                    f"{listed(cards)} {plural(len(cards), 'is', 'are')} from "
                    f"{PACK_NAMES[expansion]}, which is not among the mini-expansions added",
                )
            )
    for expansion in chosen:
        want = pack(expansion)
        short = [(s, want[s] - added[s]) for s in sorted(want) if added[s] < want[s]]
        if short:
            missing = listed([f"{n} {CARDS[s].name}" for s, n in short])
            problems.append(
                _r(
                    "setup-pack-incomplete",
                    f"{PACK_NAMES[expansion]} is added, but {missing} "
                    f"{plural(sum(n for _, n in short), 'is', 'are')} not shuffled in",
                )
            )
            problems.append(
                _r(PACK_RULE[expansion], f"{PACK_NAMES[expansion]} holds {sum(want.values())}")
            )
    return problems, chosen


class SetupPlan(CitedSetup):
    """How do we set up? The High Alert cards to shuffle into the trade deck."""

    expansions: list[ExpansionSlug]
    cards_added: int = Field(description="High Alert cards shuffled into the trade deck")
    per_pack: dict[str, int]
    cards: dict[str, dict[str, int]] = Field(description="pack -> card name -> copies")
    unknown: str = Field(
        description="What the sheet does not give: the base game's own setup and trade deck"
    )
    deciding_rule: str = Field(
        description=(
            "The rule that settles the setup: which mini-expansions may be added (rule 2.3), "
            "as a ruling on the same setup decides it"
        )
    )
    interpretations: list[str] = Field(
        default_factory=list,
        description="Keys of the reference rulings the setup rests on (two or three packs)",
    )
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list,
        description=(
            "The readings of open points the setup turns on, found as for a ruling on the "
            "same setup (read the other way, two or three packs are not a correct setup); "
            "with what the other reading answers"
        ),
    )


def setup_plan(expansions: Iterable[str]) -> SetupPlan:
    """The cards to shuffle in for the mini-expansions chosen (rule 2.3: one, several or all
    four). Raises ValueError for a name that is not a mini-expansion, or none at all. The
    readings the setup turns on are the engine's to find (`RULES.plan_setup` rules the same
    setup and carries them): this plan gives the sheet's steps and rules."""
    chosen: list[ExpansionSlug] = []
    for name in expansions:
        slug = name.strip().casefold()
        if slug not in PACKS:
            raise ValueError(f"{name!r} is not a mini-expansion: {', '.join(PACKS)}")
        if slug not in chosen:
            chosen.append(next(p for p in PACKS if p == slug))  # one of PACKS, checked above
    if not chosen:
        raise ValueError("choose at least one mini-expansion")
    cards = {PACK_NAMES[e]: {CARDS[s].name: n for s, n in sorted(pack(e).items())} for e in chosen}
    per_pack = {PACK_NAMES[e]: sum(pack(e).values()) for e in chosen}
    total = sum(per_pack.values())
    steps = [
        f"Take the {PACK_NAMES[e]} cards ({per_pack[PACK_NAMES[e]]}, marked "
        f"{_MARK[e]} in the bottom-right corner)."
        for e in chosen
    ]
    steps.append(f"Shuffle these {total} cards into the trade deck.")
    lists = [REASONS.key(PACK_RULE[e]) for e in chosen]
    marks, shuffle = "star-realms-high-alert:2.2", REASONS.key("setup-whole-packs")
    allowed = REASONS.key("setup-one-or-all-packs")
    return SetupPlan(
        expansions=chosen,
        cards_added=total,
        per_pack=per_pack,
        cards=cards,
        steps=steps,
        rules=[*lists, marks, allowed, shuffle],
        # a pack's step cites its list and the marks it names (2.2); the shuffle, which adds
        # the packs chosen, the rule on which may be added (2.3) and how they are added (2.4)
        rules_by_step=[[key, marks] for key in lists] + [[allowed, shuffle]],
        unknown="The base game's own cards and the rest of its setup are not on the High Alert "
        "sheet.",
        deciding_rule=allowed,
    )


_MARK = {"requisition": "Р", "tech": "Т", "invasion": "В", "heroes": "П"}


def expansion_problems(state: State) -> list[Reason]:
    """High Alert cards on the table from a mini-expansion that was not added (rule 2.4): a
    table that can be laid out, ruled on before any move."""
    if state.expansions is None:
        return []
    found: list[Reason] = []
    zones = (state.play_area, state.trade_row, state.discard_pile, state.scrap_heap)
    slugs = [c.card for zone in zones for c in zone if c.card is not None]
    slugs += [h.card for h in state.heroes] + [t.card for t in state.techs]
    for slug in dict.fromkeys(slugs):
        expansion = CARDS[slug].expansion
        if expansion not in state.expansions:
            found.append(
                _r(
                    "expansion-not-added",
                    f"{CARDS[slug].name} is from {PACK_NAMES[expansion]}, which was not "
                    "shuffled into the trade deck",
                )
            )
    return found
