"""Every reason the Higher or Lower engine can give, bound to the rule it rests on, and the
reference rulings (clarifications) it may cite."""

from __future__ import annotations

from games.core import ReasonCatalog

SLUG = "higher-lower"

REASONS = ReasonCatalog(
    SLUG,
    {
        "game-over": "2.1",
        "player-wins": "2.1",
        "setup-hand-size": "3.1",
        "setup-deck": "3.2",
        "setup-boosters": "3.3",
        "setup-booster-deck": "3.4",
        "setup-opener": "3.6",
        "setup-nothing-laid": "3.6",
        "setup-dealer-unknown": "3.6",
        "opening-card": "3.6",
        "not-the-opener": "3.6",
        "nothing-to-match": "3.6",
        "must-lay-opening-card": "3.6",
        "opening-call": "3.7",
        "opening-call-missing": "3.7",
        "opening-call-one-number-left": "3.7",
        "not-your-turn": "4.1",
        "drew-turn-over": "4.7",
        "card-already-laid": "4.2",
        "turn-passes-left": "4.1",
        "obeys-call": "4.2",
        "not-higher": "4.2",
        "not-lower": "4.2",
        "call-made": "4.3",
        "call-one-number-left": "4.3",
        "last-card-needs-no-call": "2.1",
        "call-missing": "4.3",
        "matches-last-card": "4.4",
        "match-after-draw": "4.7",
        "not-a-match": "4.4",
        "call-passes-through": "4.5",
        "earlier-call-obeyed": "4.5",
        "earlier-call-not-obeyed": "4.5",
        "match-call-void": "4.5",
        "unable-to-play": "4.6",
        "can-play-instead": "4.6",
        "call-still-in-force": "4.7",
        "call-kept-after-draw": "4.7",
        "call-kept-after-draw-broken": "4.7",
        "draw-call-void": "4.7",
        "automatic-call": "4.8",
        "automatic-call-void": "4.8",
        "booster-on-own-turn": "5.1",
        "booster-not-your-turn": "5.1",
        "boosters-any-number": "5.3",
        "another-booster": "5.3",
        "booster-at-opponent": "5.4",
        "booster-at-self": "5.4",
        "booster-card-text": "5.6",
    },
)


# The key of one of our reference rulings (clarifications.toml).
clar = REASONS.interpretation


MATCH_MEANS_SAME_NUMBER = clar("match-means-same-number")
DRAW_ONLY_WHEN_UNABLE = clar("draw-only-when-unable")
EQUAL_NUMBER_IS_A_MATCH = clar("equal-number-is-a-match")
CALL_AFTER_A_MATCH = clar("call-after-a-match")
DRAWING_ENDS_THE_TURN = clar("drawing-ends-the-turn")
CALL_AFTER_A_DRAW = clar("call-after-a-draw")
EMPTY_DECK_PASS = clar("empty-deck-pass")
AUTOMATIC_CALLS = clar("automatic-calls-1-and-15")
BOOSTERS_BEFORE_YOUR_CARD = clar("boosters-before-your-card")
BOOSTER_TARGET = clar("booster-target")
BOOSTER_TEXT_NOT_IN_REFERENCE = clar("booster-text-not-in-reference")
HIDDEN_HANDS_ON_TRUST = clar("hidden-hands-on-trust")
WINNING_WITH_BOOSTERS_LEFT = clar("winning-with-boosters-left")
GAME_ENDS_WHEN_SOMEONE_IS_OUT = clar("game-ends-when-someone-is-out")
TURNS_GO_LEFT = clar("turns-go-left")

INTERPRETATIONS = frozenset(
    {
        MATCH_MEANS_SAME_NUMBER,
        DRAW_ONLY_WHEN_UNABLE,
        EQUAL_NUMBER_IS_A_MATCH,
        CALL_AFTER_A_MATCH,
        DRAWING_ENDS_THE_TURN,
        CALL_AFTER_A_DRAW,
        EMPTY_DECK_PASS,
        AUTOMATIC_CALLS,
        BOOSTERS_BEFORE_YOUR_CARD,
        BOOSTER_TARGET,
        BOOSTER_TEXT_NOT_IN_REFERENCE,
        HIDDEN_HANDS_ON_TRUST,
        WINNING_WITH_BOOSTERS_LEFT,
        GAME_ENDS_WHEN_SOMEONE_IS_OUT,
        TURNS_GO_LEFT,
    }
)

