"""Topic names, topic filters, who may use which, and the subscription tree the broker routes by.

A robot (client id = user name = serial number) publishes only ``cf/<sn>/up/...`` and subscribes to and
receives only ``cf/<sn>/down/...``; a wildcard in the first three levels of a robot's filter is refused,
so no filter of one robot can ever match another robot's topics.
"""

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar, cast

from cleanfleet.gateway.wire import SUBSCRIPTION_REFUSED

TOPIC_ROOT = "cf"
T = TypeVar("T")
_UNMADE = object()


def topic_name_ok(topic: str, max_bytes: int, max_levels: int) -> bool:
    """A name to publish to: not empty, no wildcards, within the length and level bounds."""
    return (0 < len(topic.encode()) <= max_bytes and "+" not in topic and "#" not in topic
            and topic.count("/") < max_levels)


def topic_filter_ok(topic_filter: str, max_bytes: int, max_levels: int) -> bool:
    """``+`` alone in its level, ``#`` alone in the last level (MQTT 3.1.1, 4.7)."""
    if not 0 < len(topic_filter.encode()) <= max_bytes or topic_filter.count("/") >= max_levels:
        return False
    levels = topic_filter.split("/")
    for index, level in enumerate(levels):
        if ("+" in level or "#" in level) and len(level) != 1:
            return False
        if level == "#" and index != len(levels) - 1:
            return False
    return True


Grant = tuple[list[int], list[tuple[str, int]]]  # a SUBACK's codes, the (filter, QoS) granted


def granted(serial_number: str, wanted: list[tuple[str, int]], held: dict[str, int], max_subscriptions: int,
            max_bytes: int, max_levels: int, warn: Callable[[str, object], None]) -> Grant:
    """A SUBSCRIBE's answer codes and the subscriptions granted (at QoS 1 at most): well-formed filters of the robot's
    own command topics, within ``max_subscriptions`` a session (``held``: those it has; one held already is kept)."""
    codes: list[int] = []
    grant: list[tuple[str, int]] = []
    filters = set(held)
    for topic_filter, qos in wanted:
        if not topic_filter_ok(topic_filter, max_bytes, max_levels) or not robot_may_read(serial_number, topic_filter):
            warn("subscription outside the robot's topics refused", topic_filter)
            codes.append(SUBSCRIPTION_REFUSED)
        elif topic_filter not in filters and len(filters) >= max_subscriptions:
            warn("subscription over the limit refused", topic_filter)
            codes.append(SUBSCRIPTION_REFUSED)
        else:
            filters.add(topic_filter)
            codes.append(min(qos, 1))
            grant.append((topic_filter, min(qos, 1)))
    return codes, grant


def robot_may_publish(serial_number: str, topic: str) -> bool:
    levels = topic.split("/")
    return len(levels) >= 4 and levels[:3] == [TOPIC_ROOT, serial_number, "up"] and all(levels[3:])


def robot_may_read(serial_number: str, topic_or_filter: str) -> bool:
    """A robot's own command topics; for a filter, no wildcard before the fourth level."""
    levels = topic_or_filter.split("/")
    return len(levels) >= 4 and levels[:3] == [TOPIC_ROOT, serial_number, "down"]


@dataclass
class _Node:
    children: dict[str, "_Node"] = field(default_factory=dict)
    subscribers: dict[Hashable, int] = field(default_factory=dict)  # subscriber -> granted QoS


