import { Plus } from 'lucide-react';
import { Button } from './ui/button.tsx';

/** A list screen's primary "Add ..." / "New ..." button. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}
AddButton.displayName = 'AddButton';
