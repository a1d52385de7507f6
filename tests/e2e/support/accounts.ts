/** The first administrator the e2e server creates at start. */
export const E2E_ADMIN = {
  email: 'admin@psc-e2e.example.com',
  password: 'admin-secret-1',
  name: 'Anitha Admin',
} as const;

export const E2E_SUPPORT = {
  phone: '+91 98470 12345',
  email: 'help@psc-e2e.example.com',
} as const;

export const E2E_V2_DASHBOARD_URL = 'https://v2.example.com/dashboard';
