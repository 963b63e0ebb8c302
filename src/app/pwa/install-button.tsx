import { useAtom } from 'jotai';
import { m } from '@/i18n/generated/messages.js';
import { Button } from '@/ui/button';
import { installPromptAtom } from './pwa-atoms';
import { isStandalone } from './register-pwa';

/** Install, offered only when the browser allows it and Basha is not already running installed. */
export function InstallButton() {
  const [prompt, setPrompt] = useAtom(installPromptAtom);
  if (!prompt || isStandalone()) return null;
  const install = async () => {
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    if (outcome === 'accepted') setPrompt(undefined);
  };
  return (
    <Button variant="ghost" onClick={() => void install()}>
      {m.app_install()}
    </Button>
  );
}
