"""The ``skirmish`` command line."""
