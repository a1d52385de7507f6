import { SwitchField } from '../form/switch-field.tsx';

export interface StateSwitchProps {
  id: string;
  /** The switch's name for screen readers, e.g. "Public visibility". */
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** What the setting means when on, and when off. */
  on: string;
  off: string;
}

/** A switch whose text says what its current setting means. */
export function StateSwitch({ id, name, checked, onCheckedChange, on, off }: StateSwitchProps) {
  return <SwitchField id={id} name={name} label={checked ? on : off} checked={checked} onCheckedChange={onCheckedChange} />;
}
StateSwitch.displayName = 'StateSwitch';

/** "Public visibility" of a record, e.g. "This course is enabled for public visibility". */
export function VisibilitySwitch({ thing, ...props }: Omit<StateSwitchProps, 'name' | 'on' | 'off'> & { thing: string }) {
  return (
    <StateSwitch
      {...props}
      name="Public visibility"
      on={`This ${thing} is enabled for public visibility`}
      off={`Public visibility has turned off for this ${thing}`}
    />
  );
}
VisibilitySwitch.displayName = 'VisibilitySwitch';
