import { useAtomValue } from 'jotai';
import { m } from '@/i18n/generated/messages.js';
import { Button } from '@/ui/button';
import { appUpdateAtom } from './pwa-atoms';

/** "A new version is available" with Reload, shown while a new service worker waits. */
export function UpdateNotice() {
  const update = useAtomValue(appUpdateAtom);
  if (!update) return null;
  return (
    <div className="update-notice" role="status">
      <span>{m.app_update_available()}</span>
      <Button variant="secondary" onClick={update.apply}>
        {m.app_update_reload()}
      </Button>
    </div>
  );
}
