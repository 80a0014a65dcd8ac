"""Device types (models): the catalogue every device and production batch names its model from."""
