"""Display names' looks stored again (issue #34): :func:`croupier.ledger.names.look` now
takes ``5`` and ``$`` as ``s``, the Latin letter tone six ``ƅ`` as ``b`` and leaves out an
overlay drawn through a letter (Cherokee ``Ꮎ``, whose skeleton is an ``O`` with a stroke
through it, as ``O``), so each account's ``players.name_look`` is worked out again by it,
as migrations 0019 and 0020 stored it: where two accounts' names now look alike, the
oldest (by opening, then id) holds the look and the others none (``NULL``); none is
renamed, and the look stays refused to new accounts.

Every look is cleared first, so that the unique index never holds two equal looks while
they are rewritten. The downgrade leaves the looks as they are: the earlier ``look`` is
gone, and a look that compares more names as alike refuses more new names, never fewer.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-05
"""

from __future__ import annotations

from alembic import op

from croupier.ledger.names import store_looks_again

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    store_looks_again(op.get_bind())


def downgrade() -> None:
    """The looks stay as stored (see the module)."""
