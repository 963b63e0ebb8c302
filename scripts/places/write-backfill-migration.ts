import { writeFileSync } from 'node:fs';
import { placeTables } from '../../src/domain/places/place-names';
import { bundledPlaceIndex } from '../../src/domain/places/place-tree';
import { placesBackfillSql } from '../../server/places/backfill-sql';

/**
 * Writes the migration that moves old rows' free-text places to the place tree:
 *   npx tsx scripts/places/write-backfill-migration.ts server/db/migrations/<n>_places_backfill.sql
 * Run once, when the migration was made; an applied migration is never written again.
 */
const [file] = process.argv.slice(2);
if (!file) throw new Error('Usage: write-backfill-migration.ts <migration file>');
writeFileSync(file, placesBackfillSql(placeTables(bundledPlaceIndex())));
