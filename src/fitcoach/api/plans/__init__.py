"""Accepted plan versions and the plan of the current week."""
