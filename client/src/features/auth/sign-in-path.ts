/** The sign-in page, where the guards send signed-out visitors. */
export const SIGN_IN_PATH = '/auth/login';
