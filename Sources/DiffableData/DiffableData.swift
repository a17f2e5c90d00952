// The DiffableData module.
