import { GRANTABLE_ROLE_LABELS, GRANTABLE_ROLES, SCREENS, visibleScreens, type GrantableRole } from '../../../../shared/auth/roles.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';

/** What each role opens, beside its checkbox: the screens come from the one role table. */
function roleHint(role: GrantableRole): string {
  if (role === 'admin') return 'Every screen, and invitations, roles and access in Users';
  if (role === 'educator') return "Chosen as a lecture's lecturer and as a comment's author; opens no screen by itself";
  return visibleScreens([role])
    .map((screen) => SCREENS[screen].label)
    .join(', ');
}

export interface RoleCheckboxesProps {
  idPrefix: string;
  value: readonly string[];
  onChange: (roles: GrantableRole[]) => void;
  disabled?: boolean;
}

/** One checkbox per role an administrator gives or takes, in the role table's order. */
export function RoleCheckboxes({ idPrefix, value, onChange, disabled = false }: RoleCheckboxesProps) {
  const toggle = (role: GrantableRole, on: boolean) => onChange(GRANTABLE_ROLES.filter((each) => (each === role ? on : value.includes(each))));
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {GRANTABLE_ROLES.map((role) => (
        <div key={role} className="flex items-start gap-2">
          <Checkbox
            id={`${idPrefix}-${role}`}
            className="mt-0.5"
            checked={value.includes(role)}
            disabled={disabled}
            onChange={(event) => toggle(role, event.target.checked)}
          />
          <Label htmlFor={`${idPrefix}-${role}`} className="grid gap-0.5 font-normal">
            <span className="font-medium">{GRANTABLE_ROLE_LABELS[role]}</span>
            <span className="text-xs text-muted-foreground">{roleHint(role)}</span>
          </Label>
        </div>
      ))}
    </div>
  );
}
RoleCheckboxes.displayName = 'RoleCheckboxes';
