"""Incidents (issue 34): an alarm that needs a person is acknowledged, escalated until someone acts, and measured."""
