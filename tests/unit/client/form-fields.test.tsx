// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { SectionCard } from '../../../client/src/components/form/section-card.tsx';
import { SelectField, optionsOf } from '../../../client/src/components/form/select-field.tsx';
import { SwitchField } from '../../../client/src/components/form/switch-field.tsx';

afterEach(cleanup);

const TERMS = ['monthly', 'yearly'] as const;

describe('SelectField', () => {
  it('offers the listed values by their labels and reports the chosen value', async () => {
    const onChange = vi.fn();
    render(
      <SelectField id="term" label="Term" value="monthly" options={optionsOf(TERMS, (term) => term.toUpperCase())} onChange={onChange} hint="How long." />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Term');
    expect([...select.options].map((option) => option.textContent)).toEqual(['MONTHLY', 'YEARLY']);
    expect(select.value).toBe('monthly');
    expect(select.getAttribute('aria-describedby')).toBe('term-hint');
    await userEvent.setup().selectOptions(select, 'yearly');
    expect(onChange).toHaveBeenCalledWith('yearly');
  });

  it('shows its validation message in place of the hint, tied to the control', () => {
    render(
      <SelectField id="term" label="Term" value="monthly" options={optionsOf(TERMS, String)} onChange={() => {}} hint="How long." error="Choose a term" />,
    );
    const select = screen.getByLabelText('Term');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('term-error');
    expect(screen.getByText('Choose a term').id).toBe('term-error');
    expect(screen.queryByText('How long.')).toBeNull();
  });
});

describe('SwitchField', () => {
  it('is named by its label, describes itself, and flips', async () => {
    const onCheckedChange = vi.fn();
    render(<SwitchField id="sticky" label="Sticky" description="Kept at the top." checked={false} onCheckedChange={onCheckedChange} />);
    const control = screen.getByRole('switch', { name: 'Sticky' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(control.getAttribute('aria-describedby')).toBe('sticky-description');
    await userEvent.setup().click(screen.getByText('Sticky'));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('keeps a fixed name when the visible text says what the setting means', () => {
    render(<SwitchField id="free" name="Is Free" label="Students pay the nett amount" checked={false} onCheckedChange={() => {}} />);
    expect(screen.getByRole('switch', { name: 'Is Free' })).toBeTruthy();
    expect(screen.getByText('Students pay the nett amount')).toBeTruthy();
  });
});

describe('SectionCard', () => {
  it('titles its fields', () => {
    render(
      <SectionCard title="Price" description="With GST.">
        <input aria-label="Gross Amount" />
      </SectionCard>,
    );
    expect(screen.getByText('Price')).toBeTruthy();
    expect(screen.getByText('With GST.')).toBeTruthy();
    expect(screen.getByLabelText('Gross Amount')).toBeTruthy();
  });
});
