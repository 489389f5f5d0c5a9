"""Issue 44: expiring seat links, the match owner and private matches, when a match ended.

- ``seats.token_expires_at``: NULL = the link never expires (every link made before keeps
  working).
- ``matches.owner_hash``: SHA-256 of the owner's token (who may re-issue seat links).
- ``matches.spectator_hash``: set = a private match, whose spectators need its token.
- ``matches.finished_at``: filled here for the matches already over, from their last action's
  ``at`` (or ``created_at`` if they have none): retention counts from it.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("token_expires_at", sa.Float(), nullable=True))
    with op.batch_alter_table("matches") as matches:
        matches.add_column(sa.Column("owner_hash", sa.String(64), nullable=True))
        matches.add_column(sa.Column("spectator_hash", sa.String(64), nullable=True))
        matches.add_column(sa.Column("finished_at", sa.Float(), nullable=True))
    match = sa.table("matches", sa.column("id", sa.String), sa.column("status", sa.String),
                     sa.column("created_at", sa.Float), sa.column("finished_at", sa.Float))
    action = sa.table("actions", sa.column("match_id", sa.String), sa.column("at", sa.Float))
    last = (sa.select(sa.func.max(action.c.at)).where(action.c.match_id == match.c.id)
            .scalar_subquery())
    op.execute(match.update().where(match.c.status != "open")
               .values(finished_at=sa.func.coalesce(last, match.c.created_at)))


def downgrade() -> None:
    with op.batch_alter_table("matches") as matches:
        matches.drop_column("finished_at")
        matches.drop_column("spectator_hash")
        matches.drop_column("owner_hash")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("token_expires_at")
