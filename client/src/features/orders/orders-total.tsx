/** Rupees from whole paise, with Indian digit grouping and always 2 decimals, counted in whole numbers (no rounding): 123456 → "1,234.56". */
export function rupeesOfPaise(paise: number): string {
  const rupees = Math.trunc(paise / 100);
  return `${rupees.toLocaleString('en-IN')}.${String(Math.abs(paise % 100)).padStart(2, '0')}`;
}

/** Above an orders table: how many orders the filters keep (every page) and what they paid together, as the server counted them. */
export function OrdersTotal({ noun, total, amountPaise }: { noun: string; total: number; amountPaise: number }) {
  return (
    <p role="status" className="text-sm" aria-label={`Filtered total of ${noun}`}>
      <span className="font-semibold">{total.toLocaleString('en-IN')}</span> {noun}, <span className="font-semibold">INR {rupeesOfPaise(amountPaise)}</span>{' '}
      <span className="text-muted-foreground">in all (every page)</span>
    </p>
  );
}
OrdersTotal.displayName = 'OrdersTotal';
