"""Every reason the Super Hazard Quest engine can give, each bound to one rule of `rules.toml`,
and the reference rulings (clarifications) a ruling may rest on."""

from __future__ import annotations

from games.core import ReasonCatalog
from games.super_hazard_quest import transitions

SLUG = "super-hazard-quest"

REASONS = ReasonCatalog(
    SLUG,
    {
        # movement (sections 4 and 5)
        "wall": "4.4",
        "not-at-vertical-exit": "5.6",
        "turned-back": "5.11",
        "climb-twice": "4.10",
        "hazard-not-passed": "4.2",
        "hazard-passed": "4.2",
        "no-hazard-to-pass": "5.9",
        "turn-not-on-checkpoint": "5.3",
        "turn-ends-on-checkpoint": "5.3",
        "empty-turn": "5.5",
        "item-not-used": "5.9",
        "active-hand-discarded": "5.10",
        "dungeon-deck-empty": "2.4",
        # item uses (section 9)
        "inherent-action-differs": "4.8",
        "dual-action-lacks-action": "9.3",
        "dual-action-use-spent": "9.3",
        "super-item-other-action": "9.4",
        "magic-item-used-up": "9.5",
        "super-magic-other-action": "9.6",
        "item-gives-no-action": "9.2",
        "not-a-hazard-item": "9.7",
        "hazard-item-spent": "9.7",
        "hazard-kind-mismatch": "9.9",
        "hazard-wrong-place": "9.10",
        "no-direction-hazard-there": "9.10",
        "hazard-placed": "9.8",
        "hazard-against-mini-boss": "7.9",
        "not-a-special-item": "9.12",
        "special-item-played": "9.13",
        "special-off-checkpoint": "9.13",
        "special-ends-turn": "9.13",
        # mini-bosses (section 7)
        "fight-off-checkpoint": "7.1",
        "no-mini-boss": "7.1",
        "mini-boss-defeated": "7.2",
        "prize-crystal": "7.5",
        "prize-item": "7.6",
        "no-item-to-take": "7.5",
        # wounds, Looks, Scramblers (sections 2 and 8)
        "wounded-stuck": "8.1",
        "wounded-dead-end": "8.4",
        "wounded-scrambler": "8.5",
        "returned-to-start": "8.2",
        "crystals-lost": "8.3",
        "turn-already-over": "8.2",
        "scrambler-defeated": "2.8",
        "game-over": "2.8",
        "look-made": "8.7",
        "look-space-taken": "8.9",
        "look-ends-turn": "8.8",
        "trap-door-dead-end": "8.11",
        "trap-door-moved": "8.11",
        "trap-door-missing": "8.11",
        "trap-door-no-landing": "8.11",
        "trap-door-on-self": "8.11",
        # Running Leap (section 10)
        "leap-made": "10.1",
        "leap-hand-not-used": "10.1",
        "leap-onto-no-checkpoint": "10.1",
        "leap-after-special": "10.3",
        # Hero Battles (section 11)
        "battle-off-checkpoint": "11.2",
        "battle-opponent-elsewhere": "11.2",
        "battle-needs-hazard-item": "11.1",
        "battle-request-wrong-kind": "11.3",
        "battle-answer-available": "11.4",
        "battle-answer-invalid": "11.4",
        "battle-answered": "11.4",
        "battle-won": "11.5",
        # Discard Turns and trades (section 6)
        "discard-turn": "6.2",
        "discard-turn-only": "6.3",
        "look-in-discard-turn": "6.4",
        "trade-made": "6.5",
        "trade-empty": "6.5",
        "trade-uneven": "6.5",
        # turn order and setup (section 3)
        "not-your-turn": "3.4",
        "already-set-up": "3.3",
        "setup-redraw": "3.6",
        "setup-tie": "3.3",
        "setup-wrong-first": "3.3",
        "setup-first": "3.4",
        "setup-deal": "3.9",
    },
)

INTERPRETATIONS = frozenset(
    {
        transitions.PROPER_MOVEMENT,
        transitions.WOUND_RULING,
        transitions.FIGHT_RULING,
        transitions.SCRAMBLER_RULING,
        transitions.LEAP_RULING,
        transitions.BATTLE_RULING,
        transitions.TRAP_DOOR_RULING,
        transitions.HAZARD_ITEM_RULING,
        transitions.SPECIAL_RULING,
        transitions.UNSEEN_RULING,
        transitions.TRADE_RULING,
        transitions.DISCARD_RULING,
        transitions.TIE_RULING,
        transitions.LOOK_RULING,
    }
)
