"""Exact figures by enumeration, one module per game.

- :mod:`croupier.analysis.exact.high_roll_dice`: High Roll Dice (ch. 675a, 675a.6, ch. 593).
"""
