import type { ReactNode } from 'react';
import Translate from '@docusaurus/Translate';

/** A date `offset` days from today, as the date input writes it (UTC). */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function DateField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
}): ReactNode {
  return (
    <>
      <label htmlFor={id}>
        <Translate id="admin.until" description="Label: last day of an invitation">
          Last day (UTC)
        </Translate>
      </label>
      <input
        id={id}
        type="date"
        required
        min={day(0)}
        max={day(365)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
