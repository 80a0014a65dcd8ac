"""A browser and its system in words, from a user agent (ua-parser, the maintained port of Browserscope's rules):
"Chrome 131" on "Windows 10", "Mobile Safari 17" on "iOS 17". What the rules do not know reads as nothing (the
console then says "unknown browser"), never as the raw string, which anyone can write."""

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Agent:
    browser: str  # "" when unknown
    system: str  # "" when unknown
    device: str  # a phone's or tablet's model ("iPhone"), "" otherwise


def _named(family: str | None, major: str | None) -> str:
    if not family or family == "Other":
        return ""
    return f"{family} {major}" if major else family


@lru_cache(maxsize=1024)
def describe(user_agent: str | None) -> Agent:
    """The words for ``user_agent`` (cached: a person's sessions share a few). The first call loads the rules
    (about 0.1 s): callers on the event loop go through ``asyncio.to_thread``."""
    from ua_parser import parse  # with the rules, at the first call: not in the server's start

    if not user_agent:
        return Agent("", "", "")
    found = parse(user_agent[:256])
    browser = _named(found.user_agent.family, found.user_agent.major) if found.user_agent else ""
    system = _named(found.os.family, found.os.major) if found.os else ""
    device = found.device.family if found.device and found.device.family not in ("Other", "Spider") else ""
    return Agent(browser, system, device or "")
