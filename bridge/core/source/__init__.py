"""Reading input: a scenario file (bounded), YAML with the line of every value, field checks,
outcome atoms and `expect`."""
