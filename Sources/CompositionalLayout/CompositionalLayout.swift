// The CompositionalLayout module.
