"""Spanish as the River Plate and Latin America write scores: 2.005, not Django's 2 005."""

THOUSAND_SEPARATOR = "."
