"""A game of cards at one table, from its first hand to its rematch."""

from __future__ import annotations

from games.models.life import GameLife


class Game(GameLife):
    """One game at one table. Its parts, each readable on its own: what is kept and how it is
    read (`GameData`), recording hands (`RecordsHands`), and its life as a whole (`GameLife`).
    Views call everything on `Game`."""

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.title}: {' v '.join(self.side_names)}"
