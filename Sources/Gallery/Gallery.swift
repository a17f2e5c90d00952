// The Gallery module.
