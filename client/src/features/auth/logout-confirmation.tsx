import { useLocation } from 'wouter';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { SIGN_IN_PATH } from './guards.tsx';
import { useLogout } from './session.ts';

export interface LogoutConfirmationProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Are you sure want to logout?"; on success the sign-in page replaces the current entry. */
export function LogoutConfirmation({ open, onOpenChange }: LogoutConfirmationProps) {
  const [, navigate] = useLocation();
  const logout = useLogout();
  return (
    <ConfirmModal
      open={open}
      onOpenChange={onOpenChange}
      title="Logout Confirmation"
      text="Are you sure want to logout?"
      cancelLabel="Cancel"
      confirmLabel="Log Out"
      busyLabel="Signing off..."
      errorTitle="Logout Failed"
      onConfirm={async () => {
        await logout();
        navigate(SIGN_IN_PATH, { replace: true });
      }}
    />
  );
}
LogoutConfirmation.displayName = 'LogoutConfirmation';
