"""Gaming equipment: dice (and, as the games arrive, cards and tiles)."""
