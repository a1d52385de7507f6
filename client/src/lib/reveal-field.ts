/** `lecturerId` → `lecturer-id`: the console names its controls' ids in kebab case. */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
}

function isControl(element: Element | null): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.matches('input, select, textarea, button, fieldset, [role="combobox"], [role="radiogroup"], [contenteditable="true"]')
  );
}

/** The control of a field named by the server, found by the console's id and name conventions. */
function controlOf(root: ParentNode, field: string): HTMLElement | null {
  const kebab = CSS.escape(kebabCase(field));
  const plain = CSS.escape(field);
  const candidates = [`#${plain}`, `[name="${plain}"]`, `#${kebab}`, `[id$="-${plain}"]`, `[id$="-${kebab}"]`, `[id$="-${plain}" i]`];
  for (const selector of candidates) {
    const found = root.querySelector(selector);
    if (isControl(found)) return found;
  }
  return null;
}

/** The bottom of the editor's sticky header: what lies above it is hidden behind it. */
function coveredTop(): number {
  return document.querySelector('[data-editor-header]')?.getBoundingClientRect().bottom ?? 0;
}

/** Whether the whole element is on screen, below the editor's sticky header. */
export function isInView(element: Element | null): boolean {
  if (!element) return false;
  const rect = element.getBoundingClientRect();
  if (rect.height === 0 && rect.width === 0) return false;
  return rect.top >= coveredTop() && rect.bottom <= window.innerHeight;
}

/**
 * Brings a failed save's field to where the staff member is looking: the first field the
 * editor marked invalid or, when it marked none, the control of a field the server named
 * (marked here until it is changed). Scrolled to the middle of the window (clear of the
 * sticky header) when it is not in view already, and focused.
 */
export function revealInvalidField(fields: readonly string[], root: ParentNode = document): HTMLElement | null {
  let target = root.querySelector<HTMLElement>('main [aria-invalid="true"]') ?? root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!target) {
    for (const field of fields) {
      const control = controlOf(root, field);
      if (!control) continue;
      control.setAttribute('aria-invalid', 'true');
      const unmark = () => control.setAttribute('aria-invalid', 'false');
      control.addEventListener('input', unmark, { once: true });
      control.addEventListener('change', unmark, { once: true });
      target = control;
      break;
    }
  }
  if (!target) return null;
  if (!isInView(target)) target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
  return target;
}
