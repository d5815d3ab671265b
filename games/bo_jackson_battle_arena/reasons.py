"""Every reason the Bo Jackson Battle Arena engine can give, each bound to one rule number.

The three modes restate the same battle rules in their own sections (4.1.2, 4.2.2, 4.3.2), so
a reason that exists in several modes has one code per mode: the base code for the first mode
that has it, `<base>-in-<mode>` for the others. `mode_code` picks the right one.
"""

from __future__ import annotations

from typing import Literal

from games.core import ReasonCatalog

SLUG = "bo-jackson-battle-arena"

Mode = Literal["rookie", "substitution", "playmaker"]
MODES: tuple[Mode, ...] = ("rookie", "substitution", "playmaker")

# base code -> {mode: rule number}; the first mode listed owns the bare code.
_BY_MODE: dict[str, dict[str, str]] = {
    "higher-power-wins": {"rookie": "4.1.2.2", "substitution": "4.2.2.6", "playmaker": "4.3.2.11"},
    "equal-power-draw": {"rookie": "4.1.2.3", "substitution": "4.2.2.6", "playmaker": "4.3.2.11"},
    "heroes-revealed": {"rookie": "4.1.2.1", "substitution": "4.2.2.5", "playmaker": "4.3.2.5"},
    "trophy-to-winner": {"rookie": "4.1.2.4", "substitution": "4.2.2.7", "playmaker": "4.3.2.12"},
    "winner-gets-honors": {"substitution": "4.2.2.8", "playmaker": "4.3.2.15"},
    "draw-keeps-honors": {"substitution": "4.2.2.8", "playmaker": "4.3.2.15"},
    # after battle 1, who has honors (and so acts first) is what the last battle left
    "honors-from-last-battle": {"substitution": "4.2.2.8", "playmaker": "4.3.2.15"},
    "substitution-is-optional": {"substitution": "4.2.2.1", "playmaker": "4.3.2.1"},
    "substitution-in-honors-order": {"substitution": "4.2.2.1", "playmaker": "4.3.2.1"},
    "substitution-before-reveal": {"substitution": "4.2.2.1", "playmaker": "4.3.2.1"},
    "substitution-phase-not-over": {"substitution": "4.2.2.1", "playmaker": "4.3.2.1"},
    "substitute-from-bench": {"substitution": "4.2.2.1", "playmaker": "4.3.2.1"},
    "substitution-costs-two-hot-dogs": {"substitution": "4.2.2.1", "playmaker": "4.3.2.1"},
    "substitution-replaces-hero": {"substitution": "4.2.2.2", "playmaker": "4.3.2.2"},
    "substitution-draws-replacement": {"substitution": "4.2.2.3", "playmaker": "4.3.2.3"},
    "one-substitution-per-battle": {"substitution": "4.2.2.4", "playmaker": "4.3.2.4"},
    # setups (4.1.1, 4.2.1, 4.3.1)
    "setup-is-right": {"rookie": "4.1.1.6", "substitution": "4.2.1.4", "playmaker": "4.3.1.7"},
    "setup-bench-four": {"substitution": "4.2.1.5", "playmaker": "4.3.1.8"},
    "setup-hot-dogs-ten": {"substitution": "4.2.1.2", "playmaker": "4.3.1.5"},
}

