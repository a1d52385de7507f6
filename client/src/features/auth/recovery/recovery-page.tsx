import { useState } from 'react';
import { useLocation } from 'wouter';
import type { RecoveryOption } from '../../../../../shared/auth/auth.schema.ts';
import { toastSuccess } from '../../../components/toasts.ts';
import { AuthLayout } from '../auth-layout.tsx';
import { AccountIdentificationStep } from './account-identification-step.tsx';
import { ContactSupportStep } from './contact-support-step.tsx';
import { OtpVerificationStep } from './otp-verification-step.tsx';
import { RecoveryOptionsStep } from './recovery-options-step.tsx';
import { ResetPasswordStep } from './reset-password-step.tsx';
import { STEP_TITLES, type RecoveryStep } from './recovery-steps.ts';
import { StepProgress } from './step-progress.tsx';

export const SIGN_IN_AFTER_RECOVERY = '/auth/signin';

interface CodeSent {
  otpToken: string;
  sentWith: RecoveryOption[];
  sentTo: RecoveryOption;
}

/** /auth/recovery: identification → option → code → new password, or contact support. */
export function RecoveryPage() {
  const [, navigate] = useLocation();
  const [step, setStep] = useState<RecoveryStep>('accountIdentification');
  const [emailAddress, setEmailAddress] = useState('');
  const [options, setOptions] = useState<RecoveryOption[]>([]);
  const [code, setCode] = useState<CodeSent | null>(null);
  const [otp, setOtp] = useState('');

  return (
    <AuthLayout title={STEP_TITLES[step]}>
      <StepProgress current={step} />
      {step === 'accountIdentification' && (
        <AccountIdentificationStep
          initialEmail={emailAddress}
          onIdentified={(email, found) => {
            setEmailAddress(email);
            setOptions(found);
            setStep('recoveryOptions');
          }}
        />
      )}
      {step === 'recoveryOptions' && (
        <RecoveryOptionsStep
          options={options}
          onCodeSent={(otpToken, sentWith, sentTo) => {
            setCode({ otpToken, sentWith, sentTo });
            setOtp('');
            setStep('otpVerification');
          }}
          onNoOption={() => setStep('contactSupport')}
          onCancel={() => setStep('accountIdentification')}
        />
      )}
      {step === 'otpVerification' && code && (
        <OtpVerificationStep
          otpToken={code.otpToken}
          initialOtp={otp}
          sentWith={code.sentWith}
          sentTo={code.sentTo}
          onVerified={(verified) => {
            setOtp(verified);
            setStep('resetPassword');
          }}
          onResent={(otpToken) => {
            setCode((current) => current && { ...current, otpToken });
            setOtp('');
          }}
          onBack={() => setStep('recoveryOptions')}
        />
      )}
      {step === 'resetPassword' && code && (
        <ResetPasswordStep
          otp={otp}
          otpToken={code.otpToken}
          onReset={() => {
            toastSuccess('Password changed', 'Sign in with your new password.');
            navigate(SIGN_IN_AFTER_RECOVERY);
          }}
          onCancel={() => setStep('otpVerification')}
        />
      )}
      {step === 'contactSupport' && <ContactSupportStep onBackToOptions={() => setStep('recoveryOptions')} onOk={() => navigate(SIGN_IN_AFTER_RECOVERY)} />}
    </AuthLayout>
  );
}
RecoveryPage.displayName = 'RecoveryPage';
