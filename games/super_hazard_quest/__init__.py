"""Super Hazard Quest: the dungeon as a grid of Dungeon Cards, every move through it, and a
path finder (`pathfinder.py`). Card faces are not public: states carry them as submitted."""
