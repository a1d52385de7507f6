import { Trash2 } from 'lucide-react';
import { Button } from './ui/button.tsx';

/** A red bin icon that removes one item of a list; `label` names what it removes ("Remove Maths"). */
export function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button variant="ghost" size="icon" className="text-destructive hover:text-destructive" aria-label={label} disabled={disabled} onClick={onClick}>
      <Trash2 aria-hidden="true" />
    </Button>
  );
}
RemoveButton.displayName = 'RemoveButton';