_SINGLE: dict[str, str] = {
    # battles
    "next-battle": "4.1.2.5",
    "no-substitution-in-rookie": "4.1.2.6",
    "no-plays-in-rookie": "4.1.2.6",
    "no-plays-in-substitution": "4.2.2.9",
    "rookie-mode-piles": "4.1.2.6",
    "substitution-mode-piles": "4.2.2.9",
    "setup-plays-four": "4.3.1.9",
    "setup-not-battle-one": "4.1.2.5",
    # the Play Phase (Playmaker)
    "plays-only-in-play-phase": "4.3.2.6",
    "play-from-hand": "4.3.2.6",
    "play-costs-hot-dogs": "4.3.2.6",
    "play-run": "4.3.2.6",
    "honors-may-pass": "4.3.2.7",
    "honors-plays-first": "4.3.2.8",
    "play-opportunity-used": "4.3.2.9",
    "pass-ends-opportunity": "4.3.2.9",
    "both-passed": "4.3.2.10",
    "play-phase-not-over": "4.3.2.10",
    "super-tie-breaker": "4.3.2.13",
    "draw-a-play": "4.3.2.14",
    # the end of the game
    "game-over": "4.4.1.1",
    "majority-of-battles-wins": "4.4.1.1",
    "equal-battles-tie": "4.4.2.1",
    "tie-goes-to-sudden-death": "4.4.2.2",
    "no-sudden-death": "4.4.2.2",
    "sudden-death-pending": "4.4.2.2",
    "sudden-death-reveals-top": "4.4.3.1",
    "sudden-death-higher-power": "4.4.3.2",
    "sudden-death-repeat": "4.4.3.3",
    "sudden-death-super-weapon": "4.4.3.4",
    # deck building
    "hero-deck-size": "4.1.1.1",
    "hero-deck-only-heroes": "4.1.1.1",
    # each mode's own Setup restates the 60-Hero deck
    "hero-deck-size-in-substitution": "4.2.1.1",
    "hero-deck-size-in-playmaker": "4.3.1.1",
    "six-heroes-per-power": "4.1.1.2",
    "six-heroes-at-one-power-limit": "4.1.1.2",
    "one-copy-per-variation": "4.1.1.3",
    "hot-dog-deck-ten": "4.2.1.2",
    "hot-dog-deck-ten-in-playmaker": "4.3.1.5",
    "hot-dog-deck-only-hot-dogs": "4.2.1.2",
    "playbook-thirty-plays": "4.3.1.2",
    "playbook-only-plays": "4.3.1.2",
    "bonus-plays-extra": "4.3.1.3",
    "plays-unique": "4.3.1.4",
    "booster-box-sealed-restrictions": "9.2",
    "sealed-hero-deck-forty": "9.3",
    "sealed-playbook-twenty": "9.3",
    "sealed-hot-dog-deck-ten": "9.3",
    "spec-power-cap": "9.4",
    "spec-plus-hero-deck-size": "9.5",
    "elite-total-power": "9.6",
    "apex-hero-deck-size": "9.7",
    "apex-hot-dog-deck-four": "9.7",
    "hilo-hero-deck-size": "9.8",
    "hilo-hot-dog-deck-four": "9.8",
    "dbs-cap": "9.9",
}


def mode_code(base: str, mode: str) -> str:
    """The code of `base` in `mode` (see the module docstring)."""
    modes = list(_BY_MODE[base])
    return base if mode == modes[0] else f"{base}-in-{mode}"


def _catalog_entries() -> dict[str, str]:
    entries = dict(_SINGLE)
    for base, by_mode in _BY_MODE.items():
        for mode, number in by_mode.items():
            entries[mode_code(base, mode)] = number
    return entries


REASONS = ReasonCatalog(SLUG, _catalog_entries())


# The key of one of our reference rulings (clarifications.toml).
interpretation = REASONS.interpretation


# The reference rulings the engine may rest on.
TIES = interpretation("tie-not-possible-means-tiebreakers-active")
MAJORITY = interpretation("majority-means-more-battles")
HONORS_BATTLE_ONE = interpretation("honors-in-battle-one")
SET_ASIDE = interpretation("substituted-hero-set-aside")
TO_BENCH = interpretation("replacement-hero-to-bench")
EMPTY_DECK = interpretation("empty-deck-no-draw")
BOTH_SUPER = interpretation("super-tie-breaker-both-super")
PLAYMAKER_ONLY = interpretation("super-tie-breaker-playmaker-only")
SUDDEN_DEATH_SUPERS = interpretation("sudden-death-tied-supers-repeat")
VARIATION = interpretation("hero-variation-is-name-and-weapon")
PLAYS_BY_NAME = interpretation("plays-unique-by-name")
HTD_COUNTS = interpretation("htd-and-la-plays-count-toward-30")
DBS_FORMATS = interpretation("dbs-cap-in-constructed-and-special")
SEALED = interpretation("sealed-restrictions-not-public")
TEAM = interpretation("team-formats-hot-dogs")
PLAY_EFFECTS = interpretation("play-effects-stated-in-the-move")
SUB_COST = interpretation("substitution-always-costs-two")
MODE_PARTS = interpretation("modes-use-only-what-they-set-up")

