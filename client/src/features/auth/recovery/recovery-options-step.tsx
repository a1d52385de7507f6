import { useState, type FormEvent } from 'react';
import { Mail, Phone } from 'lucide-react';
import { MESSAGES } from '../../../../../shared/auth/auth.constants.ts';
import { recoveryChannelInputSchema, type RecoveryOption } from '../../../../../shared/auth/auth.schema.ts';
import { failureNotice, type FailureNotice } from '../../../components/error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '../../../components/ui/radio-group.tsx';
import { validateForm } from '../../../lib/forms.ts';
import { api } from '../../../lib/trpc.ts';
import { cn } from '../../../lib/utils.ts';
import { optionLabel, withChallenge } from './recovery-steps.ts';
import { AuthForm } from '../auth-form.tsx';

const NONE = 'none';

export interface RecoveryOptionsStepProps {
  options: RecoveryOption[];
  /** The code was sent; `sentWith` is the exact channel input, kept for "Resend OTP". */
  onCodeSent: (otpToken: string, sentWith: RecoveryOption[], chosen: RecoveryOption) => void;
  onNoOption: () => void;
  onCancel: () => void;
}

/** Step 2: pick email or phone and type it in full, or say none of them is available. */
export function RecoveryOptionsStep({ options, onCodeSent, onNoOption, onCancel }: RecoveryOptionsStepProps) {
  const [choice, setChoice] = useState('');
  const [challenge, setChallenge] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const channel = api.auth.recovery.channel.useMutation();
  const chosenIndex = choice === '' || choice === NONE ? -1 : Number(choice);
  const chosen = options[chosenIndex];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (choice === NONE) {
      onNoOption();
      return;
    }
    if (!chosen) {
      setError(MESSAGES.recoveryOptionRequired);
      return;
    }
    const sentWith = withChallenge(options, chosenIndex, challenge);
    // The server's own schema gives the same messages: "Email is Required", "Mobile Number is Required".
    const result = validateForm(recoveryChannelInputSchema, { options: sentWith });
    setError(result.ok ? undefined : Object.values(result.errors)[0]);
    if (!result.ok) return;
    channel.mutate(
      { options: sentWith },
      {
        onSuccess: ({ otpToken }) => {
          if (otpToken) onCodeSent(otpToken, sentWith, chosen);
          else setFailure({ title: 'Recovery Initiate Failed', message: 'Unknown error' });
        },
        onError: (cause) => setFailure(failureNotice('Recovery Initiate Failed', cause)),
      },
    );
  };

  return (
    <AuthForm
      label="Recovery options"
      onSubmit={submit}
      failure={failure}
      intro={<p className="text-sm text-muted-foreground">Choose where to send a verification code, then enter that email address or mobile number in full.</p>}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Verification method</legend>
        <RadioGroup
          aria-label="Verification method"
          value={choice}
          onValueChange={(value) => {
            setChoice(value);
            setChallenge('');
            setError(undefined);
          }}
          aria-describedby={error && chosenIndex === -1 ? 'recovery-option-error' : undefined}
        >
          {options.map((option, index) => {
            const id = `recovery-option-${index}`;
            const Icon = option.type === 'email' ? Mail : Phone;
            return (
              <div key={option.key} className={cn('rounded-md border p-3', choice === String(index) && 'border-primary bg-primary/5')}>
                <div className="flex items-center gap-3">
                  <RadioGroupItem value={String(index)} id={id} />
                  <Label htmlFor={id} className="flex flex-1 cursor-pointer items-center gap-2 font-normal">
                    <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                    <span className="font-medium">{optionLabel(option)}</span>
                    <span className="font-mono text-muted-foreground">{option.value}</span>
                  </Label>
                </div>
                {choice === String(index) && (
                  <TextField
                    id="recovery-challenge"
                    fieldClassName="mt-3"
                    label={option.type === 'email' ? 'Enter your full email address' : 'Enter your mobile number'}
                    error={error}
                    autoFocus
                    type={option.type === 'email' ? 'email' : 'tel'}
                    inputMode={option.type === 'email' ? 'email' : 'numeric'}
                    autoComplete={option.type === 'email' ? 'email' : 'tel'}
                    value={challenge}
                    onValueChange={setChallenge}
                  />
                )}
              </div>
            );
          })}
          <div className={cn('rounded-md border p-3', choice === NONE && 'border-primary bg-primary/5')}>
            <div className="flex items-center gap-3">
              <RadioGroupItem value={NONE} id="recovery-option-none" />
              <Label htmlFor="recovery-option-none" className="flex-1 cursor-pointer font-normal">
                I don&apos;t have any of these
              </Label>
            </div>
          </div>
        </RadioGroup>
        {error && chosenIndex === -1 && (
          <p id="recovery-option-error" className="text-xs font-medium text-destructive">
            {error}
          </p>
        )}
      </fieldset>
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" onClick={onCancel} disabled={channel.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={channel.isPending} pendingText="Sending code...">
          {choice === NONE ? 'Continue' : 'Send Code'}
        </SubmitButton>
      </div>
    </AuthForm>
  );
}
RecoveryOptionsStep.displayName = 'RecoveryOptionsStep';
