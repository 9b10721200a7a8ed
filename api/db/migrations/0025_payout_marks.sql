-- Placeholder: filled by its feature's change.
SELECT 1;
