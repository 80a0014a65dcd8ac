"""A person's data: its export and erasure, and the data jobs that run them (and a customer's end) in the background."""

# Other domains import these modules only (docs/architecture.md rule 8): the data jobs a domain registers its runner
# with and queues its jobs through (jobs; the customer end, customerend/).
PUBLIC = ("jobs",)
