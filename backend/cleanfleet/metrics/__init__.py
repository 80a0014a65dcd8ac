"""What operators watch: the product's own Prometheus series and the /metrics endpoint that serves them."""
