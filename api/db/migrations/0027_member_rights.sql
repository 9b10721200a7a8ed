-- Issue 44: placeholder, filled in by the part that owns it.
SELECT 1;
