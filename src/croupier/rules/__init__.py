"""Rules Submissions: the operator's choices under each chapter, as validated data.

One pydantic model per game, loaded from TOML (:func:`croupier.registry.load`: the
submission's ``game`` picks the model among the registered games), validated against
the regulation with cited messages
(:class:`~croupier.errors.RulesSubmissionError`), and hashed (sha256 of its
canonical JSON) to stamp every round played under it.
"""

from croupier.rules.base import RulesSubmission

__all__ = ["RulesSubmission"]
