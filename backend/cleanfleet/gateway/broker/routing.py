"""How a message reaches its subscribers beyond the plain case (``EmbeddedBroker.route_now``): the plan of a topic
whose QoS 1 messages are answered as soon as they are routed, the hand-over that waits for room in an in-process
subscriber's queue, and the countdown of the in-process subscribers' acknowledgements."""

from collections.abc import Callable, Hashable

from cleanfleet.gateway.broker.local import Delivery, LocalSubscriber
from cleanfleet.gateway.broker.session import Session
from cleanfleet.gateway.broker.topics import robot_may_read

Handled = Callable[..., None]
AtOnce = tuple[tuple[LocalSubscriber, ...], tuple[tuple[Session, int], ...]]


def at_once(topic: str, subscribers: dict[Hashable, int]) -> AtOnce | None:
    """``EmbeddedBroker.route_at_once``'s plan for a topic: its in-process subscribers, all at QoS 0 (else None: one
    acknowledges what it takes), and the sessions that may read it with their QoS."""
    local, sessions = [], []
    for subscriber, granted in subscribers.items():
        if isinstance(subscriber, LocalSubscriber):
            if granted:
                return None
            local.append(subscriber)
        elif isinstance(subscriber, Session) and robot_may_read(subscriber.client_id, topic):
            sessions.append((subscriber, min(granted, 1)))
    return tuple(local), tuple(sessions)


async def route_rest(local: list[tuple[LocalSubscriber, int]], index: int, delivery: Delivery,
                     countdown: "Countdown") -> None:
    """The rest of ``route_now``'s hand-over from the subscriber whose queue was full, in the same order."""
    await local[index][0].deliver(delivery)
    for subscriber, qos in local[index + 1:]:
        await subscriber.deliver(Delivery(delivery.topic, delivery.payload, qos, countdown.ack() if qos else None))


class Countdown:
    """Calls ``done`` once ``waiting`` acknowledgements came (each ack counts once)."""

    def __init__(self, waiting: int, done: Handled) -> None:
        self.waiting = waiting
        self.done = done
        if not waiting:
            done()

    def ack(self) -> Callable[[], None]:
        used = False

        def ack() -> None:
            nonlocal used
            if used:
                return
            used = True
            self.waiting -= 1
            if self.waiting == 0:
                self.done()

        return ack
