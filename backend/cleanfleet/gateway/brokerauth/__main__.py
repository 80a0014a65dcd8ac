"""``python -m cleanfleet.gateway.brokerauth init FILE USER``: Mosquitto's dynamic security file with the product's
admin client only (its password from CLEANFLEET_MQTT_DYNSEC_PASSWORD); ``mosquitto_ctrl dynsec init FILE USER``
writes the same with a wider admin role."""

import json
import os
import sys
from pathlib import Path

from cleanfleet.gateway.brokerauth.dynsec import initial_config


def main(argv: list[str]) -> int:
    password = os.environ.get("CLEANFLEET_MQTT_DYNSEC_PASSWORD", "")
    if len(argv) != 3 or argv[0] != "init" or not password:
        print(__doc__, file=sys.stderr)
        return 2
    path = Path(argv[1])
    if path.exists():
        print(f"{path} exists: the broker's clients are kept there; not overwritten", file=sys.stderr)
        return 1
    path.write_text(json.dumps(initial_config(argv[2], password), indent=2))
    path.chmod(0o600)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
