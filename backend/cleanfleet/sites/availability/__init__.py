"""Availability per site (issue 53 items 1-3): scheduled hours, the hours each robot was available within them,
incidents' times, missed and short runs, the trend, and the targets a dealer agrees with its customer."""
