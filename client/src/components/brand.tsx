import { GraduationCap } from 'lucide-react';
import { cn } from '../lib/utils.ts';

/** The product's mark and name, as shown on the side bar and the sign-in pages. */
export function Brand({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <div className={cn('flex items-center gap-2.5', className)}>
      <span
        aria-hidden="true"
        className={cn('flex size-9 items-center justify-center rounded-lg', inverted ? 'bg-white/10 text-white' : 'bg-primary text-primary-foreground')}
      >
        <GraduationCap className="size-5" />
      </span>
      <span className="grid leading-tight">
        <span className="text-base font-semibold">PSC Console</span>
        <span className={cn('text-xs', inverted ? 'text-sidebar-muted' : 'text-muted-foreground')}>Kerala PSC exam preparation</span>
      </span>
    </div>
  );
}
Brand.displayName = 'Brand';
