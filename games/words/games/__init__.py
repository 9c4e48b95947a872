"""Every rule set's words, one module each (named as its engine module in games/rules/), each
registering its `RuleSetWords` by slug as it is imported (games.words.rule_sets.register);
`shared` holds the words of the engine's shared parts. Importing this package (games.words
does, once) registers them all. The engine keeps no words: a rule set needs its module here
(tests/test_english_words.py fails for one without)."""

from __future__ import annotations

import importlib

#: The modules, by engine module name.
MODULES = (
    "shared",
    "canasta",
    "samba",
    "hand_and_foot",
    "partners",
    "pennies_from_heaven",
    "ten_pennies",
    "miromar",
    "liverpool",
    "five_crowns",
    "phase_10",
    "contract_rummy",
    "score_pad",
    "chinchon",
    "buraco",
    "burraco",
    "american_canasta",
    "gin_rummy",
)

for _module in MODULES:
    try:
        importlib.import_module(f"{__name__}.{_module}")
    except ModuleNotFoundError as missing:
        # Only the module itself may be missing: an import error inside it is a bug to see.
        if missing.name != f"{__name__}.{_module}":
            raise
