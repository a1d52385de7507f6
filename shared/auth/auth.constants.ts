export const PASSWORD_MIN_LENGTH = 5;
/** Upper bound so that a huge body cannot make the password hash expensive. */
export const PASSWORD_MAX_LENGTH = 256;
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_WRONG_ATTEMPTS = 5;
/** A new code for the same account may be requested after this many seconds. */
export const OTP_RESEND_INTERVAL_SECONDS = 30;
/** Pause the recovery wizard makes before re-calling the channel to resend a code. */
export const OTP_RESEND_DELAY_MS = 300;

export const MESSAGES = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is Required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordsDoNotMatch: 'The passwords do not match',
  currentPasswordRequired: 'Current Password is Required',
  currentPasswordWrong: 'The current password is not correct',
  noPasswordToChange: 'This account has no password yet. Sign out and use "Forgot password?" to set one.',
  tooManyWrongPasswords: 'Too many wrong passwords. Please try again later.',
  nameRequired: 'Full Name is Required',
  nameTooLong: 'Full Name can be at most 120 characters long',
  otpRequired: 'OTP is Required',
  otpFormat: `OTP must be ${OTP_LENGTH} digits`,
  mobileRequired: 'Mobile Number is Required',
  recoveryOptionRequired: 'Please choose a recovery option',
  wrongCredentials: 'Incorrect email address or password',
  accountDisabled: 'This account has been disabled. Please contact support.',
  emailTaken: 'An account with this email address already exists',
  challengeMismatch: 'The details you entered do not match this account',
  otpWrong: 'Invalid OTP',
  otpExpired: 'This code has expired. Please request a new one.',
  otpTokenInvalid: 'This code is no longer valid. Please request a new one.',
  otpBurned: 'Too many wrong codes. Please request a new one.',
  signInRequired: 'Please sign in to continue',
  sessionExpired: 'Your session has expired. Please sign in again.',
  consoleAccessRequired: 'This account cannot use the admin console',
  bearerTokenRequired: 'Send the token to revoke in the Authorization header: Bearer <token>',
  consoleNeedsCookie: 'The admin console needs its own sign-in: a bearer token is for the apps',
  screenForbidden: 'Your role does not allow access to this screen',
  actionForbidden: 'Your role does not allow this action',
  crossSiteRefused: 'Cross-site requests are not allowed',
  contentTypeRefused: 'Requests must be sent as JSON or multipart form data',
  tooManyRequests: 'Too many requests. Please try again later.',
  socialNotConfigured: 'Sign-in with Google is not configured on this server',
  socialTokenInvalid: 'The Google sign-in could not be verified',
} as const;
