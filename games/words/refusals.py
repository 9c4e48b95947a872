"""The words of the engine's refusals of a set-up, a tally, a game file or a house rule, by
code (games/rules/errors.py), and of what else it tells the players (why the game is over, a
question about a value far beyond a real hand). Placeholders in braces are the refusal's
parameters: numbers are written as the language groups them; `{name:and}` and `{name:or}` join
a list ("a, b and c"), `{name:words}` writes a small number in words ("two").

Where the words name the rule set's word for a hand, a code has one sentence for each ("hand",
"deal", "round"), so that every language writes the whole sentence its own way."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

#: A refusal's words: one sentence, or one for each hand word ("hand", "deal", "round").
Words = Promise | Mapping[str, Promise]

#: The set-up: who plays, on which sides, with which house rules.
SET_UP: dict[str, Words] = {
    "no_such_rule_set": _("there is no rule set called {name} (there are: {known})"),
    "player_needs_name": _("every player needs a name"),
    "player_listed_twice": _("{name} is listed twice; every player needs a different name"),
    "side_listed_twice": _("{name} is listed twice; every side needs a different name"),
    "played_by_count": _("{rule_set} is played by {count} players, not {players}"),
    "played_by_range": _("{rule_set} is played by {lowest} to {highest} players, not {players}"),
    "played_by_counts": _("{rule_set} is played by {counts:or} players, not {players}"),
    "name_the_sides": _("{rule_set} is played in partnerships: name the sides"),
    "side_needs_name": _("every side needs a name"),
    "side_has_no_players": _("side {name} has no players"),
    "two_sides_same_name": _("two sides are called {name}; give each side its own name"),
    "side_names_stranger": _("side {name} names {player}, who is not among the players"),
    "player_on_two_sides": _("{player} is on more than one side"),
    "player_on_no_side": _("{player} is not on any side"),
    "too_few_sides": _("a game needs at least {fewest:words} sides"),
    "sides_unequal": _("the sides must be the same size"),
    "sides_of_two": _("{rule_set} is played by partners: every side has two players"),
    "everyone_alone": _("in {rule_set} everyone plays on their own"),
    "not_playing": _("{player} is not playing in this game"),
    "does_not_play": _("{player} does not play in this game"),
    "game_ends_by_itself": _(
        "this game of {rule_set} ends by itself: the scorekeeper cannot finish it"
    ),
    "invisible_character": _(
        "“{name}” holds an invisible character ({character}); type it again without it"
    ),
    "pad_player_name_empty": _(
        "name {place} of {count} is empty: give every player a name, or leave the names out"
    ),
    "pad_side_name_empty": _(
        "name {place} of {count} is empty: give every side a name, or leave the names out"
    ),
}

#: A table's house rules.
HOUSE_RULES: dict[str, Words] = {
    "house_rules_not_object": _(
        "the house rules can be each rule's name with its value, not {value}"
    ),
    "no_such_house_rule": _("{rule_set} has no house rule called {name}"),
    "house_rule_not_with_players": _("{rule}: not with {players} players"),
    "house_rule_takes_yes_no": _("house rule {rule} can be true or false, not {value}"),
    "house_rule_takes_choices": _("house rule {rule} can be {choices:or}, not {value}"),
    "house_rule_takes_range": _(
        "house rule {rule} can be a whole number from {lowest} to {highest}, not {value}"
    ),
    "house_rule_takes_range_or_none": _(
        "house rule {rule} can be a whole number from {lowest} to {highest}, or none, not {value}"
    ),
}

#: A hand: its place in the game, and each side's tally.
HAND: dict[str, Words] = {
    "game_finished_by_scorekeeper": _("the scorekeeper finished the game; reopen it to add a hand"),
    "game_over_after_hands": {
        "hand": _("{rule_set} has only {hands} hands; the game is over"),
        "deal": _("{rule_set} has only {hands} deals; the game is over"),
        "round": _("{rule_set} has only {hands} rounds; the game is over"),
    },
    "game_over_at_target": {
        "hand": _("the game ended after hand {last}, when a side reached {target}"),
        "deal": _("the game ended after deal {last}, when a side reached {target}"),
        "round": _("the game ended after round {last}, when a side reached {target}"),
    },
    "too_many_hands": {
        "hand": _("no game of {rule_set} runs to {hands} hands ({most} hands at most)"),
        "deal": _("no game of {rule_set} runs to {hands} deals ({most} deals at most)"),
        "round": _("no game of {rule_set} runs to {hands} rounds ({most} rounds at most)"),
    },
    "hand_needs_every_tally": _("the hand needs a tally for every side"),
    "dealer_not_playing": _("the dealer {dealer} is not playing in this game"),
    "no_such_player": _("there is no player called {name} in this game"),
    "no_such_side": _("there is no side called {name} in this game"),
    "hand_lacks_side_tally": _("the hand has no tally for this side"),
    "canastas_beyond_cards": _(
        "that makes {count} canastas in the hand, which need {needed} cards, but only "
        "{cards} cards are in play"
    ),
    "books_beyond_cards": _(
        "that makes {count} books in the hand, which need {needed} cards, but only "
        "{cards} cards are in play"
    ),
    "only_one_side_goes_out": _("only one side can go out in a hand"),
    "too_many_buys": _("that makes {buys} buys; a player can buy at most {most} times a game"),
    "tally_not_a_mapping": _("the tally must list the side's counts and points"),
    "type_side_score": _("type the side's score for the hand"),
    "needs_itemized_tally": _("{rule_set} needs the {what:and} of every player, not just a total"),
    "no_such_field": _("{rule_set} does not score anything called {name}"),
    "total_and_itemized": _("give either just the total or the itemized tally, not both"),
    "total_not_whole": _("the total must be a whole number"),
    "total_beyond_any_hand": _("a hand score of {total} is far beyond any real hand"),
    "value_not_yes_no": _("{label} is a yes or no"),
    "value_not_whole": _("{label} must be a whole number"),
    "value_negative": _("{label} can't be negative"),
    "value_beyond_any_hand": _("{label} of {value} is far beyond any real hand"),
    "card_points_not_multiple": _("{label} must be a multiple of {multiple} (it is {value})"),
    "value_beyond_maximum": _("{label} can be at most {maximum} (it is {value})"),
    # Translators: {value} is what a game file wrote for a field that takes a name (a special
    # hand), as written.
    "value_not_offered": _("{label} can't be “{value}” at this table"),
    "unusual_value": {
        "hand": _("{value} {what} in one hand — is that right?"),
        "deal": _("{value} {what} in one deal — is that right?"),
        "round": _("{value} {what} in one round — is that right?"),
    },
    "not_a_typed_number": _("“{text}” is not a whole number"),
}

#: The hand in progress (what the scorekeeper taps during a hand).
HAND_IN_PROGRESS: dict[str, Words] = {
    "no_hand_in_progress": _("{rule_set} keeps no hand in progress"),
    "no_such_side_here": _("there is no such side in this game"),
    "unknown_tracker_action": _("unknown action {action}"),
    "tracker_state_not_object": _("the hand in progress must be an object"),
    "tracker_failed_not_counts": _("the failed openings must count up from 0 for each side"),
    "tracker_openings_not_count": _("the openings made must be a count from 0"),
    "tracker_turn_card_not_yes_no": _("whether the turn card was reached must be true or false"),
    "tracker_unknown_key": _("the hand in progress has nothing called {key}"),
}

#: A game file (import, restore, `score_game`).
GAME_FILE: dict[str, Words] = {
    "game_file_too_big": _("the game file is over {most} bytes, too big to be a game file"),
    "game_file_not_utf8": _("the game file is not UTF-8 text"),
    "game_file_not_json": _(
        "the game file is not valid JSON (line {line}, column {column}: {reason})"
    ),
    "game_file_too_deep": _("the game file is nested too deeply to be a game file"),
    "game_file_number_too_long": _("the game file holds a number far too long to be a score"),
    "game_file_unstorable_text": _(
        "the game file holds a character that is not text (a NUL or a broken character) in {text}"
    ),
    "player_name_too_long": _(
        "the player name {name}... is longer than a name can be ({most} characters)"
    ),
    "side_name_too_long": _(
        "the side name {name}... is longer than a side's name can be ({most} characters)"
    ),
    "game_file_not_object": _("a game file is a JSON object with rules, players and hands"),
    "game_file_needs_rules": _("the game file needs {key}: the rule set's name"),
    "options_not_object": _(
        'options can be an object of house rules, e.g. {{"target": 7500}}, not {value}'
    ),
    "finished_not_yes_no": _("finished must be true or false"),
    "players_not_list": _("players must be a list of the players' names in seating order"),
    "hands_not_list": _("hands must be a list of hands in the order they were played"),
    "sides_not_list": _("sides must be a list of sides, each with a name and its players"),
    "side_needs_name_and_players": _('each side needs a "name" and a list of "players"'),
    "hand_needs_tallies": _("a hand needs its tallies, one per side"),
    "dealer_not_a_name": _("the dealer must be a player's name"),
}

REFUSALS: dict[str, Words] = {**SET_UP, **HOUSE_RULES, **HAND, **HAND_IN_PROGRESS, **GAME_FILE}
