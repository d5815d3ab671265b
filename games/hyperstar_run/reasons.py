"""Every reason the Hyperstar Run engine can give, each bound to one rule of rules.toml, and the
reference rulings (clarifications.toml) it may rest a ruling on."""

from __future__ import annotations

from games.core import ReasonCatalog

SLUG = "hyperstar-run"

REASONS = ReasonCatalog(
    SLUG,
    {
        # the game is over, or an ability is still resolving
        "game-already-won": "9.1",
        "game-already-lost": "8.2",
        "swap-not-resolved": "6.5",
        # passing the current card
        "cost-paid": "4.3",
        "paid-by-discard": "5.4",
        "paid-by-press": "5.5",
        "unneeded-button-void": "5.6",
        "press-extra-button-void": "5.5",
        "press-gives-one-button": "5.5",
        "cost-not-printed": "1.2",
        "cost-not-covered": "5.1",
        "button-not-needed": "5.1",
        "star-takes-any-button": "5.2",
        "no-buttons-played": "5.1",
        "button-not-on-card": "5.3",
        "card-used-twice": "5.4",
        "discard-not-in-hand": "5.4",
        "set-aside-card-used": "2.3",
        "discard-face-down": "5.4",
        "equipment-button-lost": "5.6",
        "press-not-in-level": "5.5",
        "press-not-passed-this-run": "5.5",
        "press-face-down": "5.5",
        "press-already-pressed": "5.5",
        "press-equipment": "5.5",
        "press-allowed": "5.5",
        "combo-started": "7.2",
        "combo-continued": "7.3",
        "no-combo-running": "7.3",
        "combo-line-not-connected": "7.4",
        "combo-ended": "7.5",
        "combo-ended-by-ability": "7.6",
        "hero-moves-on": "4.4",
        "final-card-passed": "9.1",
        # abilities
        "ability-used": "6.1",
        "ability-paid": "6.2",
        "ability-paid-by-discard": "6.2",
        "ability-paid-by-equipment": "6.2",
        "no-ability": "6.1",
        "ability-already-used": "6.6",
        "ability-card-not-in-hand": "6.2",
        "ability-flip-needs-face-up": "6.2",
        "ability-discard-needs-face-down": "6.2",
        "flip-void-discard-instead": "6.4",
        "ability-effect-is-yours": "6.5",
        "ability-swap-next": "6.5",
        # swaps
        "no-swap-pending": "6.5",
        "swap-card-not-in-level": "6.5",
        "swap-card-not-in-hand": "6.5",
        "swap-equipment-into-level": "2.2",
        "swap-two-face-down": "6.3",
        "swap-keeps-face": "10.1",
        "swap-takes-pressed-state": "10.2",
        "swap-enters-pressed": "10.2",
        "swap-fresh-current-card": "6.6",
        "current-card-flipped-up": "2.6",
        # end of run
        "run-ends": "8.1",
        "run-not-over": "8.1",
        "fourth-run-lost": "8.2",
        "discards-return": "8.4",
        "leftmost-to-hand": "8.5",
        "hand-flipped-up": "8.6",
        "pressed-reset": "8.7",
        "hero-next-run": "8.8",
        # setup
        "setup-level-size": "2.1",
        "setup-level-face-down": "2.2",
        "setup-hand-level-cards": "2.3",
        "setup-hand-equipment": "2.4",
        "setup-hero-start": "2.5",
        "setup-current-face-up": "2.6",
        "setup-set-aside": "2.3",
        "run-level-size": "8.5",
        # claims: winning, achievements, challenge mode
        "game-won": "9.1",
        "game-not-won": "9.1",
        "button-masher-earned": "11.2",
        "button-masher-not-earned": "11.2",
        "well-equipped-earned": "11.3",
        "well-equipped-not-earned": "11.3",
        "speed-runner-earned": "11.4",
        "speed-runner-not-earned": "11.4",
        "combo-pro-earned": "11.5",
        "combo-pro-not-earned": "11.5",
        "challenge-played": "12.1",
        "challenge-met": "12.2",
        "challenge-not-met": "12.2",
    },
)


