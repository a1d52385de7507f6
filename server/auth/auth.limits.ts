/** Sign-in and recovery limits, per client address and per account. */
export const LIMITS = {
  loginPerAddress: { max: 60, windowSeconds: 10 * 60 },
  loginPerAccount: { max: 10, windowSeconds: 15 * 60 },
  registerPerAddress: { max: 20, windowSeconds: 60 * 60 },
  recoveryPerAddress: { max: 40, windowSeconds: 15 * 60 },
  recoveryLookupsPerAccount: { max: 10, windowSeconds: 15 * 60 },
  recoveryChallengesPerAccount: { max: 10, windowSeconds: 60 * 60 },
  recoveryCodesPerAccount: { max: 5, windowSeconds: 60 * 60 },
} as const;
