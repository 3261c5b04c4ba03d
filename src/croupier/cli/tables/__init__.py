"""Each game's terminal table for ``croupier play``."""