# The key of one of our reference rulings (clarifications.toml).
interp = REASONS.interpretation


PRESSED_ONCE = interp("pressed-card-cannot-be-pressed-again")
ABILITY_OUTSIDE_COMBO = interp("ability-outside-a-combo")
STAR_BUTTONS = interp("star-buttons")
END_RUN_VOLUNTARILY = interp("ending-a-run-voluntarily")
FACES_IN_STATE = interp("faces-in-the-state")
TWO_ENEMIES = interp("two-enemies")
LINE_CONNECTS = interp("combo-line-connects")
COVER_EXACTLY = interp("buttons-cover-cost-exactly")
SEVERAL_BUTTONS = interp("card-with-several-buttons")
FACE_DOWN_NO_BUTTONS = interp("face-down-cards-give-no-buttons")
ABILITY_EFFECTS = interp("ability-effects-unknown")
SWAPS = interp("swaps-come-from-abilities")
PASSED_THIS_RUN = interp("passed-this-run-means-behind-the-hero")
CONTINUE_NEEDS_COMBO = interp("continue-needs-a-running-combo")
START_DURING_COMBO = interp("start-cost-during-a-combo")
THREE_STARS = interp("three-star-cost")
JUDGED_AT_WIN = interp("achievements-judged-at-the-win")
STAR_IN_START = interp("star-in-a-combo-start-cost")

INTERPRETATIONS: frozenset[str] = frozenset(
    {
        PRESSED_ONCE,
        ABILITY_OUTSIDE_COMBO,
        STAR_BUTTONS,
        END_RUN_VOLUNTARILY,
        FACES_IN_STATE,
        TWO_ENEMIES,
        LINE_CONNECTS,
        COVER_EXACTLY,
        SEVERAL_BUTTONS,
        FACE_DOWN_NO_BUTTONS,
        ABILITY_EFFECTS,
        SWAPS,
        PASSED_THIS_RUN,
        CONTINUE_NEEDS_COMBO,
        START_DURING_COMBO,
        THREE_STARS,
        JUDGED_AT_WIN,
        STAR_IN_START,
    }
)

# Readings no answer turns on, never flagged. FACES_IN_STATE, ABILITY_EFFECTS: how a ruling
# treats what the reference lacks (card faces, ability texts), taken at the player's word.
# FACE_DOWN_NO_BUTTONS: both ways of paying the book gives name a face-up card. TWO_ENEMIES: the
# book's own example calls paying the two-icon start cost defeating an enemy. SWAPS: the book
# names swapping only as an ability's effect. JUDGED_AT_WIN: a ruling sees the one board it is
# given, the one at the win. The readings ruled both ways ask `ours` (games/core/readings.py);
# COVER_EXACTLY is asked only of a payment with a whole card to spare: whether a cost can be
# paid, and the best line, are the same on its other reading (a payment with buttons to spare
# holds an exact one and spends more).
NEVER_TURNS: frozenset[str] = frozenset(
    {FACES_IN_STATE, ABILITY_EFFECTS, FACE_DOWN_NO_BUTTONS, TWO_ENEMIES, SWAPS, JUDGED_AT_WIN}
)

