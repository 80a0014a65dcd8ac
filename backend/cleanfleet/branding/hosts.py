"""Host names a dealer serves the console on: checked, lower-cased, and the one a request came to.

A host name is a DNS name in text (RFC 1123): at least two labels of letters, digits and hyphens (1-63 each, no
hyphen at either end), at most 253 characters, a last label that is not all digits (so no IP address), written in
ASCII (an internationalised name in its ``xn--`` form). A trailing dot is dropped. The install's own public host
(CLEANFLEET_PUBLIC_URL) and ``localhost`` are refused: they are the default brand's.
"""

import re
from urllib.parse import urlsplit

from cleanfleet.branding import texts
from cleanfleet.branding.models import HOST_CHARS
from cleanfleet.core.errors import bad_parameter

MAX_HOSTS = 10
LABEL = re.compile(r"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$")


def normalised(host: str) -> str:
    return host.strip().lower().removesuffix(".")


def is_host_name(host: str) -> bool:
    labels = host.split(".")
    return (0 < len(host) <= HOST_CHARS and len(labels) >= 2 and all(LABEL.fullmatch(label) for label in labels)
            and not labels[-1].isdigit())


def own_host(public_url: str) -> str:
    return normalised(urlsplit(public_url).hostname or "")


def checked(hosts: list[str], public_url: str) -> list[str]:
    """The host names, normalised and without repeats; refuses a wrong one naming ``hostNames``."""
    found: list[str] = []
    for entry in hosts:
        host = normalised(entry)
        if not host:
            continue
        if not is_host_name(host):
            raise bad_parameter("hostNames", texts.BAD_HOST, host=entry.strip()[:80])
        if host in (own_host(public_url), "localhost"):
            raise bad_parameter("hostNames", texts.HOST_IS_OURS, host=host)
        if host not in found:
            found.append(host)
    return found


def request_host(header: str | None) -> str:
    """The host a request was sent to, from its Host header (``[v6]:port`` and ``name:port`` without the port)."""
    value = (header or "").strip()
    if value.startswith("["):
        return value.partition("]")[0] + "]"
    return normalised(value.rpartition(":")[0] if value.count(":") == 1 else value)
