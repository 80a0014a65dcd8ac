"""The simulated fleet as an optional part of the server."""
