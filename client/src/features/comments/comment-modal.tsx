import { useEffect, useState } from 'react';
import { COMMENT_MESSAGES, MAX_MESSAGE_LENGTH, messageLength, messageProblem } from '../../../../shared/comments/comments.schema.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { bindDraft } from '../../components/form/bind-draft.ts';
import { SelectField } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { TextAreaField } from '../../components/form/text-area-field.tsx';
import { api } from '../../lib/trpc.ts';

export type CommentModalMode = 'new' | 'edit-comment' | 'edit-reply' | 'reply';

export interface CommentModalValue {
  displayName: string;
  message: string;
  isAdministrator: boolean;
  isVisible: boolean;
  isPinned: boolean;
}

const TITLES: Record<CommentModalMode, string> = { new: 'New Comment', 'edit-comment': 'Edit Comment', 'edit-reply': 'Edit Reply', reply: 'Reply' };

export interface CommentModalProps {
  mode: CommentModalMode | null;
  initial: Partial<CommentModalValue>;
  onOpenChange: (open: boolean) => void;
  /** Saves; a rejection shows inside, titled "Failed". */
  onSubmit: (value: CommentModalValue) => Promise<unknown>;
}

/**
 * The comment modal (new, edit comment, edit reply) and the reply modal: the author is chosen from the
 * educators; a new comment is from an administrator and visible; visibility and pinned only when editing a comment.
 */
export function CommentModal({ mode, initial, onOpenChange, onSubmit }: CommentModalProps) {
  const educators = api.lectures.educators.useQuery(undefined, { enabled: mode !== null, retry: false });
  const [value, setValue] = useState<CommentModalValue>({ displayName: '', message: '', isAdministrator: true, isVisible: true, isPinned: false });
  const [errors, setErrors] = useState<{ displayName?: string; message?: string }>({});
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    if (mode === null) return;
    setValue({
      displayName: '',
      message: '',
      isAdministrator: true,
      isVisible: true,
      isPinned: false,
      ...(JSON.parse(initialKey) as Partial<CommentModalValue>),
    });
    setErrors({});
  }, [mode, initialKey]);
  const set = (patch: Partial<CommentModalValue>) => setValue((current) => ({ ...current, ...patch }));
  const bind = bindDraft(value, set, errors);
  const names = [...new Set([...(educators.data ?? []).map((educator) => educator.name), ...(value.displayName ? [value.displayName] : [])])];

  return (
    <FormModal
      open={mode !== null}
      onOpenChange={onOpenChange}
      title={mode ? TITLES[mode] : ''}
      submitLabel={mode === 'reply' ? 'Reply' : 'Save'}
      errorTitle="Failed"
      onSubmit={async () => {
        const found = { ...(value.displayName ? {} : { displayName: COMMENT_MESSAGES.authorRequired }), ...messageProblem(value.message) };
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        await onSubmit(value);
        onOpenChange(false);
      }}
    >
      <SelectField
        id="comment-author"
        label="Author"
        hint={educators.isSuccess && educators.data.length === 0 ? 'No educators yet: an administrator gives the Educator role in Users' : undefined}
        options={[{ value: '', label: 'Choose an educator' }, ...names.map((name) => ({ value: name, label: name }))]}
        {...bind.choice('displayName')}
      />
      {/* No native maxLength: it counts UTF-16 units (an emoji twice), the server counts characters. */}
      <TextAreaField id="comment-message" label={`Message (${messageLength(value.message)}/${MAX_MESSAGE_LENGTH})`} rows={4} {...bind.text('message')} />
      <SwitchField id="comment-admin" label="Is Administrator" {...bind.toggle('isAdministrator')} />
      {mode === 'edit-comment' && (
        <>
          <SwitchField id="comment-visible" label="Visible to public" {...bind.toggle('isVisible')} />
          <SwitchField id="comment-pinned" label="Pinned" {...bind.toggle('isPinned')} />
        </>
      )}
    </FormModal>
  );
}
CommentModal.displayName = 'CommentModal';
