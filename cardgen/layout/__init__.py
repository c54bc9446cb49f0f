"""Pure page geometry in millimetres: grids, slots, duplex mirroring. No PDF here."""
