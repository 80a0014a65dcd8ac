"""Wear forecast: when each robot's consumables reach their life and its maintenance falls due (issue 36 item 2)."""
