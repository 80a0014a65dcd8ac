"""Imports every domain's tables so the metadata (Alembic, tests) sees them all."""

from cleanfleet.advertising import models as advertising_models  # noqa: F401
from cleanfleet.advisories import models as advisories_models  # noqa: F401
from cleanfleet.apitokens import models as apitokens_models  # noqa: F401
from cleanfleet.audit import models as audit_models  # noqa: F401
from cleanfleet.auth import models as auth_models  # noqa: F401
from cleanfleet.batches import models as batches_models  # noqa: F401
from cleanfleet.branding import models as branding_models  # noqa: F401
from cleanfleet.certificates import models as certificates_models  # noqa: F401
from cleanfleet.consumables import models as consumables_models  # noqa: F401
from cleanfleet.core.db import Base
from cleanfleet.demo import models as demo_models  # noqa: F401
from cleanfleet.devices import models as devices_models  # noqa: F401
from cleanfleet.devices.groups import models as device_groups_models  # noqa: F401
from cleanfleet.devices.registration import models as device_registration_models  # noqa: F401
from cleanfleet.devices.types import models as device_types_models  # noqa: F401
from cleanfleet.elevators import models as elevators_models  # noqa: F401
from cleanfleet.factors import models as factors_models  # noqa: F401
from cleanfleet.fieldkit import models as fieldkit_models  # noqa: F401
from cleanfleet.files import models as files_models  # noqa: F401
from cleanfleet.gateway.brokerauth import models as brokerauth_models  # noqa: F401
from cleanfleet.hardware import models as hardware_models  # noqa: F401
from cleanfleet.health import models as health_models  # noqa: F401
from cleanfleet.hires import models as hires_models  # noqa: F401
from cleanfleet.hosts import models as hosts_models  # noqa: F401
from cleanfleet.incidents import models as incidents_models  # noqa: F401
from cleanfleet.machineversions import models as machineversions_models  # noqa: F401
from cleanfleet.maps import models as maps_models  # noqa: F401
from cleanfleet.messages import models as messages_models  # noqa: F401
from cleanfleet.oplog import models as oplog_models  # noqa: F401
from cleanfleet.privacy import models as privacy_models  # noqa: F401
from cleanfleet.relay import models as relay_models  # noqa: F401
from cleanfleet.repairs import models as repairs_models  # noqa: F401
from cleanfleet.reports import models as reports_models  # noqa: F401
from cleanfleet.retention import models as retention_models  # noqa: F401
from cleanfleet.robotdata import models as robotdata_models  # noqa: F401
from cleanfleet.roles import models as roles_models  # noqa: F401
from cleanfleet.sessions import models as sessions_models  # noqa: F401
from cleanfleet.siem import models as siem_models  # noqa: F401
from cleanfleet.sites import models as sites_models  # noqa: F401
from cleanfleet.sites.availability import models as site_availability_models  # noqa: F401
from cleanfleet.sso import models as sso_models  # noqa: F401
from cleanfleet.storage import models as storage_models  # noqa: F401
from cleanfleet.users import models as users_models  # noqa: F401
from cleanfleet.versions import models as versions_models  # noqa: F401
from cleanfleet.warn import models as warn_models  # noqa: F401
from cleanfleet.warn.push import models as push_models  # noqa: F401
from cleanfleet.wear import models as wear_models  # noqa: F401
from cleanfleet.webhooks import models as webhooks_models  # noqa: F401

metadata = Base.metadata