# Readings no answer turns on, never flagged: not an open point with another answer a ruling
# could give, but how a ruling treats what it cannot see. MATCH_MEANS_SAME_NUMBER: the book names
# no colours and a card is recorded by its number only, so a match by colour cannot be told.
# HIDDEN_HANDS_ON_TRUST: a hidden hand is taken at the player's word. TURNS_GO_LEFT: the book
# shows play going left (the dealer's left opens; the next opponent is the one to your left).
# Every other reading here is ruled both ways: the engine asks `ours` (games/core/readings.py)
# where it applies one, so a ruling is flagged only where its answer turns on it.
NEVER_TURNS = frozenset({MATCH_MEANS_SAME_NUMBER, HIDDEN_HANDS_ON_TRUST, TURNS_GO_LEFT})

BOOSTER_TEXT_UNKNOWN = (
    "This booster's own text is not in the reference: the ruling covers only when it may be "
    "played and at whom."
)
BOOSTER_TEXT_NOTE = (
    BOOSTER_TEXT_UNKNOWN
    + " Do what the card says (rule 5.6); the next state shown does not include its effect."
)

# Where each reason is ruled on: `REASONS.module(code)` names the module to open.
REASONS.rules_in(
    {
        "plays": (
            "player-wins",
            "opening-card",
            "not-the-opener",
            "nothing-to-match",
            "must-lay-opening-card",
            "opening-call",
            "opening-call-missing",
            "opening-call-one-number-left",
            "not-your-turn",
            "drew-turn-over",
            "obeys-call",
            "not-higher",
            "not-lower",
            "call-made",
            "call-one-number-left",
            "last-card-needs-no-call",
            "call-missing",
            "matches-last-card",
            "match-after-draw",
            "not-a-match",
            "call-passes-through",
            "earlier-call-obeyed",
            "earlier-call-not-obeyed",
            "call-kept-after-draw",
            "call-kept-after-draw-broken",
            "match-call-void",
            "draw-call-void",
            "automatic-call-void",
            "turn-passes-left",
            "unable-to-play",
            "can-play-instead",
            "call-still-in-force",
            "automatic-call",
            "booster-on-own-turn",
            "booster-not-your-turn",
            "boosters-any-number",
            "another-booster",
            "booster-at-opponent",
            "booster-at-self",
            "booster-card-text",
            "game-over",
        ),
        "rules": ("card-already-laid",),
        "setup": (
            "setup-hand-size",
            "setup-deck",
            "setup-boosters",
            "setup-booster-deck",
            "setup-opener",
            "setup-nothing-laid",
            "setup-dealer-unknown",
        ),
    }
)

# Which reasons decide a ruling (games/core/deciding.py): a win and a 1's or a 15's automatic
# call decide over obeying the call (4.2), and so does the call kept for a player when the one
# before drew (4.7) or matched (4.5); a booster played after another this turn is settled by
# "no limit" (5.3); the turn passing on never decides. A match after the player before drew is
# settled by 4.7 ("after a draw the matching rules still hold"), and a call that only one
# number can obey (higher on a 14, lower on a 2) by 4.3, the call being the laying player's
# (by 3.7 when it is made with the opening card: "that player calls 'higher' or 'lower'").
REASONS.decide(
    # a call made on a 1 or a 15 is void by the automatic call: the void is what is disputed
    first=(
        "player-wins",
        "automatic-call-void",
        "automatic-call",
        "call-kept-after-draw-broken",
        "earlier-call-not-obeyed",
        "call-kept-after-draw",
        "earlier-call-obeyed",
        "match-after-draw",
        "call-one-number-left",
        "opening-call-one-number-left",
        "another-booster",
    ),
    general=(
        "turn-passes-left",
        # what follows from the card laid, never what is asked
        "call-made",
        # a last card laid without a call: the win (2.1) decides
        "last-card-needs-no-call",
        # the opener's call, as any call made: the opening card (3.6) is what is asked
        "opening-call",
        "call-passes-through",
        "call-still-in-force",
        "boosters-any-number",
        "booster-card-text",
        # marks the dealer not given (the opener is not checked): the deal decides
        "setup-dealer-unknown",
    ),
)
