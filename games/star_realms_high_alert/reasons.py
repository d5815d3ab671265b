"""Every reason the High Alert engine can give, each bound to one rule of `rules.toml`, and the
reference rulings (clarifications) a ruling may rest on."""

from __future__ import annotations

from games.core import ReasonCatalog

SLUG = "star-realms-high-alert"

REASONS = ReasonCatalog(
    SLUG,
    {
        # when
        "outside-main-phase": "9.5",
        "hero-scrap-outside-main-phase": "3.8",
        # ally abilities
        "no-ally-ability": "5.4",
        "ally-already-used": "7.5",
        "ally-not-triggered": "5.4",
        "ally-triggered": "5.4",
        "no-double-ally-ability": "5.1",
        "double-ally-already-used": "7.5",
        "double-ally-not-triggered": "5.3",
        "double-ally-triggered": "5.3",
        "merged-card-counts": "6.4",
        "merged-ability-triggered": "6.5",
        "effect-symbol-counts": "7.2",
        "hero-primary-symbol-counts": "3.4",
        "hero-has-no-faction": "3.5",
        "hero-primary-expired": "3.7",
        "chosen-faction-not-this-turn": "7.2",
        # acquiring
        "price-paid": "9.1",
        "not-enough-trade": "9.2",
        "requisition-discount": "8.2",
        "effects-not-in-discount": "8.3",
        "discount-not-printed-cost": "8.4",
        "free-acquire": "9.3",
        "over-free-limit": "9.3",
        "goes-to-discard-pile": "9.4",
        "hero-enters-play": "3.3",
        "hero-primary-applies": "3.4",
        "tech-enters-play": "4.3",
        # tech
        "tech-used": "4.4",
        "tech-used-the-turn-acquired": "4.4",
        "tech-already-used": "4.4",
        "tech-not-enough-trade": "4.4",
        "tech-has-no-faction": "4.5",
        "discount-requisition-only": "8.2",
        "chosen-faction-is-an-effect": "7.3",
        # heroes
        "hero-scrapped": "3.8",
        "scrap-symbol-gained": "7.2",
        # voided parts of a legal acquisition
        "hero-placed-void": "3.3",
        "tech-placed-void": "4.3",
        "ship-placed-void": "9.4",
        "effects-discount-void": "8.3",
        "overpaid-void": "9.1",
        "price-not-paid": "9.1",
        # the end of the turn
        "hero-stays-on-table": "3.6",
        "hero-primary-ends": "3.7",
        "tech-stays-on-table": "4.6",
        "tech-use-resets": "4.4",
        "effect-symbols-expire": "7.2",
        "chosen-faction-expires": "7.2",
        "ally-uses-reset": "7.5",
        # cards an earlier move removed
        "hero-already-scrapped": "3.8",
        "card-left-trade-row": "9.1",
        "card-in-discard-pile": "9.4",
        "card-turn-ended": "10.3",
        "hand-card-discarded": "10.3",
        "hero-not-on-table": "3.8",
        "tech-not-on-table": "4.4",
        "free-acquire-spent": "9.3",
        "free-acquire-turn-ended": "10.3",
        # turn after turn
        "card-played": "10.1",
        "card-already-played": "10.1",
        "card-not-played": "10.1",
        "card-not-in-hand": "10.1",
        "play-outside-main-phase": "10.1",
        "trade-gained": "10.2",
        "trade-not-printed": "10.2",
        "cards-leave-play": "10.3",
        "hand-discarded": "10.3",
        "hand-drawn": "10.4",
        "cards-drawn": "10.4",
        "draw-not-now": "10.4",
        "turn-already-ended": "10.4",
        # setup
        "requisition-pack": "1.3",
        "tech-pack": "1.4",
        "invasion-pack": "1.5",
        "heroes-pack": "1.6",
        "setup-pack-not-chosen": "2.3",
        "setup-one-or-all-packs": "2.3",
        "setup-pack-incomplete": "2.4",
        "setup-whole-packs": "2.4",
        "expansion-not-added": "2.4",
    },
)


