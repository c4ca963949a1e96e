"""The lab: matches, ladders, variant studies and winnability surveys, with their statistics,
stored results and backends (a local process pool or Ray)."""
