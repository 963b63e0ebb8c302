// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportGroup } from '@/domain/report';
import { mountForTest } from '@/test/mount-for-test';
import { letRequestsTakePageAddresses } from '@/test/page-requests';
import { ReportedItem } from './moderation-page';

const CONVERSATION = '6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const reported: ReportGroup = {
  kind: 'conversation',
  targetId: CONVERSATION,
  label: 'Conversation between Karim Uddin and Ayesha Rahman',
  ownerId: 'owner-1',
  count: 1,
  weight: 1,
  reporterSince: [],
  reasons: [{ reason: 'scam', count: 1 }],
  latestAt: new Date().toISOString(),
  details: [],
};

const view = mountForTest();
let asked: string[];

beforeEach(() => {
  asked = [];
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (request: Request) => {
    asked.push(new URL(request.url).pathname);
    const data = [
      { _id: 'm1', authorId: 'karim', text: 'Is it free?', createdAt: '2026-12-07T10:00:00Z', mine: false },
      {
        _id: 'm2',
        authorId: 'ayesha',
        text: 'Send 5000 advance by bKash 01711-123456',
        createdAt: '2026-12-07T10:01:00Z',
      },
    ];
    return Response.json({ success: true, message: 'Messages', data });
  });
});

describe('a reported conversation on the moderation queue', () => {
  it('reads its messages, as written, only when the moderator asks, and offers no Hide', async () => {
    view.render(
      <MemoryRouter>
        <ReportedItem group={reported} onSettled={() => undefined} />
      </MemoryRouter>,
    );
    const buttons = () => [...view.container.querySelectorAll('button')].map((button) => button.textContent);
    expect(buttons()).toEqual(['Read the messages', 'Dismiss']);
    expect(asked).toEqual([]);
    const read = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Read the messages')!;
    await act(async () => read.click());
    await vi.waitFor(() => expect(view.container.querySelectorAll('.moderation-item__messages li')).toHaveLength(2));
    expect(asked).toEqual([`/api/v1/moderation/conversations/${CONVERSATION}/messages`]);
    const items = [...view.container.querySelectorAll('.moderation-item__messages li')];
    expect(items[1]?.textContent).toContain('01711-123456');
    expect(items.map((item) => item.className)).toEqual(['is-first-author', 'is-other-author']);
  });
});
