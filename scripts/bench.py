"""Benchmarks for the scoring engine.

Placeholder: prints the table header and an empty JSON object as the last line.
The last line is machine-readable JSON (benchmark name -> result); keep it that way.
"""


def main() -> None:
    print(f"{'benchmark':<40} {'runs':>8} {'mean (ms)':>12}")
    print("{}")


if __name__ == "__main__":
    main()
