"""The words of each rule set's own refusals (a side going out without its canastas, a count
beyond the cards), by code (games/rules/errors.py). Placeholders in braces are the refusal's
parameters, written as games/words/refusals.py says ("{needed:words}" writes "two").

A refusal that names who broke the rule comes twice where the table may play either way: "side_"
for partners ("a side that goes out ..."), "player_" for a player on their own."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.words.refusals import Words

#: Canasta, Samba and Bolivia, Hearts of Miromar: going out, and the cards of the canastas.
CANASTAS: dict[str, Words] = {
    "side_concealed_not_out": _("a side that did not go out can't have gone out concealed"),
    "player_concealed_not_out": _("a player who did not go out can't have gone out concealed"),
    "side_needs_canasta_to_go_out": _("a side that goes out needs at least one canasta"),
    "player_needs_canasta_to_go_out": _("a player who goes out needs at least one canasta"),
    "side_needs_canastas_to_go_out": _(
        "a side that goes out needs at least {needed:words} canastas"
    ),
    "player_needs_canastas_to_go_out": _(
        "a player who goes out needs at least {needed:words} canastas"
    ),
    "hand_points_after_going_out": _(
        "a player who went out has no cards left in hand, so no card points in hand"
    ),
    "canasta_worth_more": _(
        "the cards of one canasta are worth at least {least} card points, so card points on "
        "the table can't be {meld}"
    ),
    "canastas_worth_more": _(
        "the cards of {canastas:words} canastas are worth at least {least} card points, so card "
        "points on the table can't be {meld}"
    ),
    "too_many_red_threes": _(
        "there are only {total:words} red threes in the cards, and this hand has {counted}"
    ),
    "side_needs_canastas_sambas_included": _(
        "a side that goes out needs at least {needed:words} canastas, sambas included"
    ),
    "player_needs_canastas_sambas_included": _(
        "a player who goes out needs at least {needed:words} canastas, sambas included"
    ),
    # Translators: Bolivia; an escalera is a canasta in sequence (Spanish word, kept as is
    # at English tables).
    "side_needs_canastas_one_escalera": _(
        "a side that goes out needs {needed:words} canastas, one of them an escalera"
    ),
    "player_needs_canastas_one_escalera": _(
        "a player who goes out needs {needed:words} canastas, one of them an escalera"
    ),
    # Translators: Bolivia; a bolivia is a canasta of wild cards.
    "too_many_bolivias": _(
        "the wild cards make {most:words} bolivias at most, and this hand has {counted}"
    ),
    "too_many_black_threes_in_hand": _(
        "there are only {total:words} black threes in the cards, and this hand has {counted} "
        "in hand"
    ),
}

#: Hearts of Miromar Canasta.
MIROMAR: dict[str, Words] = {
    # Translators: a Splash is a whole hand melded at once (Hearts of Miromar Canasta).
    "only_one_splash": _("only one side can make a Splash in a hand"),
    "splash_and_out": _("a hand ends with a Splash or with a side going out, not both"),
    # Translators: {label} is an item of the tally, e.g. "unfinished natural aces".
    "out_with_unfinished_meld": _("a side can't go out with {label} on the table"),
    "too_many_ace_canastas": _("there is only {most:words} canasta of aces to be had in a hand"),
    "too_many_seven_canastas": _(
        "there is only {most:words} canasta of sevens to be had in a hand"
    ),
    "too_many_wild_canastas": _(
        "there is only {most:words} canasta of wild cards to be had in a hand"
    ),
    "too_many_threes": _(
        "there are only {total} threes in the cards, and the sides have {counted}"
    ),
}

#: Modern American Canasta.
AMERICAN_CANASTA: dict[str, Words] = {
    "only_one_special_hand": _("only one side can lay down a special hand in a hand"),
    "special_hand_and_out": _("a hand ends with a special hand or with a side going out, not both"),
    "aces_canasta_and_meld": _(
        "a side with a canasta of aces has no other meld of aces on the table"
    ),
    "sevens_canasta_and_meld": _(
        "a side with a canasta of sevens has no other meld of sevens on the table"
    ),
    "one_unfinished_wild_meld": _("a side has at most one unfinished meld of wild cards"),
    "too_many_black_threes": _(
        "there are only {total:words} black threes in the cards, and this hand has {counted}"
    ),
    "four_jokers_once": _(
        "there are only four jokers: one canasta or unfinished meld can hold them all"
    ),
    "too_many_rank_canastas": _(
        "one canasta per rank can be made in a hand, {most} in all, and this hand has {counted}"
    ),
    "sevens_beyond_cards": _(
        "there are only {total:words} sevens in the cards, and the canastas, melds and held "
        "sevens typed need at least {counted}"
    ),
    "aces_beyond_cards": _(
        "there are only {total:words} aces in the cards, and the canastas, melds and held aces "
        "typed need at least {counted}"
    ),
    "wild_cards_beyond_cards": _(
        "there are only {total} wild cards in the cards, and the canastas and melds typed need "
        "at least {counted}"
    ),
    "american_canasta_over_by_dream_hand": _(
        "the game ended after hand {last}, when {winner} laid down a Dream Hand"
    ),
    # Why the winners won (AmericanCanasta.why_they_won).
    "american_canasta_won_by_dream_hand": _(
        "{winner} laid down a Dream Hand: that wins, whatever the totals."
    ),
}

#: Pennies From Heaven, in partnerships and three hands.
PENNIES_FROM_HEAVEN: dict[str, Words] = {
    # The house rule's own numbers: its name says them, whatever the table (1,000 for the
    # eight red threes of four players' packs).
    "all_red_threes_bonus_four_players_only": _(
        "the 1,000 for all eight red threes is only played with four players"
    ),
    "perfect_deals_not_dealing": _("only the dealing side ({dealing}) can score perfect deals"),
    "out_needs_natural_or_unnatural": _(
        "a side that goes out needs a natural or unnatural canasta"
    ),
    "out_needs_wild_ace_or_seven": _(
        "a side that goes out needs a wild card, ace or seven canasta"
    ),
    "packs_hold_only_red_threes": _(
        "the sides have {counted} red threes between them, but {packs} packs hold only {limit}"
    ),
    "packs_hold_only_black_threes": _(
        "the sides have {counted} black threes between them, but {packs} packs hold only {limit}"
    ),
    "packs_hold_only_wild_canastas": _(
        "the sides have {counted} wild card canastas between them, but {packs} packs hold only "
        "{limit}"
    ),
    "packs_hold_only_ace_canastas": _(
        "the sides have {counted} ace canastas between them, but {packs} packs hold only {limit}"
    ),
    "packs_hold_only_seven_canastas": _(
        "the sides have {counted} seven canastas between them, but {packs} packs hold only {limit}"
    ),
    # Translators: getting on the board is making a side's first meld of the hand.
    "out_not_on_board": _("a side that goes out must have got on the board"),
    "out_needs_seven_book": _("a side that goes out needs a book of sevens"),
    "out_needs_wild_book": _("a side that goes out needs a wild card book"),
}

#: Hand and Foot.
HAND_AND_FOOT: dict[str, Words] = {
    # Translators: {needs} is what going out needs, e.g. "two clean books, two dirty books
    # and a wild book".
    "side_goes_out_needs": _("a side that goes out needs {needs}"),
    "player_goes_out_needs": _("a player who goes out needs {needs}"),
    "books_worth_more": _(
        "the cards of those books are worth at least {least} card points, so card points on "
        "the table can't be {meld}"
    ),
    "packs_hold_wild_books": _(
        "{packs:words} packs hold wild cards for {most} wild books, and this deal has {counted}"
    ),
    "packs_hold_red_threes_laid_and_caught": _(
        "{packs:words} packs hold {total} red threes, and this deal has {counted} laid and caught"
    ),
}

#: Ten Pennies, and the contract rummies (Liverpool, Five Crowns, Phase 10): one player out.
ONE_PLAYER_OUT: dict[str, Words] = {
    "points_without_cards": _("{points} points in hand needs the number of cards caught"),
    "nobody_without_cards": _("someone goes out every round: a player must have no cards left"),
    "two_without_cards": _(
        "only one player goes out in a round, but {other} has no cards left too"
    ),
    "cards_worth_between": _(
        "{cards} cards are worth between {low} and {high} points, not {points}"
    ),
    "nobody_went_out": {
        "hand": _("someone goes out every hand: pick the player who went out"),
        "deal": _("someone goes out every deal: pick the player who went out"),
        "round": _("someone goes out every round: pick the player who went out"),
    },
    "two_went_out": {
        "hand": _("only one player goes out in a hand, but {other} went out too"),
        "deal": _("only one player goes out in a deal, but {other} went out too"),
        "round": _("only one player goes out in a round, but {other} went out too"),
    },
    "points_after_going_out": _(
        "a player who went out has no cards left, so no points (not {points})"
    ),
    "too_many_points_left": _(
        "{points} points can't be left in hand in round {round}: with {dealt} cards dealt the "
        "most is {most}"
    ),
    # Translators: Phase 10; {words} says the phase, e.g. "a run of seven".
    "out_before_phase": _(
        "a player who goes out has completed their phase first (phase {phase}: {words})"
    ),
    # Why Phase 10's winners won (PhaseTen.why_they_won, once RuleSet.why_they_won says a
    # Said rather than English words).
    "phase_10_one_completed": _(
        "Only {player} completed phase {phase}: that wins, whatever the totals."
    ),
    "phase_10_lowest_of_completed": _(
        "{players:and} completed phase {phase}: of them, the lowest total wins."
    ),
    "phase_10_over": _(
        "the game ended after hand {last}, when {players:and} completed phase {phase}"
    ),
}

#: A table's own game: its name and note, typed or read from a game file ("own_game" is the
#: file's key, not translated).
OWN_GAME: dict[str, Words] = {
    "own_game_no_name": _("give your game a name"),
    "own_game_name_too_long": _("a game's name can be at most {most} characters long"),
    "own_game_name_unseen": _(
        "the game's name holds an invisible character ({character}); type it again without it"
    ),
    "own_game_note_not_text": _("the game's note must be text"),
    "own_game_note_too_long": _("the game's note can be at most {most} characters long"),
    "own_game_note_unseen": _(
        "the game's note holds an invisible character; type it again without it"
    ),
    "game_file_own_game_not_object": _(
        'own_game must be an object with a "name" and, if you like, a "note"'
    ),
    "game_file_own_game_no_name": _("own_game: give your game a name"),
    "game_file_own_game_name_too_long": _(
        "own_game: a game's name can be at most {most} characters long"
    ),
    "game_file_own_game_name_unseen": _(
        "own_game: the game's name holds an invisible character ({character}); type it again "
        "without it"
    ),
    "game_file_own_game_note_not_text": _("own_game: the game's note must be text"),
    "game_file_own_game_note_too_long": _(
        "own_game: the game's note can be at most {most} characters long"
    ),
    "game_file_own_game_note_unseen": _(
        "own_game: the game's note holds an invisible character; type it again without it"
    ),
}

#: Buraco: the morto, the canastras (clean, dirty, and the long clean runs) and their cards.
BURACO: dict[str, Words] = {
    # Translators: Buraco; the morto is the side's second packet of cards, kept by its table's
    # name ("morto" in Brazil).
    "side_out_without_morto": _("a side that goes out has taken its morto"),
    "player_out_without_morto": _("a player who goes out has taken their morto"),
    # Translators: Buraco; a canastra is a meld of seven cards or more (Brazil's word).
    "side_out_needs_clean_canastra": _("a side that goes out needs at least one clean canastra"),
    "player_out_needs_clean_canastra": _("a player who goes out needs at least one clean canastra"),
    "side_out_needs_canastra": _("a side that goes out needs at least one canastra"),
    "player_out_needs_canastra": _("a player who goes out needs at least one canastra"),
    "morto_not_taken_cards_in_hand": _(
        "a side that never took its morto still holds cards: at least {least} card points in hand"
    ),
    "canastras_worth_more": _(
        "the cards of those canastras are worth at least {least} card points, so card points on "
        "the table can't be {meld}"
    ),
    "too_many_dirty_canastras": _(
        "each dirty canastra holds a wild card, and there are only {most} of them: this hand "
        "has {counted} dirty canastras"
    ),
    "too_many_ace_to_ace": _(
        "there can be at most {most:words} clean runs from ace to ace in a hand, and this hand "
        "has {counted}"
    ),
    "long_canastras_need_aces": _(
        "the runs from ace to king and ace to ace need {needed} aces, and there are only {aces}"
    ),
    "canastras_beyond_cards": _(
        "that makes {count} canastras in the hand, which need at least {needed} cards, but only "
        "{cards} cards are in play"
    ),
}

#: Burraco: the pozzetto, closing (chiusura) and the burracos.
BURRACO: dict[str, Words] = {
    # Translators: Burraco; the pozzetto is the side's second packet of cards, and closing
    # (chiusura) is going out (Italy's words).
    "side_closed_without_pozzetto": _("a side that closes has taken its pozzetto"),
    "player_closed_without_pozzetto": _("a player who closes has taken their pozzetto"),
    # Translators: Burraco; a burraco is a meld of seven cards or more, clean (pulito) when it
    # holds no wild card.
    "side_closes_with_clean_burraco": _("a side that closes needs at least one clean burraco"),
    "player_closes_with_clean_burraco": _("a player who closes needs at least one clean burraco"),
    "side_closes_with_burraco": _("a side that closes needs at least one burraco"),
    "player_closes_with_burraco": _("a player who closes needs at least one burraco"),
    "pozzetto_not_taken_cards_in_hand": _(
        "a side that never took its pozzetto still holds cards: at least {least} card points in "
        "hand"
    ),
    "burracos_worth_more": _(
        "the cards of those burracos are worth at least {least} card points, so card points on "
        "the table can't be {meld}"
    ),
    "too_many_wild_burracos": _(
        "each semi-clean or dirty burraco holds a wild card, and there are only {most} of them: "
        "this hand has {counted}"
    ),
    "burracos_beyond_cards": _(
        "that makes {count} burracos in the hand, which need at least {needed} cards, but only "
        "{cards} cards are in play"
    ),
}

#: Chinchón: who closed (cortar), minus ten, chinchón, and players out and rejoining.
CHINCHON: dict[str, Words] = {
    # Translators: Chinchón; to close (cortar) is to end the hand by laying down one's cards.
    "nobody_closed": _("someone closes every hand: pick the player who closed"),
    "two_closed": _("only one player closes a hand, but {other} closed too"),
    "minus_ten_not_closer": _("only the player who closed can score minus ten"),
    # Translators: Chinchón; a chinchón is seven cards in a run of one suit (the game's name).
    "chinchon_not_closer": _("only the player who closed can make chinchón"),
    "minus_ten_and_chinchon": _("a chinchón is not minus ten as well: mark one of them"),
    "points_with_minus_ten": _(
        "a player with all seven cards matched has no points left (not {points})"
    ),
    "points_with_chinchon": _("a player who made chinchón has no points left (not {points})"),
    "closer_without_points": _(
        "the player who closed has points left, or all seven cards matched: type the points, "
        "or mark minus ten or chinchón"
    ),
    "closer_over_limit": _("a player can close with at most {most} points unmatched, not {points}"),
    "rejoin_while_in": _("only a player who is out can rejoin"),
    "no_rejoining": _("nobody rejoins at this table"),
    "one_rejoin_used": _("a player rejoins only once at this table, and this one has"),
    "rejoins_used_up": _(
        "a player rejoins at most {allowed:words} times at this table, and this one has"
    ),
    "out_player_tally": _(
        "a player who is out plays only by rejoining: leave their tally empty, or mark that "
        "they rejoin"
    ),
    "chinchon_over_by_chinchon": _("the game ended after hand {last}, when {player} made chinchón"),
    "chinchon_over_last_in": _("the game ended after hand {last}: {player} is the last player in"),
    "chinchon_over_all_out": _(
        "the game ended after hand {last}, when every player still in went out"
    ),
    # Why Chinchón's winners won (Chinchon.why_they_won).
    "chinchon_won_by_chinchon": _("{player} made chinchón: that wins, whatever the totals."),
    "chinchon_won_last_in": _("{player} is the last player in."),
    "chinchon_won_lowest_of_last": _(
        "Everyone still in went out in the last hand: of them, the lowest total wins."
    ),
}

#: Gin Rummy and Oklahoma Gin: knocking, big gin, dead hands and the upcard.
GIN: dict[str, Words] = {
    # Translators: Gin Rummy; to knock is to end the hand by laying down one's melds.
    "both_knocked": _("only one player knocks in a hand, but {other} knocked too"),
    "knock_over_limit": _(
        "a player can knock with at most {most} points of deadwood, not {points}"
    ),
    "big_gin_not_knocker": _("only the player who knocked can make big gin"),
    "big_gin_with_deadwood": _(
        "big gin melds every card: the knocker's deadwood is 0, not {points}"
    ),
    "dead_hand_deadwood": _(
        "nobody knocked, so the hand is dead and nobody scores: leave the deadwood empty, or "
        "pick who knocked"
    ),
    "dead_hand_big_gin": _(
        "nobody knocked, so the hand is dead: big gin needs a knock, so pick who knocked"
    ),
    "upcard_not_a_card": _(
        "the upcard {upcard} is not a card: write its rank (A, 2 to 10, J, Q, K) and then its "
        "suit (S, H, D or C), as 7S"
    ),
    "upcard_not_played": _(
        "this game has no upcard to write down (only Oklahoma Gin does), not {upcard}"
    ),
    "knock_without_upcard": _(
        "in Oklahoma Gin the upcard sets the knock limit: write the hand's first upcard"
    ),
    "ace_upcard_gin_only": _(
        "with an ace turned up the hand is won only by gin: the knocker's deadwood is 0, not "
        "{points}"
    ),
    "hollywood_over": _("all three Hollywood games closed after hand {last}: the session is over"),
    # What the hand form says of an Oklahoma upcard as soon as it is picked.
    "upcard_knock_limit": _("Knock with {most} or less"),
    "upcard_knock_limit_doubled": _("Knock with {most} or less · a spade: the hand counts double"),
    "upcard_gin_only": _("An ace: gin only"),
    "upcard_gin_only_doubled": _("An ace: gin only · a spade: the hand counts double"),
    # What a gin hand came to, under its scores on the hand form.
    "gin_said_dead_hand": _("Nobody knocked: a dead hand, nobody scores."),
    "gin_said_knock": _(
        "{knocker} knocks with {knocked}, {other} has {deadwood}: {deadwood} − {knocked} = "
        "{points} to {knocker}."
    ),
    "gin_said_knock_doubled": _(
        "{knocker} knocks with {knocked}, {other} has {deadwood}: ({deadwood} − {knocked}) × 2 "
        "for the spade = {points} to {knocker}."
    ),
    "gin_said_undercut": _(
        "{knocker} knocks with {knocked}; {other} undercuts with {deadwood}: {knocked} − "
        "{deadwood} + {bonus} = {points} to {other}."
    ),
    "gin_said_undercut_doubled": _(
        "{knocker} knocks with {knocked}; {other} undercuts with {deadwood}: ({knocked} − "
        "{deadwood} + {bonus}) × 2 for the spade = {points} to {other}."
    ),
    "gin_said_gin": _(
        "{knocker} goes gin, {other} has {deadwood}: {deadwood} + {bonus} for gin = {points} "
        "to {knocker}."
    ),
    "gin_said_gin_doubled": _(
        "{knocker} goes gin, {other} has {deadwood}: ({deadwood} + {bonus} for gin) × 2 for "
        "the spade = {points} to {knocker}."
    ),
    "gin_said_big_gin": _(
        "{knocker} makes big gin, {other} has {deadwood}: {deadwood} + {bonus} for big gin = "
        "{points} to {knocker}."
    ),
    "gin_said_big_gin_doubled": _(
        "{knocker} makes big gin, {other} has {deadwood}: ({deadwood} + {bonus} for big gin) "
        "× 2 for the spade = {points} to {knocker}."
    ),
}

GAME_REFUSALS: dict[str, Words] = {
    **GIN,
    **AMERICAN_CANASTA,
    **BURACO,
    **BURRACO,
    **CANASTAS,
    **CHINCHON,
    **MIROMAR,
    **PENNIES_FROM_HEAVEN,
    **HAND_AND_FOOT,
    **ONE_PLAYER_OUT,
    **OWN_GAME,
}
