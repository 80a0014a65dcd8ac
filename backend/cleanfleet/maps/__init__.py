"""Maps: the record of each robot's maps, deleting, download and import archives, and map sync between robots."""
