"""Players named in rulings as players speak: the shared helper in games.core.words."""

from __future__ import annotations

from games.core.words import Who

__all__ = ["Who"]