# The key of one of our reference rulings (clarifications.toml).
clar = REASONS.interpretation


MERGED_DISCOUNT = clar("merged-card-and-requisition-discount")
HERO_NO_FACTION = clar("hero-is-not-a-faction-card")
MERGED_EFFECT_BOTH = clar("merged-symbol-effect-counts-for-both")
MERGED_DOUBLE_ALLY = clar("merged-symbols-and-double-ally")
STEALTH_EFFECT = clar("stealth-faction-is-an-effect")
DISCOUNT_FLOOR = clar("discount-never-below-zero")
HERO_SCRAP_SAME_TURN = clar("hero-scrap-same-turn")
TECH_SAME_TURN = clar("tech-usable-the-turn-acquired")
FREE_HERO_OR_TECH = clar("free-acquire-hero-or-tech")
MAIN_PHASE = clar("main-phase-actions")
SOME_PACKS = clar("two-or-three-mini-expansions")
ALLY_ONCE = clar("ally-ability-once-a-turn")
FACTION_SHOWN = clar("faction-shown-is-the-cards-faction")
COSTING_OR_LESS = clar("acquire-costing-n-or-less")
ENDED_TURN = clar("cards-of-an-ended-turn")

INTERPRETATIONS = frozenset(
    {
        MERGED_DISCOUNT,
        HERO_NO_FACTION,
        MERGED_EFFECT_BOTH,
        MERGED_DOUBLE_ALLY,
        STEALTH_EFFECT,
        DISCOUNT_FLOOR,
        HERO_SCRAP_SAME_TURN,
        TECH_SAME_TURN,
        FREE_HERO_OR_TECH,
        MAIN_PHASE,
        SOME_PACKS,
        ALLY_ONCE,
        FACTION_SHOWN,
        COSTING_OR_LESS,
        ENDED_TURN,
    }
)

# Readings no answer turns on, never flagged. DISCOUNT_FLOOR: a price never goes below 0 in
# either public card source (a fact the reference gives). FACTION_SHOWN: every Requisition card
# has one faction, the one its discount reads. COSTING_OR_LESS: the sheet's own example says the
# reduction does not change the cost such an effect reads. MERGED_EFFECT_BOTH: a ruling asks
# about one ally ability, and the symbol counts toward it whether it stands for both factions or
# for the one the player picks. ENDED_TURN, MAIN_PHASE: the base game's turn, which the sheet
# takes as given ("your main phase"; a hero "is not discarded at the end of your turn", unlike
# ships). Every other reading here is ruled both ways (`ours`, games/core/readings.py).
NEVER_TURNS = frozenset(
    {DISCOUNT_FLOOR, FACTION_SHOWN, COSTING_OR_LESS, MERGED_EFFECT_BOTH, ENDED_TURN, MAIN_PHASE}
)

