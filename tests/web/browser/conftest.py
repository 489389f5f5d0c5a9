"""The browser tests' fixtures live in :mod:`tests.browser_kit` (one server and one
Chromium for every folder's browser tests); the helpers are named here for these tests."""

from tests.browser_kit import CHROMIUM, NO_CHROMIUM, Live, _free_port, new_page

__all__ = ["CHROMIUM", "NO_CHROMIUM", "Live", "_free_port", "new_page"]
