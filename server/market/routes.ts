import { and, count, isNull, max, min, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { PriceRanges } from '../../src/domain/price-ranges';
import { rentPosts, services } from '../db/schema';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';

/**
 * GET /api/v1/market/price-ranges: the lowest and highest live prices, in taka, of rent ads and of each
 * service category. Public, so the /services/... pages can tell visitors what things cost before they join.
 */

export function marketRoutes(deps: AppDeps) {
  const routes = new Hono();
  routes.get('/price-ranges', async (c) => {
    const [rent] = await deps.db
      .select({ min: min(rentPosts.cost), max: max(rentPosts.cost), count: count() })
      .from(rentPosts)
      .where(isNull(rentPosts.deletedAt));
    const byCategory = await deps.db
      .select({
        category: services.category,
        min: min(services.minimumPrice),
        max: max(services.maximumPrice),
        count: count(),
      })
      .from(services)
      .where(and(isNull(services.deletedAt), sql`${services.status} = 'active'`))
      .groupBy(services.category);
    const data: PriceRanges = {
      rent: rent && rent.count > 0 ? { min: Number(rent.min), max: Number(rent.max), count: rent.count } : null,
      services: Object.fromEntries(
        byCategory.map((row) => [row.category, { min: Number(row.min), max: Number(row.max), count: row.count }]),
      ),
    };
    c.header('Cache-Control', 'public, max-age=300');
    return ok(c, 'Price ranges', data);
  });
  return routes;
}
