"""The robot's own web API (api-spec 7.9): api/ (protocol < 3) or api1/ (protocol >= 3), and api2/ maps."""