class SubscriptionTree:
    """Topic filters by level, so a PUBLISH is matched by walking its levels, not every subscription.

    ``match`` returns a new dict: routing never iterates over the tree while subscriptions change.
    """

    def __init__(self) -> None:
        self._root = _Node()

    def add(self, topic_filter: str, subscriber: Hashable, qos: int) -> None:
        node = self._root
        for level in topic_filter.split("/"):
            node = node.children.setdefault(level, _Node())
        node.subscribers[subscriber] = qos

    def remove(self, topic_filter: str, subscriber: Hashable) -> None:
        path = [self._root]
        levels = topic_filter.split("/")
        for level in levels:
            child = path[-1].children.get(level)
            if child is None:
                return
            path.append(child)
        path[-1].subscribers.pop(subscriber, None)
        for level, parent, node in zip(reversed(levels), reversed(path[:-1]), reversed(path[1:]), strict=True):
            if node.subscribers or node.children:
                break
            del parent.children[level]

    def match(self, topic: str) -> dict[Hashable, int]:
        """Each subscriber whose filters match ``topic``, with the highest QoS it was granted for it."""
        found: dict[Hashable, int] = {}
        levels = topic.split("/")
        for node in self._walk(self._root, levels, 0, topic.startswith("$")):
            for subscriber, qos in node.subscribers.items():
                if found.get(subscriber, -1) < qos:
                    found[subscriber] = qos
        return found

    def _walk(self, node: _Node, levels: list[str], index: int, system: bool) -> Iterator[_Node]:
        wildcards = not (system and index == 0)  # $-topics are not matched by a leading wildcard
        everything = node.children.get("#") if wildcards else None
        if everything is not None:
            yield everything
        if index == len(levels):
            yield node
            return
        exact = node.children.get(levels[index])
        if exact is not None:
            yield from self._walk(exact, levels, index + 1, system)
        any_level = node.children.get("+") if wildcards else None
        if any_level is not None:
            yield from self._walk(any_level, levels, index + 1, system)


def filter_matches(topic_filter: str, topic: str) -> bool:
    """One filter against one topic name (the tree does the same for all filters at once)."""
    if topic.startswith("$") and topic_filter[:1] in ("+", "#"):
        return False
    filter_levels, levels = topic_filter.split("/"), topic.split("/")
    for index, level in enumerate(filter_levels):
        if level == "#":
            return True
        if index >= len(levels) or level not in ("+", levels[index]):
            return False
    return len(filter_levels) == len(levels)


def _group(topic: str) -> str:
    """A topic's (or a filter's) first three levels: the part a robot's filter names without wildcards."""
    return "/".join(topic.split("/", 3)[:3])


class Matches:
    """The subscription tree's answers by topic (robots publish to the same few topics again and again), kept until a
    subscription that could change them comes or goes. A filter whose first three levels hold no wildcard (every
    robot's: its own ``cf/<sn>/down/...``) can change only the answers of topics with those three levels, so a storm of
    10,000 robots subscribing keeps the gateway's answers for the robots' up topics; any other filter forgets them
    all. At most ``kept`` topics."""

    def __init__(self, tree: SubscriptionTree, kept: int) -> None:
        self._tree = tree
        self._kept = kept
        self._found: dict[str, dict[Hashable, int]] = {}
        self._groups: dict[str, list[str]] = {}  # the topics kept, by their first three levels
        self._plans: dict[str, object] = {}  # what the broker made of a topic's subscribers (``plan``)

    def get(self, topic: str) -> dict[Hashable, int]:
        """The subscribers of ``topic`` with their QoS; never changed by the caller."""
        found = self._found.get(topic)
        if found is None:
            if len(self._found) >= self._kept:
                self.forget_all()
            found = self._found[topic] = self._tree.match(topic)
            self._groups.setdefault(_group(topic), []).append(topic)
        return found

    def plan(self, topic: str, make: Callable[[str, dict[Hashable, int]], T]) -> T:
        """``make(topic, its subscribers)``, made once and kept as long as those subscribers are."""
        plan = self._plans.get(topic, _UNMADE)
        if plan is _UNMADE:
            plan = self._plans[topic] = make(topic, self.get(topic))
        return cast(T, plan)

    def changed(self, topic_filter: str) -> None:
        """A subscription to ``topic_filter`` came or went."""
        levels = topic_filter.split("/", 3)[:3]
        if "+" in levels or "#" in levels:
            self.forget_all()
            return
        for topic in self._groups.pop("/".join(levels), ()):
            self._found.pop(topic, None)
            self._plans.pop(topic, None)

    def forget_all(self) -> None:
        self._found.clear()
        self._plans.clear()
        self._groups.clear()
