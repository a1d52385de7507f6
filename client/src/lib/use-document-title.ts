import { useEffect } from 'react';

export const PRODUCT_NAME = 'PSC Console';

/** Sets the browser tab's title to "<page> · PSC Console" while the page is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [page]);
}
