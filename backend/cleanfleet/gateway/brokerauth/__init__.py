"""Robot identity at an external broker (issue 46 item 1): a robot connects only as itself and uses only its topics.

- Mosquitto: the dynamic security plugin (``deploy/mosquitto.conf``). The product's admin client keeps the broker's
  clients in step with the devices (``sync.py``): one client (user name and client id = serial, password = the
  device secret) and one role per robot, and the gateway's client and role. The product keeps only a hash of a
  device secret, so a robot's password reaches the broker through ``broker_passwords`` when the product holds it
  (``passwords.py``).
- EMQX: its HTTP authenticator and authorizer ask the product (``router.py``, ``/api/broker/*``), which answers
  with the embedded broker's sign-in check and topic rules (``rules.py``).
- The embedded broker: unchanged (``gateway/broker``).
"""
