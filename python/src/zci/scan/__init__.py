"""`python -m zci scan --ray`: the inspector's corpus scan spread over the GPUs of a Ray cluster.

The scanning itself stays the inspector's (`zerocopy-inspector scan`, one process per actor); this package lists the
files, shards them, runs the actors, and merges their results lines into one file that reads like a single scan's.
"""
