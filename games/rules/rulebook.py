"""How to play each rule set, in our own words: the one source of the printed rule sheet and of
the rules page on screen.

No number is typed in this prose. Every one is a `{placeholder}` filled from the rule set's own
data: its attributes (`{hand_cards}`), a tally field's points without sign (`{pts[went_out]}`),
items of a tuple (`{toulon_draws[0]}`), and some computed facts: `{players}`, `{packs}`,
`{side_size}` (players to a side), `{sides}` (sides at a table of the one player count),
`{mixed_melds}` (what a meld mixing natural and wild cards may hold) and `{pack_examples}`
(the packs for the fewest players, in words).
A number prints with thousands separators; `:w` spells a small one out (`{meld_start:w}` is
"three", `:W` "Three"). Numbers are never written as words either: a test reads every
template for "two", "three" and the like, and allows only a card's rank ("a black three") and
a few plain-English phrases ("one at a time").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .core import NUMBER_WORDS, RuleSet, in_words
from .prose import Section

_WORDS = NUMBER_WORDS


class Number(int):
    """An int that prints as 12,500 (true minus sign), or as a word with the `w` spec (`W`:
    capitalised, to start a sentence)."""

    def __format__(self, spec: str) -> str:
        if spec == "W":
            return format(self, "w").capitalize()
        if spec == "w":
            return _WORDS[self] if 0 <= self < len(_WORDS) else f"{int(self):,}"
        if spec in ("", ","):
            return f"{int(self):,}".replace("-", "\u2212")
        return format(int(self), spec)


def _numbers(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return Number(value)
    if isinstance(value, tuple | list):
        return tuple(_numbers(v) for v in value)
    if isinstance(value, Mapping):
        return {k: _numbers(v) for k, v in value.items()}
    return value


class _Lookup(dict):
    """format_map source: the rule set's data, every number wrapped as a Number."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, key: str) -> Any:
        rules = self.rules
        if key == "pts":
            return {f.name: Number(abs(f.points_each)) for f in rules.tally_fields if f.points_each}
        if key == "players":
            return rules.describe_player_counts()
        if key == "packs":
            return rules.describe_packs()
        if key == "side_size":
            return Number(rules.seating.team_size(0))
        if key == "sides" and len(rules.player_counts) == 1:
            return Number(rules.player_counts[0] // rules.seating.team_size(0))
        if key == "mixed_melds":
            return mixed_melds(self["naturals_over_wild"], self["max_wild_in_canasta"])
        if key == "pack_examples":
            return pack_examples(rules)
        value = getattr(rules, key, None)
        if value is None or callable(value):
            raise KeyError(key)
        return _numbers(value)


def mixed_melds(naturals_over_wild: int, most_wild: int) -> str:
    """Each mix of natural and wild cards a meld may hold: "two naturals with one wild card,
    three with two, four with three"."""
    mixes = [
        (in_words(wild + naturals_over_wild), in_words(wild)) for wild in range(1, most_wild + 1)
    ]
    first, *rest = mixes
    return ", ".join(
        [f"{first[0]} naturals with {first[1]} wild card", *(f"{n} with {w}" for n, w in rest)]
    )


def pack_examples(rules: RuleSet, groups: int = 3) -> str:
    """The packs for the fewest players, read from the engine: "four packs for two players, six
    for three or four, eight for five or six"."""
    grouped: list[tuple[int, list[int]]] = []
    for players in rules.player_counts:
        packs = rules.packs(players)
        if grouped and grouped[-1][0] == packs:
            grouped[-1][1].append(players)
        else:
            grouped.append((packs, [players]))
    parts = []
    for index, (packs, counts) in enumerate(grouped[:groups]):
        who = " or ".join(in_words(count) for count in counts)
        packs_word, players_word = (" packs", " players") if index == 0 else ("", "")
        parts.append(f"{in_words(packs)}{packs_word} for {who}{players_word}")
    return ", ".join(parts)


def fill(rules: RuleSet, text: str) -> str:
    """`text` with its placeholders filled from `rules`."""
    return text.format_map(_Lookup(rules))


S = Section

# -- Pennies From Heaven, partnership ------------------------------------------------------------

PFH_PARTNERSHIP = (
    S(
        "Players and cards",
        (
            "{players}, {side_size:w} to a side, partners sitting across from each other. Shuffle "
            "together {packs}. Twos and jokers are wild; threes have jobs of their own (see "
            "Threes).",
        ),
    ),
    S(
        "The deal",
        (
            "Agree on who deals the first hand (the app asks for the first dealer when you "
            "start a game). After every hand the deal passes one seat to the left.",
            "The dealer makes a face-down stack of {hand_cards} cards for each player and "
            "hands them out, the first to the player on the left. At the same time the dealer's "
            "partner makes a stack of {pennies_cards} cards for each player: the Pennies. "
            "Each stack goes face down on the table in front of its owner, the first again to "
            "the dealer's left.",
            "Both dealers try to lift just the cards they need. A dealer who deals every stack "
            "without taking more cards or putting any back earns the side "
            "{perfect_deal_bonus} (a perfect deal).",
            "The cards both dealers have left go together face down in the middle: the "
            "stock. Turn its top card face up beside it to begin the discard pile.",
        ),
    ),
    S(
        "A turn",
        (
            "The player on the dealer's left plays first; play goes clockwise. In your turn:",
            "- Draw: take the top {draw_cards:w} cards of the stock, or take the whole discard "
            "pile (see Taking the pile).",
            "- Meld: if you like, start melds or add cards to your side's melds.",
            "- Discard: end the turn by putting a card on the discard pile, face up.",
        ),
    ),
    S(
        "Melds and canastas",
        (
            "A meld is {meld_start:w} or more cards of one rank, suits never matter. It grows "
            "on later turns and is finished at {cards_per_canasta:w} cards: a canasta. Never "
            "more than {cards_per_canasta:w} cards go in a meld; once a canasta is done the "
            "side may start a new meld of that rank.",
            "- Natural canasta: {cards_per_canasta:w} cards of one rank, no wild card.",
            "- Unnatural canasta: {cards_per_canasta:w} cards of one rank and wild cards, at "
            "most {max_wild_in_canasta:w} of them wild.",
            "- Special canastas: {cards_per_canasta:w} aces, {cards_per_canasta:w} sevens, or "
            "{cards_per_canasta:w} wild cards.",
            "Wild cards: a meld that mixes natural and wild cards always holds at least "
            "{naturals_over_wild:w} natural card more than wild cards ({mixed_melds}). A side "
            "has at most {wild_melds_at_once:w} meld with wild cards in it at a time, and "
            "starts no other until that meld is finished as a canasta.",
        ),
    ),
    S(
        "The opening meld",
        (
            "A side's first meld must add up to its opening minimum (table below), counting "
            "only the card values of the cards laid down; red threes and canasta bonuses don't "
            "help. The minimum rises with the side's total.",
        ),
        table="openings",
    ),
    S(
        "Taking the pile",
        (
            "When the top discard is a natural card and you hold {pile_pair:w} natural cards of "
            "its rank, you may take the whole pile instead of drawing. Meld the top card with "
            "those cards at once. A side that has not opened must first lay down its opening "
            "minimum from hand, with this meld and any others, and only then picks up the rest.",
            "A wild card or a black three on top freezes the pile: the next player must draw "
            "from the stock. The freeze ends as soon as another card covers it. A red three "
            "turned up to start the pile freezes it the same way; whoever later takes the pile "
            "lays that three out and draws a card for it.",
        ),
    ),
    S(
        "The Pennies",
        (
            "Your Pennies stay face down and unseen until you yourself lay the last card of a "
            "canasta. After discarding in that turn, pick them up, lay out any red threes "
            "among them (drawing a card for each), and add the rest to your hand.",
            "Pennies still on the table when the hand ends count against their side: their "
            "cards as card points left in hand, and each red three in them "
            "\u2212{pts[pennies_red_threes]}.",
        ),
    ),
    S(
        "Threes",
        (
            "A red three dealt or drawn goes face up beside your side's melds at once, and you "
            "draw a card to replace it. It scores {pts[red_threes]} at the end of the hand, "
            "and nowhere else: a three is never counted again as card points.",
            "A black three can never be melded, only discarded, and it freezes the pile for the "
            "next player. Each black three left in a hand at the end costs "
            "{pts[black_threes]}.",
        ),
    ),
    S(
        "Burying",
        (
            "Late in a hand you may bury cards you can't use: once your side has finished a "
            "natural or unnatural canasta of a rank, lay further cards of that rank face down "
            "in your turn and say so. Buried cards never score. Burying and going out never "
            "happen in the same turn.",
        ),
    ),
    S(
        "Going out",
        (
            "A side may go out only when all the red threes are on the table and it has "
            "finished a special canasta as well as a natural or unnatural canasta. Go out by "
            "melding all your cards, or all but a last card that you discard. Checking with "
            "your partner first is up to you, but a question once asked binds you: go out "
            "only if the answer is yes.",
        ),
    ),
    S(
        "End of the hand and scoring",
        (
            "The hand ends when a player goes out, or when the stock runs out. Then each side "
            "adds up: its canastas, its red threes, {pts[went_out]} for going out, and the card "
            "values of every card it has melded (canasta cards included, buried cards not). "
            "From that it takes away the card values left in its players' hands and in its "
            "unpicked Pennies, and its black threes in hand. The Scoring table below gives "
            "every item.",
        ),
    ),
)

PFH_PARTNERSHIP_HOUSE = (
    "Some tables add this: with {all_red_threes_players:w} players, a side that lays out all "
    "{all_red_threes:w} red threes scores {all_red_threes_bonus} for them instead of "
    "{pts[red_threes]} each."
)

# -- Pennies From Heaven, three hands -----------------------------------------------------------

PFH_THREE_HANDS = (
    S(
        "Players and cards",
        (
            "{players}, each playing alone or in teams of equal size. Shuffle together {packs}: "
            "{pack_examples}, and so on. Twos and jokers are wild.",
        ),
    ),
    S(
        "The deal",
        (
            "Spread all the cards face down across the table and mix them well. Without "
            "looking, each player takes {hand_cards} cards and passes that stack to the player "
            "on the left: it is the hand you pick up. Then each player takes {pile_cards} more "
            "without looking and sets them aside face down: your pile, kept for later. The "
            "cards left over go in a face-down stack in the middle: the stock. The discard "
            "pile starts empty.",
        ),
    ),
    S(
        "Who starts",
        (
            "In hand {red_threes_hand:w} the player holding the most red threes starts; "
            "players tied for most, or everyone when nobody has a red three, each draw a card "
            "from the "
            "stock and the highest card value starts. In each later hand the start moves one "
            "seat to the left. Play goes clockwise.",
        ),
    ),
    S(
        "A turn",
        (
            "- Draw the top {draw_cards:w} cards of the stock, or take the whole discard pile "
            "(see Taking the pile).",
            "- Meld, if you can and want to.",
            "- Discard a card. A card that could be melded may not be thrown away.",
        ),
    ),
    S(
        "Books",
        (
            "A book is a meld of one rank, started with {meld_start:w} cards and closed at "
            "{book_cards:w}; no book ever holds more. Suits don't matter, and there is never a "
            "book of threes.",
            "- Red book: {book_cards:w} cards and no wild card.",
            "- Black book: holds wild cards, at most {max_wild_per_book:w}, and each wild card "
            "needs {naturals_per_wild:w} natural cards of the rank beside it (so "
            "{naturals_per_wild:w} of a rank and a wild card may start a book; a lone card of a "
            "rank with wild cards never may).",
            "- Book of sevens: sevens only, never a wild card.",
            "- Wild card book: twos and jokers only.",
        ),
    ),
    S(
        "Getting on the board",
        (
            "A side's first meld must be laid by a single player, from that player's own "
            "cards, worth at least the hand's minimum in card values (table below). After that "
            "the whole side may add to it. Red threes never count towards it. A side whose "
            "total is below zero needs only {opening_below_zero}.",
        ),
        table="openings",
    ),
    S(
        "Taking the pile",
        (
            "Instead of drawing you may take the whole discard pile, threes and all, when you "
            "hold {pile_match_in_hand:w} cards matching the top card, or your side has "
            "{pile_match_on_table:w} of them on the table. Play the top card at once to show "
            "you could. You can't take it on a rank your side already has {pile_blocked_at:w} "
            "or more of on the table.",
            "A side not yet on the board may take the pile only by getting on the board with "
            "the top card and cards from hand; the rest of the pile helps only after that.",
            "A black three on top can never be taken. A wild card discarded freezes the pile "
            "for the next player only.",
        ),
    ),
    S(
        "Threes",
        (
            "A red three is laid out beside your books as soon as you get it, and you draw a "
            "card for it. Red threes score only in hand {red_threes_hand:w}: "
            "{red_threes_few_points} each, or {red_threes_many_points} each for a side with "
            "{red_threes_many:w} or more. Black threes are only ever discarded; each black three "
            "left in a hand at the end costs {pts[black_threes]}.",
        ),
    ),
    S(
        "The piles",
        (
            "As soon as a side closes its first red book, every player on that side picks up "
            "their pile and adds it to their hand. Closing a book of sevens or of wild cards "
            "first does not free the piles.",
        ),
    ),
    S(
        "Going out",
        (
            "A side may go out once it is on the board, has picked up its piles, and holds a "
            "book of sevens and a wild card book. Go out by running out of cards, always ending "
            "with a discard. A seven may be discarded only as that last card; a player left "
            "with nothing to discard can't go out and passes.",
        ),
    ),
    S(
        "End of the hand and the game",
        (
            "The hand ends when a player goes out. That player's partners throw in their "
            "remaining cards without penalty; every other player's cards count against their "
            "side. A side that never got on the board also loses the card values of its "
            "unpicked piles.",
        ),
    ),
)

# -- Ten Pennies ---------------------------------------------------------------------------------

TEN_PENNIES_START = (
    S(
        "Players, cards and pennies",
        (
            "{players}, each on their own. Use {packs} (round up for an odd number of "
            "players). Each player sets out {buys_per_game} pennies as a buy stack, kept apart "
            "from other coins, plus some loose change to pay for cards caught. A bowl in the "
            "middle collects every penny paid: the pot.",
        ),
    ),
    S(
        "The deal",
        (
            "For the first round everyone draws a card; the highest deals (a joker beats "
            "everything). After each round the deal passes one seat to the left. The dealer "
            "gives each player {hand_cards} cards, turns the next card face up to start the "
            "discard pile, and leaves the rest face down as the stock. The player on the "
            "dealer's left plays first; play goes clockwise.",
        ),
    ),
    S(
        "A turn",
        (
            "- The face-up card: you may take the top discard for nothing. If you pass it, the "
            "player on your left may buy it, then the next, and so on round the table.",
            "- Draw: unless you took the face-up card, take the top card of the stock.",
            "- Lay down: once the round's first-down requirement is in front of you, lay down "
            "more sets and play cards on anyone's sets.",
            "- Discard a card; the turn passes to the left.",
        ),
    ),
    S(
        "Buying",
        (
            "A buyer pays {pennies_each:w} penny from the buy stack into the bowl, takes the "
            "face-up card "
            "and {buy_extra_cards:w} more from the stock, and keeps them in hand until their own "
            "turn. Nobody buys more than {buys_per_game:w} times in the whole game. A card that "
            "every player has passed is dead: nobody may take or buy it later.",
        ),
    ),
    S(
        "Sets and wild cards",
        (
            "The only meld is a set: {meld_start:w} or more cards of one rank. Before laying "
            "anything down you must put down the round's first-down requirement (table "
            "below), in your own turn. The table also gives each round's wild cards and how "
            "many of them a set may hold when it is laid down. A set may be made of wild "
            "cards alone. Once you are down, you may add any number of wild cards to any set.",
        ),
        table="rounds",
    ),
)

#: Where twos are the first wild cards, the early rounds have jokers that are not wild.
TEN_PENNIES_PLAIN_JOKERS = (
    "In a round whose wild cards leave out jokers, a joker is a plain card of a rank of its "
    "own: jokers then make a set together like any other rank, and a joker caught in hand "
    "still costs its card value."
)

TEN_PENNIES_END = (
    S(
        "Going out and scoring",
        (
            "You go out by playing every card, or every card but a final discard; someone "
            "goes out in every round. Each other player then writes down the card values left "
            "in their hand (card values table) as penalty points, and pays {pennies_each:w} "
            "penny into the bowl for each card held.",
        ),
    ),
)

TEN_PENNIES = (
    *TEN_PENNIES_START[:-1],
    S(
        TEN_PENNIES_START[-1].heading,
        (*TEN_PENNIES_START[-1].paragraphs, TEN_PENNIES_PLAIN_JOKERS),
        table=TEN_PENNIES_START[-1].table,
    ),
    *TEN_PENNIES_END,
)

TEN_PENNIES_JOKERS = (
    *TEN_PENNIES_START,
    S(
        "No doubles in a set",
        (
            "A set never holds identical cards: with several packs in play, cards of the same "
            "rank and suit can't sit in the same set.",
        ),
    ),
    *TEN_PENNIES_END,
)

# -- Hearts of Miromar Canasta -------------------------------------------------------------------

MIROMAR = (
    S(
        "Players and cards",
        (
            "{players} in {sides:w} partnerships, partners opposite. Shuffle together {packs}. "
            "Jokers and twos are wild; threes are special (see Threes).",
        ),
    ),
    S(
        "The deal and the turn card",
        (
            "Agree on who deals the first hand (the app asks for the first dealer when you "
            "start a game). After every hand the deal passes one seat to the left.",
            "The player on the dealer's right cuts off about a quarter of the cards. From the "
            "bottom of that cut, {turn_card_depth:w} cards go face down in the tray and the "
            "next goes across them: the turn card. The rest of the cut goes on top. The dealer "
            "deals {hand_cards} cards to each player, one at a time clockwise from the left, "
            "and puts the remaining cards on top in the tray: that is the stock. The discard "
            "pile starts empty. Reaching the turn card means only {turn_card_depth:w} cards are "
            "left.",
        ),
    ),
    S(
        "A turn",
        (
            "The player on the dealer's left starts; play goes clockwise.",
            "- Threes: lay any threes face up and draw a replacement for each (a replacement "
            "forgotten in that turn is lost).",
            "- Draw {draw_cards:w} card from the stock, or take the discard pile (see below).",
            "- Meld, if you have opened or can open.",
            "- Discard a card. A wild card may be discarded only when you have no other "
            "choice. No ace, seven or dead card (see Canastas) may go onto an empty discard "
            "pile.",
        ),
    ),
    S(
        "Canastas",
        (
            "A meld is a set of {meld_start:w} or more cards of one rank, wild cards "
            "included, laid face up in front of the side; either partner may add to it in a "
            "later turn. "
            "A canasta is a meld grown to {cards_per_canasta:w} cards. Natural: no wild card. "
            "Dirty: holds wild cards, at most {max_wild_in_canasta:w}. Sevens are always "
            "natural. Aces "
            "take wild cards only in an opening meld. Once a side lays down wild cards as a "
            "meld of their own, all its wild cards go there until that canasta is complete. "
            "Cards of a rank already made into a canasta are dead: they can only be discarded "
            "or used in a Splash.",
        ),
    ),
    S(
        "Opening",
        (
            "A partner opens for the side with a meld worth at least the side's minimum "
            "(table below) in card values. It must hold a natural set of {meld_start:w} or more "
            "cards; any other set in it needs at least {opening_pair:w} natural cards and at "
            "most {max_wild_per_set:w} wild cards. Wild cards alone, at least "
            "{wild_cards_alone:w} of them, may open if they reach the minimum.",
            "Holding a complete natural or wild card canasta in hand lets you open with it "
            "without the minimum. Always keep a card to discard.",
            "An attempt that falls short goes back into your hand and adds "
            "{failed_opening_step} to the side's minimum for the rest of the hand.",
            "Instead of drawing, a player holding {pile_pair:w} natural cards of the top "
            "discard's rank may take the pile to open, provided the opening reaches the "
            "minimum and has its natural set without the top card's help. Whoever opens that "
            "way gets no Toulon, and an opening that then falls short counts as a failed "
            "attempt. An ace on top may be taken to open only for an opening meld of aces "
            "with no wild card.",
        ),
        table="openings",
    ),
    S(
        "Toulon",
        (
            "The first player at the table to open draws {toulon_draws[0]:w} extra cards right "
            "after discarding; the second draws {toulon_draws[1]:w}. A Toulon is lost if "
            "forgotten before the next player draws, and none is taken once the turn card is "
            "reached. A three found in a Toulon waits in hand until your next turn.",
        ),
    ),
    S(
        "Taking the pile",
        (
            "Once your side has opened, you may take the whole discard pile instead of drawing "
            "when you hold {pile_pair:w} natural cards matching the top card. Not when your "
            "side already has {pile_blocked_at:w} or more of that rank in a meld, and never on "
            "a dead card. Once your side has opened aces with wild cards, you may take the pile "
            "on an ace with {pile_pair:w} aces from your hand.",
            "A card taken with the pile may be your discard in the same turn, unless it is an "
            "ace, a seven or a dead card.",
        ),
    ),
    S(
        "Threes",
        (
            "Threes are never discarded: lay them out as they come, each with a replacement. A "
            "three drawn as the very last card of the stock stays in hand. How the threes on "
            "the table score depends on the side's canastas (see Scoring); each three left in "
            "hand costs {pts[threes_in_hand]}.",
        ),
    ),
    S(
        "Going out",
        (
            "A side needs at least {canastas_to_go_out:w} completed canastas to go out, and no "
            "unfinished meld of natural aces, sevens or wild cards on the table. Play every "
            "card but the last, and discard that.",
            "Before playing any card you may ask your partner \u201cmay I go out?\u201d, once a "
            "hand per side, and you must follow the answer. If the answer is no, or you find "
            "after a yes that you can't, neither partner may go out until both opponents have "
            "had another turn.",
        ),
    ),
    S(
        "Splash",
        (
            "A Splash is a hand of exactly {splash_cards} cards laid down at once in your turn, "
            "with no discard, whether or not your side has opened. It may use dead cards, but "
            "no three except in the garbage hand. The only discard a Splash may use is the "
            "card it still lacks, thrown onto a discard pile that was empty. A Splash "
            "ends the hand: the side scores {splash_points} and the other side scores nothing.",
            "The Splash hands:",
        ),
    ),
    S(
        "End of the hand",
        ("A hand ends when a player goes out, a Splash is laid down, or the stock runs out.",),
    ),
    S(
        "Scoring",
        (
            "Count a side's canastas. With none, its melded card values and its threes on the "
            "table count against it ({three_points} a three; all {threes_total:w} threes "
            "{all_threes_without_canasta} together). With any canasta, melded card values count "
            "for it; its threes count nothing until it has {canastas_for_threes:w} canastas, "
            "and from then on count for it ({three_points} each). Cards inside a canasta worth "
            "{pts[wild_canastas]} or more are not counted again as card values. Every side "
            "loses the card values left in its hands.",
        ),
    ),
)

RULEBOOK: dict[str, tuple[Section, ...]] = {
    "pfh-partnership": PFH_PARTNERSHIP,
    "pfh-three-hands": PFH_THREE_HANDS,
    "ten-pennies": TEN_PENNIES,
    "ten-pennies-jokers": TEN_PENNIES_JOKERS,
    "miromar-canasta": MIROMAR,
}

#: House options, by option key, in our words.
HOUSE_OPTIONS: dict[str, str] = {"all_red_threes_1000": PFH_PARTNERSHIP_HOUSE}

#: What each scoring item's "counts when" says, where the engine's own note has a number in it.
SCORE_NOTES: dict[str, dict[str, str]] = {
    "pfh-three-hands": {
        "red_threes": "hand {red_threes_hand} only: {red_threes_few_points} each, or "
        "{red_threes_many_points} each for {red_threes_many} or more",
        "on_board": "no score; decides whether the {pile_cards}-card piles count",
    },
    "miromar-canasta": {
        "threes": "no canasta: \u2212{three_points} each (all {threes_total}: "
        "{all_threes_without_canasta}); fewer than {canastas_for_threes:w} canastas: nothing; "
        "{canastas_for_threes:w} or more: +{three_points} each",
        "meld_points": "melded cards outside canastas worth {pts[wild_canastas]} or more; "
        "against the side with no canasta",
        "grand_wild_canastas": "all {jokers:w} jokers, or {cards_per_canasta:w} twos; it "
        "counts here instead of as a wild card canasta, never as both",
    },
}


#: A reminder printed on the score pad, above the hands, where the scorekeeper writes.
PAD_NOTES: dict[str, str] = {
    "pfh-three-hands": "Red threes count in hand {red_threes_hand} only: "
    "{red_threes_few_points} each, {red_threes_many_points} each with {red_threes_many} or "
    "more. Unpicked piles: subtract their card points only from a side that never got on the "
    "board, and only when another side went out.",
    "miromar-canasta": "Threes and card points on the table, by the side's canastas. None: "
    "both count against (\u2212{three_points} a three; all {threes_total}: "
    "{all_threes_without_canasta}). Fewer than {canastas_for_threes:w}: card points for, threes "
    "nothing. {canastas_for_threes:W} or more: both for (+{three_points} a three).",
}


#: A score pad column's hint, where the plain "points" or "how many" would mislead.
PAD_HINTS: dict[str, dict[str, str]] = {
    "pfh-three-hands": {
        "red_threes": "hand {red_threes_hand} only",
        "pile_points": "subtract: see note",
    },
    "miromar-canasta": {
        "threes": "by canastas: see note",
        "meld_points": "against with no canasta",
    },
}


def pad_hint(rules: RuleSet, field_name: str, default: str) -> str:
    template = rules.prose.pad_hints.get(field_name) or PAD_HINTS.get(rules.slug, {}).get(
        field_name
    )
    return fill(rules, template) if template else default


def pad_note(rules: RuleSet) -> str:
    template = rules.prose.pad_note or PAD_NOTES.get(rules.slug)
    return fill(rules, template) if template else ""


@dataclass(frozen=True)
class FilledSection:
    heading: str
    paragraphs: tuple[str, ...]
    #: Items of a list following the paragraphs (from paragraphs starting "- ").
    items: tuple[str, ...] = ()
    #: The table printed under it (prose.Section.table).
    table: str = ""


def sections(rules: RuleSet) -> list[FilledSection]:
    """The rule set's how-to-play sections, numbers filled in."""
    filled = []
    # A rule set with no prose here yet still gets its tables, its scoring and its ending.
    for section in rules.prose.sections or RULEBOOK.get(rules.slug, ()):
        paragraphs, items = [], []
        for text in section.paragraphs:
            if text.startswith("- "):
                items.append(fill(rules, text[2:]))
            else:
                paragraphs.append(fill(rules, text))
        if section.heading == "Splash":
            items += splash_hand_texts(rules)
        filled.append(
            FilledSection(section.heading, tuple(paragraphs), tuple(items), section.table)
        )
    return filled


def splash_hand_texts(rules: RuleSet) -> list[str]:
    texts = []
    for hand in getattr(rules, "splash_hands", ()):
        groups = " + ".join(
            f"{_WORDS[count] if count < len(_WORDS) else count} {_group_word(size, count)}"
            for count, size in hand.groups
        )
        wild = ""
        if hand.wild_cards:
            wild = f" + {Number(hand.wild_cards):w} wild card{'s' if hand.wild_cards > 1 else ''}"
        texts.append(f"{hand.title}: {groups}{wild}; {hand.note}.")
    return texts


def _group_word(size: int, count: int) -> str:
    plural = count != 1
    if size == 1:
        return "single cards" if plural else "single card"
    if size == 2:
        return "pairs" if plural else "pair"
    return f"{'sets' if plural else 'set'} of {Number(size):w}"


def score_note(rules: RuleSet, field_name: str, default: str) -> str:
    template = rules.prose.score_notes.get(field_name) or SCORE_NOTES.get(rules.slug, {}).get(
        field_name
    )
    return fill(rules, template) if template else default


def house_rule_text(rules: RuleSet, key: str) -> str:
    template = rules.prose.house_rules.get(key) or HOUSE_OPTIONS.get(key)
    if template:
        return fill(rules, template)
    rule = rules.house_rule(key)
    assert rule is not None
    return rule.label
