import { useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { isOwnRecord } from '@/domain/user-record';
import { m } from '@/i18n/generated/messages.js';
import { fetchUserRecord } from '@/lib/fetch-user-record';

/** "Moderation" in the header, when the signed-in person's own record says they moderate. */
export default function ModerationLink({ selfId }: { selfId: string }) {
  const [moderator, setModerator] = useState<{ selfId: string; value: boolean }>();
  useEffect(() => {
    let live = true;
    fetchUserRecord(selfId).then(
      (record) => live && setModerator({ selfId, value: isOwnRecord(record) && record.moderator === true }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [selfId]);
  if (moderator?.selfId !== selfId || !moderator.value) return null;
  return (
    <li>
      <NavLink to="/main/moderation" className="site-nav__link">
        {m.moderation_nav()}
      </NavLink>
    </li>
  );
}
