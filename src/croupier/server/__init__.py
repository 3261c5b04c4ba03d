"""The table server: FastAPI over the ledger (``croupier serve``)."""

from croupier.server.app import create_app

__all__ = ["create_app"]
