import { useAtomValue } from 'jotai';
import { Button } from '@/ui/button';
import { appUpdateAtom } from './pwa-atoms';

/** "A new version is available" with Reload, shown while a new service worker waits. */
export function UpdateNotice() {
  const update = useAtomValue(appUpdateAtom);
  if (!update) return null;
  return (
    <div className="update-notice" role="status">
      <span>A new version is available</span>
      <Button variant="secondary" onClick={update.apply}>
        Reload
      </Button>
    </div>
  );
}
