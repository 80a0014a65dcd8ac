"""Password robots (issue 46 item 3): whether a tenant's robots may still sign in to the broker by password
rather than by a client certificate from the product CA, and how each robot last signed in.

The switch is ``users.password_robots``, on every user (on by default: older fleets keep working). A robot may
sign in by password only while it is on at every user on its owner path: an admin switches it off for the whole
install, a dealer for its customers, a customer for its own robots. The embedded broker, EMQX's authenticator
(``/api/broker/authenticate``) and the Mosquitto sync (a robot whose tenant switched it off loses its broker
password) all ask ``PasswordPolicy``. docs/operations.md "Broker TLS".
"""
