"""Players named in rulings as players speak: "you" for a player called You, "Ana" for Ana.

The website seats the person asking as "You" and the others as "the player on your left" and
so on, so every sentence a ruling says must read right with either: "You hold", "Ana holds",
"your turn", "Ana's turn", "The player on your left must now go higher".
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.names import fold


@dataclass(frozen=True)
class Who:
    name: str

    @property
    def you(self) -> bool:
        return fold(self.name) == "you"

    def __str__(self) -> str:
        return "you" if self.you else self.name

    @property
    def start(self) -> str:
        """At the start of a sentence."""
        text = str(self)
        return text[:1].upper() + text[1:]

    @property
    def poss(self) -> str:
        """Before a noun: "your turn", "Ana's turn"."""
        return "your" if self.you else f"{self.name}'s"

    @property
    def owns(self) -> str:
        """Standing alone: "not yours", "not Ana's"."""
        return "yours" if self.you else f"{self.name}'s"

    @property
    def themself(self) -> str:
        return "yourself" if self.you else "themself"

    def verb(self, third: str, second: str) -> str:
        """The verb agreeing with this player: verb("holds", "hold")."""
        return second if self.you else third
