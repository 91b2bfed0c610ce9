"""A solver for the French five-card draw: abstraction, Monte Carlo CFR, evaluation.

See ``docs/bots-expert.md``. The modules: :mod:`.cards` (suit classes and
buckets), :mod:`.tree` (the betting abstraction and the abstract game's public
tree), :mod:`.kernels` (the compiled CFR, best-response and value passes),
:mod:`.train` (training runs, checkpoints, shards) and :mod:`.store` (the
shipped strategies).
"""
