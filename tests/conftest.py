"""Test settings. On CI (``CI`` set) property tests are derandomized: the same examples on
every run, so a submission's result does not depend on luck; developers' runs keep
exploring new examples (and hypothesis remembers the failures it finds).

The web table's rate limits are off for the tests that play matches at machine speed
(``SKIRMISH_RATE_LIMITS``, docs/web.md, Limits); tests/web/test_hardening.py gives its apps
explicit settings with the limits on. The bots' pace (``SKIRMISH_BOT_PACE_S``, issue 46) is
0 for the same reason; tests/web/test_bot_pace.py gives its hub an explicit pace."""

from __future__ import annotations

import os

from hypothesis import settings

#: The browser tests' one server and one Chromium, for every folder's browser tests.
pytest_plugins = ["tests.browser_kit"]

os.environ.setdefault("SKIRMISH_RATE_LIMITS", "off")
os.environ.setdefault("SKIRMISH_BOT_PACE_S", "0")

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
