"""Imports every domain's tables so the metadata (Alembic, tests) sees them all."""

from cleanfleet import demo as demo_models  # noqa: F401
from cleanfleet.auth import models as auth_models  # noqa: F401
from cleanfleet.batches import models as batches_models  # noqa: F401
from cleanfleet.consumables import models as consumables_models  # noqa: F401
from cleanfleet.core.db import Base
from cleanfleet.devices import models as devices_models  # noqa: F401
from cleanfleet.hardware import models as hardware_models  # noqa: F401
from cleanfleet.hires import models as hires_models  # noqa: F401
from cleanfleet.hosts import models as hosts_models  # noqa: F401
from cleanfleet.messages import models as messages_models  # noqa: F401
from cleanfleet.relay import models as relay_models  # noqa: F401
from cleanfleet.repairs import models as repairs_models  # noqa: F401
from cleanfleet.reports import models as reports_models  # noqa: F401
from cleanfleet.roles import models as roles_models  # noqa: F401
from cleanfleet.storage import models as storage_models  # noqa: F401
from cleanfleet.users import models as users_models  # noqa: F401
from cleanfleet.warn import models as warn_models  # noqa: F401

metadata = Base.metadata
