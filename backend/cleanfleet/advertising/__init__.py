"""Advertising for the robots' pads (page device/ad): media, playlists, and which robot plays which playlist."""
