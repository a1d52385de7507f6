import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { OTP_LENGTH, OTP_RESEND_DELAY_MS, OTP_TTL_MINUTES } from '../../../../../shared/auth/auth.constants.ts';
import { otpSchema, type RecoveryOption } from '../../../../../shared/auth/auth.schema.ts';
import { failureNotice, type FailureNotice } from '../../../components/error-alert.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { delay } from '../../../lib/delay.ts';
import { validateForm } from '../../../lib/forms.ts';
import { api } from '../../../lib/trpc.ts';
import { optionLabel } from './recovery-steps.ts';
import { AuthForm } from '../auth-form.tsx';

export interface OtpVerificationStepProps {
  otpToken: string;
  initialOtp: string;
  /** The channel input the code was sent with; "Resend OTP" sends it again. */
  sentWith: RecoveryOption[];
  sentTo: RecoveryOption;
  onVerified: (otp: string) => void;
  onResent: (otpToken: string) => void;
  onBack: () => void;
}

type ResendState = 'idle' | 'resending' | 'resent';

/** Step 3: the one-time code from the message; it can be sent again. */
export function OtpVerificationStep({ otpToken, initialOtp, sentWith, sentTo, onVerified, onResent, onBack }: OtpVerificationStepProps) {
  const [otp, setOtp] = useState(initialOtp);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const [resend, setResend] = useState<ResendState>('idle');
  const verify = api.auth.recovery.verifyOtp.useMutation();
  const channel = api.auth.recovery.channel.useMutation();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateForm(otpSchema, otp);
    setError(result.ok ? undefined : result.errors.form);
    if (!result.ok) return;
    verify.mutate(
      { otp: result.data, otpToken },
      {
        onSuccess: ({ status }) => {
          if (status === 'valid') onVerified(result.data);
          else setFailure({ title: 'OTP Verification Failed', message: 'Unknown error' });
        },
        onError: (cause) => setFailure(failureNotice('OTP Verification Failed', cause)),
      },
    );
  };

  const resendCode = async () => {
    setFailure(null);
    setResend('resending');
    await delay(OTP_RESEND_DELAY_MS);
    if (!mounted.current) return;
    try {
      const { otpToken: fresh } = await channel.mutateAsync({ options: sentWith });
      if (!mounted.current) return;
      onResent(fresh);
      setOtp('');
      setResend('resent');
    } catch (cause) {
      if (!mounted.current) return;
      setResend('idle');
      setFailure(failureNotice('Recovery Initiate Failed', cause));
    }
  };

  const busy = verify.isPending || resend === 'resending';

  return (
    <AuthForm
      label="OTP verification"
      onSubmit={submit}
      failure={failure}
      intro={
        <>
          <p className="text-sm text-muted-foreground">
            We sent a {OTP_LENGTH}-digit code to your {optionLabel(sentTo).toLowerCase()} <span className="font-mono text-foreground">{sentTo.value}</span>. It
            expires in {OTP_TTL_MINUTES} minutes.
          </p>
          {resend === 'resending' && (
            <Alert variant="info">
              <Loader2 aria-hidden="true" className="animate-spin" />
              <AlertTitle>Resending</AlertTitle>
              <AlertDescription>Please wait while we send you a new code.</AlertDescription>
            </Alert>
          )}
          {resend === 'resent' && !failure && (
            <Alert variant="info">
              <AlertTitle>Code sent</AlertTitle>
              <AlertDescription>A new code is on its way. Earlier codes no longer work.</AlertDescription>
            </Alert>
          )}
        </>
      }
    >
      <TextField
        id="recovery-otp"
        label="OTP"
        error={error}
        autoFocus
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        className="font-mono tracking-[0.4em]"
        value={otp}
        onValueChange={(value) => setOtp(value.replace(/\s/g, ''))}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button variant="ghost" onClick={onBack} disabled={busy}>
            Back
          </Button>
          <Button variant="link" onClick={() => void resendCode()} disabled={busy}>
            Resend OTP
          </Button>
        </div>
        <SubmitButton pending={verify.isPending} pendingText="Verifying..." disabled={busy}>
          Verify
        </SubmitButton>
      </div>
    </AuthForm>
  );
}
OtpVerificationStep.displayName = 'OtpVerificationStep';
