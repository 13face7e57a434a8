-- Custom SQL migration file, put your code below! --
-- Trigram similarity for the memory's fallback search (judgments_text_trgm_idx, migration 0015).
-- drizzle-kit does not generate extensions, so this one is a custom migration.
create extension if not exists pg_trgm;
