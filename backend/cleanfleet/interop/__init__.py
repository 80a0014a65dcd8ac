"""Interoperability for integrators (issue 35 items 4 and 5): the offline API reference page (reference.py) and
robot status in the MassRobotics AMR Interoperability Standard's JSON (massrobotics.py, router.py).

docs/domains/interop.md holds the field-by-field mapping to the standard and what does not map; docs/integrations.md
is the integrator's guide."""
