// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Table, TableBody, TableCell, TableRow } from '../../../client/src/components/ui/table.tsx';
import { WarningsList } from '../../../client/src/components/warnings-list.tsx';
import { UserText } from '../../../client/src/components/user-text.tsx';
import { displayText } from '../../../client/src/lib/user-text.ts';

afterEach(cleanup);

const RLO = '\u202e';

describe('displayText', () => {
  it('drops direction overrides, embeddings, isolates and control characters, keeping Malayalam with its joiners', () => {
    expect(displayText(`${RLO}Ravi\u2066 K\u2069\u0007`)).toBe('Ravi K');
    expect(displayText('അന്\u200dന \u200cമ')).toBe('അന്\u200dന \u200cമ');
  });
});

describe('text people typed in the shared components', () => {
  it('a table cell takes its direction from its own text, is isolated, and shows no override, also inside plain elements', () => {
    render(
      <Table aria-label="People">
        <TableBody>
          <TableRow>
            <TableCell>{`${RLO}Ravi`}</TableCell>
            <TableCell>
              <span>
                <a href="/x">{`${RLO}Anu`}</a> and {`${RLO}Mini`}
              </span>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const [first, second] = screen.getAllByRole('cell');
    expect(first!.textContent).toBe('Ravi');
    expect(first!.getAttribute('dir')).toBe('auto');
    expect(first!.className).toContain('[unicode-bidi:isolate]');
    expect(second!.textContent).toBe('Anu and Mini');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/x');
  });

  it('warnings and quoted names are isolated and shown without overrides', () => {
    render(
      <div>
        <WarningsList warnings={[`The lecture “${RLO}Rivers” is not published`]} />
        <p>
          Posted by <UserText>{`${RLO}Sneha`}</UserText> today
        </p>
      </div>,
    );
    const item = screen.getByRole('listitem');
    expect(item.textContent).toBe('The lecture “Rivers” is not published');
    expect(item.getAttribute('dir')).toBe('auto');
    const name = screen.getByText('Sneha');
    expect(name.tagName).toBe('BDI');
    expect(name.getAttribute('dir')).toBe('auto');
  });
});
