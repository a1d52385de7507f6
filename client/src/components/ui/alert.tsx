import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { displayChildren, ISOLATED_TEXT } from '../../lib/user-text.ts';
import { cn } from '../../lib/utils.ts';

const alertVariants = cva(
  'relative w-full rounded-lg border px-4 py-3 text-sm [&>svg+div]:translate-y-[-3px] [&>svg]:absolute [&>svg]:left-4 [&>svg]:top-4 [&>svg~*]:pl-7 [&>svg]:size-4',
  {
    variants: {
      variant: {
        default: 'bg-card text-foreground [&>svg]:text-foreground',
        destructive: 'border-destructive/40 bg-destructive/5 text-destructive [&>svg]:text-destructive',
        warning: 'border-warning/40 bg-warning/5 text-warning [&>svg]:text-warning',
        info: 'border-info/40 bg-info/5 text-info [&>svg]:text-info',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export interface AlertProps extends React.HTMLAttributes<HTMLDivElement>, VariantProps<typeof alertVariants> {}

export const Alert = React.forwardRef<HTMLDivElement, AlertProps>(({ className, variant, role, ...props }, ref) => (
  <div
    ref={ref}
    // Errors interrupt; other alerts are announced politely.
    role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
    className={cn(alertVariants({ variant }), className)}
    {...props}
  />
));
Alert.displayName = 'Alert';

// An alert's title and text often carry a name or a title someone typed (the server's messages
// quote them): isolated, and without direction overrides, like the table cells.
export const AlertTitle = React.forwardRef<HTMLHeadingElement, React.HTMLAttributes<HTMLHeadingElement>>(({ className, children, ...props }, ref) => (
  <h5 ref={ref} dir="auto" className={cn('mb-1 font-semibold leading-none tracking-tight', ISOLATED_TEXT, className)} {...props}>
    {displayChildren(children)}
  </h5>
));
AlertTitle.displayName = 'AlertTitle';

export const AlertDescription = React.forwardRef<HTMLDivElement, React.HTMLAttributes<HTMLDivElement>>(({ className, children, ...props }, ref) => (
  <div ref={ref} dir="auto" className={cn('text-sm [&_p]:leading-relaxed', ISOLATED_TEXT, className)} {...props}>
    {displayChildren(children)}
  </div>
));
AlertDescription.displayName = 'AlertDescription';
