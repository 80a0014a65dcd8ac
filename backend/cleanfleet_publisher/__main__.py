"""``python -m cleanfleet_publisher``: see cleanfleet_publisher/cli.py."""

import sys

from cleanfleet_publisher.cli import main

sys.exit(main())
