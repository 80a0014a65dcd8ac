"""Device groups (ordinary, same project, same map, same building) owned by a user, with their devices."""
