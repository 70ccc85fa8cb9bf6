"""The command line: ``chieu check|play|replay ...`` (an edge: games never import it)."""
