"""The table: its default scenery, its picture, the moments of a record (docs/masseffect.md
ME1, ME2, ME48).
"""
