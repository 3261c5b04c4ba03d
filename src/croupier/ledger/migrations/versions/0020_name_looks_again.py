"""Display names' looks stored again (issue #34): :func:`croupier.ledger.names.look` now
takes a Latin letter with a hook, stroke or bar drawn into it as its plain letter (``Ɗ``
as ``D``), ``cl`` as ``d``, ``vv`` as ``w`` and a dot above an i left out, so each
account's ``players.name_look`` is worked out again by it, as migration 0019 first stored
it: where two accounts' names
now look alike, the oldest (by opening, then id) holds the look and the others none
(``NULL``); none is renamed, and the look stays refused to new accounts.

Every look is cleared first, so that the unique index never holds two equal looks while
they are rewritten. The downgrade leaves the looks as they are: the earlier ``look`` is
gone, and a look that compares more names as alike refuses more new names, never fewer.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-04
"""

from __future__ import annotations

from alembic import op

from croupier.ledger.names import store_looks_again

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    store_looks_again(op.get_bind())


def downgrade() -> None:
    """The looks stay as stored (see the module)."""
