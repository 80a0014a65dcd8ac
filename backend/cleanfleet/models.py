"""Imports every domain's tables so the metadata (Alembic, tests) sees them all."""

from cleanfleet import demo as demo_models  # noqa: F401
from cleanfleet.auth import models as auth_models  # noqa: F401
from cleanfleet.core.db import Base
from cleanfleet.roles import models as roles_models  # noqa: F401
from cleanfleet.storage import models as storage_models  # noqa: F401
from cleanfleet.users import models as users_models  # noqa: F401

metadata = Base.metadata