# Where each reason is ruled on: `REASONS.module(code)` names the module to open.
REASONS.rules_in(
    {
        "abilities": (
            "combo-ended-by-ability",
            "ability-used",
            "no-ability",
            "ability-already-used",
            "ability-card-not-in-hand",
            "ability-flip-needs-face-up",
            "ability-discard-needs-face-down",
            "ability-paid",
            "ability-paid-by-discard",
            "ability-paid-by-equipment",
            "flip-void-discard-instead",
            "current-card-flipped-up",
            "ability-effect-is-yours",
            "ability-swap-next",
            "no-swap-pending",
            "swap-keeps-face",
            "swap-takes-pressed-state",
            "swap-enters-pressed",
            "swap-fresh-current-card",
        ),
        "claims": (
            "game-won",
            "game-not-won",
            "button-masher-earned",
            "button-masher-not-earned",
            "well-equipped-earned",
            "well-equipped-not-earned",
            "speed-runner-earned",
            "speed-runner-not-earned",
            "combo-pro-earned",
            "combo-pro-not-earned",
            "challenge-met",
            "challenge-not-met",
        ),
        "outcome": (
            "game-already-won",
            "game-already-lost",
            "set-aside-card-used",
        ),
        "passing": (
            "cost-paid",
            "paid-by-discard",
            "paid-by-press",
            "unneeded-button-void",
            "press-extra-button-void",
            "press-gives-one-button",
            "cost-not-printed",
            "cost-not-covered",
            "button-not-needed",
            "star-takes-any-button",
            "no-buttons-played",
            "button-not-on-card",
            "card-used-twice",
            "discard-not-in-hand",
            "discard-face-down",
            "equipment-button-lost",
            "press-not-in-level",
            "press-not-passed-this-run",
            "press-face-down",
            "press-already-pressed",
            "press-equipment",
            "press-allowed",
            "combo-started",
            "combo-continued",
            "no-combo-running",
            "combo-line-not-connected",
            "combo-ended",
            "hero-moves-on",
            "final-card-passed",
        ),
        "runs": (
            "run-ends",
            "run-not-over",
            "fourth-run-lost",
            "discards-return",
            "leftmost-to-hand",
            "hand-flipped-up",
            "pressed-reset",
            "hero-next-run",
            "setup-level-size",
            "setup-level-face-down",
            "setup-hand-level-cards",
            "setup-hand-equipment",
            "setup-hero-start",
            "setup-current-face-up",
            "setup-set-aside",
            "run-level-size",
            "challenge-played",
        ),
        "swapping": (
            "swap-not-resolved",
            "swap-card-not-in-level",
            "swap-card-not-in-hand",
            "swap-equipment-into-level",
            "swap-two-face-down",
        ),
    }
)

# Which reasons decide a ruling (games/core/deciding.py): an achievement, the losing rule, the
# final card, the star button, a combo and a press decide over paying a cost (4.3) and the hero
# moving on; an Equipment Card's lost button (5.6) is given before the ways of paying, and an
# ability paid by discarding (6.2) before its use (6.1), so that each decides among them.
REASONS.decide(
    first=(
        "challenge-met",
        "challenge-not-met",
        "button-masher-earned",
        "button-masher-not-earned",
        "well-equipped-earned",
        "well-equipped-not-earned",
        "speed-runner-earned",
        "speed-runner-not-earned",
        "combo-pro-earned",
        "combo-pro-not-earned",
        "fourth-run-lost",
        "final-card-passed",
        # an Equipment Card discarded for fewer buttons than it shows: the lost button (5.6)
        # is the part in doubt, over the cost it helps pay (a star, a combo); so is a button
        # named but not needed, void by the same rule
        "unneeded-button-void",
        "equipment-button-lost",
        "star-takes-any-button",
        "combo-ended-by-ability",
        "combo-started",
        "combo-continued",
        "combo-ended",
        # a button named past the one a pressed card gives is void by the same 5.5
        "press-extra-button-void",
        "paid-by-press",
        "swap-enters-pressed",
    ),
    general=(
        "cost-paid",
        "hero-moves-on",
        # what follows from an ability, a swap or the end of a run, never what is asked
        "ability-paid",
        "ability-effect-is-yours",
        "ability-swap-next",
        "swap-takes-pressed-state",
        "swap-fresh-current-card",
        "current-card-flipped-up",
        "discards-return",
        "leftmost-to-hand",
        "hand-flipped-up",
        "pressed-reset",
        "hero-next-run",
        # names the challenge of a correct setup: the setup's own numbers (2.1-2.6) decide;
        # a challenge at the wrong difficulty is refused before any ruling (12.1)
        "challenge-played",
    ),
)
