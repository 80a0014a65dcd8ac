"""Retained messages by topic level, so a new subscription walks only the part of the tree its filter can match.

A robot subscribes to ``cf/<sn>/down/...`` (no wildcard before the fourth level), so its filter reaches that
robot's own messages and no other robot's: a reconnect wave of the whole fleet costs each SUBSCRIBE what its
robot retained, not what the fleet retained (issue 45 item 10). ``+`` and ``#`` walk the levels they stand
for; neither matches a ``$`` topic from the first level (MQTT 3.1.1, 4.7.2).
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Retained:
    topic: str
    payload: bytes
    qos: int
    owner: str  # the robot that published it ("" for the server), for the bound per robot


class _Level:
    __slots__ = ("children", "message")

    def __init__(self) -> None:
        self.children: dict[str, _Level] = {}
        self.message: Retained | None = None


class RetainedMessages:
    """One message per topic; a level that holds neither a message nor levels below it is removed."""

    def __init__(self) -> None:
        self._root = _Level()
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def put(self, message: Retained) -> None:
        node = self._root
        for level in message.topic.split("/"):
            child = node.children.get(level)
            if child is None:
                child = node.children[level] = _Level()
            node = child
        if node.message is None:
            self._count += 1
        node.message = message

    def pop(self, topic: str) -> Retained | None:
        levels = topic.split("/")
        path = [self._root]
        for level in levels:
            child = path[-1].children.get(level)
            if child is None:
                return None
            path.append(child)
        earlier, path[-1].message = path[-1].message, None
        if earlier is not None:
            self._count -= 1
        for level, parent, node in zip(reversed(levels), reversed(path[:-1]), reversed(path[1:]), strict=True):
            if node.message is not None or node.children:
                break
            del parent.children[level]
        return earlier

    def matching(self, topic_filter: str) -> list[Retained]:
        """The messages whose topics ``topic_filter`` matches (a new list: the caller may change the store)."""
        found: list[Retained] = []
        levels = topic_filter.split("/")
        last = len(levels)
        pending = [(self._root, 0)]
        while pending:
            node, index = pending.pop()
            if index == last:
                if node.message is not None:
                    found.append(node.message)
                continue
            level = levels[index]
            if level == "#":  # this level (``a/#`` matches ``a``) and every one below
                _everything(node, index == 0, found)
            elif level == "+":
                pending.extend((child, index + 1) for name, child in node.children.items()
                               if not (index == 0 and name.startswith("$")))
            elif (child := node.children.get(level)) is not None:
                pending.append((child, index + 1))
        return found


def _everything(node: _Level, top: bool, found: list[Retained]) -> None:
    """Every message at ``node`` and below it; at the first level, no ``$`` topic."""
    if node.message is not None:
        found.append(node.message)
    pending = [child for name, child in node.children.items() if not (top and name.startswith("$"))]
    while pending:
        node = pending.pop()
        if node.message is not None:
            found.append(node.message)
        pending.extend(node.children.values())
