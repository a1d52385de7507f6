import { Link } from 'wouter';
import { cn } from '../../lib/utils.ts';

export interface EditorTab {
  href: string;
  label: string;
  current: boolean;
}

/** An editor's tabs, each a link of its own, the open one underlined. */
export function EditorTabs({ label, tabs, wrap = false }: { label: string; tabs: readonly EditorTab[]; wrap?: boolean }) {
  return (
    <nav aria-label={label} className={cn('flex gap-1 border-b', wrap && 'flex-wrap')}>
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          aria-current={tab.current ? 'page' : undefined}
          className={cn(
            'border-b-2 px-3 py-2 text-sm font-medium',
            tab.current ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground',
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
EditorTabs.displayName = 'EditorTabs';
