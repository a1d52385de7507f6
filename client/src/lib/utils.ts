import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; a later Tailwind class wins over a conflicting earlier one (the caller's last). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
