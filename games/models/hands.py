"""Recorded hands and their tallies, one number per row, read back for the engine."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import connection, models
from django.db.models import Case, F, Q, When

from games import rules as engine

#: The hand form's one-time token (secrets.token_urlsafe(16) is 22 characters).
FORM_TOKEN_LENGTH = 32
#: The longest upcard a hand keeps ("10H"); the engine refuses anything that is not a card.
UPCARD_LENGTH = 3


class Hand(models.Model):
    game = models.ForeignKey("games.Game", models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    #: Who dealt it, as a seat (`Seat.order`); None when nobody said. `dealer` is the name.
    dealer_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Goes up with each edit, so a second scorekeeper's stale edit can be spotted.
    revision = models.PositiveIntegerField(default=1)
    recorded = models.DateTimeField(auto_now_add=True)
    #: The one-time token of the form this hand was first saved from: the same form sent again
    #: (the browser's Back, a second copy in the outbox) is refused, never a second hand.
    form_token = models.CharField(max_length=FORM_TOKEN_LENGTH, blank=True, default="")
    #: The hand's first upcard, where its rule set asks one (`RuleSet.uses_upcard`): rank then
    #: suit, as a game file writes it ("7S", "10H"); None where none was named.
    upcard = models.CharField(max_length=UPCARD_LENGTH, null=True, blank=True)
    #: The hand as it was before its last edit (dealer_seat, upcard, entries), for Undo; {}
    #: when none.
    before_edit = models.JSONField(default=dict, blank=True)
    #: The number of the hand before this one (None for hand 1), worked out by the database. On
    #: PostgreSQL a foreign key (game, previous_number) -> (game, number), checked at commit,
    #: makes "hand numbers run 1..n" the database's own rule (migration 0005).
    previous_number = models.GeneratedField(
        expression=Case(When(number__gt=1, then=F("number") - 1), default=None),
        output_field=models.PositiveSmallIntegerField(null=True),
        db_persist=True,
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_hand_per_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_numbers_start_at_1"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number}"

    @property
    def dealer(self) -> str:
        """Who dealt it, by name as the roster spells it now ("" when nobody said)."""
        return self.game.name_in_seat(self.dealer_seat) or ""

    def as_input(
        self, setup: engine.GameSetup, entries: list[tuple[int, str, int]] | None = None
    ) -> engine.HandInput:
        """This hand for the engine, from `entries` (side, field, value) or from the database."""
        if entries is None:
            entries = list(self.entries.values_list("side", "field", "value"))
        return hand_input(setup, entries, seated_dealer(setup, self.dealer_seat), self.upcard)

    def replace_entries(self, entries: Iterable[tuple[int, str, int]]) -> None:
        """Make `entries` (side, field, value) this hand's whole tally."""
        self.entries.all().delete()
        TallyEntry.objects.bulk_create(
            TallyEntry(hand=self, side=side, field=field, value=value)
            for side, field, value in entries
        )

    def copy_for_undo(self) -> dict[str, Any]:
        """What Undo needs to put this hand back as it is now."""
        return {
            "dealer_seat": self.dealer_seat,
            "upcard": self.upcard,
            "entries": [list(e) for e in self.entries.values_list("side", "field", "value")],
        }

    def save_tallies(
        self,
        setup: engine.GameSetup,
        checked: Mapping[str, Mapping[str, int | bool] | None],
        raw: Mapping[str, Mapping[str, Any]],
    ) -> None:
        TallyEntry.objects.bulk_create(self.tally_entries(setup, checked, raw))

    def tally_entries(
        self,
        setup: engine.GameSetup,
        checked: Mapping[str, Mapping[str, int | bool] | None],
        raw: Mapping[str, Mapping[str, Any]],
    ) -> list[TallyEntry]:
        """The rows of this hand's tallies: the engine's checked tallies (None: a bare total,
        read from `raw`), leaving out the fields at their blank value."""
        rows = []
        for index, name in enumerate(setup.side_names):
            tally = checked[name]
            if tally is None:
                rows.append(
                    TallyEntry(hand=self, side=index, field="total", value=raw[name]["total"])
                )
                continue
            rows.extend(
                TallyEntry(hand=self, side=index, field=field, value=int(value))
                for field, value in tally.items()
                if value != _blank(setup, field)
            )
        return rows


