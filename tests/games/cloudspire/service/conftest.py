"""The service-level fixtures (a store on each database, a fake clock) of tests/service."""
from tests.service.conftest import FakeClock, clock, race_registered, service, store  # noqa: F401