INTERPRETATIONS = frozenset(
    {
        TIES,
        MAJORITY,
        HONORS_BATTLE_ONE,
        SET_ASIDE,
        TO_BENCH,
        EMPTY_DECK,
        BOTH_SUPER,
        PLAYMAKER_ONLY,
        SUDDEN_DEATH_SUPERS,
        VARIATION,
        PLAYS_BY_NAME,
        HTD_COUNTS,
        DBS_FORMATS,
        SEALED,
        TEAM,
        PLAY_EFFECTS,
        SUB_COST,
        MODE_PARTS,
    }
)

# The readings ruled both ways ask `ours` (games/core/readings.py) where the point applies:
# MAJORITY, PLAYMAKER_ONLY, TIES, SET_ASIDE, TO_BENCH, EMPTY_DECK, VARIATION, PLAYS_BY_NAME,
# HTD_COUNTS, DBS_FORMATS, SEALED and TEAM. Readings no answer turns on, never flagged: no other
# reading of the book gives another answer, or the point is how a ruling takes what the
# reference lacks.
NEVER_TURNS = frozenset(
    {
        # a Play's text is not in the reference: its effect is stated in the move
        PLAY_EFFECTS,
        # the board says who has honors (the player chosen to go first), at the player's word
        HONORS_BATTLE_ONE,
        # two Heroes cannot both win: with both or neither a Super Weapon, equal Power is a draw
        BOTH_SUPER,
        # the same: equal Power in Sudden Death repeats the reveal, whatever the weapons
        SUDDEN_DEATH_SUPERS,
        # the book's price is 2; a card changing it is not in the reference
        SUB_COST,
        # a mode without a Bench, Hot Dogs or Playbook has nothing to substitute or play with
        MODE_PARTS,
    }
)

# Where each reason is ruled on: `REASONS.module(code)` names the module to open.
REASONS.rules_in(
    {
        "battle": (
            "rookie-mode-piles",
            "substitution-mode-piles",
            "setup-plays-four",
            "setup-not-battle-one",
            "setup-is-right",
            "setup-is-right-in-substitution",
            "setup-is-right-in-playmaker",
            "setup-bench-four",
            "setup-bench-four-in-playmaker",
            "setup-hot-dogs-ten",
            "setup-hot-dogs-ten-in-playmaker",
            "next-battle",
            "no-substitution-in-rookie",
            "no-plays-in-rookie",
            "no-plays-in-substitution",
            "plays-only-in-play-phase",
            "play-from-hand",
            "play-costs-hot-dogs",
            "play-run",
            "honors-may-pass",
            "honors-plays-first",
            "play-opportunity-used",
            "pass-ends-opportunity",
            "both-passed",
            "play-phase-not-over",
            "super-tie-breaker",
            "draw-a-play",
            "game-over",
            "majority-of-battles-wins",
            "equal-battles-tie",
            "tie-goes-to-sudden-death",
            "no-sudden-death",
            "sudden-death-pending",
            "sudden-death-higher-power",
            "sudden-death-repeat",
            "sudden-death-super-weapon",
            "higher-power-wins",
            "higher-power-wins-in-substitution",
            "higher-power-wins-in-playmaker",
            "equal-power-draw",
            "equal-power-draw-in-substitution",
            "equal-power-draw-in-playmaker",
            "trophy-to-winner",
            "trophy-to-winner-in-substitution",
            "trophy-to-winner-in-playmaker",
            "winner-gets-honors",
            "winner-gets-honors-in-playmaker",
            "draw-keeps-honors",
            "draw-keeps-honors-in-playmaker",
            "honors-from-last-battle",
            "honors-from-last-battle-in-playmaker",
            "substitution-is-optional",
            "substitution-is-optional-in-playmaker",
            "substitution-in-honors-order",
            "substitution-in-honors-order-in-playmaker",
            "substitution-before-reveal",
            "substitution-before-reveal-in-playmaker",
            "substitution-phase-not-over",
            "substitution-phase-not-over-in-playmaker",
            "substitute-from-bench",
            "substitute-from-bench-in-playmaker",
            "substitution-costs-two-hot-dogs",
            "substitution-costs-two-hot-dogs-in-playmaker",
            "substitution-replaces-hero",
            "substitution-replaces-hero-in-playmaker",
            "substitution-draws-replacement",
            "substitution-draws-replacement-in-playmaker",
            "one-substitution-per-battle",
            "one-substitution-per-battle-in-playmaker",
        ),
        "reveal": (
            "heroes-revealed",
            "heroes-revealed-in-substitution",
            "heroes-revealed-in-playmaker",
            "sudden-death-reveals-top",
        ),
        "deck": (
            "hero-deck-size",
            "hero-deck-size-in-substitution",
            "hero-deck-size-in-playmaker",
            "hero-deck-only-heroes",
            "six-heroes-per-power",
            "six-heroes-at-one-power-limit",
            "one-copy-per-variation",
            "hot-dog-deck-ten",
            "hot-dog-deck-ten-in-playmaker",
            "hot-dog-deck-only-hot-dogs",
            "playbook-thirty-plays",
            "playbook-only-plays",
            "bonus-plays-extra",
            "plays-unique",
            "booster-box-sealed-restrictions",
            "sealed-hero-deck-forty",
            "sealed-playbook-twenty",
            "sealed-hot-dog-deck-ten",
            "spec-power-cap",
            "spec-plus-hero-deck-size",
            "elite-total-power",
            "apex-hero-deck-size",
            "apex-hot-dog-deck-four",
            "hilo-hero-deck-size",
            "hilo-hot-dog-deck-four",
            "dbs-cap",
        ),
    }
)

