import * as React from 'react';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/utils.ts';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-input bg-card shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'h-auto px-0 text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 px-4 py-2',
        sm: 'h-8 rounded-md px-3 text-xs',
        lg: 'h-10 rounded-md px-6',
        icon: 'h-9 w-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/**
 * The label of an icon-only button, shown under it on hover and on keyboard focus: drawn by CSS
 * from `data-tooltip`, so it adds nothing to the page's text or to what screen readers announce
 * (they read the button's aria-label already). Hidden, it takes no room, so a table that scrolls
 * gets no extra scroll from the buttons in its last row.
 */
export const TOOLTIP_AFTER_CLASSES =
  'after:pointer-events-none after:absolute after:hidden after:left-1/2 after:top-full after:z-50 after:mt-1.5 after:-translate-x-1/2 after:w-max after:max-w-xs after:break-words after:text-left after:rounded-md after:bg-foreground after:px-2 after:py-1 after:text-xs after:font-normal after:text-background after:shadow-md after:content-[attr(data-tooltip)] hover:after:block focus-visible:after:block';

const TOOLTIP_CLASSES = `relative ${TOOLTIP_AFTER_CLASSES}`;

/** Whether any text is shown inside (screen-reader-only text does not count). */
function hasVisibleText(node: React.ReactNode): boolean {
  if (typeof node === 'string') return node.trim() !== '';
  if (typeof node === 'number') return true;
  if (Array.isArray(node)) return node.some(hasVisibleText);
  if (React.isValidElement<{ children?: React.ReactNode; className?: unknown }>(node)) {
    if (typeof node.props.className === 'string' && node.props.className.split(/\s+/).includes('sr-only')) return false;
    return hasVisibleText(node.props.children);
  }
  return false;
}

/** The text a button without visible text shows as its tooltip: its aria-label (on the link inside, with asChild). */
export function iconButtonTooltip(
  props: { 'aria-label'?: string | undefined; title?: string | undefined; children?: React.ReactNode },
  asChild: boolean,
): string | undefined {
  if (props.title) return undefined;
  const child = asChild && React.isValidElement<{ 'aria-label'?: unknown; children?: React.ReactNode }>(props.children) ? props.children : null;
  const label = props['aria-label'] ?? (typeof child?.props['aria-label'] === 'string' ? child.props['aria-label'] : undefined);
  if (!label) return undefined;
  return hasVisibleText(child ? child.props.children : props.children) ? undefined : label;
}

export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {
  /** Renders the only child (e.g. a link) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export const Button = React.forwardRef<HTMLButtonElement, ButtonProps>(({ className, variant, size, asChild = false, type, ...props }, ref) => {
  const Comp = asChild ? Slot : 'button';
  const tooltip = iconButtonTooltip(props, asChild);
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), tooltip && TOOLTIP_CLASSES, className)}
      {...(tooltip ? { 'data-tooltip': tooltip } : {})}
      ref={ref}
      // A plain <button> inside a form would submit it; make that an explicit choice.
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
});
Button.displayName = 'Button';