def by_side_names_now(
    tallies: Mapping[str, Mapping[str, Any]], side_names: Sequence[str]
) -> Mapping[str, Mapping[str, Any]]:
    """Tallies typed on a form drawn before a rename changed a side's name ("Ann & Cy" is now
    "Annie & Cy"): the form sends every side in seating order, so they are read by place.
    Tallies that name only sides of the game now are returned as they are."""
    if set(tallies) <= set(side_names) or len(tallies) != len(side_names):
        return tallies
    return dict(zip(side_names, tallies.values(), strict=True))


def hand_input(
    setup: engine.GameSetup,
    entries: Sequence[tuple[int, str, int]],
    dealer: str,
    upcard: str | None = None,
) -> engine.HandInput:
    """A hand for the engine from its stored entries (side index, field, value), its dealer
    and its upcard."""
    names = setup.side_names
    tallies: dict[str, dict[str, Any]] = {name: {} for name in names}
    fields = setup.fields_by_name
    for side, name, value in entries:
        field = fields.get(name)
        yes_no = field is not None and field.kind is engine.FieldKind.YES_NO
        tallies[names[side]][name] = bool(value) if yes_no else value
    return engine.HandInput(tallies=tallies, dealer=dealer or None, upcard=upcard or None)


def seated_dealer(setup: engine.GameSetup, seat: int | None) -> str:
    """The name in the dealer's seat ("" when nobody said, or the seat is no longer there)."""
    return setup.players[seat] if seat is not None and seat < len(setup.players) else ""


def recorded_hand_inputs(game_id: int, setup: engine.GameSetup) -> list[engine.HandInput]:
    """Game `game_id`'s hands, in order, as the engine reads them: one query for the hands and
    their entries together (a hand with no entry, every field blank, is one row of NULLs), no
    model object. Written by hand: the scoreboard and every tap's preview read them, and
    building the query through the ORM cost more than running it and reading its rows."""
    quote = connection.ops.quote_name
    hands, entries = quote(Hand._meta.db_table), quote(TallyEntry._meta.db_table)
    sql = (
        f"SELECT hand.{quote('id')}, hand.{quote('dealer_seat')}, hand.{quote('upcard')}, "
        f"entry.{quote('side')}, "
        f"entry.{quote('field')}, entry.{quote('value')} FROM {hands} hand "
        f"LEFT JOIN {entries} entry ON entry.{quote('hand_id')} = hand.{quote('id')} "
        f"WHERE hand.{quote('game_id')} = %s "
        # Each hand's entries in the order they were written, as the hand's own rows read them.
        f"ORDER BY hand.{quote('number')}, entry.{quote('id')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id])
        rows = cursor.fetchall()
    read: dict[int, tuple[int | None, str | None, list[tuple[int, str, int]]]] = {}
    for hand_id, dealer_seat, upcard, side, field, value in rows:
        hand_read = read.setdefault(hand_id, (dealer_seat, upcard, []))
        if field is not None:
            hand_read[2].append((side, field, value))
    return [
        hand_input(setup, entries_read, seated_dealer(setup, seat), upcard)
        for seat, upcard, entries_read in read.values()
    ]


def _blank(setup: engine.GameSetup, field_name: str) -> int | bool:
    field = setup.rules.field_named(setup, field_name)
    return field.blank if field else 0


class TallyEntry(models.Model):
    """One number of one side's tally (a count, card points, yes as 1, or a bare total)."""

    hand = models.ForeignKey(Hand, models.CASCADE, related_name="entries")
    side = models.PositiveSmallIntegerField()
    field = models.CharField(max_length=40)
    value = models.IntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hand", "side", "field"], name="one_entry_per_field"),
            models.CheckConstraint(
                condition=Q(field="total") | Q(value__gte=0), name="counts_never_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.field}={self.value}"
