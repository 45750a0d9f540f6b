"""The seed's programming framework, one rule per module, as pure predicates and constants.

The validator applies these to whole plans; the generator and the edits consult the same
predicates while choosing, so what is built and what is judged can never disagree.
"""
