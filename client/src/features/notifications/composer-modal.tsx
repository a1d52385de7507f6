import { useEffect, useState } from 'react';
import { BellRing } from 'lucide-react';
import { composerFieldErrors, composerLengthErrors, type ComposerFieldErrors } from '../../../../shared/push/composer.rules.ts';
import { COMPOSER_LIMITS, GROUP_TARGETS, type SendNotificationInput } from '../../../../shared/push/push.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { TextArea } from '../../components/ui/textarea.tsx';
import { delay } from '../../lib/delay.ts';
import { messageOr } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';

/** The pause before a notification is sent, as the specification has it. */
export const SEND_DELAY_MS = 300;
export const PUBLISH_CONFIRMATION_TEXT = 'You cannot undo this action. Do you really want to publish this push notification now?';
const GROUP_LABELS = { 'lakshya-students': 'Lakshya students', 'purchased-users': 'Purchased users' } as const;

/** What the screen opening the composer fills in. */
export interface ComposerResource {
  resourceType: string;
  resourceID: string;
  clickAction: string;
  title?: string;
  imageUrl?: string | null;
  lectureId?: string;
  subjectId?: string;
  /** Who it goes to at first (a reply goes to one student). */
  targetType?: 'specific-user' | 'everyone' | 'group';
  targetPhoneNumber?: string;
  /** Fixes the target to the students of this course (no other choice is offered). */
  course?: { _id: string; title: string };
  /** The web address an open_link notification opens. */
  linkUrl?: string;
}

export interface ComposerModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  resource: ComposerResource;
}

type Target = 'specific-user' | 'everyone' | 'group';

/** Compose Message: the resource it opens (read-only), title, body and who it goes to; Send Now asks first. */
export function ComposerModal({ open, onOpenChange, resource }: ComposerModalProps) {
  const send = api.push.send.useMutation();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [target, setTarget] = useState<Target>('specific-user');
  const [phone, setPhone] = useState('');
  const [groups, setGroups] = useState<Set<(typeof GROUP_TARGETS)[number]>>(new Set(GROUP_TARGETS));
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [errors, setErrors] = useState<ComposerFieldErrors>({});
  // A title filled in by the screen behind may already be too long: flagged from the start, not after Send Now.
  const tooLong = composerLengthErrors(title, body);
  const shown = { ...errors, ...tooLong };
  const canSend = Object.keys(tooLong).length === 0;

  // Filled in afresh when opened (or when what it is about changes), not on every render of the screen behind it.
  const resourceKey = JSON.stringify(resource);
  useEffect(() => {
    if (!open) return;
    const resource = JSON.parse(resourceKey) as ComposerResource;
    setTitle(resource.title ?? '');
    setBody('');
    setTarget(resource.targetType ?? 'specific-user');
    setPhone(resource.targetPhoneNumber ?? '');
    setGroups(new Set(GROUP_TARGETS));
    setErrors({});
  }, [open, resourceKey]);

  const request = (): SendNotificationInput => ({
    title,
    body,
    imageUrl: resource.imageUrl ?? null,
    resourceID: resource.resourceID,
    resourceType: resource.resourceType,
    clickAction: resource.clickAction,
    targetType: resource.course ? 'course' : target,
    targetPhoneNumber: !resource.course && target === 'specific-user' ? phone : null,
    groupTargets: [...groups],
    courseId: resource.course?._id ?? null,
    linkUrl: resource.linkUrl ?? null,
    lectureId: resource.lectureId ?? null,
    subjectId: resource.subjectId ?? null,
  });

  return (
    <>
      <Dialog open={open && !confirming} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Compose Message</DialogTitle>
            <DialogDescription>A push notification to the students' phones; tapping it opens what is shown below.</DialogDescription>
          </DialogHeader>
          <div className="flex items-center gap-3 rounded-md border bg-muted/40 p-3">
            {resource.imageUrl ? (
              <img src={resource.imageUrl} alt="Preview" className="h-14 w-20 rounded object-cover" />
            ) : (
              <span aria-hidden="true" className="flex h-14 w-20 items-center justify-center rounded bg-muted text-muted-foreground">
                <BellRing className="size-5" />
              </span>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
              <dt className="text-muted-foreground">Resource type</dt>
              <dd>{resource.resourceType}</dd>
              <dt className="text-muted-foreground">Resource ID</dt>
              <dd className="break-all font-mono">{resource.resourceID}</dd>
              <dt className="text-muted-foreground">Click action</dt>
              <dd>{resource.clickAction}</dd>
              {resource.linkUrl && (
                <>
                  <dt className="text-muted-foreground">Link</dt>
                  <dd className="break-all">{resource.linkUrl}</dd>
                </>
              )}
            </dl>
          </div>
          <FormField id="composer-title" label={`Title (${title.length}/${COMPOSER_LIMITS.title})`} error={shown.title}>
            {(control) => <Input {...control} maxLength={COMPOSER_LIMITS.title} value={title} onChange={(event) => setTitle(event.target.value)} />}
          </FormField>
          <FormField id="composer-body" label={`Body (${body.length}/${COMPOSER_LIMITS.body})`} error={shown.body}>
            {(control) => <TextArea {...control} rows={3} maxLength={COMPOSER_LIMITS.body} value={body} onChange={(event) => setBody(event.target.value)} />}
          </FormField>
          {resource.course ? (
            <p className="text-sm">
              <span className="font-medium">Send to:</span> Students of {resource.course.title}
            </p>
          ) : (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Send to</legend>
              <div className="flex flex-wrap gap-4 text-sm">
                {(
                  [
                    ['specific-user', 'Specific User'],
                    ['everyone', 'Everyone'],
                    ['group', 'Group'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2">
                    <input type="radio" name="composer-target" value={value} checked={target === value} onChange={() => setTarget(value)} />
                    {label}
                  </label>
                ))}
              </div>
              {target === 'specific-user' && (
                <FormField id="composer-phone" label="Phone number">
                  {(control) => <Input {...control} inputMode="tel" placeholder="10-digit mobile number" value={phone} onChange={(event) => setPhone(event.target.value)} />}
                </FormField>
              )}
              {target === 'group' && (
                <div className="flex flex-wrap gap-4">
                  {GROUP_TARGETS.map((group) => (
                    <div key={group} className="flex items-center gap-2">
                      <Checkbox
                        id={`composer-group-${group}`}
                        checked={groups.has(group)}
                        onChange={(event) =>
                          setGroups((current) => {
                            const next = new Set(current);
                            if (event.target.checked) next.add(group);
                            else next.delete(group);
                            return next;
                          })
                        }
                      />
                      <Label htmlFor={`composer-group-${group}`}>{GROUP_LABELS[group]}</Label>
                    </div>
                  ))}
                </div>
              )}
            </fieldset>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              disabled={!canSend}
              onClick={() => {
                const found = composerFieldErrors(title, body);
                setErrors(found);
                if (Object.keys(found).length === 0) setConfirming(true);
              }}
            >
              Send Now
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title="Publish Confirmation"
        text={PUBLISH_CONFIRMATION_TEXT}
        cancelLabel="Cancel"
        confirmLabel="Confirm"
        busyLabel="Sending..."
        errorTitle="Failed"
        describeError={(error) => ({ title: 'Failed', message: messageOr(error, 'Something went wrong') })}
        onConfirm={async () => {
          await delay(SEND_DELAY_MS);
          await send.mutateAsync(request());
          setConfirming(false);
          onOpenChange(false);
          setNotice({ kind: 'success', title: 'Process Complete', text: 'Notification sent successfully' });
        }}
      />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
ComposerModal.displayName = 'ComposerModal';
