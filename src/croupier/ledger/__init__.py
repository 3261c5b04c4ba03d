"""The ledger: players, wallets, tables, rounds and their events, in a SQL database.

:mod:`~croupier.ledger.models` holds the tables, :mod:`~croupier.ledger.db` the
engines and Alembic migrations (``migrations/``), and
:mod:`~croupier.ledger.repository` the operations: double-entry postings that
never take a wallet below zero, and an append-only event chain per table.
"""
