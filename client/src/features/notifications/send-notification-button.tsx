import { useState } from 'react';
import { BellRing } from 'lucide-react';
import { canSeeScreen } from '../../../../shared/auth/roles.ts';
import { Button } from '../../components/ui/button.tsx';
import { useCurrentUser } from '../auth/session.ts';
import { ComposerModal, type ComposerResource } from './composer-modal.tsx';

/**
 * An editor's "Send notification": opens the composer with the editor's resource filled in, and
 * only once the editor has no unsaved changes (students would open what is not saved yet). Shown
 * to the roles that may send notifications.
 */
export function SendNotificationButton({ resource, hasChanges }: { resource: ComposerResource; hasChanges: boolean }) {
  const roles = useCurrentUser().data?.roles ?? [];
  const [open, setOpen] = useState(false);
  if (!canSeeScreen(roles, 'notifications')) return null;
  return (
    <>
      {/* Disabled buttons take no pointer events, so the tooltip sits on a wrapper. */}
      <span title={hasChanges ? 'Save your changes first' : undefined} className="inline-flex">
        <Button variant="outline" disabled={hasChanges} onClick={() => setOpen(true)}>
          <BellRing aria-hidden="true" />
          Send notification
        </Button>
      </span>
      <ComposerModal open={open} onOpenChange={setOpen} resource={resource} />
    </>
  );
}
SendNotificationButton.displayName = 'SendNotificationButton';
