"""The engine's number reader: numbers as people type them into a points or total box."""

from __future__ import annotations

import pytest

from games.rules.numbers import NotATypedNumber, is_worked_out, read_typed_number


@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("1450", 1450),
        ("0", 0),
        ("3,450", 3450),
        ("12,345,678", 12345678),
        ("−300", -300),
        ("-300", -300),
        ("+300", 300),
        (" 1 450 ", 1450),
        ("1\u202f450", 1450),  # a narrow no-break space, as some keyboards group digits
        ("1200+250", 1450),
        ("12+11+7", 30),
        ("1500-50", 1450),
        ("1,200 + 250", 1450),
        ("1500 − 50", 1450),
        ("−300+50", -250),
        ("", None),
        ("   ", None),
    ],
)
def test_numbers_people_type_are_read(typed: str, number: int | None) -> None:
    assert read_typed_number(typed) == number


@pytest.mark.parametrize(
    "typed",
    [
        "3.450",
        "1e3",
        "12++",
        "12+",
        "+",
        "-",
        "3,45",
        "34,50",
        ",345",
        "1,2345",
        "12 + + 3",
        "2*3",
        "(1+2)",
        "abc",
        "١٢",  # Arabic-Indic digits
        "１２",  # fullwidth digits
        "0x10",
        "1_000",
        "9" * 61,
    ],
)
def test_anything_else_is_no_number(typed: str) -> None:
    with pytest.raises(NotATypedNumber):
        read_typed_number(typed)


def test_a_sum_or_difference_is_worth_showing_worked_out() -> None:
    assert is_worked_out("1200+250")
    assert is_worked_out("1500 − 50")
    assert not is_worked_out("3,450")
    assert not is_worked_out("−300")
    assert not is_worked_out("1450")
