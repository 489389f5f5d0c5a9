"""Cards as data: profiles, traits, weapons, powers, scenarios, bands, the library, printing
(docs/masseffect.md ME5-ME7, ME32-ME33, ME37-ME40).
"""
