"""What a connection owes its client for the messages it received: a PUBACK (QoS 1) or a PUBREC (QoS 2) each, sent
once the message is handled and in the order the messages came (MQTT 3.1.1, 4.6), whatever order they were handled
in. A QoS 2 message resent before its PUBREL gets its PUBREC once the first copy is stored, whichever connection that
copy came on (MQTT-4.3.3-2)."""

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from cleanfleet.gateway import wire
from cleanfleet.gateway.broker.session import Incoming, Session
from cleanfleet.gateway.wire import PUBACK, Publish

PUBACK_HEAD = bytes([PUBACK << 4, 2])


@dataclass(slots=True)
class Receipt:
    """The answer owed for one received message, sent once it is handled (None: owed no more)."""
    answer: bytes | None
    handled: bool = False

    def done(self, stored: bool) -> None:
        """Handled; not ``stored`` (its first copy was never routed to the end): no answer, the client resends it."""
        self.handled = True
        if not stored:
            self.answer = None


class Receipts:
    """The answers owed, oldest first: ``write`` sends one, ``settled(still owed)`` follows every settling."""

    def __init__(self, write: Callable[[bytes], None], settled: Callable[[int], None]) -> None:
        self._owed: deque[Receipt] = deque()
        self._write = write
        self._settled = settled

    def __len__(self) -> int:
        return len(self._owed)

    def owe(self, message: Publish, session: Session | None) -> Callable[..., None]:
        """What to call once the message is handled (``owed=False``: not routed to the end, the client resends it)."""
        if message.qos == 1:
            receipt = Receipt(PUBACK_HEAD + message.packet_id.to_bytes(2, "big"))
        else:
            receipt = Receipt(wire.acknowledgement(wire.PUBREC, message.packet_id))
        self._owed.append(receipt)
        incoming = None
        if message.qos == 2 and session is not None:
            incoming = session.qos2_received[message.packet_id] = Incoming()

        def handled(owed: bool = True) -> None:
            if receipt.handled:
                return
            receipt.handled = True
            if not owed:
                receipt.answer = None
                if incoming is not None and session is not None:  # not routed to the end: a resend routes it
                    if session.qos2_received.get(message.packet_id) is incoming:
                        del session.qos2_received[message.packet_id]
                    incoming.done(stored=False)
            elif incoming is not None:
                incoming.done()
            self._settle()

        return handled

    def owe_resend(self, packet_id: int, incoming: Incoming) -> None:
        """The PUBREC owed to a resent QoS 2 message: at once when its first copy is handled, else once it is, even
        if that copy came on an earlier connection (which can no longer answer)."""
        receipt = Receipt(wire.acknowledgement(wire.PUBREC, packet_id), handled=incoming.handled)
        self._owed.append(receipt)
        if incoming.handled:
            self._settle()
            return

        def answer(stored: bool) -> None:
            receipt.done(stored)
            self._settle()

        incoming.waiting.append(answer)

    def _settle(self) -> None:
        owed = self._owed
        while owed and owed[0].handled:
            answer = owed.popleft().answer
            if answer is not None:
                self._write(answer)
        self._settled(len(owed))
