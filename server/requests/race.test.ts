import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../src/domain/request-status';
import { requests } from '../db/schema';
import { registerSignedIn, testContextForFile } from '../test/test-app';
import { act, ask, rentAdOf, serviceOf, serviceRequest, visitRequest } from './request-test-kit';

/**
 * An accept and a cancel sent at once (issue 41): whichever wins, exactly one outcome is written, the others are
 * refused with 409 and the current status, and the history holds one answer. Runs on PostgreSQL too
 * (scripts/postgres-test-files.ts), where the requests truly interleave.
 */

const ctx = testContextForFile();

describe('accept against cancel', () => {
  it('20 at once, half accept by the owner, half cancel by the customer: exactly one outcome', async () => {
    const owner = await registerSignedIn(ctx, 'race-owner');
    const customer = await registerSignedIn(ctx, 'race-customer');
    const service = await serviceOf(ctx, owner);
    const id = (await ask(ctx, customer.token, serviceRequest(ctx, service))).body.data!._id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? act(ctx, owner.token, id, { action: 'accept' })
          : act(ctx, customer.token, id, { action: 'cancel' }),
      ),
    );
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    const outcome = (won[0]!.body.data as RequestRecord).status;
    expect(['accepted', 'cancelled']).toContain(outcome);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual(Array.from({ length: 19 }, () => 409));
    // A cancel after a winning accept is a move of its own (accepted → cancelled) and would be a second outcome:
    // each refusal names the status it found, which is the winner's.
    for (const answer of refused) expect(answer.body.data).toEqual({ status: outcome });
    const [row] = await ctx.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.status).toBe(outcome);
    expect(row!.history.map((entry) => entry.status)).toEqual(['requested', outcome]);
  });

  it('the same with an Idempotency-Key on each (the handler inside its transaction)', async () => {
    const owner = await registerSignedIn(ctx, 'race-key-owner');
    const customer = await registerSignedIn(ctx, 'race-key-customer');
    const id = (await ask(ctx, customer.token, visitRequest(ctx, await rentAdOf(ctx, owner)))).body.data!._id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.request('PATCH', `/api/v1/requests/${id}`, {
          token: i % 2 === 0 ? owner.token : customer.token,
          json: { action: i % 2 === 0 ? 'accept' : 'cancel' },
          headers: { 'Idempotency-Key': `race-key-${String(i).padStart(4, '0')}` },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const [row] = await ctx.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.history).toHaveLength(2);
  });
});
