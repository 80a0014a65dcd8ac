"""Mosquitto's dynamic security plugin, spoken to over MQTT (``$CONTROL/dynamic-security/v1``, its JSON commands),
and the plugin's first configuration file (``initial_config``: the product's admin client, nothing else).
"""

import asyncio
import base64
import contextlib
import hashlib
import secrets
from ssl import SSLContext
from typing import Any

import orjson

from cleanfleet.gateway.mqtt import Message, MqttClient, MqttError

CONTROL_TOPIC = "$CONTROL/dynamic-security/v1"
RESPONSE_TOPIC = f"{CONTROL_TOPIC}/response"
ADMIN_ROLE = "admin"
BATCH = 100  # commands per control message
ANSWER_SECONDS = 10.0
# the errors that mean "already as wanted": the sync repeats commands safely
ALREADY = ("already exists", "not found")

Command = dict[str, Any]


class DynsecError(MqttError):
    """The plugin refused a command (other than "already exists" or "not found")."""


class DynsecAdmin:
    """One admin connection; ``run(commands)`` sends them in batches, one batch answered before the next."""

    def __init__(self, client: MqttClient, answers: "asyncio.Queue[bytes]") -> None:
        self.client = client
        self._answers = answers
        self._reader = asyncio.create_task(client.run(), name="dynsec-admin")

    @classmethod
    async def open(cls, host: str, port: int, username: str, password: str, client_id: str,
                   ssl: SSLContext | None = None) -> "DynsecAdmin":
        answers: asyncio.Queue[bytes] = asyncio.Queue()

        def handle(message: Message) -> None:
            if message.topic == RESPONSE_TOPIC:
                answers.put_nowait(message.payload)

        client = await MqttClient.open(host, port, handle, client_id=client_id, clean_session=True,
                                       username=username, password=password, ssl=ssl)
        try:
            await client.subscribe([(RESPONSE_TOPIC, 1)])
        except MqttError:
            client.close()
            raise
        return cls(client, answers)

    async def close(self) -> None:
        self.client.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, MqttError):
            await self._reader

    async def run(self, commands: list[Command]) -> list[dict[str, Any]]:
        """Each command's response, in order; DynsecError on a refusal that is not "already so"."""
        responses: list[dict[str, Any]] = []
        for start in range(0, len(commands), BATCH):
            batch = commands[start:start + BATCH]
            while not self._answers.empty():  # a late answer of an earlier, timed-out batch
                self._answers.get_nowait()
            await self.client.publish_acknowledged(CONTROL_TOPIC, orjson.dumps({"commands": batch}))
            if self._reader.done():
                self._reader.result()
            try:
                answer = await asyncio.wait_for(self._answers.get(), ANSWER_SECONDS)
            except TimeoutError as exc:
                raise MqttError("the dynamic security plugin did not answer (is it loaded?)") from exc
            responses.extend(orjson.loads(answer).get("responses", []))
        for response in responses:
            error = str(response.get("error") or "")
            if error and not any(known in error.lower() for known in ALREADY):
                raise DynsecError(f"{response.get('command')}: {error}")
        return responses


def initial_config(admin_user: str, admin_password: str) -> dict[str, Any]:
    """The plugin's configuration file with the product's admin client only (what ``mosquitto_ctrl dynsec init``
    writes): nobody else may connect, publish or subscribe until the product adds them."""
    salt = secrets.token_bytes(12)
    iterations = 101
    digest = hashlib.pbkdf2_hmac("sha512", admin_password.encode(), salt, iterations, 64)
    control = "$CONTROL/dynamic-security/#"
    return {
        "clients": [{"username": admin_user, "textName": "cleanfleet broker sync",
                     "password": base64.b64encode(digest).decode(), "salt": base64.b64encode(salt).decode(),
                     "iterations": iterations, "roles": [{"rolename": ADMIN_ROLE}]}],
        "roles": [{"rolename": ADMIN_ROLE, "acls": [
            {"acltype": "publishClientSend", "topic": control, "allow": True},
            {"acltype": "publishClientReceive", "topic": control, "allow": True},
            {"acltype": "subscribePattern", "topic": control, "allow": True}]}],
        "defaultACLAccess": {"publishClientSend": False, "publishClientReceive": False, "subscribe": False,
                             "unsubscribe": True},
    }


# --- the commands -----------------------------------------------------------------------------------------------

def create_role(rolename: str, acls: list[dict[str, object]]) -> Command:
    return {"command": "createRole", "rolename": rolename, "acls": acls}


def add_role_acls(rolename: str, acls: list[dict[str, object]]) -> list[Command]:
    return [{"command": "addRoleACL", "rolename": rolename, **acl} for acl in acls]


def create_client(username: str, rolename: str, *, password: str | None = None,
                  client_id: str | None = None) -> Command:
    command: Command = {"command": "createClient", "username": username, "roles": [{"rolename": rolename}]}
    if password is not None:
        command["password"] = password
    if client_id is not None:
        command["clientid"] = client_id
    return command


def set_password(username: str, password: str) -> Command:
    return {"command": "setClientPassword", "username": username, "password": password}


def delete_client(username: str) -> Command:
    return {"command": "deleteClient", "username": username}


def disable_client(username: str) -> Command:
    """The client may not connect, and its live connections are dropped (a revoked robot)."""
    return {"command": "disableClient", "username": username}


def enable_client(username: str) -> Command:
    return {"command": "enableClient", "username": username}


def list_clients() -> Command:
    return {"command": "listClients", "verbose": True, "count": -1, "offset": 0}


def delete_role(rolename: str) -> Command:
    return {"command": "deleteRole", "rolename": rolename}


def list_roles() -> Command:
    return {"command": "listRoles", "verbose": False, "count": -1, "offset": 0}
