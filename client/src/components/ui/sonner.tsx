import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** The one toast outlet of the console; toasts are raised with the helpers in components/toasts.ts. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'text-sm shadow-lg', description: 'text-sm' } }}
      {...props}
    />
  );
}
Toaster.displayName = 'Toaster';
