"""PostgreSQL for the deployment tests: the web tests' fixtures (a throw-away local cluster,
or SKIRMISH_TEST_POSTGRES; skipped with the reason where neither is available)."""

from tests.web.conftest import fresh_postgres, postgres_url

__all__ = ["fresh_postgres", "postgres_url"]