# Which reasons decide a ruling (games/core/deciding.py): the game's winner and the tie-breakers
# decide over the battle's own result; in a deck, the Playbook's and the Hot Dog Deck's rules
# over the Hero Deck's size (4.1.1.1), which every deck check cites.
REASONS.decide(
    first=(
        "majority-of-battles-wins",
        "equal-battles-tie",
        "tie-goes-to-sudden-death",
        "no-sudden-death",
        "super-tie-breaker",
        "sealed-playbook-twenty",
        # a legal Playbook with Bonus Plays: what is in doubt is the Plays past the 30
        "bonus-plays-extra",
        # a tournament format's own limit (9.4-9.6, 9.9) is what its deck check turns on,
        # over the mode's Playbook and Hot Dog rules it shares with every Playmaker format
        "spec-power-cap",
        "spec-plus-hero-deck-size",
        "elite-total-power",
        "dbs-cap",
        # a legal Hero Deck with exactly 6 Heroes of one Power: that limit, met at its edge, is
        # what a player doubts, over the mode's Playbook and Hot Dog rules
        "six-heroes-at-one-power-limit",
        "playbook-thirty-plays",
        "plays-unique",
        "sealed-hot-dog-deck-ten",
        "apex-hot-dog-deck-four",
        "hilo-hot-dog-deck-four",
        "hot-dog-deck-ten",
        "hot-dog-deck-ten-in-playmaker",
    ),
    general=(
        # the Hero Deck's size (4.1.1.1) stands beside every deck check: a legal Hero Deck
        # turns on its limits (4.1.1.2, 4.1.1.3), a wrong size decides where nothing else does
        "hero-deck-size",
        "hero-deck-only-heroes",
        "playbook-only-plays",
        "hot-dog-deck-only-hot-dogs",
        # Booster Box Sealed keeps the normal restrictions: the one a deck breaks or the
        # Playbook's size (4.3.1.2) is what a player shows, never the format's summary
        "booster-box-sealed-restrictions",
        # the second pass ends the Play Phase: what a player disputes is the pass itself
        # (4.3.2.9) or resolving before both passed (play-phase-not-over, the same 4.3.2.10)
        "both-passed",
        # a pass ends the player's one opportunity (4.3.2.9): what a player doubts of a pass
        # is whose turn it is (4.3.2.7 for honors, 4.3.2.8 for the other player)
        "pass-ends-opportunity",
        # equal Power in Playmaker always comes with the Super Tie Breaker (4.3.2.13), which
        # settles whether the tie stands
        "equal-power-draw-in-playmaker",
        # what follows from a battle or a substitution, never what is asked
        "next-battle",
        "draw-a-play",
        *(
            mode_code(base, mode)
            for base in (
                "trophy-to-winner",
                "winner-gets-honors",
                "draw-keeps-honors",
                "substitution-replaces-hero",
                "substitution-draws-replacement",
            )
            for mode in _BY_MODE[base]
        ),
    ),
)
