import type { RecoveryOption } from '../../../../../shared/auth/auth.schema.ts';

/** The wizard's steps, named as in the specification. */
export type RecoveryStep = 'accountIdentification' | 'recoveryOptions' | 'otpVerification' | 'resetPassword' | 'contactSupport';

export const STEP_TITLES: Record<RecoveryStep, string> = {
  accountIdentification: 'Recover your account',
  recoveryOptions: 'Verify it is you',
  otpVerification: 'Enter the code',
  resetPassword: 'Choose a new password',
  contactSupport: 'Contact support',
};

/** The numbered progress shown above the steps (contact support is a side road of step 2). */
export const PROGRESS_STEPS: readonly { step: RecoveryStep; label: string }[] = [
  { step: 'accountIdentification', label: 'Email' },
  { step: 'recoveryOptions', label: 'Method' },
  { step: 'otpVerification', label: 'Code' },
  { step: 'resetPassword', label: 'Password' },
];

export function optionLabel(option: RecoveryOption): string {
  return option.type === 'email' ? 'Email' : 'Phone';
}

/**
 * The channel call's input: the options exactly as the server gave them, with the
 * challenge on the chosen one only.
 */
export function withChallenge(options: readonly RecoveryOption[], chosen: number, challenge: string): RecoveryOption[] {
  return options.map((option, index) => (index === chosen ? { ...option, challenge } : option));
}
