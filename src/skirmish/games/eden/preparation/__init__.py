"""Rulebook 4.A, the preparation phase: the steps, the secret bids for first player, scenery
placement and deployment.
"""
