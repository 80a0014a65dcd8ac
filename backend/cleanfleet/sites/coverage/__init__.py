"""Where the robots cleaned: each run's coverage stored per robot map and site day, heat maps read from it, and
the maps the server learns without a person."""
