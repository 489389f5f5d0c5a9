"""Issue 45 (between people): a match's chat, and its clock.

- ``chat``: one row a message (its match, the seat that wrote it, the text, when), kept with
  the match and deleted with it (retention).
- ``matches.clock``: the match's clock (JSON: the time each player started with, the increment
  per decision, each seat's time left at the last commit, whose time runs and since when);
  NULL = no clock (every match made before).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
    )
    op.create_index("ix_chat_match_id", "chat", ["match_id"])
    with op.batch_alter_table("matches") as matches:
        matches.add_column(sa.Column("clock", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as matches:
        matches.drop_column("clock")
    op.drop_index("ix_chat_match_id", table_name="chat")
    op.drop_table("chat")
