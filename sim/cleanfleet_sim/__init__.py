"""cleanfleet robot simulator."""
