"""Hands and their rankings, one module per family of games.

- :mod:`croupier.hands.poker`: five-card Poker hands ranked per 674a.6 (Criss-Cross
  Poker): a readable evaluator and a fast table-driven one that agree on every hand.
- :mod:`croupier.hands.paigow`: Pai Gow tile hands (621a.4, 621a.10).
"""
