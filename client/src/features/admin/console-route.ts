import { lazy, type ComponentType, type ReactNode } from 'react';
import type { ScreenKey } from '../../../../shared/auth/roles.ts';

/** One /admin route of a feature: its path (wouter syntax), the screen it belongs to, and what it shows. */
export interface ConsoleRoute {
  path: string;
  /** Roles the side bar hides this screen from see a notice instead of the page. */
  screen: ScreenKey;
  render: (params: Record<string, string | undefined>) => ReactNode;
}

/** A page whose code is fetched when it is first opened, so the console starts with the side bar and one screen. */
export function lazyPage<Props>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => ({ default: await load() }));
}
