import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './ui/button.tsx';

export interface ServerPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** What is counted, e.g. "orders". */
  noun: string;
  onPage: (page: number) => void;
}

/** The foot of a table the server pages: how many there are, the page, previous and next. */
export function ServerPager({ page, pageSize, total, noun, onPage }: ServerPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t p-3 text-sm">
      <span className="text-muted-foreground">
        {total === 0 ? `No ${noun}` : `Showing ${first.toLocaleString('en-IN')}–${last.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} ${noun}`}
      </span>
      <span className="flex items-center gap-2">
        Page {page} of {pages}
        <Button variant="outline" size="icon" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" size="icon" aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </span>
    </div>
  );
}
ServerPager.displayName = 'ServerPager';
