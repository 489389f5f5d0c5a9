"""Shapes, distances, line of sight, paths, templates and pictures. Knows no rules."""
