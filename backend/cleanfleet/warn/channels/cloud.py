"""The cloud platform channel: the console's own pop-up and sound, carried by the live socket (nothing is sent;
a user with it off is left out of the live alarm's pop-up, warn/notify.py)."""

from cleanfleet.core.texts import Text
from cleanfleet.warn.channels.registry import Channel, register

CLOUD = register(Channel(
    "cloud", Text("云平台", "Cloud platform", "Plateforme cloud", "클라우드 플랫폼", "Cloud-Plattform", "Cloudplatform",
                  "クラウド", "Plataforma en la nube", "المنصة السحابية"),
    order=20, default_on=True))