# Where each reason is ruled on: `REASONS.module(code)` names the module to open.
REASONS.rules_in(
    {
        "rules": (
            "outside-main-phase",
            "hero-scrap-outside-main-phase",
            "no-ally-ability",
            "ally-already-used",
            "ally-not-triggered",
            "ally-triggered",
            "no-double-ally-ability",
            "double-ally-already-used",
            "double-ally-not-triggered",
            "double-ally-triggered",
            "merged-card-counts",
            "merged-ability-triggered",
            "effect-symbol-counts",
            "hero-primary-symbol-counts",
            "hero-has-no-faction",
            "hero-primary-expired",
            "chosen-faction-not-this-turn",
            "price-paid",
            "not-enough-trade",
            "requisition-discount",
            "effects-not-in-discount",
            "discount-not-printed-cost",
            "free-acquire",
            "over-free-limit",
            "goes-to-discard-pile",
            "hero-enters-play",
            "hero-primary-applies",
            "tech-enters-play",
            "tech-used",
            "tech-used-the-turn-acquired",
            "tech-already-used",
            "tech-not-enough-trade",
            "tech-has-no-faction",
            "discount-requisition-only",
            "chosen-faction-is-an-effect",
            "hero-scrapped",
            "scrap-symbol-gained",
            "hero-placed-void",
            "tech-placed-void",
            "ship-placed-void",
            "effects-discount-void",
            "overpaid-void",
            "price-not-paid",
            "card-played",
            "play-outside-main-phase",
            "trade-gained",
            "trade-not-printed",
            "hand-drawn",
            "cards-drawn",
            "draw-not-now",
            "turn-already-ended",
            "setup-one-or-all-packs",
        ),
        "turns": (
            "hero-already-scrapped",
            "card-left-trade-row",
            "card-in-discard-pile",
            "card-turn-ended",
            "hand-card-discarded",
            "hero-not-on-table",
            "tech-not-on-table",
            "free-acquire-spent",
            "free-acquire-turn-ended",
            "card-already-played",
            "card-not-played",
            "card-not-in-hand",
        ),
        "turn_end": (
            "cards-leave-play",
            "hand-discarded",
            "hero-stays-on-table",
            "hero-primary-ends",
            "tech-stays-on-table",
            "tech-use-resets",
            "effect-symbols-expire",
            "chosen-faction-expires",
            "ally-uses-reset",
        ),
        "setup": (
            "requisition-pack",
            "tech-pack",
            "invasion-pack",
            "heroes-pack",
            "setup-pack-not-chosen",
            "setup-pack-incomplete",
            "setup-whole-packs",
            "expansion-not-added",
        ),
    }
)

# Which reasons decide a ruling (games/core/deciding.py): the Requisition discount decides over
# paying the price (9.1); merged factions, heroes' symbols and effects over the ally rule (5.4).
# A lower sum offered for counting effects toward a discount is settled by the void (8.3): the
# player asks whether the symbols count, not what the discount is.
REASONS.decide(
    first=(
        "effects-discount-void",
        # A card put where the rules do not put it: where it goes is what the player did
        # wrong (3.3, 4.3, 9.4), over the price or the free-acquire limit it was taken within.
        "hero-placed-void",
        "tech-placed-void",
        "ship-placed-void",
        "requisition-discount",
        "discount-requisition-only",
        "discount-not-printed-cost",
        "effects-not-in-discount",
        "free-acquire",
        "merged-card-counts",
        "hero-primary-symbol-counts",
        "effect-symbol-counts",
        "merged-ability-triggered",
        "hero-has-no-faction",
        # A Stealth on the table not used this turn, beside an ally short of a card: the
        # faction it chose in an earlier turn counted only for that turn (7.2).
        "chosen-faction-not-this-turn",
        # A tech used the turn it was acquired: what is doubted is the use that turn, which
        # the Tech rules settle (4.3, 4.4) for Stealth as for any tech, not what the faction
        # Stealth gives counts for (7.3), asked only of a tech from an earlier turn.
        "tech-used-the-turn-acquired",
        "chosen-faction-is-an-effect",
    ),
    general=(
        "price-paid",
        "goes-to-discard-pile",
        # what follows from acquiring or scrapping, never what is asked
        "hero-primary-applies",
        "scrap-symbol-gained",
        # Said beside the rule that decides, never alone: an earlier turn's hero in an ally
        # count stands with hero-has-no-faction (3.5), the rule the count turns on (read the
        # other way, the hero is a card of its symbol's factions); Stealth's "itself has no
        # faction" stands with chosen-faction-is-an-effect (7.3), which says what the faction
        # chosen counts for.
        "hero-primary-expired",
        "tech-has-no-faction",
        # The Trade a card played adds stands with card-played (10.1); an amount in dispute
        # is ruled by trade-not-printed (the same rule 10.2).
        "trade-gained",
        # Ally abilities used this turn belong to cards that leave play at the end of it:
        # cards-leave-play (10.3) always stands beside it and decides.
        "ally-uses-reset",
        # A pack short of cards: its card list (1.3-1.6), which always stands beside it, is
        # what a player reads aloud ("Hellfire ×2"); alone (no card added at all) it decides.
        "setup-pack-incomplete",
        # Shuffling each pack in whole (2.4) follows from the packs chosen (2.3), which
        # decides a correct setup.
        "setup-whole-packs",
    ),
)
