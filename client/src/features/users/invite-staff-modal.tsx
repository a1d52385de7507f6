import { useEffect, useState } from 'react';
import { INVITE_TTL_HOURS, inviteInputSchema } from '../../../../shared/auth/accounts.schema.ts';
import type { GrantableRole } from '../../../../shared/auth/roles.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { toastSuccess } from '../../components/toasts.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { validateForm, type FieldErrors } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { RoleCheckboxes } from './role-checkboxes.tsx';

type InviteField = 'name' | 'emailAddress' | 'roles';

export interface InviteStaffModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Invite Staff: name, e-mail address and roles; the server mails a link to choose a password. */
export function InviteStaffModal({ open, onOpenChange }: InviteStaffModalProps) {
  const [name, setName] = useState('');
  const [emailAddress, setEmailAddress] = useState('');
  const [roles, setRoles] = useState<GrantableRole[]>(['staff']);
  const [errors, setErrors] = useState<FieldErrors<InviteField>>({});
  const utils = api.useUtils();
  const invite = api.users.invite.useMutation();

  useEffect(() => {
    if (!open) return;
    setName('');
    setEmailAddress('');
    setRoles(['staff']);
    setErrors({});
  }, [open]);

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title="Invite Staff"
      description={`They get an e-mail with a link to choose a password; the link works once, for ${INVITE_TTL_HOURS} hours.`}
      submitLabel="Send Invitation"
      busyLabel="Sending..."
      errorTitle="Invitation Failed"
      onSubmit={async () => {
        const result = validateForm(inviteInputSchema, { name, emailAddress, roles });
        setErrors(result.ok ? {} : result.errors);
        if (!result.ok) return;
        const account = await invite.mutateAsync(result.data);
        void utils.users.list.invalidate();
        toastSuccess('Invitation sent', `${account.name} (${account.emailAddress ?? ''}) can set a password from the e-mail.`);
        onOpenChange(false);
      }}
    >
      <FormField id="invite-name" label="Name" error={errors.name}>
        {(control) => <Input {...control} autoFocus maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />}
      </FormField>
      <FormField id="invite-email" label="Email Address" error={errors.emailAddress}>
        {(control) => (
          <Input {...control} type="email" maxLength={254} autoComplete="off" value={emailAddress} onChange={(event) => setEmailAddress(event.target.value)} />
        )}
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Roles</legend>
        <RoleCheckboxes idPrefix="invite-role" value={roles} onChange={setRoles} />
        {errors.roles && (
          <p role="alert" className="text-sm text-destructive">
            {errors.roles}
          </p>
        )}
      </fieldset>
    </FormModal>
  );
}
InviteStaffModal.displayName = 'InviteStaffModal';
