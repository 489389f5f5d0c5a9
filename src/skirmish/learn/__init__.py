"""Learning from play (issue 49): self-play data (:mod:`.selfplay`).

A framework above ``sim`` and ``rl``: it plays batches (``sim``'s backends and deals) and
reads positions through the learning encoders (``rl``), and names no game.
"""
