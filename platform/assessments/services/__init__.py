"""Writes of the authoring API, one module per entity (HackSoft style, split as it grew)."""
