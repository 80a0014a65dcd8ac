"""Who may use which topic at an external broker: the embedded broker's rules (``broker/topics.py``), said once
more in the two forms external brokers take them.

- Mosquitto's dynamic security plugin takes literal ACL topics per role (2.0 has no ``%u`` patterns in its ACLs):
  one role per robot, ``cf-robot-<sn>``, and one for the gateway (``robot_acls``, ``gateway_acls``).
- EMQX asks the product for each sign-in and each publish or subscribe (``may_use``), answered with the embedded
  broker's own ``robot_may_publish`` and ``robot_may_read``.
"""

import re
from typing import Literal

from cleanfleet.gateway.broker.topics import TOPIC_ROOT, robot_may_publish, robot_may_read

ROBOT_ROLE_PREFIX = "cf-robot-"
GATEWAY_ROLE = "cf-gateway"
PROBE_LEVEL = "$gw"  # link.probe_topic: cf/$gw/<client id>/probe
# what a serial must look like to be a broker user and a literal topic level (core.fields.SerialNumber's rule):
# no wildcard, no "/", no "$", so no robot's rule ever reaches another robot's topics or the gateway's probe
USABLE_SERIAL = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")
Action = Literal["publish", "subscribe"]


def serial_usable(serial_number: str) -> bool:
    return bool(USABLE_SERIAL.match(serial_number))


def robot_role(serial_number: str) -> str:
    return ROBOT_ROLE_PREFIX + serial_number


def robot_acls(serial_number: str) -> list[dict[str, object]]:
    """A robot publishes only ``cf/<sn>/up/...``, subscribes to and receives only ``cf/<sn>/down/...``."""
    up, down = f"{TOPIC_ROOT}/{serial_number}/up/#", f"{TOPIC_ROOT}/{serial_number}/down/#"
    return [_acl("publishClientSend", up), _acl("subscribePattern", down), _acl("publishClientReceive", down)]


def gateway_acls() -> list[dict[str, object]]:
    """The gateway reads every robot's ``up`` (also as a shared-subscription group) and writes every ``down``;
    its probe topic (``cf/$gw/<client id>/probe``, ``link.probe_topic``) is its own."""
    up, down, probe = f"{TOPIC_ROOT}/+/up/#", f"{TOPIC_ROOT}/+/down/#", f"{TOPIC_ROOT}/{PROBE_LEVEL}/#"
    return [_acl("subscribePattern", up), _acl("subscribePattern", f"$share/+/{up}"),
            _acl("publishClientReceive", up), _acl("publishClientSend", down),
            _acl("subscribePattern", probe), _acl("publishClientSend", probe), _acl("publishClientReceive", probe)]


def _acl(kind: str, topic: str) -> dict[str, object]:
    return {"acltype": kind, "topic": topic, "priority": 0, "allow": True}


def may_use(serial_number: str, action: Action, topic: str) -> bool:
    """A robot's publish to ``topic``, or its subscription to the filter ``topic``."""
    if action == "publish":
        return robot_may_publish(serial_number, topic) and "+" not in topic and "#" not in topic
    return robot_may_read(serial_number, topic)


def gateway_may_use(action: Action, topic: str) -> bool:
    """The gateway's rules, as ``gateway_acls`` gives them to Mosquitto (a shared subscription by its topic)."""
    if topic.startswith("$share/"):
        parts = topic.split("/", 2)
        topic = parts[2] if len(parts) == 3 else ""
    levels = topic.split("/")
    if levels[:2] == [TOPIC_ROOT, PROBE_LEVEL]:
        return len(levels) > 2
    wanted = "up" if action == "subscribe" else "down"
    return len(levels) >= 4 and levels[0] == TOPIC_ROOT and not levels[1].startswith("$") and levels[2] == wanted
