"""Game files the tests share."""

from typing import Any

#: The example of shared/GAME-FILE.md: Ann & Cy 1435 and 420, Bob & Di 365 and -130.
EXAMPLE: dict[str, Any] = {
    "rules": "miromar-canasta",
    "options": {},
    "players": ["Ann", "Bob", "Cy", "Di"],
    "sides": [
        {"name": "Ann & Cy", "players": ["Ann", "Cy"]},
        {"name": "Bob & Di", "players": ["Bob", "Di"]},
    ],
    "hands": [
        {
            "dealer": "Di",
            "tallies": {
                "Ann & Cy": {
                    "went_out": True,
                    "natural_canastas": 1,
                    "dirty_canastas": 1,
                    "threes": 2,
                    "meld_points": 235,
                    "hand_points": 0,
                },
                "Bob & Di": {
                    "dirty_canastas": 1,
                    "threes": 1,
                    "meld_points": 150,
                    "hand_points": 85,
                },
            },
        },
        {"dealer": "Ann", "tallies": {"Ann & Cy": {"total": 420}, "Bob & Di": {"total": -130}}},
    ],
}
