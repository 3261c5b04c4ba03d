"""Rules Submission states (issue #31): ``rules_version_states`` records each version's
workflow (drafted, submitted, approved, rejected, in force, superseded, withdrawn: by
whom, when, with a reference or a reason; :mod:`croupier.ledger.submissions`), and
``rules_versions`` keeps when a version went out of force (``ended_at``); its
``effective_at`` may now be empty (a version not put in force).

The versions filed before this revision were put in force by ``croupier rules file`` with
no approval recorded. Each is given the history that filing stood for: submitted by its
filer when filed, approved by the operator then (reference "filed before approvals were
recorded"), in force from its ``effective_at``, and superseded when the next version took
effect (docs/interpretations.md, "Rules Submissions filed before approvals were
recorded"), so that the tables of an old database go on dealing.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

OPERATOR = "the operator"
BEFORE = "filed before approvals were recorded (migration 0012)"


def upgrade() -> None:
    with op.batch_alter_table("rules_versions") as batch:
        batch.alter_column("effective_at", existing_type=sa.DateTime(timezone=True), nullable=True)
        batch.add_column(sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "rules_version_states",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("reference", sa.Text(), nullable=False, server_default=""),
        sa.Column("reason", sa.Text(), nullable=False, server_default=""),
        sa.PrimaryKeyConstraint("table_id", "version", "seq", name="pk_rules_version_states"),
        sa.ForeignKeyConstraint(
            ["table_id", "version"],
            ["rules_versions.table_id", "rules_versions.version"],
            name="fk_rules_version_states_table_id_rules_versions",
        ),
    )
    # A version ends where the next takes effect (versions take effect in order).
    op.execute(
        "UPDATE rules_versions SET ended_at = (SELECT n.effective_at FROM rules_versions n "
        "WHERE n.table_id = rules_versions.table_id AND n.version = rules_versions.version + 1)"
    )
    for seq, state, at, by, reference in (
        (1, "submitted", "filed_at", "filed_by", "''"),
        (2, "approved", "filed_at", f"'{OPERATOR}'", f"'{BEFORE}'"),
        (3, "in force", "effective_at", "filed_by", "''"),
    ):
        op.execute(
            "INSERT INTO rules_version_states (table_id, version, seq, state, at, actor, "
            f"reference, reason) SELECT table_id, version, {seq}, '{state}', {at}, {by}, "
            f"{reference}, '' FROM rules_versions"
        )
    op.execute(
        "INSERT INTO rules_version_states (table_id, version, seq, state, at, actor, reference, "
        "reason) SELECT v.table_id, v.version, 4, 'superseded', v.ended_at, n.filed_by, '', "
        "'version ' || CAST(n.version AS VARCHAR(10)) || ' took effect' FROM rules_versions v "
        "JOIN rules_versions n ON n.table_id = v.table_id AND n.version = v.version + 1"
    )


def downgrade() -> None:
    op.drop_table("rules_version_states")
    op.execute("DELETE FROM rules_versions WHERE effective_at IS NULL")
    with op.batch_alter_table("rules_versions") as batch:
        batch.drop_column("ended_at")
        batch.alter_column("effective_at", existing_type=sa.DateTime(timezone=True), nullable=False)
