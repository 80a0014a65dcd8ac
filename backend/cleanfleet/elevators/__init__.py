"""Elevators robots ride between floors: building, contact and controller details, and the robots bound."""
