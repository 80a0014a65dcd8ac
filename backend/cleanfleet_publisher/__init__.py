"""The firmware publisher's offline tool (issue 47): makes and keeps the TUF root and targets keys, makes and rotates
the root, and signs a release's targets metadata. It runs on the publisher's machine, never on the console, and
imports nothing of the console: ``python -m cleanfleet_publisher --help`` (docs/operations.md "Signed updates")."""
