import { m } from '@/i18n/generated/messages.js';
import { Button } from './button';
import { Dialog } from './dialog';
import './sign-out-everywhere.css';

interface LeaveFormDialogProps {
  /** Whether what was typed is kept on the phone as a draft. */
  kept: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/**
 * Asks before a form with changes is left (./leave-form-guard.tsx); with it, in ./form-draft-part.tsx, it loads after
 * the form has drawn, so the form's first load stays within its budget (decision 0026).
 */
export function LeaveFormDialog({ kept, onStay, onLeave }: LeaveFormDialogProps) {
  return (
    <Dialog open onClose={onStay} title={m.ui_leave_form_title()}>
      <div className="sign-out-everywhere" data-testid="leave-form-dialog">
        <p>{kept ? m.ui_leave_form_kept() : m.ui_leave_form_lost()}</p>
        <div className="sign-out-everywhere__actions">
          <Button onClick={onStay}>{m.ui_leave_form_stay()}</Button>
          <Button variant={kept ? 'secondary' : 'danger'} onClick={onLeave}>
            {m.ui_leave_form_leave()}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
